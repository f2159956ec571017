package sqlitestore

import (
	"database/sql"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"scoresheet/sheet"
)

// An event file is untrusted input (issue 23.2). Files travel between
// arbiters by mail and USB stick, and an SQLite file can carry code of
// its own: a trigger runs inside the app's own writes (one rewrote the
// move just reported saved), a view in place of a table runs whatever
// query it holds whenever the app reads that table (an endless recursive
// one hung every command), and functions in a schema's expressions run
// as the file asks. So:
//
//   - every connection is opened with trusted_schema off and SQLite's
//     defensive mode on (openDB), before any statement reads the file;
//   - before the store runs a statement on the event's tables, the
//     file's schema must be exactly the one the app's own migrations make
//     at the file's version (checkSchema): every table, index, view and
//     trigger, compared token by token with what the migrations create.
//     Anything else is refused with store-foreign-schema naming the
//     objects, and nothing of it has run.
//
// The expected schema is derived from the migrations themselves, built
// in an in-memory database, so a new migration needs no second edit here.

// schemaObject is one row of sqlite_schema.
type schemaObject struct {
	typ, name, table string
	tokens           []string // of its CREATE statement (none for autoindexes)
}

// key identifies an object: SQLite's names are not case-sensitive.
func (o schemaObject) key() string { return o.typ + ":" + strings.ToLower(o.name) }

type queryer interface {
	Query(query string, args ...any) (*sql.Rows, error)
}

