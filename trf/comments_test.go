package trf

import (
	"bytes"
	"os"
	"testing"

	"scoresheet/sheet"
)

// The column ruler TRF-2026 files carry: comment lines whose fourth
// column is not a blank ("###4567..."), and "###" with text.
const (
	ruler1 = "###      1         2         3         4         5         6         7         8         9         0"
	ruler2 = "###4567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
)

// TestComments: any line whose first three characters are "###" is a
// comment (TRF26), wherever it is: the file is a TRF, reads, and is
// written back byte for byte, results written or not.
func TestComments(t *testing.T) {
	real, err := os.ReadFile("../../shared/corpora/trf/bbpPairings_dutch_2025_C5.trf")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"ruler first":     append([]byte(ruler1+"\n"+ruler2+"\n"), real...),
		"ruler crlf":      append([]byte(ruler1+"\r\n"+ruler2+"\r\n"), real...),
		"text in between": bytes.Replace(real, []byte("\n001    2"), []byte("\n###Arbiter: checked\n###\n001    2"), 1),
		"text with blank": append([]byte("### made by hand\n"), real...),
	} {
		if !Detect(data) {
			t.Errorf("%s: not detected as a TRF", name)
		}
		f, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := f.Bytes(); !bytes.Equal(got, data) {
			t.Errorf("%s: written back differently", name)
		}
		if len(f.Players) == 0 || f.Name != "Dutch 2025 C5 test" {
			t.Errorf("%s: %d players, name %q", name, len(f.Players), f.Name)
		}
		if _, ok := f.SetResult(1, 1, sheet.BlackWins); !ok {
			t.Errorf("%s: result not written", name)
		}
		for _, l := range f.Lines {
			if bytes.HasPrefix(l.Text, []byte("###")) && !bytes.Contains(data, append(append([]byte{}, l.Text...), l.EOL...)) {
				t.Errorf("%s: comment line %d changed: %q", name, l.Num, l.Text)
			}
		}
	}
}

// TestNotComments: "##" or "#" lines are not comments, nor is a "###"
// further in than column 1.
func TestNotComments(t *testing.T) {
	for _, text := range []string{"##4567\n012 Open\n", "012 Open\n #### x\n"} {
		if _, err := Parse([]byte(text)); err == nil {
			t.Errorf("%q read as a TRF", text)
		}
	}
}
