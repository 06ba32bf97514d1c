// Members CSV, shared by k6 scripts (k6 imports plain ES modules; papaparse from k6's jslib is not reachable offline)
// and the Node commands that write it. RFC 4180 subset: a header row, comma-separated fields, fields with a comma,
// quote or line break in double quotes ("" for a quote), LF or CRLF line ends, blank lines ignored.
//
// Columns of a members file (deploy/bench/members.mjs writes it):
//   sid       the member's session id, sent as the `sid` cookie
//   userId    the member's user id (MongoDB ObjectId)
//   username  the member's username (for reading logs; the scripts do not need it)
// or, made through the API of any deployment (deploy/k6/load-members.mjs, `npm run bench:members -- --api`):
//   token     the member's personal API token, sent as `Authorization: Bearer`

export const MEMBER_COLUMNS = ['sid', 'userId', 'username'];

/** Rows of a CSV text as objects keyed by the header row's names. */
export function parseCsv(text) {
  const records = [];
  let field = '';
  let record = [];
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRecord();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 1;
    } else field += c;
    i += 1;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (field !== '' || record.length) endRecord();
  if (!records.length) return [];
  const header = records[0].map((name) => name.trim());
  return records.slice(1).map((values, n) => {
    if (values.length !== header.length)
      throw new Error(`CSV: row ${n + 2} has ${values.length} fields, the header ${header.length}`);
    const row = {};
    header.forEach((name, k) => {
      row[name] = values[k];
    });
    return row;
  });
}

const quote = (value) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A CSV text with the given columns, in that order, from row objects. */
export function formatCsv(columns, rows) {
  return `${[columns, ...rows.map((row) => columns.map((c) => row[c]))].map((values) => values.map(quote).join(',')).join('\n')}\n`;
}

/** Members of a members CSV, each with a session id or an API token; throws when a row has neither. */
export function parseMembers(text) {
  const rows = parseCsv(text);
  rows.forEach((row, n) => {
    if (!row.sid && !row.token)
      throw new Error(`members CSV: row ${n + 2} has no sid or token (columns: ${MEMBER_COLUMNS.join(',')}, or token)`);
  });
  return rows;
}
