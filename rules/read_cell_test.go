package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Positions of the cell table: a FEN, or SAN moves from the initial position.
const (
	rcStart   = ""
	rcRuy     = "e4 e5 Nf3 Nc6 Bb5 a6"      // White: Bxc6, Ba4, ...
	rcRuyBx   = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6" // Black: bxc6 or dxc6
	rcScand   = "e4 d5"                     // White: exd5 only
	rcEP      = "e4 a6 e5 d5"               // White: exd6 e.p.
	rcCastle  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	rcCastleB = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
	rcCastleC = "5k2/8/8/8/8/8/8/4K2R w K - 0 1" // O-O gives check
	rcPromo   = "8/3P3k/8/8/8/8/8/K7 w - - 0 1"
	rcPromoX  = "2r5/3P3k/8/8/8/8/8/K7 w - - 0 1"
	rcMate    = "e4 e5 Bc4 Nc6 Qh5 Nf6"             // Qxf7# and Bxf7+
	rcDouble  = "4k3/8/8/8/4N3/8/8/4R2K w - - 0 1"  // Nf6 is a double check
	rcPinned  = "4k3/8/8/8/8/2N5/8/1r4NK w - - 0 1" // Ng1 is pinned: only Nce2
	rcNd2     = "Nf3 Nf6 d3 d6"                     // Nd2: Nbd2 or Nfd2
	rcRooks   = "4k3/8/8/8/8/8/K7/R6R w - - 0 1"    // Rd1: Rad1 or Rhd1
	rcRooksF  = "R7/3k4/8/8/8/8/8/R6K w - - 0 1"    // Ra4: R1a4 or R8a4
	rcKnights = "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1"
	rcMated   = "f3 e5 g4 Qh4" // White is mated
	rcE4      = "e4"
	rcE4E5    = "e4 e5"
)

// cellCase is one row of the cell table: in position pos, on a sheet in
// language lang, the text written reads with this status, move (SAN with
// English letters, "" for none) and findings ("code@start-end", any order).
// cands, when not nil, are the candidates in order; num, when not 0, the
// move number read in front.
type cellCase struct {
	lang    string
	pos     string
	written string
	status  CellStatus
	move    string
	codes   []string
	cands   []string
	num     int
}

