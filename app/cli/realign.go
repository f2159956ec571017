package cli

import (
	"scoresheet/rules"
	"scoresheet/sheet"
)

// realignDoc is a realignment of a copy that went out of step, as the
// JSON of check and event show gives it.
type realignDoc struct {
	Copy         string   `json:"copy,omitempty"`
	Ply          int      `json:"ply"`
	Kind         string   `json:"kind"`                   // insert, remove, merge, split
	Move         string   `json:"move,omitempty"`         // insert: the half-move not written, in SAN
	Alternatives []string `json:"alternatives,omitempty"` // insert: other half-moves that fit as well
	Accepted     bool     `json:"accepted"`
	Decision     string   `json:"decision,omitempty"` // the decision's text in the store that accepts it
}

func realignJSON(r sheet.Realignment, before *rules.Position) realignDoc {
	d := realignDoc{Copy: r.Copy.String(), Ply: r.Ply, Kind: string(r.Kind), Accepted: r.Accepted, Decision: r.DecisionText()}
	if r.Kind == sheet.RealignInsert && r.Move != rules.NoMove && before != nil {
		d.Move = before.SAN(r.Move)
		for _, m := range r.Alternatives {
			d.Alternatives = append(d.Alternatives, before.SAN(m))
		}
	}
	return d
}

// copyRealignments reads one copy's cells as a game with no other copy and
// returns the realignments proposed, by ply.
func copyRealignments(start *rules.Position, lang string, cells []rules.MovetextCell) map[int]realignDoc {
	g := &sheet.Game{}
	if start != nil {
		g.FEN = start.FEN()
	}
	g.Copies[sheet.WhiteCopy].Lang = lang
	for _, c := range cells {
		g.Copies[sheet.WhiteCopy].Cells = append(g.Copies[sheet.WhiteCopy].Cells, sheet.Cell{Text: c.Text})
	}
	rec, err := sheet.Reconcile(g)
	if err != nil {
		return nil
	}
	out := map[int]realignDoc{}
	for _, r := range rec.Realignments {
		var before *rules.Position
		if r.Ply-1 < len(rec.Plies) {
			before = rec.Plies[r.Ply-1].Before
		}
		d := realignJSON(r, before)
		d.Copy, d.Decision = "", "" // one copy, not a game's
		out[r.Ply] = d
	}
	return out
}
