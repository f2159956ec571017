package export

import (
	_ "embed"

	"github.com/jung-kurt/gofpdf"
)

// DejaVu Sans, from Debian's fonts-dejavu-core 2.37: Latin, Greek and
// Cyrillic names (Đurđević, Müller, Крамник) and the chess figurines
// (U+2654..U+265F). The licence (Bitstream Vera, DejaVu changes public
// domain) ships beside them in fonts/LICENSE and in FontLicense.

//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

//go:embed fonts/DejaVuSans-Bold.ttf
var dejaVuSansBold []byte

// FontLicense is the licence of the fonts embedded in PDF output, for an
// "about" page or a distribution's notices.
//
//go:embed fonts/LICENSE
var FontLicense string

// fontFamily is the family name the PDF writers give DejaVu Sans.
const fontFamily = "DejaVuSans"

// addFonts registers the regular and bold faces with pdf. gofpdf gets its
// own copy of the bytes: some of its versions write into them.
func addFonts(pdf *gofpdf.Fpdf) {
	pdf.AddUTF8FontFromBytes(fontFamily, "", append([]byte(nil), dejaVuSans...))
	pdf.AddUTF8FontFromBytes(fontFamily, "B", append([]byte(nil), dejaVuSansBold...))
}
