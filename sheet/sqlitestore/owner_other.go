//go:build !unix

package sqlitestore

import "io/fs"

// checkOwner: files have no owner uid here (Windows keeps access rights
// in ACLs, which SQLite's new files inherit from the folder).
func checkOwner(path string, fi fs.FileInfo) error { return nil }

// sameOwner: no owners here (see checkOwner).
func sameOwner(side, ev fs.FileInfo) bool { return true }
