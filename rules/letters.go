package rules

// Letters are the piece letters of one language, as players write them on
// their scoresheets (FIDE Laws, Appendix C.3). The pawn letter is never
// written in correct notation; it is kept so the reader can recognise it.
type Letters struct {
	Code   string    // ISO 639-1 code: "en", "de", ...
	Name   string    // the language's English name, for tables and tests
	Pieces [7]string // indexed by PieceType; [0] is unused
}

// Letter returns the letter (or letters: Russian "Кр") of piece type t.
func (l *Letters) Letter(t PieceType) string { return l.Pieces[t] }

// languages: the PGN standard's table (section 17) plus Croatian, Russian.
// Order of Pieces: -, pawn, knight, bishop, rook, queen, king.
var languages = []*Letters{
	{"en", "English", [7]string{"", "P", "N", "B", "R", "Q", "K"}},
	{"cs", "Czech", [7]string{"", "P", "J", "S", "V", "D", "K"}},
	{"da", "Danish", [7]string{"", "B", "S", "L", "T", "D", "K"}},
	{"nl", "Dutch", [7]string{"", "O", "P", "L", "T", "D", "K"}},
	{"et", "Estonian", [7]string{"", "P", "R", "O", "V", "L", "K"}},
	{"fi", "Finnish", [7]string{"", "P", "R", "L", "T", "D", "K"}},
	{"fr", "French", [7]string{"", "P", "C", "F", "T", "D", "R"}},
	{"de", "German", [7]string{"", "B", "S", "L", "T", "D", "K"}},
	{"hu", "Hungarian", [7]string{"", "G", "H", "F", "B", "V", "K"}},
	{"is", "Icelandic", [7]string{"", "P", "R", "B", "H", "D", "K"}},
	{"it", "Italian", [7]string{"", "P", "C", "A", "T", "D", "R"}},
	{"no", "Norwegian", [7]string{"", "B", "S", "L", "T", "D", "K"}},
	{"pl", "Polish", [7]string{"", "P", "S", "G", "W", "H", "K"}},
	{"pt", "Portuguese", [7]string{"", "P", "C", "B", "T", "D", "R"}},
	{"ro", "Romanian", [7]string{"", "P", "C", "N", "T", "D", "R"}},
	{"es", "Spanish", [7]string{"", "P", "C", "A", "T", "D", "R"}},
	{"sv", "Swedish", [7]string{"", "B", "S", "L", "T", "D", "K"}},
	{"hr", "Croatian", [7]string{"", "P", "S", "L", "T", "D", "K"}},
	{"ru", "Russian", [7]string{"", "п", "К", "С", "Л", "Ф", "Кр"}},
}

// English is the letter set of PGN and of FIDE's own examples.
var English = languages[0]

// Languages returns every known letter set, English first.
func Languages() []*Letters { return append([]*Letters(nil), languages...) }

// LettersFor returns the letter set of a language code ("de").
func LettersFor(code string) (*Letters, bool) {
	for _, l := range languages {
		if l.Code == code {
			return l, true
		}
	}
	return nil, false
}

// Figurines are the piece symbols of figurine algebraic notation, indexed
// by PieceType. Books print the same figurines for both sides.
var Figurines = [7]string{"", "", "♘", "♗", "♖", "♕", "♔"}
