package xtest

import "syscall"

// OrphanSignal has a child process sent sig when the test process ends,
// so that a test killed on timeout leaves no app or X server behind.
// Linux sends it when the thread that started the child ends; the Go
// runtime ends a thread only with a goroutine locked to it, which these
// tests never lock.
func OrphanSignal(sig syscall.Signal) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: sig}
}