// readCellCases covers every form of issue #3, in several languages. The
// fuzz tests start from it too.
var readCellCases = []cellCase{
	// A slip of handwriting comes before a nearer destination (issue 24,
	// defect 3): "Bb7" is one look-alike from Bb1 (1/7), one wrong
	// character from Bb5+; so in German "Lb7".
	{"en", "4k3/8/8/8/8/3B4/8/4K3 w - - 0 1", "Bb7", StatusIllegal, "", []string{"no-legal-move@0-3"}, []string{"Bb1", "Bh7", "Bb5+", "Ba6", "Bc4", "Bc2", "Be4", "Bf5"}, 0},
	{"de", "4k3/8/8/8/8/3B4/8/4K3 w - - 0 1", "Lb7", StatusIllegal, "", []string{"no-legal-move@0-3"}, []string{"Bb1", "Bh7", "Bb5+", "Ba6", "Bc4", "Bc2", "Be4", "Bf5"}, 0},
	// Short and long algebraic.
	{"en", rcStart, "Nf3", StatusOK, "Nf3", nil, nil, 0},
	{"en", rcStart, "Ng1f3", StatusOK, "Nf3", []string{"long-form@1-3"}, nil, 0},
	{"en", rcStart, "Ng1-f3", StatusOK, "Nf3", []string{"long-form@1-3"}, nil, 0},
	{"en", rcStart, "e2-e4", StatusOK, "e4", []string{"long-form@0-2"}, nil, 0},
	{"en", rcStart, "e2e4", StatusOK, "e4", []string{"long-form@0-2"}, nil, 0},
	{"en", rcStart, "g1f3", StatusNonstandard, "Nf3", []string{"piece-letter-missing@0-2"}, nil, 0},
	{"en", rcStart, "g1-f3", StatusNonstandard, "Nf3", []string{"piece-letter-missing@0-2"}, nil, 0},
	{"de", rcStart, "Sg1-f3", StatusOK, "Nf3", []string{"long-form@1-3"}, nil, 0},
	{"de", rcStart, "g1f3", StatusNonstandard, "Nf3", []string{"piece-letter-missing@0-2"}, nil, 0},
	{"ru", rcStart, "Кg1-f3", StatusOK, "Nf3", []string{"long-form@2-4"}, nil, 0},
	{"en", rcStart, "Pe4", StatusNonstandard, "e4", []string{"pawn-letter@0-1"}, nil, 0},
	{"en", rcStart, "Pe2-e4", StatusNonstandard, "e4", []string{"pawn-letter@0-1", "long-form@1-3"}, nil, 0},
	{"en", rcStart, "nf3", StatusNonstandard, "Nf3", []string{"lowercase-piece@0-1"}, nil, 0},
	{"en", rcStart, "E4", StatusNonstandard, "e4", []string{"uppercase-square@0-1"}, nil, 0},
	{"en", rcStart, "N-f3", StatusNonstandard, "Nf3", []string{"extra-characters@1-2"}, nil, 0},
	// The piece letter written again, after a whole origin square only:
	// "BeBd" (a German pawn letter on a French sheet) names no move.
	{"de", rcStart, "Sg1-Sf3", StatusNonstandard, "Nf3", []string{"long-form@1-3", "extra-characters@4-5"}, nil, 0},
	{"fr", "e4 d5", "Bed", StatusNonstandard, "exd5", []string{"foreign-letter@0-1", "pawn-letter@0-1", "file-only-capture@0-3"}, nil, 0},
	{"fr", "e4 d5", "BeBd", StatusUnreadable, "", []string{"not-algebraic@0-4"}, nil, 0},
	{"fr", "e4 f5 e5 d5", "e-d", StatusNonstandard, "exd6", []string{"file-only-capture@0-3", "extra-characters@1-2", "en-passant-mark-missing@3-3"}, nil, 0},
	// The piece taken written after the sign: only the piece that is there.
	{"en", rcRuy, "BxNc6", StatusNonstandard, "Bxc6", []string{"captured-piece-named@2-3"}, nil, 0},
	{"de", rcRuy, "LxSc6", StatusNonstandard, "Bxc6", []string{"captured-piece-named@2-3"}, nil, 0},
	{"de", rcRuy, "Lb5:Sc6", StatusNonstandard, "Bxc6", []string{"captured-piece-named@4-5", "long-form@1-3", "capture-sign@3-4"}, nil, 0},
	{"en", rcRuy, "BxBc6", StatusIllegal, "", []string{"no-legal-move@0-5"}, nil, 0},
	{"en", "e4 f5 e5 d5", "exPd6", StatusNonstandard, "exd6", []string{"captured-piece-named@2-3", "en-passant-mark-missing@5-5"}, nil, 0},

	// Letters of every language; foreign letters are understood with a warning.
	{"de", rcStart, "Sf3", StatusOK, "Nf3", nil, nil, 0},
	{"en", rcStart, "Sf3", StatusNonstandard, "Nf3", []string{"foreign-letter@0-1"}, nil, 0},
	{"de", rcStart, "Nf3", StatusNonstandard, "Nf3", []string{"foreign-letter@0-1"}, nil, 0},
	{"de", rcE4E5, "Lc4", StatusOK, "Bc4", nil, nil, 0},
	{"de", rcE4E5, "Dh5", StatusOK, "Qh5", nil, nil, 0},
	{"de", rcE4E5, "Ke2", StatusOK, "Ke2", nil, nil, 0},
	{"de", rcE4E5, "Bf4", StatusNonstandard, "f4", []string{"pawn-letter@0-1"}, nil, 0},
	{"de", rcCastle, "Tb1", StatusOK, "Rb1", nil, nil, 0},
	{"fr", rcE4E5, "Cf3", StatusOK, "Nf3", nil, nil, 0},
	{"fr", rcE4E5, "Fc4", StatusOK, "Bc4", nil, nil, 0},
	{"fr", rcE4E5, "Dh5", StatusOK, "Qh5", nil, nil, 0},
	{"fr", rcE4E5, "Re2", StatusOK, "Ke2", nil, nil, 0},
	{"fr", rcCastle, "Tb1", StatusOK, "Rb1", nil, nil, 0},
	{"fr", rcCastle, "Rf1", StatusOK, "Kf1", nil, nil, 0},
	{"fr", rcRuy, "Fxc6", StatusOK, "Bxc6", nil, nil, 0},
	{"nl", rcE4E5, "Pf3", StatusOK, "Nf3", nil, nil, 0}, // P is the Dutch knight
	{"nl", rcE4E5, "Pc3", StatusOK, "Nc3", nil, nil, 0},
	{"nl", rcE4E5, "Lc4", StatusOK, "Bc4", nil, nil, 0},
	{"nl", rcE4E5, "Dh5", StatusOK, "Qh5", nil, nil, 0},
	{"nl", rcCastle, "Tb1", StatusOK, "Rb1", nil, nil, 0},
	{"nl", rcE4E5, "Nf3", StatusNonstandard, "Nf3", []string{"foreign-letter@0-1"}, nil, 0},
	{"en", rcE4E5, "Pf3", StatusNonstandard, "f3", []string{"pawn-letter@0-1"}, nil, 0}, // an English P is a pawn
	{"es", rcE4E5, "Cf3", StatusOK, "Nf3", nil, nil, 0},
	{"es", rcE4E5, "Ac4", StatusOK, "Bc4", nil, nil, 0},
	{"es", rcE4E5, "Re2", StatusOK, "Ke2", nil, nil, 0},
	{"it", rcE4E5, "Ac4", StatusOK, "Bc4", nil, nil, 0},
	{"it", rcE4E5, "Dh5", StatusOK, "Qh5", nil, nil, 0},
	{"pt", rcE4E5, "Bc4", StatusOK, "Bc4", nil, nil, 0},
	{"pt", rcE4E5, "Cf3", StatusOK, "Nf3", nil, nil, 0},
	{"hr", rcE4E5, "Sf3", StatusOK, "Nf3", nil, nil, 0},
	{"hr", rcE4E5, "Lc4", StatusOK, "Bc4", nil, nil, 0},
	{"hr", rcE4E5, "Dh5", StatusOK, "Qh5", nil, nil, 0},
	{"hr", rcE4E5, "Pf4", StatusNonstandard, "f4", []string{"pawn-letter@0-1"}, nil, 0},
	{"cs", rcE4E5, "Jf3", StatusOK, "Nf3", nil, nil, 0},
	{"cs", rcE4E5, "Sc4", StatusOK, "Bc4", nil, nil, 0},
	{"pl", rcE4E5, "Sf3", StatusOK, "Nf3", nil, nil, 0},
	{"pl", rcE4E5, "Gc4", StatusOK, "Bc4", nil, nil, 0},
	{"pl", rcE4E5, "Hh5", StatusOK, "Qh5", nil, nil, 0},
	{"pl", rcCastle, "Wb1", StatusOK, "Rb1", nil, nil, 0},
	{"pl", rcPromo, "d8H", StatusOK, "d8=Q", nil, nil, 0},
	{"hu", rcE4E5, "Hf3", StatusOK, "Nf3", nil, nil, 0},
	{"hu", rcE4E5, "Fc4", StatusOK, "Bc4", nil, nil, 0},
	{"hu", rcE4E5, "Vh5", StatusOK, "Qh5", nil, nil, 0},
	{"hu", rcE4E5, "Gf4", StatusNonstandard, "f4", []string{"pawn-letter@0-1"}, nil, 0},
	{"hu", rcCastle, "Bb1", StatusOK, "Rb1", nil, nil, 0}, // B is the Hungarian rook
	{"hu", rcPromo, "d8V", StatusOK, "d8=Q", nil, nil, 0},
	{"hu", rcE4E5, "Nf3", StatusNonstandard, "Nf3", []string{"foreign-letter@0-1"}, nil, 0},
	{"da", rcE4E5, "Sf3", StatusOK, "Nf3", nil, nil, 0},
	{"sv", rcE4E5, "Lc4", StatusOK, "Bc4", nil, nil, 0},
	{"no", rcE4E5, "Dh5", StatusOK, "Qh5", nil, nil, 0},
	{"fi", rcE4E5, "Rf3", StatusOK, "Nf3", nil, nil, 0},
	{"is", rcE4E5, "Rf3", StatusOK, "Nf3", nil, nil, 0},
	{"is", rcCastle, "Hb1", StatusOK, "Rb1", nil, nil, 0},
	{"ro", rcE4E5, "Nc4", StatusOK, "Bc4", nil, nil, 0},
	{"ro", rcE4E5, "Cf3", StatusOK, "Nf3", nil, nil, 0},
	{"ru", rcE4E5, "Кf3", StatusOK, "Nf3", nil, nil, 0},
	{"ru", rcE4E5, "Сc4", StatusOK, "Bc4", nil, nil, 0},
	{"ru", rcE4E5, "Фh5", StatusOK, "Qh5", nil, nil, 0},
	{"ru", rcE4E5, "Крe2", StatusOK, "Ke2", nil, nil, 0},
	{"ru", rcE4E5, "КРe2", StatusOK, "Ke2", nil, nil, 0},
	{"ru", rcE4E5, "крe2", StatusNonstandard, "Ke2", []string{"lowercase-piece@0-4"}, nil, 0},
	{"ru", rcE4E5, "кf3", StatusNonstandard, "Nf3", []string{"lowercase-piece@0-2"}, nil, 0},
	{"ru", rcE4E5, "пf4", StatusNonstandard, "f4", []string{"pawn-letter@0-2"}, nil, 0},
	{"ru", rcE4E5, "Nf3", StatusNonstandard, "Nf3", []string{"foreign-letter@0-1"}, nil, 0},
	{"ru", rcCastle, "Лb1", StatusOK, "Rb1", nil, nil, 0},
	{"ru", rcPromo, "d8Ф", StatusOK, "d8=Q", nil, nil, 0},
	{"ru", rcPromo, "d8К", StatusOK, "d8=N", nil, nil, 0},

	// Figurines in any language, either colour's glyph.
	{"en", rcStart, "♘f3", StatusOK, "Nf3", []string{"figurine@0-3"}, nil, 0},
	{"de", rcStart, "♘f3", StatusOK, "Nf3", []string{"figurine@0-3"}, nil, 0},
	{"ru", rcE4, "♞f6", StatusOK, "Nf6", []string{"figurine@0-3"}, nil, 0},
	{"en", rcE4, "♘f6", StatusOK, "Nf6", []string{"figurine@0-3"}, nil, 0},
	{"hr", rcRuy, "♗:c6", StatusOK, "Bxc6", []string{"figurine@0-3", "capture-sign@3-4"}, nil, 0},
	{"en", rcE4E5, "♔e2", StatusOK, "Ke2", []string{"figurine@0-3"}, nil, 0},
	{"fr", rcPromo, "d8♕", StatusOK, "d8=Q", []string{"figurine@2-5"}, nil, 0},
	{"en", rcPromo, "d8=♕", StatusOK, "d8=Q", []string{"figurine@3-6", "promotion-equals@2-6"}, nil, 0},

	// Captures: x, :, ×, X, before or after the arrival square, or none.
	{"en", rcRuy, "Bxc6", StatusOK, "Bxc6", nil, nil, 0},
	{"en", rcRuy, "B:c6", StatusOK, "Bxc6", []string{"capture-sign@1-2"}, nil, 0},
	{"en", rcRuy, "B×c6", StatusOK, "Bxc6", []string{"capture-sign@1-3"}, nil, 0},
	{"en", rcRuy, "BXc6", StatusOK, "Bxc6", []string{"capture-sign@1-2"}, nil, 0},
	{"en", rcRuy, "Bc6", StatusOK, "Bxc6", []string{"capture-mark-missing@1-1"}, nil, 0},
	{"en", rcRuy, "Bb5xc6", StatusOK, "Bxc6", []string{"long-form@1-3"}, nil, 0},
	{"hr", rcRuy, "Lc6:", StatusOK, "Bxc6", []string{"capture-sign@3-4"}, nil, 0},
	{"hr", rcRuy, "L:c6", StatusOK, "Bxc6", []string{"capture-sign@1-2"}, nil, 0},
	{"hr", rcRuy, "Lb5:c6", StatusOK, "Bxc6", []string{"long-form@1-3", "capture-sign@3-4"}, nil, 0},
	{"hr", rcRuy, "L×c6", StatusOK, "Bxc6", []string{"capture-sign@1-3"}, nil, 0},
	{"hr", rcRuy, "Lc6×", StatusOK, "Bxc6", []string{"capture-sign@3-5"}, nil, 0},
	{"hr", rcRuy, "Lb5c6", StatusOK, "Bxc6", []string{"long-form@1-3", "capture-mark-missing@3-3"}, nil, 0},
	{"hr", rcRuy, "Lb5-c6", StatusOK, "Bxc6", []string{"long-form@1-3", "capture-mark-missing@4-4"}, nil, 0},
	{"ru", rcRuy, "С:c6", StatusOK, "Bxc6", []string{"capture-sign@2-3"}, nil, 0},
	{"ru", rcRuy, "Сb5:c6", StatusOK, "Bxc6", []string{"long-form@2-4", "capture-sign@4-5"}, nil, 0},
	{"de", rcRuy, "Lxc6", StatusOK, "Bxc6", nil, nil, 0},
	{"hu", rcRuy, "Fxc6", StatusOK, "Bxc6", nil, nil, 0},
	{"pl", rcRuy, "G:c6", StatusOK, "Bxc6", []string{"capture-sign@1-2"}, nil, 0},
	{"en", rcRuy, "Bxa4", StatusNonstandard, "Ba4", []string{"capture-mark-wrong@1-2"}, nil, 0},
	{"ru", rcE4E5, "Кр:e2", StatusNonstandard, "Ke2", []string{"capture-mark-wrong@4-5"}, nil, 0},
	{"en", rcRuy, "Bxxc6", StatusNonstandard, "Bxc6", []string{"extra-characters@2-3"}, nil, 0},
	{"en", rcRuy, "bxc6", StatusNonstandard, "Bxc6", []string{"lowercase-piece@0-1"}, nil, 0},

	// Pawn captures: exd5, ed5, e:d5, xd5, ed, d5.
	{"en", rcScand, "exd5", StatusOK, "exd5", nil, nil, 0},
	{"en", rcScand, "ed5", StatusOK, "exd5", []string{"capture-mark-missing@1-1"}, nil, 0},
	{"en", rcScand, "e:d5", StatusOK, "exd5", []string{"capture-sign@1-2"}, nil, 0},
	{"en", rcScand, "e×d5", StatusOK, "exd5", []string{"capture-sign@1-3"}, nil, 0},
	{"en", rcScand, "e4xd5", StatusOK, "exd5", []string{"long-form@0-2"}, nil, 0},
	{"en", rcScand, "e4:d5", StatusOK, "exd5", []string{"long-form@0-2", "capture-sign@2-3"}, nil, 0},
	{"en", rcScand, "e4-d5", StatusOK, "exd5", []string{"long-form@0-2", "capture-mark-missing@3-3"}, nil, 0},
	{"en", rcScand, "xd5", StatusNonstandard, "exd5", []string{"pawn-capture-without-file@1-3"}, nil, 0},
	{"en", rcScand, "d5", StatusNonstandard, "exd5", []string{"pawn-capture-without-file@0-2", "capture-mark-missing@0-0"}, nil, 0},
	{"en", rcScand, "ed", StatusNonstandard, "exd5", []string{"file-only-capture@0-2"}, nil, 0},
	{"en", rcScand, "exd", StatusNonstandard, "exd5", []string{"file-only-capture@0-3"}, nil, 0},
	{"en", rcScand, "Exd5", StatusNonstandard, "exd5", []string{"uppercase-square@0-1"}, nil, 0},
	{"hr", rcRuyBx, "bc6", StatusOK, "bxc6", []string{"capture-mark-missing@1-1"}, nil, 0},
	{"hr", rcRuyBx, "dc6", StatusOK, "dxc6", []string{"capture-mark-missing@1-1"}, nil, 0},
	{"hr", rcRuyBx, "d:c6", StatusOK, "dxc6", []string{"capture-sign@1-2"}, nil, 0},
	{"de", rcRuyBx, "dc", StatusNonstandard, "dxc6", []string{"file-only-capture@0-2"}, nil, 0},
	{"en", rcRuyBx, "xc6", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"bxc6", "dxc6"}, 0},
	{"en", rcRuyBx, "c6", StatusAmbiguous, "", []string{"ambiguous@0-2"}, []string{"bxc6", "dxc6"}, 0},

	// En passant: the mark is a note when right, a warning when wrong.
	{"en", rcEP, "exd6", StatusOK, "exd6", []string{"en-passant-mark-missing@4-4"}, nil, 0},
	{"en", rcEP, "exd6 e.p.", StatusOK, "exd6", []string{"en-passant-mark@5-9"}, nil, 0},
	{"en", rcEP, "exd6e.p.", StatusOK, "exd6", []string{"en-passant-mark@4-8"}, nil, 0},
	{"en", rcEP, "exd6 ep", StatusOK, "exd6", []string{"en-passant-mark@5-7"}, nil, 0},
	{"en", rcEP, "exd6ep", StatusOK, "exd6", []string{"en-passant-mark@4-6"}, nil, 0},
	{"en", rcEP, "exd6 e. p.", StatusOK, "exd6", []string{"en-passant-mark@5-10"}, nil, 0},
	{"de", rcEP, "ed6 e.p.", StatusOK, "exd6", []string{"capture-mark-missing@1-1", "en-passant-mark@4-8"}, nil, 0},
	{"en", rcEP, "e5:d6 e.p.", StatusOK, "exd6", []string{"long-form@0-2", "capture-sign@2-3", "en-passant-mark@6-10"}, nil, 0},
	{"en", rcEP, "d6", StatusNonstandard, "exd6", []string{"pawn-capture-without-file@0-2", "capture-mark-missing@0-0", "en-passant-mark-missing@2-2"}, nil, 0},
	{"en", rcScand, "exd5 e.p.", StatusNonstandard, "exd5", []string{"en-passant-mark-wrong@5-9"}, nil, 0},
	{"en", rcScand, "exd5ep", StatusNonstandard, "exd5", []string{"en-passant-mark-wrong@4-6"}, nil, 0},

	// Castling and its slips.
	{"en", rcCastle, "0-0", StatusOK, "O-O", nil, nil, 0},
	{"en", rcCastle, "0-0-0", StatusOK, "O-O-O", nil, nil, 0},
	{"en", rcCastleB, "0-0", StatusOK, "O-O", nil, nil, 0},
	{"en", rcCastle, "O-O", StatusOK, "O-O", []string{"castling-letter-o@0-3"}, nil, 0},
	{"en", rcCastle, "O-O-O", StatusOK, "O-O-O", []string{"castling-letter-o@0-5"}, nil, 0},
	{"en", rcCastle, "00", StatusNonstandard, "O-O", []string{"castling-malformed@0-2"}, nil, 0},
	{"en", rcCastle, "000", StatusNonstandard, "O-O-O", []string{"castling-malformed@0-3"}, nil, 0},
	{"en", rcCastle, "o-o", StatusNonstandard, "O-O", []string{"castling-malformed@0-3"}, nil, 0},
	{"en", rcCastle, "o-o-o", StatusNonstandard, "O-O-O", []string{"castling-malformed@0-5"}, nil, 0},
	{"en", rcCastle, "OO", StatusNonstandard, "O-O", []string{"castling-malformed@0-2"}, nil, 0},
	{"en", rcCastle, "0-0-0-", StatusNonstandard, "O-O-O", []string{"castling-malformed@0-6"}, nil, 0},
	{"en", rcCastle, "0--0", StatusNonstandard, "O-O", []string{"castling-malformed@0-4"}, nil, 0},
	{"en", rcCastle, "O-0", StatusNonstandard, "O-O", []string{"castling-malformed@0-3"}, nil, 0},
	{"en", rcCastle, "0\u20110", StatusNonstandard, "O-O", []string{"castling-malformed@0-5"}, nil, 0},
	{"en", rcCastle, "0\u20130\u20130", StatusNonstandard, "O-O-O", []string{"castling-malformed@0-9"}, nil, 0},
	{"en", rcCastle, "O\u2011O", StatusNonstandard, "O-O", []string{"castling-malformed@0-5"}, nil, 0},
	{"en", rcCastle, "Kg1", StatusNonstandard, "O-O", []string{"castling-as-king-move@0-3"}, nil, 0},
	{"en", rcCastle, "Ke1-c1", StatusNonstandard, "O-O-O", []string{"castling-as-king-move@0-6"}, nil, 0},
	{"en", rcCastle, "e1g1", StatusNonstandard, "O-O", []string{"castling-as-king-move@0-4"}, nil, 0},
	{"de", rcCastle, "0-0", StatusOK, "O-O", nil, nil, 0},
	{"ru", rcCastle, "0-0-0", StatusOK, "O-O-O", nil, nil, 0},
	{"en", rcCastleC, "0-0+", StatusOK, "O-O+", nil, nil, 0},
	{"en", rcCastleC, "0-0", StatusOK, "O-O+", []string{"check-mark-missing@3-3"}, nil, 0},
	{"en", rcCastle, "0-0+", StatusNonstandard, "O-O", []string{"check-mark-wrong@3-4"}, nil, 0},
	{"en", rcStart, "0-0", StatusIllegal, "", []string{"no-legal-move@0-3"}, nil, 0},
	{"en", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "0-0-0", StatusIllegal, "", []string{"no-legal-move@0-5"}, nil, 0},

	// Promotion: d8Q, d8=Q, d8(Q), d8/Q, d8D (German), and none at all.
	{"en", rcPromo, "d8Q", StatusOK, "d8=Q", nil, nil, 0},
	{"en", rcPromo, "d8N", StatusOK, "d8=N", nil, nil, 0},
	{"en", rcPromo, "d8=Q", StatusOK, "d8=Q", []string{"promotion-equals@2-4"}, nil, 0},
	{"en", rcPromo, "d8(Q)", StatusNonstandard, "d8=Q", []string{"promotion-malformed@2-5"}, nil, 0},
	{"en", rcPromo, "d8/Q", StatusNonstandard, "d8=Q", []string{"promotion-malformed@2-4"}, nil, 0},
	{"en", rcPromo, "d7-d8R", StatusOK, "d8=R", []string{"long-form@0-2"}, nil, 0},
	{"en", rcPromo, "d8q", StatusNonstandard, "d8=Q", []string{"lowercase-piece@2-3"}, nil, 0},
	{"de", rcPromo, "d8D", StatusOK, "d8=Q", nil, nil, 0},
	{"de", rcPromo, "d8S", StatusOK, "d8=N", nil, nil, 0},
	{"de", rcPromo, "d8=D", StatusOK, "d8=Q", []string{"promotion-equals@2-4"}, nil, 0},
	{"en", rcPromo, "d8D", StatusNonstandard, "d8=Q", []string{"foreign-letter@2-3"}, nil, 0},
	{"fr", rcPromo, "d8D", StatusOK, "d8=Q", nil, nil, 0},
	{"fr", rcPromo, "d8C", StatusOK, "d8=N", nil, nil, 0},
	{"hr", rcPromo, "d8S", StatusOK, "d8=N", nil, nil, 0},
	{"en", rcPromo, "d8", StatusIllegal, "d8=Q", []string{"promotion-piece-missing@0-2"}, []string{"d8=Q", "d8=R", "d8=B", "d8=N"}, 0},
	{"de", rcPromo, "d8", StatusIllegal, "d8=Q", []string{"promotion-piece-missing@0-2"}, []string{"d8=Q", "d8=R", "d8=B", "d8=N"}, 0},
	{"en", rcPromo, "d7-d8", StatusIllegal, "d8=Q", []string{"promotion-piece-missing@3-5", "long-form@0-2"}, []string{"d8=Q", "d8=R", "d8=B", "d8=N"}, 0},
	{"en", rcPromo, "d8+", StatusIllegal, "d8=Q", []string{"promotion-piece-missing@0-2", "check-mark-wrong@2-3"}, []string{"d8=Q", "d8=R", "d8=B", "d8=N"}, 0},
	{"en", rcPromoX, "dxc8Q", StatusOK, "dxc8=Q", nil, nil, 0},
	{"en", rcPromoX, "dxc8=N", StatusOK, "dxc8=N", []string{"promotion-equals@4-6"}, nil, 0},
	{"en", rcPromoX, "dc8Q", StatusOK, "dxc8=Q", []string{"capture-mark-missing@1-1"}, nil, 0},
	{"en", rcPromoX, "dxc8", StatusIllegal, "dxc8=Q", []string{"promotion-piece-missing@2-4"}, []string{"dxc8=Q", "dxc8=R", "dxc8=B", "dxc8=N"}, 0},

	// Check and mate marks: +, ++, #; their absence is a note.
	{"en", rcMate, "Qxf7#", StatusOK, "Qxf7#", nil, nil, 0},
	{"en", rcMate, "Qxf7++", StatusOK, "Qxf7#", nil, nil, 0},
	{"en", rcMate, "Qxf7 #", StatusOK, "Qxf7#", nil, nil, 0},
	{"en", rcMate, "Qxf7", StatusOK, "Qxf7#", []string{"mate-mark-missing@4-4"}, nil, 0},
	{"en", rcMate, "Qxf7+", StatusOK, "Qxf7#", []string{"mate-mark-missing@4-5"}, nil, 0},
	{"en", rcMate, "Bxf7+", StatusOK, "Bxf7+", nil, nil, 0},
	{"en", rcMate, "Bxf7", StatusOK, "Bxf7+", []string{"check-mark-missing@4-4"}, nil, 0},
	{"en", rcMate, "Bxf7#", StatusNonstandard, "Bxf7+", []string{"mate-mark-wrong@4-5"}, nil, 0},
	{"en", rcMate, "Bxf7++", StatusNonstandard, "Bxf7+", []string{"mate-mark-wrong@4-6"}, nil, 0},
	{"en", rcMate, "Nf3+", StatusNonstandard, "Nf3", []string{"check-mark-wrong@3-4"}, nil, 0},
	{"en", rcMate, "Nf3#", StatusNonstandard, "Nf3", []string{"mate-mark-wrong@3-4"}, nil, 0},
	{"hr", rcDouble, "Sf6++", StatusOK, "Nf6+", []string{"double-check-mark@3-5"}, nil, 0},
	{"en", rcDouble, "Nf6+", StatusOK, "Nf6+", nil, nil, 0},

	// Glyphs and the draw offer, with or without a space.
	{"en", rcRuy, "Bxc6!", StatusOK, "Bxc6", []string{"annotation@4-5"}, nil, 0},
	{"en", rcRuy, "Bxc6?", StatusOK, "Bxc6", []string{"annotation@4-5"}, nil, 0},
	{"en", rcRuy, "Bxc6!!", StatusOK, "Bxc6", []string{"annotation@4-6"}, nil, 0},
	{"en", rcRuy, "Bxc6??", StatusOK, "Bxc6", []string{"annotation@4-6"}, nil, 0},
	{"en", rcRuy, "Bxc6!?", StatusOK, "Bxc6", []string{"annotation@4-6"}, nil, 0},
	{"en", rcRuy, "Bxc6?!", StatusOK, "Bxc6", []string{"annotation@4-6"}, nil, 0},
	{"en", rcRuy, "Bxc6 !?", StatusOK, "Bxc6", []string{"annotation@5-7"}, nil, 0},
	{"en", rcRuy, "Bxc6???", StatusOK, "Bxc6", []string{"annotation@4-7"}, nil, 0},
	{"en", rcMate, "Qxf7#!", StatusOK, "Qxf7#", []string{"annotation@5-6"}, nil, 0},
	{"en", rcRuy, "Bxc6 (=)", StatusOK, "Bxc6", []string{"draw-offer@5-8"}, nil, 0},
	{"en", rcRuy, "Bxc6(=)", StatusOK, "Bxc6", []string{"draw-offer@4-7"}, nil, 0},
	{"de", rcRuy, "Lxc6!(=)", StatusOK, "Bxc6", []string{"annotation@4-5", "draw-offer@5-8"}, nil, 0},
	{"hr", rcE4E5, "Sf3.", StatusNonstandard, "Nf3", []string{"extra-characters@3-4"}, nil, 0},

	// Move numbers in front of the move.
	{"en", rcStart, "12. Nf3", StatusOK, "Nf3", nil, nil, 12},
	{"en", rcStart, "12.Nf3", StatusOK, "Nf3", nil, nil, 12},
	{"en", rcStart, "12 Nf3", StatusOK, "Nf3", nil, nil, 12},
	{"en", rcE4, "12... Nf6", StatusOK, "Nf6", nil, nil, 12},
	{"en", rcE4, "12. … Nf6", StatusOK, "Nf6", nil, nil, 12},
	{"en", rcE4, "12…Nf6", StatusOK, "Nf6", nil, nil, 12},

	// Disambiguation (C.10): ambiguous is an error, more than needed a note.
	{"en", rcNd2, "Nd2", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"Nbd2", "Nfd2"}, 0},
	{"de", rcNd2, "Sd2", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"Nbd2", "Nfd2"}, 0},
	{"en", rcNd2, "Nd2+", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"Nbd2", "Nfd2"}, 0},
	{"en", rcNd2, "Nbd2", StatusOK, "Nbd2", nil, nil, 0},
	{"en", rcNd2, "Nfd2", StatusOK, "Nfd2", nil, nil, 0},
	{"en", rcNd2, "N1d2", StatusOK, "Nbd2", []string{"rank-disambiguation@1-2"}, nil, 0},
	{"en", rcNd2, "N3d2", StatusOK, "Nfd2", []string{"rank-disambiguation@1-2"}, nil, 0},
	{"en", rcNd2, "Nb1d2", StatusOK, "Nbd2", []string{"long-form@1-3"}, nil, 0},
	{"en", rcNd2, "Nfg5", StatusOK, "Ng5", []string{"over-disambiguated@1-2"}, nil, 0},
	{"en", rcRooks, "Rd1", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"Rad1", "Rhd1"}, 0},
	{"en", rcRooks, "Rhd1", StatusOK, "Rhd1", nil, nil, 0},
	{"en", rcRooks, "R1d1", StatusAmbiguous, "", []string{"ambiguous@1-2"}, []string{"Rad1", "Rhd1"}, 0},
	{"en", rcRooksF, "Ra4", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"R1a4", "R8a4"}, 0},
	{"en", rcRooksF, "Raa4", StatusAmbiguous, "", []string{"ambiguous@1-2"}, []string{"R1a4", "R8a4"}, 0},
	{"en", rcRooksF, "R1a4", StatusOK, "R1a4", nil, nil, 0},
	{"en", rcKnights, "Ng6", StatusAmbiguous, "", []string{"ambiguous@0-3"}, []string{"Nfg6", "Nh4g6", "N8g6"}, 0},
	{"en", rcKnights, "N4g6", StatusAmbiguous, "", []string{"ambiguous@1-2"}, []string{"Nfg6", "Nh4g6"}, 0},
	{"en", rcKnights, "Nh4g6", StatusOK, "Nh4g6", nil, nil, 0},
	{"en", rcKnights, "N8g6", StatusOK, "N8g6", nil, nil, 0},
	{"en", rcKnights, "Nhg6", StatusAmbiguous, "", []string{"ambiguous@1-2"}, []string{"Nh4g6", "N8g6"}, 0},

	// A written origin is never dropped silently (C.10, 7.5.1).
	{"en", rcPinned, "Nge2", StatusIllegal, "", []string{"wrong-origin@1-2"}, []string{"Ne2"}, 0},
	{"en", rcPinned, "Ng1e2", StatusIllegal, "", []string{"wrong-origin@1-3"}, []string{"Ne2"}, 0},
	{"en", rcPinned, "Ng1-e2", StatusIllegal, "", []string{"wrong-origin@1-3"}, []string{"Ne2"}, 0},
	{"hr", rcPinned, "Sge2", StatusIllegal, "", []string{"wrong-origin@1-2"}, []string{"Ne2"}, 0},
	{"en", rcPinned, "Ne2", StatusOK, "Ne2", nil, nil, 0},
	{"en", rcPinned, "Nce2", StatusOK, "Ne2", []string{"over-disambiguated@1-2"}, nil, 0},
	{"en", rcPinned, "g1e2", StatusIllegal, "", []string{"no-legal-move@0-4"}, nil, 0},
	{"en", rcNd2, "Ne1d2", StatusIllegal, "", []string{"wrong-origin@1-3"}, []string{"Nbd2", "Nfd2"}, 0},
	{"en", rcNd2, "Ngg5", StatusIllegal, "", []string{"wrong-origin@1-2"}, []string{"Ng5"}, 0},
	// A look-alike that reads as an origin ("5f6": a pawn from the fifth
	// rank) lists first the move it is one look-alike from (Sf6).
	{"de", "e4 d6 d4", "5f6", StatusIllegal, "", []string{"wrong-origin@0-1"}, []string{"Nf6", "f6"}, 0},

	// No legal move.
	{"en", rcNd2, "Qd4", StatusIllegal, "", []string{"no-legal-move@0-3"}, nil, 0},
	{"en", rcE4E5, "Bb4", StatusIllegal, "", []string{"no-legal-move@0-3"}, nil, 0}, // never the b-pawn
	{"en", rcRuyBx, "Bxc3", StatusIllegal, "", []string{"no-legal-move@0-4"}, nil, 0},
	{"de", rcE4E5, "Be4", StatusIllegal, "", []string{"no-legal-move@0-3"}, nil, 0},
	{"en", rcE4E5, "Dd4", StatusIllegal, "", []string{"no-legal-move@0-3"}, nil, 0}, // not d4
	{"en", rcMated, "Nf3", StatusIllegal, "", []string{"game-over@0-3"}, nil, 0},

	// Descriptive notation is not algebraic (Appendix C): unreadable, with
	// the moves it can mean as candidates.
	{"en", rcStart, "P-K4", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"e4"}, 0},
	{"en", rcStart, "P-QB4", StatusUnreadable, "", []string{"not-algebraic@0-5", "descriptive@0-5"}, []string{"c4"}, 0},
	{"en", rcStart, "P-B4", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"c4", "f4"}, 0},
	{"en", rcStart, "N-KB3", StatusUnreadable, "", []string{"not-algebraic@0-5", "descriptive@0-5"}, []string{"Nf3"}, 0},
	{"en", rcStart, "Kt-KB3", StatusUnreadable, "", []string{"not-algebraic@0-6", "descriptive@0-6"}, []string{"Nf3"}, 0},
	{"en", rcStart, "N-B3", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"Nc3", "Nf3"}, 0},
	{"en", "d4 d5 Nd2 Nf6", "N-B3", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"Ngf3", "Ndf3"}, 0}, // not Nb3
	{"en", rcE4, "P-K4", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"e5"}, 0},
	{"en", rcE4, "P-Q4", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"d5"}, 0},
	{"en", rcScand, "PxP", StatusUnreadable, "", []string{"not-algebraic@0-3", "descriptive@0-3"}, []string{"exd5"}, 0},
	{"en", rcRuy, "BxN", StatusUnreadable, "", []string{"not-algebraic@0-3", "descriptive@0-3"}, []string{"Bxc6"}, 0},
	{"en", rcRuy, "BxKt", StatusUnreadable, "", []string{"not-algebraic@0-4", "descriptive@0-4"}, []string{"Bxc6"}, 0},
	{"en", rcStart, "Kt", StatusUnreadable, "", []string{"not-algebraic@0-2"}, nil, 0},
	{"en", rcStart, "B5", StatusUnreadable, "", []string{"not-algebraic@0-2"}, nil, 0},
	{"en", rcStart, "Nf3f3", StatusIllegal, "", []string{"wrong-origin@1-3"}, []string{"Nf3"}, 0},
	{"en", rcStart, "+", StatusUnreadable, "", []string{"not-algebraic@0-1"}, nil, 0},
	{"en", rcStart, "d8K", StatusUnreadable, "", []string{"not-algebraic@0-3"}, nil, 0},

	// Results and missing cells.
	{"en", rcRuy, "1-0", StatusResult, "", nil, nil, 0},
	{"en", rcRuy, "0-1", StatusResult, "", nil, nil, 0},
	{"en", rcRuy, "1/2-1/2", StatusResult, "", nil, nil, 0},
	{"en", rcRuy, "½-½", StatusResult, "", nil, nil, 0},
	{"en", rcRuy, "*", StatusResult, "", nil, nil, 0},
	{"en", rcRuy, "", StatusMissing, "", nil, nil, 0},
	{"en", rcRuy, "   ", StatusMissing, "", nil, nil, 0},
	{"en", rcRuy, "?", StatusMissing, "", nil, nil, 0},
	{"en", rcRuy, "-", StatusMissing, "", nil, nil, 0},
	{"en", rcRuy, "\u2013", StatusMissing, "", nil, nil, 0},
	{"en", rcRuy, "--", StatusMissing, "", nil, nil, 0},
	{"en", rcRuy, "12.", StatusMissing, "", nil, nil, 12},
	{"en", rcRuy, "12...", StatusMissing, "", nil, nil, 12},
}

