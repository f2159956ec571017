//go:build !linux

package cli

import (
	"path/filepath"
	"testing"
)

// fullTempDir returns a folder that takes no file: one that does not
// exist.
func fullTempDir(t *testing.T) string {
	return filepath.Join(t.TempDir(), "missing")
}
