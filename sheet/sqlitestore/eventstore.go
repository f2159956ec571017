package sqlitestore

import (
	"scoresheet/sheet"
)

// The event file is an EventStore.
var _ sheet.EventStore = (*Store)(nil)

// Location returns the event file's absolute path (Path).
func (s *Store) Location() string { return s.path }

// Ping returns nil while the store takes writes: not after Close, nor
// once its files were lost (identity.go).
func (s *Store) Ping() error {
	if s.closed.Load() {
		return &sheet.StoreError{Code: sheet.StoreClosed, Path: s.path}
	}
	if lost := s.lost.Load(); lost != nil {
		return lost
	}
	return nil
}