// readPos returns a position given as a FEN or as SAN moves from the start.
func readPos(t testing.TB, s string) *Position {
	t.Helper()
	if strings.Count(s, "/") == 7 {
		p, err := ParseFEN(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return p
	}
	p := NewPosition()
	for _, w := range strings.Fields(s) {
		m, err := p.ParseSAN(w)
		if err != nil {
			t.Fatalf("%q: %s: %v", s, w, err)
		}
		p = p.Play(m)
	}
	return p
}

func readLetters(t testing.TB, code string) *Letters {
	t.Helper()
	l, ok := LettersFor(code)
	if !ok {
		t.Fatalf("no letters %q", code)
	}
	return l
}

// findingStrings gives findings as sorted "code@start-end".
func findingStrings(fs []Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = fmt.Sprintf("%s@%d-%d", f.Code, f.Offset, f.End)
	}
	slices.Sort(out)
	return out
}

func rdSANs(p *Position, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.SAN(m)
	}
	return out
}

func TestReadCellTable(t *testing.T) {
	for _, c := range readCellCases {
		p := readPos(t, c.pos)
		l := readLetters(t, c.lang)
		rd := ReadCell(p, c.written, l)
		name := fmt.Sprintf("%s %q in [%s]", c.lang, c.written, c.pos)

		move := ""
		if rd.Move != NoMove {
			if !p.Legal(rd.Move) {
				t.Errorf("%s: move %v is not legal", name, rd.Move)
				continue
			}
			move = p.SAN(rd.Move)
		}
		want := slices.Clone(c.codes)
		slices.Sort(want)
		got := findingStrings(rd.Findings)
		cands := rdSANs(p, rd.Candidates)
		if rd.Status != c.status || move != c.move || !slices.Equal(got, want) {
			t.Errorf("%s:\n got %s %q %v cands %v\nwant %s %q %v", name, rd.Status, move, got, cands, c.status, c.move, want)
			continue
		}
		if c.cands != nil && !slices.Equal(cands, c.cands) {
			t.Errorf("%s: candidates %v, want %v", name, cands, c.cands)
		}
		if c.num != 0 && rd.Number != c.num {
			t.Errorf("%s: number %d, want %d", name, rd.Number, c.num)
		}
		checkReadingInvariants(t, name, p, rd)
	}
}

