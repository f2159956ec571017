//go:build !unix

package pgtest

import "os/exec"

// account is the user the cluster runs as: elsewhere than on Unix, the
// tests' own.
type account struct{}

func clusterUser() (*account, error) { return nil, nil }
func (a *account) own(string) error  { return nil }
func (a *account) runAs(*exec.Cmd)   {}
func detach(*exec.Cmd)               {}
