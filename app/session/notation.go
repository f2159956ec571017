package session

import "scoresheet/app/core"

// NotationChange says what changing the event's notation language to
// lang would read again: the copies typed without a language of their
// own, and how many boards among them would change their state
// (core.NotationChangeOf, the judgement event set --lang says too).
// Nothing is changed.
func (s *Session) NotationChange(lang string) (copies, boards int, err error) {
	c, err := core.NotationChangeOf(s.store, s.event, lang)
	return c.Copies, len(c.Boards), err
}