// checkReadingInvariants holds for every reading: findings sorted worst
// first and inside the text, candidates legal and only where the cell
// names no single move, the status agreeing with the findings.
func checkReadingInvariants(t testing.TB, name string, p *Position, rd Reading) {
	t.Helper()
	if int(rd.Status) >= len(statusNames) {
		t.Fatalf("%s: status %d", name, rd.Status)
	}
	for i, f := range rd.Findings {
		if f.Offset < 0 || f.Offset > f.End || f.End > len(rd.Written) {
			t.Fatalf("%s: finding %v outside 0..%d", name, f, len(rd.Written))
		}
		if _, ok := codeTable[f.Code]; !ok {
			t.Fatalf("%s: unknown code %q", name, f.Code)
		}
		if i > 0 && f.Severity() > rd.Findings[i-1].Severity() {
			t.Fatalf("%s: findings not worst first: %v", name, rd.Findings)
		}
	}
	if rd.Move != NoMove && !p.Legal(rd.Move) {
		t.Fatalf("%s: move %v not legal", name, rd.Move)
	}
	for _, m := range rd.Candidates {
		if !p.Legal(m) {
			t.Fatalf("%s: candidate %v not legal", name, m)
		}
	}
	worst := Note
	for _, f := range rd.Findings {
		worst = max(worst, f.Severity())
	}
	switch rd.Status {
	case StatusOK:
		if rd.Move == NoMove || worst > Note || len(rd.Candidates) > 0 {
			t.Fatalf("%s: ok with move %v, findings %v, candidates %v", name, rd.Move, rd.Findings, rd.Candidates)
		}
	case StatusNonstandard:
		if rd.Move == NoMove || worst != Warning || len(rd.Candidates) > 0 {
			t.Fatalf("%s: nonstandard with move %v, findings %v", name, rd.Move, rd.Findings)
		}
	case StatusAmbiguous, StatusUnreadable:
		if rd.Move != NoMove || worst != Error {
			t.Fatalf("%s: %s with move %v, findings %v", name, rd.Status, rd.Move, rd.Findings)
		}
	case StatusIllegal:
		if worst != Error {
			t.Fatalf("%s: illegal without an error: %v", name, rd.Findings)
		}
		// Only an unnamed promotion keeps its move: the pawn becomes a queen (7.5.2).
		if rd.Move != NoMove && (rd.Move.Promotion() != Queen || !slices.ContainsFunc(rd.Findings, func(f Finding) bool { return f.Code == CodePromotionPieceMissing })) {
			t.Fatalf("%s: illegal with move %v", name, rd.Move)
		}
	case StatusMissing, StatusResult:
		// No move; notes only ("(=)" or "!" without a move), or the
		// sheet's move-number check.
		if rd.Move != NoMove || slices.ContainsFunc(rd.Findings, func(f Finding) bool {
			return f.Severity() > Note && f.Code != CodeMoveNumberMismatch
		}) {
			t.Fatalf("%s: %s with move or findings", name, rd.Status)
		}
	}
}

