package sqlitestore

import (
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func TestOwnerCheck(t *testing.T) {
	for _, tc := range []struct {
		name        string
		owner       uint32
		euid        int
		sidesExist  bool
		wantRefused bool
	}{
		{"the owner", 1000, 1000, false, false},
		{"root", 1000, 0, false, false},
		{"another user, no side files yet", 1000, 1001, false, true},
		{"another user, the owner's side files there", 1000, 1001, true, false},
		{"no uids (Windows)", 1000, -1, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ownerCheck("/e.scoresheet", tc.owner, tc.euid, tc.sidesExist)
			if !tc.wantRefused {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			sheettest.WantCode(t, err, sheet.StoreNotOwner)
			if !strings.Contains(err.Error(), "uid=1000") {
				t.Errorf("%v does not say whose the file is", err)
			}
		})
	}
}
