package xtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the module's root, the folder of go.mod, from whichever
// package's folder the test runs in.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			t.Fatalf("no go.mod above %s", dir)
		}
	}
}

// Shared returns the absolute path of parts in ../shared beside the
// module's root: the project's test data (seeds, reference texts,
// corpora), which the tests read and the repository never ships. The
// test fails when ../shared is not there, as it always did: a skip
// would let make test pass without one figure of the corpora checked.
func Shared(t testing.TB, parts ...string) string {
	t.Helper()
	dir := filepath.Join(filepath.Dir(Root(t)), "shared")
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the project's test data (../shared beside the repository) is needed: %v", err)
	}
	return filepath.Join(append([]string{dir}, parts...)...)
}

// Corpus returns the absolute path of parts in ../shared/corpora (a
// file, a folder or a glob pattern), as Shared does.
func Corpus(t testing.TB, parts ...string) string {
	t.Helper()
	return Shared(t, append([]string{"corpora"}, parts...)...)
}
