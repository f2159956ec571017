package session

// NotationChange says what changing the event's notation language to
// lang would read again: the copies typed without a language of their
// own (they are read in the event's), and the boards among them whose
// state would change (a complete board turned "needs a decision" when
// its copies were written in the language before). Nothing is changed.
func (s *Session) NotationChange(lang string) (copies, boards int, err error) {
	games, err := s.store.Games()
	if err != nil {
		return 0, 0, err
	}
	on := s.event.Conditions()
	for i := range games {
		g := &games[i]
		reread := 0
		for side := range g.Copies {
			if c := &g.Copies[side]; c.Lang == "" && len(c.Cells) > 0 {
				reread++
			}
		}
		if reread == 0 {
			continue
		}
		copies += reread
		g.EventLang = s.event.Lang
		before := StateOf(g, on)
		g.EventLang = lang
		if StateOf(g, on) != before {
			boards++
		}
	}
	return copies, boards, nil
}
