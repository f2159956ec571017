package storekit

// MigrationNames name the event file's schema migrations in order
// (sheet/sqlitestore/schema.go): the schema version every store
// follows. A store on a server has one migration of its own mirroring
// each (sheet/pgstore/schema.go); each store's test compares its list
// with this one, so that a migration added to one store without the
// other fails a test.
var MigrationNames = []string{
	"migrateV1",
	"migrateV2",
	"migrateCopyResults",
	"migrateLawsMarks",
	"migrateForfeits",
	"migrateEventLangConsulted",
	"migrateRevisions",
}
