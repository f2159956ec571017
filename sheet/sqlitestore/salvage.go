package sqlitestore

import (
	"database/sql"
	"fmt"
	"strings"

	"scoresheet/sheet"
)

// OpenSalvage opens, for reading only, the data of an event file that
// Open refuses because its schema is not the app's (store-foreign-schema:
// a trigger, a view, objects of its own), so that it can be copied into
// a clean event. Nothing of the file's own is used or runs:
//
//   - a new in-memory database gets the app's schema from the migrations;
//   - the file is attached read-only, with defensive mode on and
//     trusted_schema off, and for each of the app's tables only a table
//     of that name in the file is read (a view or anything else in its
//     place is not), by the columns the two have in common, named one by
//     one (never a generated column), without its indexes; triggers fire
//     on writes, and the file is never written;
//   - the file is then detached: the store reads the in-memory copy.
//
// The checks Open makes of the file itself still hold (not SQLite,
// another program's, newer, damaged). Every write is refused with
// store-read-only. A table of the app missing from the file, or a view
// in its place, is empty in the copy; Skipped says which.
func OpenSalvage(path string) (*Store, []string, error) {
	path, err := absPath(path)
	if err != nil {
		return nil, nil, err
	}
	h, err := hold(path)
	if err != nil {
		return nil, nil, err
	}
	s, skipped, err := salvageHeld(path, h)
	if err != nil {
		h.release()
		return nil, nil, err
	}
	return s, skipped, nil
}

func salvageHeld(path string, h *heldFile) (*Store, []string, error) {
	if err := checkHeader(h.file(), path); err != nil {
		return nil, nil, err
	}
	if err := checkSalvage(path); err != nil {
		return nil, nil, err
	}
	db, err := sql.Open("sqlite", "file:salvage?mode=memory&_defensive=1&_pragma=trusted_schema(0)")
	if err != nil {
		return nil, nil, classify(path, err, sheet.StoreIO)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	skipped, err := salvageInto(db, path)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	why := &sheet.StoreError{Code: sheet.StoreReadOnly, Path: path, Err: sheet.Details("salvaged")}
	return &Store{path: path, db: db, file: h, readOnly: why}, skipped, nil
}

// checkSalvage refuses what Open refuses but for the schema: a file
// that is not an event file, or of a newer version. Its b-trees are not
// checked (quick_check would evaluate the file's own constraints); a
// damaged one fails as it is read.
func checkSalvage(path string) error {
	db, err := openDB(path, readMode(path), false)
	if err != nil {
		return classify(path, err, sheet.StoreIO)
	}
	defer db.Close()
	_, err = checkVersion(db, path)
	return err
}

// salvageInto gives db the app's schema and copies into it what the
// file at path holds in the app's tables.
func salvageInto(db *sql.DB, path string) (skipped []string, err error) {
	if err := migrate(db, path); err != nil {
		return nil, err
	}
	if _, err := db.Exec(`ATTACH DATABASE ? AS src`, sqliteURI(path)+"?mode="+readMode(path)); err != nil {
		return nil, classify(path, err, sheet.StoreIO)
	}
	skipped, err = salvageTables(db, path)
	// Detached whatever happened: the store reads nothing of the file.
	if _, derr := db.Exec(`DETACH DATABASE src`); err == nil && derr != nil {
		err = classify(path, derr, sheet.StoreIO)
	}
	return skipped, err
}

// salvageTables copies the app's tables of the attached file src, in
// one transaction, and returns those the file has not.
func salvageTables(db *sql.DB, path string) (skipped []string, err error) {
	want, err := expectedSchema(schemaVersion())
	if err != nil {
		return nil, &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	tx, err := db.Begin()
	if err != nil {
		return nil, classify(path, err, sheet.StoreIO)
	}
	defer tx.Rollback()
	for _, k := range sortedKeys(want) {
		if want[k].typ != "table" {
			continue
		}
		ok, err := salvageTable(tx, want[k].name)
		if err != nil {
			return nil, storeErr(sheet.StoreCorrupt, path, err)
		}
		if !ok {
			skipped = append(skipped, want[k].name)
		}
	}
	return skipped, classify(path, tx.Commit(), sheet.StoreIO)
}

// salvageTable copies the rows of the file's table name into the app's,
// by the ordinary columns the two have in common, and reports whether
// the file has such a table.
func salvageTable(tx *sql.Tx, name string) (bool, error) {
	var typ string
	err := tx.QueryRow(`SELECT type FROM src.sqlite_schema WHERE name = ? COLLATE NOCASE`, name).Scan(&typ)
	if err == sql.ErrNoRows || (err == nil && typ != "table") {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	ours, err := plainColumns(tx, "main", name)
	if err != nil {
		return false, err
	}
	theirs, err := plainColumns(tx, "src", name)
	if err != nil {
		return false, err
	}
	var cols []string
	for _, c := range ours {
		for _, d := range theirs {
			if strings.EqualFold(c, d) {
				cols = append(cols, quoteName(c))
				break
			}
		}
	}
	if len(cols) == 0 {
		return true, nil
	}
	list := strings.Join(cols, ", ")
	// The tables are empty but for the event's one row, which the file's
	// replaces.
	q := fmt.Sprintf(`INSERT OR REPLACE INTO main.%s (%s) SELECT %s FROM src.%s NOT INDEXED`, quoteName(name), list, list, quoteName(name))
	if !strings.EqualFold(name, "event") {
		q = strings.Replace(q, "INSERT OR REPLACE", "INSERT", 1)
	}
	if _, err := tx.Exec(q); err != nil {
		return false, sheet.Details("table=%s %v", name, err)
	}
	return true, nil
}

// plainColumns lists the ordinary columns of schema.table: not hidden,
// not generated (a generated column's expression would run on reading).
func plainColumns(tx *sql.Tx, schema, table string) ([]string, error) {
	rows, err := tx.Query(`SELECT name, hidden FROM pragma_table_xinfo(?, ?)`, table, schema)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var name string
		var hidden int
		if err := rows.Scan(&name, &hidden); err != nil {
			return nil, err
		}
		if hidden == 0 {
			cols = append(cols, name)
		}
	}
	return cols, rows.Err()
}

// quoteName quotes an SQL name.
func quoteName(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
