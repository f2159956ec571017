package session

import "scoresheet/sheet"

// PendingRealign returns the realignment proposed that the cursor's ply
// stands at or depends on, else the first one proposed in the game; nil
// when none is.
func (s *Session) PendingRealign() *sheet.Realignment {
	if s.rec == nil {
		return nil
	}
	at := 0
	if _, p := s.Reading(s.cur.Side, s.cur.Index); p != nil {
		at = p.Depends
		if p.Realign != nil && !p.Realign.Accepted {
			at = p.Ply
		}
	}
	var first *sheet.Realignment
	for i := range s.rec.Plies {
		r := s.rec.Plies[i].Realign
		if r == nil || r.Accepted {
			continue
		}
		if at == 0 || r.Ply == at {
			return r
		}
		if first == nil {
			first = r
		}
	}
	return first
}

// AcceptRealign records the arbiter's acceptance of the realignment
// proposed (PendingRealign): one decision, one undo step; nothing
// written changes.
func (s *Session) AcceptRealign() error {
	r := s.PendingRealign()
	if r == nil {
		return nil
	}
	return s.edit(func(ed *sheet.Editor) error { return ed.AcceptRealign(*r, s.Arbiter) })
}
