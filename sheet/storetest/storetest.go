// Package storetest is the conformance suite of the event stores: what
// every sheet.EventStore does (reads, conditional writes and their
// conflicts, checks of arguments and their error codes, bounds, imports,
// sources, changes of other writers), run against each store by its own
// tests: Run(t, backend). A store that passes it behaves as the others
// for everything the program asks of a store. It imports no store, so
// that each store's tests can run it; what only one store has (a file's
// locks, side files and crashes; a server's connection) stays in that
// store's own tests.
package storetest

import (
	"testing"

	"scoresheet/sheet"
)

// Backend makes event stores of one kind.
type Backend struct {
	Name string
	// Location returns a new place for an event, where none is yet.
	Location func(t testing.TB) string
	Create   func(loc string, ev sheet.Event) (sheet.EventStore, error)
	Open     func(loc string) (sheet.EventStore, error)
	// Tamper, when not nil, runs a statement on the event's tables of s
	// as another program would (no checks): how a test plants what the
	// store must refuse to read. Nil: those parts of the suite are
	// skipped for this backend (its own tests cover them).
	Tamper func(s sheet.EventStore, stmt string, args ...any) error
	// Rows, when not nil, counts the rows of a table of s (tag, copy,
	// cell, decision): what a deleted game leaves behind.
	Rows func(s sheet.EventStore, table string) (int, error)
}

// Run runs every test of the suite on b, each as a subtest.
func Run(t *testing.T, b Backend) {
	for _, tc := range []struct {
		name string
		test func(t *testing.T, b Backend)
	}{
		{"AddDecisionIf", testAddDecisionIf},
		{"AddGamesAllOrNone", testAddGamesAllOrNone},
		{"ApplyImport", testApplyImport},
		{"ChangesOwnAndOthersOnOneGame", testChangesOwnAndOthersOnOneGame},
		{"ChangesReportOthersOnly", testChangesReportOthersOnly},
		{"DeleteGameIf", testDeleteGameIf},
		{"EachGameEqualsGames", testEachGameEqualsGames},
		{"EachGameLetsFnWrite", testEachGameLetsFnWrite},
		{"EachGameStopsOnError", testEachGameStopsOnError},
		{"EditorDoesNotOverwriteAnotherWriter", testEditorDoesNotOverwriteAnotherWriter},
		{"EditorReloadForgetsChangedParts", testEditorReloadForgetsChangedParts},
		{"InsertDeleteCellIf", testInsertDeleteCellIf},
		{"SetCellIf", testSetCellIf},
		{"SetCellIfAfterTheEnd", testSetCellIfAfterTheEnd},
		{"SetCopyFieldIf", testSetCopyFieldIf},
		{"SetEventIf", testSetEventIf},
		{"SetHeaderIf", testSetHeaderIf},
		{"StoreArgumentErrors", testStoreArgumentErrors},
		{"StoreBounds", testStoreBounds},
		{"StoreCellShifting", testStoreCellShifting},
		{"StoreClosed", testStoreClosed},
		{"StoreConsulted", testStoreConsulted},
		{"StoreCopyResult", testStoreCopyResult},
		{"StoreDecisionsAndDelete", testStoreDecisionsAndDelete},
		{"StoreEventLang", testStoreEventLang},
		{"StoreEventRoundTrip", testStoreEventRoundTrip},
		{"StoreGameRoundTrip", testStoreGameRoundTrip},
		{"StoreGamesOrder", testStoreGamesOrder},
		{"StoreKindAndMarks", testStoreKindAndMarks},
		{"StoreResult", testStoreResult},
		{"StoreSetHeaderAndLang", testStoreSetHeaderAndLang},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, b) })
	}
}

// newStore makes a new event holding SampleEvent, closed after the test.
func (b Backend) newStore(t testing.TB) sheet.EventStore {
	t.Helper()
	return b.newEvent(t, SampleEvent())
}

// newEvent makes a new event holding ev, closed after the test.
func (b Backend) newEvent(t testing.TB, ev sheet.Event) sheet.EventStore {
	t.Helper()
	s, err := b.Create(b.Location(t), ev)
	if err != nil {
		t.Fatalf("%s: create: %v", b.Name, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// withGame makes a new event holding SampleEvent and SampleGame, closed
// after the test, and returns it with the game's id.
func (b Backend) withGame(t testing.TB) (sheet.EventStore, int64) {
	t.Helper()
	s := b.newStore(t)
	id, err := s.AddGame(SampleGame())
	if err != nil {
		t.Fatal(err)
	}
	return s, id
}
