package trf

import "bytes"

// Detect says whether data (a whole file or its first kilobytes) is a
// TRF, by content, not by the file's name: its first line that is not
// blank starts with a record code (three letters, digits or '#', then a
// blank or the line's end), and a header (012, 022, ...) or player (001)
// line is among its lines. A PGN starts with '[' or a move number.
func Detect(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	lines := splitLines(data)
	first := true
	for _, l := range lines {
		t := l.Text
		if len(bytes.TrimSpace(t)) == 0 {
			continue
		}
		if first && !isRecordCode(t) {
			return false
		}
		first = false
		if isRecordCode(t) && (t[0] >= '0' && t[0] <= '9') && (string(t[:3]) == "001" || t[2] == '2') {
			return true
		}
	}
	return false
}

// isRecordCode says a line starts with a record code.
func isRecordCode(t []byte) bool {
	if len(t) < 3 || (len(t) > 3 && t[3] != ' ') {
		return false
	}
	for _, c := range t[:3] {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '#') {
			return false
		}
	}
	return true
}
