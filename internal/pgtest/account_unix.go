//go:build unix

package pgtest

import (
	"errors"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// account is the user the cluster runs as when the tests run as root.
type account struct{ uid, gid int }

// clusterUser is the user the cluster runs as: the postgres user when
// the tests run as root (initdb refuses root), else the tests' own (nil).
func clusterUser() (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, errors.New("the tests run as root and there is no postgres user to run the cluster as")
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &account{uid, gid}, nil
}

// own gives path to the account (nothing for the tests' own user).
func (a *account) own(path string) error {
	if a == nil {
		return nil
	}
	return os.Chown(path, a.uid, a.gid)
}

// runAs makes cmd run as the account (as the tests' user when nil).
func (a *account) runAs(cmd *exec.Cmd) {
	if a != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.gid)}}
	}
}

// detach puts cmd in a session of its own: it outlives the test process.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
