package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"testing"
)

// zipStream's files read back with archive/zip, names and contents, in
// order: a few, and more than a ZIP file without ZIP64 records can count
// (65,535), and no temporary file is left.
func TestZipStream(t *testing.T) {
	for _, files := range []int{0, 1, 3, 70000} {
		tmp := t.TempDir()
		t.Setenv("TMPDIR", tmp)
		var buf bytes.Buffer
		z := newZipStream(&buf, "")
		content := func(i int) string { return fmt.Sprintf("<x>%d ünïcode %s</x>", i, bytes.Repeat([]byte("ab"), i%50)) }
		for i := range files {
			w, err := z.Create(fmt.Sprintf("xl/worksheets/sheet%d.xml", i))
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(w, content(i)) // in two writes
			io.WriteString(w, "!")
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		if left, _ := filepathGlob(tmp); len(left) != 0 {
			t.Errorf("left behind: %v", left)
		}
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatalf("%d files: %v", files, err)
		}
		if len(zr.File) != files {
			t.Fatalf("%d files read, want %d", len(zr.File), files)
		}
		for i, f := range zr.File {
			if i%997 != 0 && i != files-1 {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(rc) // checks the CRC-32 too
			rc.Close()
			if want := content(i) + "!"; err != nil || f.Name != fmt.Sprintf("xl/worksheets/sheet%d.xml", i) || string(got) != want {
				t.Errorf("file %d: %s %q, %v", i, f.Name, got, err)
			}
		}
	}
}
