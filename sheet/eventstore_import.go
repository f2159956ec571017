package sheet

// Source is a file the event was imported from, kept byte for byte: a
// pairing program's TRF, to write the results back into (Kind "trf").
type Source struct {
	Kind string
	Name string // the file's name when imported
	Body []byte
}

// Import is what importing a file changes in an event, applied at once
// (ApplyImport): the event's fields, the source kept, games removed,
// headers updated and games added.
type Import struct {
	Event  *Event  // nil: the event's fields stay
	Source *Source // nil: no source is kept
	Remove []int64 // games removed (whole, with their copies) while nothing is entered on them
	// Replace are games removed whatever they hold: the arbiter said so
	// (an import told to replace boards holding moves or a result).
	Replace []int64
	Update  []Game // headers replaced (round, board, players, result, date, tags, FEN)
	Add     []Game // games added, as AddGame does
}

// ImportBase is what an import is planned from: the event, all its
// games with their copies, and its source of the kind asked for (nil
// when it has none), as they are in the transaction that applies it.
type ImportBase struct {
	Event  Event
	Games  []Game
	Source *Source
}

// CheckImport checks the arguments of an import as SetEventIf, SetHeaderIf
// and AddGame do, the same for every store.
func CheckImport(loc string, imp Import) error {
	if imp.Event != nil {
		if err := CheckEvent(loc, *imp.Event); err != nil {
			return err
		}
	}
	for _, g := range append(append([]Game(nil), imp.Update...), imp.Add...) {
		if err := CheckGameFields(loc, g); err != nil {
			return err
		}
	}
	return nil
}
