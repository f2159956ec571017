package trf

import "bytes"

// Detect says whether data (a whole file or its first kilobytes) is a
// TRF, by content, not by the file's name: its first line that is not
// blank starts with a record code (three letters, digits or '#', then a
// blank or the line's end), a player line (001) or the tournament's name
// (012) is among its lines, and it is not a pairing list (whose "142
// 229" reads like a record). A PGN starts with '[' or a move number.
func Detect(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if DetectPairingList(data) {
		return false
	}
	first := true
	for _, l := range splitLines(data) {
		t := l.Text
		if len(bytes.TrimSpace(t)) == 0 {
			continue
		}
		if first && !isRecordCode(t) {
			return false
		}
		first = false
		if isRecordCode(t) && (string(t[:3]) == "001" || string(t[:3]) == "012") {
			return true
		}
	}
	return false
}

// isRecordCode says a line starts with a record code, or is a comment:
// TRF26 makes any line whose first three characters are "###" one,
// whatever follows (a column ruler "###4567890123..." as well as "###
// text"); it is kept as read and written back so.
func isRecordCode(t []byte) bool {
	if isComment(t) {
		return true
	}
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

// isComment says a line is a TRF comment: its first three characters
// are "###".
func isComment(t []byte) bool { return bytes.HasPrefix(t, []byte("###")) }
