// Added to FerretDB v1.24's internal/backends/postgresql by deploy/local/servers.mjs (FERRETDB_PATCHES).

package postgresql

import (
	"fmt"

	"github.com/FerretDB/FerretDB/internal/backends/postgresql/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// filterIDEqual returns the filter of an _id equal to a string or ObjectId on the _id index's own expression, or "".
func filterIDEqual(p *metadata.Placeholder, v any) (string, []any) {
	switch v.(type) {
	case string, types.ObjectID:
		return fmt.Sprintf(`%s = %s::jsonb`, metadata.IDColumn, p.Next()), []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
	}

	return "", nil
}

// filterIDIn returns the filter of `_id: {$in: [...]}` of strings and ObjectIds on the _id index, or "" for any other.
func filterIDIn(p *metadata.Placeholder, key string, v any) (string, []any) {
	arr, ok := v.(*types.Array)
	if key != "_id" || !ok || arr.Len() == 0 {
		return "", nil
	}

	values := make([]string, 0, arr.Len())
	for i := 0; i < arr.Len(); i++ {
		switch e := must.NotFail(arr.Get(i)).(type) {
		case string, types.ObjectID:
			values = append(values, string(must.NotFail(sjson.MarshalSingleValue(e))))
		default:
			return "", nil
		}
	}

	return fmt.Sprintf(`%s = ANY(%s::jsonb[])`, metadata.IDColumn, p.Next()), []any{values}
}
