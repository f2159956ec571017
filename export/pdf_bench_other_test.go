//go:build !unix

package export

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
