package pdfraster

// textObj is the text matrices between BT and ET.
type textObj struct {
	tm, tlm matrix
}

func (r *renderer) text(op string, ops []any) error {
	switch op {
	case "BT":
		r.tx = textObj{tm: identity, tlm: identity}
	case "ET":
	case "Tf":
		v, err := nums(ops, 1)
		if err != nil || len(ops) < 2 {
			return &Error{Code: CodeBadContent}
		}
		fn, ok := ops[len(ops)-2].(name)
		if !ok {
			return &Error{Code: CodeBadContent}
		}
		pf, err := r.font(fn)
		if err != nil {
			return err
		}
		r.gs.font, r.gs.size = pf, v[0]
	case "Td", "TD":
		v, err := nums(ops, 2)
		if err != nil {
			return err
		}
		if op == "TD" {
			r.gs.lead = -v[1]
		}
		r.moveLine(v[0], v[1])
	case "T*":
		r.moveLine(0, -r.gs.lead)
	case "Tm":
		v, err := nums(ops, 6)
		if err != nil {
			return err
		}
		r.tx.tm, r.tx.tlm = matrix(v), matrix(v)
	case "Tc", "Tw", "Tz", "TL", "Ts", "Tr":
		return r.textState(op, ops)
	case "Tj", "'", "\"":
		return r.show(op, ops)
	case "TJ":
		return r.showArray(ops)
	}
	return nil
}

// showArray draws a TJ array: strings, and numbers that move the next
// glyph back by thousandths of the font's size.
func (r *renderer) showArray(ops []any) error {
	if len(ops) < 1 {
		return &Error{Code: CodeBadContent}
	}
	a, ok := ops[len(ops)-1].([]any)
	if !ok {
		return &Error{Code: CodeBadContent}
	}
	for _, v := range a {
		switch x := v.(type) {
		case []byte:
			if err := r.showString(x); err != nil {
				return err
			}
		case float64:
			r.advance(-x / 1000 * r.gs.size * r.hscale())
		}
	}
	return nil
}

func (r *renderer) textState(op string, ops []any) error {
	v, err := nums(ops, 1)
	if err != nil {
		return err
	}
	switch op {
	case "Tc":
		r.gs.charSp = v[0]
	case "Tw":
		r.gs.wordSp = v[0]
	case "Tz":
		r.gs.scale = v[0]
	case "TL":
		r.gs.lead = v[0]
	case "Ts":
		r.gs.rise = v[0]
	case "Tr":
		if v[0] != 0 && v[0] != 3 { // 3 is invisible text: drawn as nothing
			return &Error{Code: CodeUnsupported}
		}
		r.invisible = v[0] == 3
	}
	return nil
}

func (r *renderer) show(op string, ops []any) error {
	if len(ops) < 1 {
		return &Error{Code: CodeBadContent}
	}
	s, ok := ops[len(ops)-1].([]byte)
	if !ok {
		return &Error{Code: CodeBadContent}
	}
	if op != "Tj" {
		if op == "\"" {
			v, err := nums(ops[:len(ops)-1], 2)
			if err != nil {
				return err
			}
			r.gs.wordSp, r.gs.charSp = v[0], v[1]
		}
		r.moveLine(0, -r.gs.lead)
	}
	return r.showString(s)
}

func (r *renderer) moveLine(x, y float64) {
	r.tx.tlm = matrix{1, 0, 0, 1, x, y}.then(r.tx.tlm)
	r.tx.tm = r.tx.tlm
}

func (r *renderer) hscale() float64 { return r.gs.scale / 100 }

func (r *renderer) advance(tx float64) {
	r.tx.tm = matrix{1, 0, 0, 1, tx, 0}.then(r.tx.tm)
}

// showString draws a string's glyphs, two bytes a character, and moves
// the text matrix past each (9.4.4).
func (r *renderer) showString(s []byte) error {
	pf := r.gs.font
	if pf == nil {
		return &Error{Code: CodeBadContent}
	}
	for i := 0; i+1 < len(s); i += 2 {
		cid := int(s[i])<<8 | int(s[i+1])
		if !r.invisible {
			trm := matrix{r.gs.size * r.hscale(), 0, 0, r.gs.size, 0, r.gs.rise}.then(r.tx.tm).then(r.gs.ctm).then(r.dev)
			if err := r.glyph(pf, cid, trm); err != nil {
				return err
			}
		}
		w := pf.width(cid)/1000*r.gs.size + r.gs.charSp
		if cid == 32 {
			w += r.gs.wordSp
		}
		r.advance(w * r.hscale())
	}
	return nil
}

// font returns the font a resource name stands for, read once.
func (r *renderer) font(n name) (*pdfFont, error) {
	if pf, ok := r.fonts[n]; ok {
		return pf, nil
	}
	fonts := r.f.dict(r.res["Font"])
	if fonts == nil || fonts[n] == nil {
		return nil, &Error{Code: CodeBadFont}
	}
	pf, err := r.f.loadFont(fonts[n])
	if err != nil {
		return nil, err
	}
	r.fonts[n] = pf
	return pf, nil
}
