//go:build race

package sheet

import "testing"

// skipMeasurementUnderRace skips a measurement over a whole corpus (the
// noise benchmark, the HCS pages) under -race. Such a test reads
// thousands of games on one goroutine, so the race detector has nothing
// to check there, yet it costs ten times as long and took the package
// past go test's deadline on a busy machine. make test runs these tests
// again without -race (see the Makefile's test target), so a skip here
// hides nothing.
func skipMeasurementUnderRace(t *testing.T) {
	t.Helper()
	t.Skip("a measurement: make test runs it without -race")
}
