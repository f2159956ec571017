package rules

// What the notation reader says about a cell: a status and findings. Codes
// are stable identifiers that the app translates; rules name the article of
// the FIDE Laws of Chess (Appendix C is the algebraic notation).

// CellStatus is the verdict on one written cell.
type CellStatus uint8

const (
	StatusOK          CellStatus = iota // correct algebraic notation, notes at most
	StatusNonstandard                   // the move is clear, the writing is not correct algebraic
	StatusAmbiguous                     // several legal moves match (C.10)
	StatusIllegal                       // no legal move matches, or an illegal promotion
	StatusUnreadable                    // not algebraic notation at all
	StatusMissing                       // blank, "?" or "-": nothing written
	StatusResult                        // the cell holds a game result, not a move
)

var statusNames = [...]string{"ok", "nonstandard", "ambiguous", "illegal", "unreadable", "missing", "result"}

// String returns the status's stable identifier.
func (s CellStatus) String() string { return statusNames[s] }

// Severity orders findings: notes are acceptable variants, warnings are
// clear moves written incorrectly, errors leave the move in doubt.
type Severity uint8

const (
	Note Severity = iota
	Warning
	Error
)

// String returns "note", "warning" or "error".
func (s Severity) String() string { return [...]string{"note", "warning", "error"}[s] }

// Code identifies a finding.
type Code string

// Errors.
const (
	CodeAmbiguous             Code = "ambiguous"
	CodeNoLegalMove           Code = "no-legal-move"
	CodeWrongOrigin           Code = "wrong-origin"
	CodePromotionPieceMissing Code = "promotion-piece-missing"
	CodeNotAlgebraic          Code = "not-algebraic"
	CodeDescriptive           Code = "descriptive" // with not-algebraic: English descriptive notation, read for its candidates
	CodeGameOver              Code = "game-over"   // a move written after mate or stalemate
)

// Warnings.
const (
	CodePawnLetter             Code = "pawn-letter"
	CodePawnCaptureWithoutFile Code = "pawn-capture-without-file"
	CodeFileOnlyCapture        Code = "file-only-capture"
	CodeForeignLetter          Code = "foreign-letter"
	CodeLowercasePiece         Code = "lowercase-piece"
	CodeUppercaseSquare        Code = "uppercase-square"
	CodePieceLetterMissing     Code = "piece-letter-missing" // g1f3 for a knight
	CodeCaptureMarkWrong       Code = "capture-mark-wrong"
	CodeCheckMarkWrong         Code = "check-mark-wrong"
	CodeMateMarkWrong          Code = "mate-mark-wrong"
	CodeCastlingMalformed      Code = "castling-malformed"
	CodeCastlingAsKingMove     Code = "castling-as-king-move" // Kg1 for O-O
	CodePromotionMalformed     Code = "promotion-malformed"
	CodeEnPassantMarkWrong     Code = "en-passant-mark-wrong"
	CodeExtraCharacters        Code = "extra-characters"
	CodeMoveNumberMismatch     Code = "move-number-mismatch"
	CodeCapturedPieceNamed     Code = "captured-piece-named" // BxNc6: the piece taken written
)

// Notes.
const (
	CodeLongForm             Code = "long-form"
	CodeCaptureSign          Code = "capture-sign"
	CodeCastlingLetterO      Code = "castling-letter-o"
	CodePromotionEquals      Code = "promotion-equals"
	CodeOverDisambiguated    Code = "over-disambiguated"
	CodeRankDisambiguation   Code = "rank-disambiguation"
	CodeCaptureMarkMissing   Code = "capture-mark-missing"
	CodeCheckMarkMissing     Code = "check-mark-missing"
	CodeMateMarkMissing      Code = "mate-mark-missing"
	CodeEnPassantMark        Code = "en-passant-mark"
	CodeEnPassantMarkMissing Code = "en-passant-mark-missing"
	CodeAnnotation           Code = "annotation"
	CodeFigurine             Code = "figurine"
	CodeDrawOffer            Code = "draw-offer"
	CodeDoubleCheckMark      Code = "double-check-mark" // ++ for a double check (Croatian usage)
)

type codeInfo struct {
	severity Severity
	rule     string
}

// codeTable gives every code its severity and the article it applies.
var codeTable = map[Code]codeInfo{
	CodeAmbiguous:             {Error, "C.10"},
	CodeNoLegalMove:           {Error, "7.5.1"},
	CodeWrongOrigin:           {Error, "7.5.1"},
	CodePromotionPieceMissing: {Error, "7.5.2"},
	CodeNotAlgebraic:          {Error, "C"},
	CodeDescriptive:           {Error, "C"},
	CodeGameOver:              {Error, "5.1"},

	CodePawnLetter:             {Warning, "C.4"},
	CodePawnCaptureWithoutFile: {Warning, "C.9.3"},
	CodeFileOnlyCapture:        {Warning, "C.9"},
	CodeForeignLetter:          {Warning, "C.3"},
	CodeLowercasePiece:         {Warning, "C.2"},
	CodeUppercaseSquare:        {Warning, "C.5"},
	CodePieceLetterMissing:     {Warning, "C.8"},
	CodeCaptureMarkWrong:       {Warning, "C.9"},
	CodeCheckMarkWrong:         {Warning, "C"},
	CodeMateMarkWrong:          {Warning, "C"},
	CodeCastlingMalformed:      {Warning, "C"},
	CodeCastlingAsKingMove:     {Warning, "C"},
	CodePromotionMalformed:     {Warning, "C.12"},
	CodeEnPassantMarkWrong:     {Warning, "C.9"},
	CodeExtraCharacters:        {Warning, "C.8"},
	CodeMoveNumberMismatch:     {Warning, "8.1"},
	CodeCapturedPieceNamed:     {Warning, "C.9"},

	CodeLongForm:             {Note, "C.8"},
	CodeCaptureSign:          {Note, "C.9"},
	CodeCastlingLetterO:      {Note, "C"},
	CodePromotionEquals:      {Note, "C.12"},
	CodeOverDisambiguated:    {Note, "C.10"},
	CodeRankDisambiguation:   {Note, "C.10"},
	CodeCaptureMarkMissing:   {Note, "C"},
	CodeCheckMarkMissing:     {Note, "C"},
	CodeMateMarkMissing:      {Note, "C"},
	CodeEnPassantMark:        {Note, "C.9"},
	CodeEnPassantMarkMissing: {Note, "C.9"},
	CodeAnnotation:           {Note, ""},
	CodeFigurine:             {Note, "C.3"},
	CodeDrawOffer:            {Note, "C.13"},
	CodeDoubleCheckMark:      {Note, "C"},
}

// Severity returns the code's severity.
func (c Code) Severity() Severity { return codeTable[c].severity }

// Article returns the article of the Laws of Chess the code applies, or
// "" (the name sheet.CheckCode uses too).
func (c Code) Article() string { return codeTable[c].rule }

// Codes returns every finding code the reader can produce.
func Codes() []Code {
	out := make([]Code, 0, len(codeTable))
	for c := range codeTable {
		out = append(out, c)
	}
	return out
}

// Finding is one thing the reader says about a cell. Offset and End are
// byte offsets into the written text of the characters concerned (both 0
// when the finding is about the whole cell).
type Finding struct {
	Code   Code
	Offset int
	End    int
}

// Severity returns the finding's severity.
func (f Finding) Severity() Severity { return f.Code.Severity() }

// Article returns the article the finding applies.
func (f Finding) Article() string { return f.Code.Article() }
