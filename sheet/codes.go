package sheet

import "sort"

// The stable identifiers of this package, listed for the app's
// translations (every one needs a key in locales/en.json).

// PlyStatuses returns every ply status.
func PlyStatuses() []PlyStatus {
	return []PlyStatus{PlyAgreed, PlySingle, PlyResolved, PlySettled, PlyDiffer, PlyDoubtful, PlyDecided, PlyNone, PlyRealign, PlyLookAlike}
}

// CheckCodes returns every arbiter check code, sorted.
func CheckCodes() []CheckCode {
	out := make([]CheckCode, 0, len(checkRules))
	for c := range checkRules {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// StoreErrorCodes returns every store error code.
func StoreErrorCodes() []StoreErrorCode {
	return []StoreErrorCode{
		StoreNotSQLite, StoreCorrupt, StoreNewerSchema, StoreLocked, StoreForeignFile, StoreForeignSchema,
		StoreIO, StoreNoFile, StoreExists, StoreNotFound, StoreDuplicate,
		StoreBadArgument, StoreMigration, StoreClosed, StoreConflict, StoreJournalLost, StoreFileReplaced, StoreNotOwner, StoreReadOnly,
		StoreOutOfBounds, StoreUnreachable, StoreAuth, StoreNoEvent, StoreEventExists, StoreBadLocation, StoreCopyDiffers,
		StoreHeld,
	}
}

// EditErrorCodes returns every code of an *EditError.
func EditErrorCodes() []string {
	return []string{"edit-bad-index", "edit-nothing-to-undo", "edit-nothing-to-redo", "edit-bad-result",
		"edit-bad-ply", "edit-bad-take", "edit-nothing-decided"}
}

// TimeControlErrorCodes returns every code of a *TimeControlError.
func TimeControlErrorCodes() []string {
	return []string{"time-control-syntax"}
}
