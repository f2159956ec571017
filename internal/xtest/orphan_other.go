//go:build !linux

package xtest

import "syscall"

// OrphanSignal is nil where the kernel cannot signal a child when its
// parent ends (Pdeathsig is Linux's): the test's cleanup ends it instead.
func OrphanSignal(syscall.Signal) *syscall.SysProcAttr { return nil }
