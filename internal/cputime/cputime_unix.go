//go:build unix

// Package cputime tells the CPU time the process has used, for
// benchmarks on a machine shared with other work, where the time on the
// clock says more of the load than of the code.
package cputime

import (
	"syscall"
	"time"
)

// Used returns the CPU time the process has used, user and system.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