// TestReadCellCoversEveryCode: the table exercises every finding code the
// reader has but the sheet's move-number check.
func TestReadCellCoversEveryCode(t *testing.T) {
	seen := map[Code]bool{CodeMoveNumberMismatch: true}
	for _, c := range readCellCases {
		for _, s := range c.codes {
			code, _, _ := strings.Cut(s, "@")
			seen[Code(code)] = true
		}
	}
	for _, c := range Codes() {
		if !seen[c] {
			t.Errorf("no table row produces %s", c)
		}
	}
}

// TestReadCellEveryLegalMove: every legal move, written in SAN, long
// algebraic and in each language's letters (figurines too), reads back as
// that move with status ok, in a few varied positions.
func TestReadCellEveryLegalMove(t *testing.T) {
	fens := []string{StartFEN, rcKnights,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"1r3k2/P1P5/8/8/8/8/8/R3K2R w KQ - 0 1",
		"r3k2r/p2pqpb1/1n2pnp1/2pPN3/1p2P3/2N2Q1p/PPPB1PPP/R3K2R w KQkq c6 0 2",
	}
	for _, fen := range fens {
		p := readPos(t, fen)
		for _, m := range p.LegalMoves() {
			for _, l := range Languages() {
				for _, n := range []Notation{{Letters: l, FIDEPromotion: true, ZeroCastling: true},
					{Letters: l, Long: true, FIDEPromotion: true, ZeroCastling: true}, {Figurine: true, ZeroCastling: true}} {
					w := p.Write(m, n)
					rd := ReadCell(p, w, l)
					if rd.Move != m || rd.Status != StatusOK {
						t.Fatalf("%s %s: %q reads %v %s %v", fen, l.Code, w, rd.Move, rd.Status, rd.Findings)
					}
				}
			}
		}
	}
}

// TestSpellIsWrite: the reader's own spelling of a move (for the nearest
// candidates) is Write's, in every language.
func TestSpellIsWrite(t *testing.T) {
	for _, p := range fuzzPositions(t) {
		legal := p.LegalMoves()
		for _, m := range legal {
			for _, l := range Languages() {
				want := p.Write(m, Notation{Letters: l, NoCheckMarks: true, FIDEPromotion: true})
				if got := string(spell(p, m, legal, l, nil)); got != want {
					t.Fatalf("%s %s: spell %q, Write %q", p.FEN(), l.Code, got, want)
				}
			}
		}
	}
}
