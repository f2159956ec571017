//go:build !race

package sheet

import "testing"

// skipMeasurementUnderRace does nothing without -race: see race_on_test.go.
func skipMeasurementUnderRace(t *testing.T) { t.Helper() }
