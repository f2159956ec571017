package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEncodeICO reads the icon back: one entry per size, each where its
// directory entry says, bitmaps with the right header and colours, the
// 256 px one a PNG.
func TestEncodeICO(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for i := range src.Pix {
		src.Pix[i] = []byte{200, 100, 50, 255}[i%4]
	}
	ico, err := encodeICO(src)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	if le.Uint16(ico[0:]) != 0 || le.Uint16(ico[2:]) != 1 || int(le.Uint16(ico[4:])) != len(icoSizes) {
		t.Fatalf("header % x", ico[:6])
	}
	for i, size := range icoSizes {
		e := ico[6+16*i:]
		if w := int(e[0]); w != size%256 || int(e[1]) != size%256 {
			t.Errorf("entry %d: %dx%d, want %d", i, e[0], e[1], size)
		}
		n, off := le.Uint32(e[8:]), le.Uint32(e[12:])
		if int(off+n) > len(ico) {
			t.Fatalf("entry %d: %d bytes at %d past the end (%d)", i, n, off, len(ico))
		}
		data := ico[off : off+n]
		if size == 256 {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Dx() != 256 {
				t.Errorf("256 px entry: %v, %v", err, img)
			}
			continue
		}
		if le.Uint32(data[0:]) != 40 || int(le.Uint32(data[4:])) != size || int(le.Uint32(data[8:])) != 2*size || le.Uint16(data[14:]) != 32 {
			t.Errorf("entry %d: bitmap header % x", i, data[:16])
		}
		if got := data[40:44]; !bytes.Equal(got, []byte{50, 100, 200, 255}) { // BGRA
			t.Errorf("entry %d: first pixel % x, want 32 64 c8 ff", i, got)
		}
	}
}

// TestResourcesFromFyneApp checks that the version, name and file name
// come from FyneApp.toml and the flags, that a quote in the name is
// escaped, and that the manifest asks for no administrator rights.
func TestResourcesFromFyneApp(t *testing.T) {
	dir := t.TempDir()
	toml := filepath.Join(dir, "FyneApp.toml")
	meta := "[Details]\nIcon = \"icon.png\"\nName = \"Score \\\"sheet\\\"\"\nID = \"org.example.x\"\nVersion = \"2.3.4\"\nBuild = 17\n"
	if err := os.WriteFile(toml, []byte(meta), 0o644); err != nil {
		t.Fatal(err)
	}
	icon := filepath.Join(dir, "icon.png")
	var b bytes.Buffer
	png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 64, 64)))
	os.WriteFile(icon, b.Bytes(), 0o644)
	out := filepath.Join(dir, "res")
	if err := resMain([]string{"-toml", toml, "-icon", icon, "-exe", "x-cli.exe", "-desc", "X command line", "-dir", out}); err != nil {
		t.Fatal(err)
	}
	rc, _ := os.ReadFile(filepath.Join(out, "app.rc"))
	for _, want := range []string{
		"FILEVERSION 2,3,4,17\n", "PRODUCTVERSION 2,3,4,17\n",
		`VALUE "FileVersion", "2.3.4.17"`, `VALUE "ProductVersion", "2.3.4"`,
		`VALUE "ProductName", "Score ""sheet"""`, `VALUE "OriginalFilename", "x-cli.exe"`,
		`VALUE "FileDescription", "X command line"`, `1 ICON "app.ico"`, `1 24 "app.manifest"`,
	} {
		if !strings.Contains(string(rc), want) {
			t.Errorf("app.rc lacks %q:\n%s", want, rc)
		}
	}
	man, _ := os.ReadFile(filepath.Join(out, "app.manifest"))
	for _, want := range []string{`level="asInvoker"`, `name="org.example.x" version="2.3.4.17"`} {
		if !strings.Contains(string(man), want) {
			t.Errorf("app.manifest lacks %q:\n%s", want, man)
		}
	}
	if ico, err := os.ReadFile(filepath.Join(out, "app.ico")); err != nil || len(ico) < 6 {
		t.Errorf("app.ico: %v", err)
	}
}

func TestReadMetaRefusesBadVersion(t *testing.T) {
	for _, v := range []string{"1.2", "1.2.x", "", "1..2"} {
		p := filepath.Join(t.TempDir(), "FyneApp.toml")
		os.WriteFile(p, []byte("[Details]\nName = \"A\"\nID = \"a.b\"\nVersion = \""+v+"\"\n"), 0o644)
		if _, err := readMeta(p); err == nil {
			t.Errorf("version %q taken", v)
		}
	}
}

func TestCRLF(t *testing.T) {
	if got := string(crlf([]byte("a\nb\r\nc\n"))); got != "a\r\nb\r\nc\r\n" {
		t.Errorf("crlf: %q", got)
	}
}

// TestZipShipsLicences writes a zip of a stand-in program for a package
// that links modules: every module linked has its licence in it.
func TestZipShipsLicences(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "x.exe")
	os.WriteFile(exe, []byte("MZ"), 0o644)
	readme := filepath.Join(dir, "README.txt")
	os.WriteFile(readme, []byte("X {{.Version}}\nline 2\n"), 0o644)
	out := filepath.Join(dir, "x.zip")
	err := zipMain([]string{"-o", out, "-readme", readme, "-toml", "../../FyneApp.toml", "-pkgs", "scoresheet/app/cli/scoresheet-cli",
		"-license", "fonts=../../export/fonts/LICENSE", exe})
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		files[f.Name] = f
	}
	for _, want := range []string{"Scoresheet/x.exe", "Scoresheet/README.txt", "Scoresheet/licenses/fonts.txt",
		"Scoresheet/licenses/modernc.org_sqlite.txt", "Scoresheet/licenses/github.com_xuri_excelize_v2.txt"} {
		if files[want] == nil {
			t.Errorf("zip lacks %s", want)
		}
	}
	// go-text/typesetting carries HarfBuzz's licence one folder down.
	if f := files["Scoresheet/licenses/github.com_go-text_typesetting.txt"]; f != nil {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if !strings.Contains(string(b), ": harfbuzz/LICENSE") {
			t.Errorf("typesetting's licences lack harfbuzz/LICENSE")
		}
	}
	if f := files["Scoresheet/README.txt"]; f != nil {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if !strings.HasPrefix(string(b), "X 0.") || !strings.Contains(string(b), "\r\nline 2\r\n") {
			t.Errorf("README.txt: %q", b)
		}
	}
}
