package core

import "scoresheet/sheet"

// NotationChange is what changing the event's notation language reads
// again: the copies typed without a language of their own (they are
// read in the event's), and the boards among them whose state changes
// (a complete board turned "needs a decision" when its copies were
// written in the language before). The window says it before its second
// OK applies the change; event set --lang says it as it applies it.
type NotationChange struct {
	Copies int                // typed copies read again
	Boards []BoardStateChange // the boards whose state changes, in the store's order
}

// BoardStateChange is a board whose state a change turns from Before to
// After.
type BoardStateChange struct {
	Round, Board  int
	Before, After sheet.GameState
}

// NotationChangeOf judges what changing the notation of ev, the event in
// st, to lang reads again. Nothing is changed.
func NotationChangeOf(st sheet.EventStore, ev sheet.Event, lang string) (NotationChange, error) {
	var c NotationChange
	on := ev.Conditions()
	err := st.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		reread := 0
		for side := range g.Copies {
			if cp := &g.Copies[side]; cp.Lang == "" && len(cp.Cells) > 0 {
				reread++
			}
		}
		if reread == 0 {
			return nil
		}
		c.Copies += reread
		g.EventLang = ev.Lang
		before := sheet.Analyse(g, on).State
		g.EventLang = lang
		if after := sheet.Analyse(g, on).State; after != before {
			c.Boards = append(c.Boards, BoardStateChange{Round: g.Round, Board: g.Board, Before: before, After: after})
		}
		return nil
	})
	if err != nil {
		return NotationChange{}, err
	}
	return c, nil
}
