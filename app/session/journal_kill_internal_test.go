package session

// Kill lets go of the journal's lock as the operating system does when
// the window is killed: the file stays as it was, nothing else is done.
func (j *Journal) Kill() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.lock != nil {
		j.lock.Close()
		j.lock = nil
	}
}
