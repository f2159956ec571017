package sqlitestore

import (
	"slices"
	"testing"

	"scoresheet/sheet/internal/storekit"
)

// TestMigrationsAreTheKits: the file's migrations are the ones every
// store follows (storekit.MigrationNames, which the server's store
// mirrors one by one): a migration added here without its name there
// (and its mirror in sheet/pgstore/schema.go) fails this test.
func TestMigrationsAreTheKits(t *testing.T) {
	if mine := migrationNames(); !slices.Equal(mine, storekit.MigrationNames) {
		t.Fatalf("the file's migrations are %q; storekit.MigrationNames lists %q: add the new ones there and mirror them in sheet/pgstore/schema.go", mine, storekit.MigrationNames)
	}
}
