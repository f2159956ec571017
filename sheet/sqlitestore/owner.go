package sqlitestore

import (
	"os"
	"os/user"
	"strconv"

	"scoresheet/sheet"
)

// The event's side files belong to the event file's owner (issue 13).
//
// SQLite creates the -wal and -shm files with the event file's mode, and
// when it runs as root it gives them the event file's owner too. Another
// user cannot: the side files would be theirs, and the owner could then
// neither read nor write the event. So a user other than the owner (and
// root) may only open an event whose side files exist already (the owner
// has it open, or left them); otherwise the store refuses with
// store-not-owner, saying whose the file is, before anything is created.

// ownerCheck decides for an event file owned by owner, opened by euid.
func ownerCheck(path string, owner uint32, euid int, sideFilesExist bool) error {
	if euid < 0 || euid == 0 || uint32(euid) == owner || sideFilesExist {
		return nil
	}
	name := strconv.FormatUint(uint64(owner), 10)
	if u, err := user.LookupId(name); err == nil {
		name = u.Username
	}
	return &sheet.StoreError{Code: sheet.StoreNotOwner, Path: path, Err: sheet.Details("owner=%s uid=%d", name, owner)}
}

// sideFilesExist reports whether the event at path has its -wal and -shm
// files, which a connection then uses instead of creating them.
func sideFilesExist(path string) bool {
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Lstat(sidePath(path, suffix)); err != nil {
			return false
		}
	}
	return true
}
