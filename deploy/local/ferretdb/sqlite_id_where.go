// Added to FerretDB v1.24's internal/backends/sqlite by deploy/local/servers.mjs (FERRETDB_PATCHES).

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// idWhereClause returns the WHERE clause on the _id index for a filter with an _id equal to a string or ObjectId (or
// $eq, or $in of them) beside any other fields, or "" (the filter is applied to the rows again in any case).
func idWhereClause(filter *types.Document) (string, []any) {
	if filter.Len() == 0 {
		return "", nil
	}

	v, err := filter.Get("_id")
	if err != nil {
		return "", nil
	}

	if d, ok := v.(*types.Document); ok {
		if d.Len() != 1 {
			return "", nil
		}

		if eq, err := d.Get("$eq"); err == nil {
			v = eq
		} else if in, err := d.Get("$in"); err == nil {
			values, ok := idValues(in)
			if !ok {
				return "", nil
			}

			return fmt.Sprintf(` WHERE %s IN (%s)`, metadata.IDColumn, strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")), values
		} else {
			return "", nil
		}
	}

	switch v.(type) {
	case string, types.ObjectID:
		return fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn), []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
	}

	return "", nil
}

// idValues returns the JSON of each _id of an $in list (1 to 10,000 strings or ObjectIds), or false for any other.
func idValues(in any) ([]any, bool) {
	arr, ok := in.(*types.Array)
	if !ok || arr.Len() == 0 || arr.Len() > 10000 {
		return nil, false
	}

	values := make([]any, 0, arr.Len())
	for i := 0; i < arr.Len(); i++ {
		switch e := must.NotFail(arr.Get(i)).(type) {
		case string, types.ObjectID:
			values = append(values, string(must.NotFail(sjson.MarshalSingleValue(e))))
		default:
			return nil, false
		}
	}

	return values, true
}
