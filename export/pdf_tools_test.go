package export

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// Helpers that run the Debian tools the tests read output with:
// poppler-utils (pdftotext, pdffonts, pdfinfo, pdftoppm) and LibreOffice,
// found by xtest.NeedTool.

// runTool runs a command and returns its standard output.
func runTool(t testing.TB, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(xtest.NeedTool(t, name), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// writeTemp writes data to a file in the test's temporary directory.
func writeTemp(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// readPNG reads a PNG file (pdftoppm's page).
func readPNG(t testing.TB, file string) image.Image {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// pdfWord is one word pdftotext found, with its page and place.
type pdfWord struct {
	Page       int
	XMin, YMax float64
	Text       string
}

// pdfWords returns the words of a PDF in reading order for a scoresheet:
// page by page, the left half of the page before the right half (the two
// blocks of moves), top to bottom, left to right.
func pdfWords(t testing.TB, file string) []pdfWord {
	t.Helper()
	out := runTool(t, "pdftotext", "-bbox", file, "-")
	var doc struct {
		Pages []struct {
			Width float64 `xml:"width,attr"`
			Words []struct {
				XMin float64 `xml:"xMin,attr"`
				YMax float64 `xml:"yMax,attr"`
				Text string  `xml:",chardata"`
			} `xml:"word"`
		} `xml:"body>doc>page"`
	}
	dec := xml.NewDecoder(bytes.NewReader(out))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("pdftotext -bbox output: %v", err)
	}
	var words []pdfWord
	for i, p := range doc.Pages {
		var left, right []pdfWord
		for _, w := range p.Words {
			pw := pdfWord{Page: i + 1, XMin: w.XMin, YMax: w.YMax, Text: w.Text}
			if w.XMin < p.Width/2 {
				left = append(left, pw)
			} else {
				right = append(right, pw)
			}
		}
		words = append(words, readingOrder(left)...)
		words = append(words, readingOrder(right)...)
	}
	return words
}

// readingOrder sorts words into lines (bottoms within 2 points of the
// line's first word) from the top, and each line from the left.
func readingOrder(ws []pdfWord) []pdfWord {
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].YMax < ws[j].YMax })
	for start := 0; start < len(ws); {
		end := start + 1
		for end < len(ws) && ws[end].YMax-ws[start].YMax <= 2 {
			end++
		}
		line := ws[start:end]
		sort.SliceStable(line, func(i, j int) bool { return line[i].XMin < line[j].XMin })
		start = end
	}
	return ws
}

// pageCount returns the number of pages pdfinfo reports.
func pageCount(t testing.TB, file string) int {
	t.Helper()
	for _, l := range strings.Split(string(runTool(t, "pdfinfo", file)), "\n") {
		if v, ok := strings.CutPrefix(l, "Pages:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("pdfinfo reports no page count")
	return 0
}

// pdfInfo returns pdfinfo's value for key ("Page size").
func pdfInfo(t testing.TB, file, key string) string {
	t.Helper()
	for _, l := range strings.Split(string(runTool(t, "pdfinfo", file)), "\n") {
		if v, ok := strings.CutPrefix(l, key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
