package winetest

import (
	"archive/zip"
	"bytes"
	"io"
	"slices"
	"testing"
)

// compareWorkbooks wants both workbooks to hold the same parts, byte for
// byte, but for docProps/core.xml, which holds the time it was written.
func compareWorkbooks(t *testing.T, winPath, linuxPath string) {
	t.Helper()
	w, l := workbookParts(t, winPath), workbookParts(t, linuxPath)
	var wn, ln []string
	for n := range w {
		wn = append(wn, n)
	}
	for n := range l {
		ln = append(ln, n)
	}
	slices.Sort(wn)
	slices.Sort(ln)
	if !slices.Equal(wn, ln) {
		t.Fatalf("workbook parts differ\nwindows: %q\nlinux:   %q", wn, ln)
	}
	if len(wn) == 0 {
		t.Fatalf("%s: no parts", winPath)
	}
	for _, n := range wn {
		if n != "docProps/core.xml" && !bytes.Equal(w[n], l[n]) {
			t.Errorf("workbook part %s differs\nwindows:\n%s\nlinux:\n%s", n, w[n], l[n])
		}
	}
}

func workbookParts(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		parts[f.Name] = b
	}
	return parts
}
