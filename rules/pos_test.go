package rules

import "testing"

// TestPosOf: lines and columns as a person counts them (characters, not
// bytes), the byte offset kept, the zero Pos no position.
func TestPosOf(t *testing.T) {
	text := "Jörg\n½-½ e4\n\nx"
	cases := []struct {
		offset int
		want   Pos
	}{
		{0, Pos{Line: 1, Col: 1, Offset: 0}},
		{3, Pos{Line: 1, Col: 3, Offset: 3}},   // "g": "ö" is one column of two bytes
		{5, Pos{Line: 1, Col: 5, Offset: 5}},   // the line end
		{6, Pos{Line: 2, Col: 1, Offset: 6}},   // "½"
		{11, Pos{Line: 2, Col: 4, Offset: 11}}, // the blank after "½-½"
		{12, Pos{Line: 2, Col: 5, Offset: 12}}, // "e4"
		{15, Pos{Line: 3, Col: 1, Offset: 15}}, // the empty line
		{16, Pos{Line: 4, Col: 1, Offset: 16}}, // "x"
		{17, Pos{Line: 4, Col: 2, Offset: 17}}, // just after the end
		{99, Pos{Line: 4, Col: 2, Offset: 17}}, // clamped
	}
	for _, c := range cases {
		if got := PosOf(text, c.offset); got != c.want {
			t.Errorf("PosOf(%d) = %+v, want %+v", c.offset, got, c.want)
		}
	}
	// A counter asked in any order gives the same positions.
	var pc PosCounter
	pc.Reset(text)
	for i := len(cases) - 1; i >= 0; i-- {
		if got := pc.At(cases[i].offset); got != cases[i].want {
			t.Errorf("At(%d) after a later offset = %+v, want %+v", cases[i].offset, got, cases[i].want)
		}
	}
}

func TestPosString(t *testing.T) {
	for _, c := range []struct {
		p    Pos
		want string
	}{
		{Pos{}, ""},
		{Pos{Offset: 5}, ""},
		{Pos{Line: 3}, "3"},
		{Pos{Line: 3, Col: 7, Offset: 40}, "3:7"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.p, got, c.want)
		}
		if c.p.IsValid() != (c.want != "") {
			t.Errorf("%+v.IsValid() = %v", c.p, c.p.IsValid())
		}
	}
}

// TestMovetextErrorPos: the movetext reader's findings about a cell are
// at the cell's position in the movetext, in characters on its line.
func TestMovetextErrorPos(t *testing.T) {
	text := "1. e4 {Schön} e5\n2. Nf3 Nc6 4. Bb5 Ke9"
	moves, mt := ReadMovetext(NewPosition(), text, English)
	cases := []struct {
		ply  int
		code Code
		want Pos
	}{
		{5, CodeMoveNumberMismatch, Pos{Line: 2, Col: 15, Offset: 32}}, // "4. Bb5": move 3
		{6, CodeNotAlgebraic, Pos{Line: 2, Col: 19, Offset: 36}},       // "Ke9"
	}
	for _, c := range cases {
		m, cell := moves[c.ply-1], mt.Cells[c.ply-1]
		if !hasFinding(m, c.code) || cell.Pos != c.want {
			t.Errorf("ply %d %q: findings %v at %+v, want %s at %+v", c.ply, cell.Text, m.Findings, cell.Pos, c.code, c.want)
		}
	}
	if cell := mt.Cells[1]; cell.Pos != (Pos{Line: 1, Col: 15, Offset: 15}) {
		t.Errorf("e5 after a comment with ö at %+v", cell.Pos)
	}
}

func hasFinding(m SheetMove, code Code) bool {
	for _, f := range m.Findings {
		if f.Code == code {
			return true
		}
	}
	return false
}
