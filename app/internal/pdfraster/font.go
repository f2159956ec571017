package pdfraster

import (
	"golang.org/x/image/font/sfnt"
)

// pdfFont is a Type0 font with Identity-H encoding: two bytes a
// character (its CID), drawn with the glyph CIDToGIDMap gives it from the
// embedded TrueType font, advanced by the width W gives it.
type pdfFont struct {
	sf     *sfnt.Font
	upem   float64
	toGID  []uint16 // nil: the glyph is the CID (Identity)
	widths map[int]float64
	dw     float64
	buf    sfnt.Buffer
}

// loadFont reads the font a content stream's name stands for.
func (f *file) loadFont(v any) (*pdfFont, error) {
	top := f.dict(v)
	if top == nil {
		return nil, &Error{Code: CodeBadFont}
	}
	if top["Subtype"] != name("Type0") || top["Encoding"] != name("Identity-H") {
		return nil, &Error{Code: CodeUnsupported}
	}
	desc := f.array(top["DescendantFonts"])
	if len(desc) == 0 {
		return nil, &Error{Code: CodeBadFont}
	}
	cid := f.dict(desc[0])
	fd := f.dict(cid["FontDescriptor"])
	if cid == nil || fd == nil || fd["FontFile2"] == nil {
		return nil, &Error{Code: CodeUnsupported} // not an embedded TrueType font
	}
	data, err := f.data(fd["FontFile2"])
	if err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, &Error{Code: CodeBadFont, Err: err}
	}
	pf := &pdfFont{sf: sf, upem: float64(sf.UnitsPerEm()), dw: 1000}
	if pf.upem <= 0 {
		return nil, &Error{Code: CodeBadFont}
	}
	if dw, ok := f.num(cid["DW"]); ok {
		pf.dw = dw
	}
	pf.widths = f.widths(f.array(cid["W"]))
	if m := f.resolve(cid["CIDToGIDMap"]); m != nil && m != name("Identity") {
		b, err := f.data(m)
		if err != nil {
			return nil, err
		}
		pf.toGID = make([]uint16, len(b)/2)
		for i := range pf.toGID {
			pf.toGID[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
	}
	return pf, nil
}

// maxCID bounds the CIDs a W array may give widths to.
const maxCID = 0xFFFF

// widths reads a W array (9.7.4.3): "c [w1 w2 ...]" gives c, c+1, ...
// their widths; "c1 c2 w" gives every CID from c1 to c2 the width w.
func (f *file) widths(a []any) map[int]float64 {
	out := map[int]float64{}
	for i := 0; i+1 < len(a); {
		c, ok := f.num(a[i])
		if !ok || c < 0 || c > maxCID {
			return out
		}
		if ws := f.array(a[i+1]); ws != nil {
			for k, w := range ws {
				if x, ok := f.num(w); ok && int(c)+k <= maxCID {
					out[int(c)+k] = x
				}
			}
			i += 2
			continue
		}
		if i+2 >= len(a) {
			return out
		}
		last, ok1 := f.num(a[i+1])
		w, ok2 := f.num(a[i+2])
		if !ok1 || !ok2 {
			return out
		}
		for k := int(c); k <= int(min(last, maxCID)); k++ {
			out[k] = w
		}
		i += 3
	}
	return out
}

func (pf *pdfFont) glyph(cid int) sfnt.GlyphIndex {
	if pf.toGID == nil {
		return sfnt.GlyphIndex(cid)
	}
	if cid < len(pf.toGID) {
		return sfnt.GlyphIndex(pf.toGID[cid])
	}
	return 0
}

// width is a CID's advance in thousandths of the font's size.
func (pf *pdfFont) width(cid int) float64 {
	if w, ok := pf.widths[cid]; ok {
		return w
	}
	return pf.dw
}
