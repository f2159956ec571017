package storekit

import (
	"errors"

	"scoresheet/sheet"
)

// WriteIf is the end of a conditional write of fields (SetHeaderIf,
// SetEventIf) in every store, once it has read in its transaction what
// it holds (cur, or err, the error of reading it): judge's conflict is
// store-conflict at loc, nothing changed writes nothing, else write
// writes what judge returned.
func WriteIf[T any](loc string, cur T, err error, judge func(cur T) (T, bool, *sheet.FieldConflict), write func(next T) error) error {
	if err != nil {
		return err
	}
	next, changed, fc := judge(cur)
	if fc != nil {
		return sheet.FieldConflictError(loc, fc)
	}
	if !changed {
		return nil
	}
	return write(next)
}

// SourceOf reads a source from row (of SourceColumns): nil, and no
// error, when the row is none (the driver's error noRows).
func SourceOf(row Scanner, noRows error) (*sheet.Source, error) {
	src, err := ScanSource(row)
	if errors.Is(err, noRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &src, nil
}

// Plan is ApplyImport's planning in every store: plan made of base and
// its arguments checked (sheet.CheckImport at loc). A plan's own error
// is also put in *planErr, which the store returns as it is.
func Plan(loc string, base sheet.ImportBase, plan func(base sheet.ImportBase) (sheet.Import, error), planErr *error) (sheet.Import, error) {
	imp, err := plan(base)
	if err != nil {
		*planErr = err
		return imp, err
	}
	return imp, sheet.CheckImport(loc, imp)
}