// readSchema lists the objects of q's main database. Reading
// sqlite_schema parses the file's CREATE statements but runs none of
// them: no view is queried and no trigger fires.
func readSchema(q queryer) (map[string]schemaObject, error) {
	rows, err := q.Query(`SELECT type, name, tbl_name, coalesce(sql, '') FROM main.sqlite_schema`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	objs := map[string]schemaObject{}
	for rows.Next() {
		var o schemaObject
		var text string
		if err := rows.Scan(&o.typ, &o.name, &o.table, &text); err != nil {
			return nil, err
		}
		o.tokens = sqlTokens(text)
		objs[o.key()] = o
	}
	return objs, rows.Err()
}

// expected caches the schema the migrations make at each version. It is
// keyed by the migration functions too, so that a test swapping the list
// never sees another list's schema.
var expected struct {
	sync.Mutex
	by map[string]map[string]schemaObject
}

// expectedSchema returns the schema the first version migrations make,
// built once in an in-memory database.
func expectedSchema(version int) (map[string]schemaObject, error) {
	key := fmt.Sprint(version)
	for _, m := range migrations[:version] {
		key += fmt.Sprintf(":%x", reflect.ValueOf(m).Pointer())
	}
	expected.Lock()
	defer expected.Unlock()
	if objs, ok := expected.by[key]; ok {
		return objs, nil
	}
	objs, err := buildSchema(version)
	if err != nil {
		return nil, err
	}
	if expected.by == nil {
		expected.by = map[string]map[string]schemaObject{}
	}
	expected.by[key] = objs
	return objs, nil
}

// buildSchema runs the first version migrations on an empty in-memory
// database and reads its schema.
func buildSchema(version int) (map[string]schemaObject, error) {
	db, err := sql.Open("sqlite", "file:expected?mode=memory")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, m := range migrations[:version] {
		tx, err := db.Begin()
		if err != nil {
			return nil, err
		}
		if err := m(tx); err != nil {
			tx.Rollback()
			return nil, err
		}
		if err := tx.Commit(); err != nil {
			return nil, err
		}
	}
	return readSchema(db)
}

// maxSchemaDetails bounds the objects a refusal names.
const maxSchemaDetails = 4

// checkSchema refuses, with store-foreign-schema, a file whose schema (as
// q sees it) is not exactly the app's at version. The detail names the
// objects: "extra=trigger:NAME", "missing=table:NAME",
// "differs=table:NAME".
func checkSchema(q queryer, path string, version int) error {
	want, err := expectedSchema(version)
	if err != nil {
		return &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	got, err := readSchema(q)
	if err != nil {
		return classify(path, err, sheet.StoreCorrupt)
	}
	all := maps.Clone(want)
	maps.Copy(all, got)
	var diffs []string
	for _, k := range sortedKeys(all) {
		o, in := got[k]
		w, wanted := want[k]
		switch {
		case !wanted:
			diffs = append(diffs, "extra="+o.typ+":"+objectName(o.name))
		case !in:
			diffs = append(diffs, "missing="+w.typ+":"+objectName(w.name))
		case !strings.EqualFold(o.table, w.table) || !slices.Equal(o.tokens, w.tokens):
			diffs = append(diffs, "differs="+o.typ+":"+objectName(o.name))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	if len(diffs) > maxSchemaDetails {
		diffs = append(diffs[:maxSchemaDetails], fmt.Sprintf("more=%d", len(diffs)-maxSchemaDetails))
	}
	return &sheet.StoreError{Code: sheet.StoreForeignSchema, Path: path,
		Err: sheet.Details("version=%d %s", version, strings.Join(diffs, " "))}
}

// checkSchemaTx is checkSchema at the version the file has, read in tx.
func checkSchemaTx(tx *sql.Tx, path string) error {
	var version int
	if err := tx.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return classify(path, err, sheet.StoreCorrupt)
	}
	if version > schemaVersion() {
		return &sheet.StoreError{Code: sheet.StoreNewerSchema, Path: path,
			Err: sheet.Details("version=%d known=%d", version, schemaVersion())}
	}
	return checkSchema(tx, path, version)
}

// objectName is a name from the file as a detail says it: as it is when
// it is a plain word, else quoted with its control characters escaped
// (it comes from a stranger and is printed on terminals).
func objectName(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isWordByte(c) || c >= 0x80 || c == '$' {
			return strconv.Quote(name)
		}
	}
	return name
}

// sortedKeys returns the keys of m, the objects that run code first
// (triggers, views), so that a refusal names them before the rest.
func sortedKeys(m map[string]schemaObject) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	rank := func(k string) int {
		typ, _, _ := strings.Cut(k, ":")
		return slices.Index([]string{"trigger", "view", "table", "index"}, typ)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	return keys
}

// sqlTokens splits an SQL statement into its tokens, so that two
// spellings of one schema compare equal: blanks and comments dropped,
// words (keywords and names, quoted or not) in lower case, string and
// blob literals as written, every other character a token of its own.
func sqlTokens(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case strings.HasPrefix(s[i:], "--"):
			i = skipPast(s, i+2, "\n")
		case strings.HasPrefix(s[i:], "/*"):
			i = skipPast(s, i+2, "*/")
		case c == '\'':
			j := quotedEnd(s, i, '\'')
			toks = append(toks, s[i:j])
			i = j
		case c == '"' || c == '`' || c == '[':
			end := c
			if c == '[' {
				end = ']'
			}
			j := quotedEnd(s, i, end)
			name := strings.TrimSuffix(s[i+1:j], string(end))
			name = strings.ReplaceAll(name, string([]byte{end, end}), string(end))
			toks = append(toks, strings.ToLower(name))
			i = j
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			toks = append(toks, strings.ToLower(s[i:j]))
			i = j
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

// skipPast returns the index just past the first end at or after i, or
// len(s).
func skipPast(s string, i int, end string) int {
	if k := strings.Index(s[i:], end); k >= 0 {
		return i + k + len(end)
	}
	return len(s)
}

// quotedEnd returns the index just past the quoted text starting at i,
// where a doubled end character stands for itself.
func quotedEnd(s string, i int, end byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] != end {
			continue
		}
		if end != ']' && j+1 < len(s) && s[j+1] == end {
			j++
			continue
		}
		return j + 1
	}
	return len(s)
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}
