package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteReplacesWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.pdf")
	if err := WriteBytes(path, []byte("first")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Fatalf("after a failed write the file holds %q", b)
	}
	if err := WriteBytes(path, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "second" {
		t.Fatalf("file holds %q", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temporary files left: %v", ents)
	}
}

// TestWriteKeepsMode: a replaced file keeps its permissions (issue 13: a
// 0600 file became 0644). A new file's mode is the umask's
// (TestWriteHonoursUmask).
func TestWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o600, 0o640, 0o444, 0o755} {
		path := filepath.Join(dir, mode.String())
		if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if err := WriteBytes(path, []byte("new")); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(path); fi.Mode() != mode {
			t.Errorf("%v became %v", mode, fi.Mode())
		}
	}
}

// TestWriteThroughLink: a link at the path is written through to the
// file it leads to (through a chain of links, to another folder, to a
// file not there yet); the links stay links and the temporary file is
// made beside the target. A loop of links is an error.
func TestWriteThroughLink(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	target := filepath.Join(other, "real.pgn")
	os.WriteFile(target, []byte("old"), 0o600)
	os.Symlink(target, filepath.Join(dir, "b"))
	os.Symlink("b", filepath.Join(dir, "a")) // relative, to a link
	if err := WriteBytes(filepath.Join(dir, "a"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"a", "b"} {
		if fi, err := os.Lstat(filepath.Join(dir, l)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", l, err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode() != 0o600 {
		t.Errorf("target mode %v", fi.Mode())
	}
	if ents, _ := os.ReadDir(other); len(ents) != 1 {
		t.Errorf("files beside the target: %v", ents)
	}

	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(other, "later.pgn"), dangling)
	if err := WriteBytes(dangling, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(other, "later.pgn")); string(b) != "x" {
		t.Errorf("the missing target holds %q", b)
	}

	os.Symlink("loop2", filepath.Join(dir, "loop1"))
	os.Symlink("loop1", filepath.Join(dir, "loop2"))
	if err := WriteBytes(filepath.Join(dir, "loop1"), nil); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("a loop of links: %v", err)
	}
}

// TestWriteRefusesNonRegular: a folder (or a device) is never replaced.
func TestWriteRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	if err := WriteBytes(sub, []byte("x")); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("err = %v", err)
	}
	if fi, err := os.Stat(sub); err != nil || !fi.IsDir() {
		t.Fatalf("the folder is gone: %v", err)
	}
}
