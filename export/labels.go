package export

import (
	"slices"
	"strings"
)

// The words printed on PDF scoresheets and written into workbooks. Errors
// of this package carry codes; printed output needs words, and they all
// come from this table, keyed by UI language ("en", "de"). Keys are
// stable: plain words ("round"), reading findings ("cell.CODE", the
// rules.Code), arbiter checks ("check.CODE", the sheet.CheckCode), ply
// statuses ("status.STATUS") and game states ("state.STATE").
var labels = map[string]map[string]string{
	"en": {
		"scoresheet":      "Scoresheet",
		"continuation":    "Continuation sheet",
		"findings-more":   "Findings (continued)",
		"event":           "Event",
		"site":            "Site",
		"date":            "Date",
		"round":           "Round",
		"board":           "Board",
		"white":           "White",
		"black":           "Black",
		"rating":          "Rating",
		"no":              "No.",
		"time":            "Time",
		"result":          "Result",
		"signature":       "Signature",
		"sig-white":       "White's signature",
		"sig-black":       "Black's signature",
		"sig-arbiter":     "Arbiter",
		"findings":        "Findings",
		"article":         "Art.",
		"page":            "Page",
		"of":              "of",
		"copy-white":      "White's copy",
		"copy-black":      "Black's copy",
		"holder":          "Copy of",
		"draw-offer":      "(=) draw offered",
		"games":           "Games",
		"white-rating":    "White rating",
		"black-rating":    "Black rating",
		"plies":           "Plies",
		"state":           "State",
		"errors":          "Errors",
		"warnings":        "Warnings",
		"checks":          "Arbiter checks",
		"sheet":           "Sheet",
		"ply":             "Ply",
		"move-no":         "Move",
		"written-white":   "White's copy (as written)",
		"written-black":   "Black's copy (as written)",
		"move-taken":      "Move taken",
		"status":          "Status",
		"draw":            "Draw offer",
		"clock-white":     "Clock, White's copy",
		"clock-black":     "Clock, Black's copy",
		"yes":             "yes",
		"ply-of":          "ply",
		"status.agreed":   "agreed",
		"status.single":   "one copy",
		"status.resolved": "resolved",
		"status.differ":   "copies differ",
		"status.doubtful": "doubtful",
		"status.decided":  "decided by the arbiter",
		"status.none":     "no move",
		"state.empty":     "empty",
		"state.open":      "needs decisions",
		"state.no-result": "no result",
		"state.complete":  "complete",
		"state.bad":       "unreadable start position",

		"cell.ambiguous":                 "ambiguous: several legal moves match",
		"cell.no-legal-move":             "no legal move matches",
		"cell.wrong-origin":              "no piece can move from the square written",
		"cell.promotion-piece-missing":   "promotion without the piece",
		"cell.not-algebraic":             "not algebraic notation",
		"cell.descriptive":               "descriptive notation (P-K4), not algebraic",
		"cell.game-over":                 "move written after the game ended",
		"cell.pawn-letter":               "letter written for a pawn",
		"cell.pawn-capture-without-file": "pawn capture without the file",
		"cell.file-only-capture":         "capture written with files only",
		"cell.foreign-letter":            "piece letter of another language",
		"cell.lowercase-piece":           "piece letter in lower case",
		"cell.uppercase-square":          "square in capitals",
		"cell.piece-letter-missing":      "piece letter missing",
		"cell.capture-mark-wrong":        "capture mark on a move that captures nothing",
		"cell.check-mark-wrong":          "check mark on a move that gives no check",
		"cell.mate-mark-wrong":           "mate mark on a move that does not mate",
		"cell.castling-malformed":        "castling written wrongly",
		"cell.castling-as-king-move":     "castling written as a king move",
		"cell.promotion-malformed":       "promotion written wrongly",
		"cell.en-passant-mark-wrong":     "en passant mark on another move",
		"cell.extra-characters":          "extra characters",
		"cell.captured-piece-named":      "the piece taken written",
		"cell.move-number-mismatch":      "move number does not fit",
		"cell.long-form":                 "long algebraic notation",
		"cell.capture-sign":              "capture sign other than x",
		"cell.castling-letter-o":         "castling with the letter O",
		"cell.promotion-equals":          "promotion with =",
		"cell.over-disambiguated":        "more origin than needed",
		"cell.rank-disambiguation":       "rank given where the file was enough",
		"cell.capture-mark-missing":      "capture mark missing",
		"cell.check-mark-missing":        "check mark missing",
		"cell.mate-mark-missing":         "mate mark missing",
		"cell.en-passant-mark":           "en passant marked",
		"cell.en-passant-mark-missing":   "en passant not marked",
		"cell.annotation":                "annotation",
		"cell.figurine":                  "figurine",
		"cell.draw-offer":                "draw offer",
		"cell.double-check-mark":         "double check marked ++",

		"check.threefold-repetition":     "threefold repetition: a draw can be claimed",
		"check.fivefold-repetition":      "fivefold repetition: the game is drawn",
		"check.fifty-moves":              "fifty moves without capture or pawn move",
		"check.seventy-five-moves":       "seventy-five moves: the game is drawn",
		"check.draw-offer":               "draw offer",
		"check.draw-offer-one-copy":      "draw offer on one copy only",
		"check.illegal-move":             "illegal move completed",
		"check.second-illegal-move":      "second illegal move: the player loses",
		"check.time-control-reached":     "time control reached",
		"check.time-control-short":       "fewer moves than the time control needs",
		"check.checkmate":                "checkmate",
		"check.stalemate":                "stalemate",
		"check.dead-position":            "dead position",
		"check.result-contradicts-board": "the result does not fit the final position",
		"check.result-missing":           "the game is over but has no result",
		"check.copy-shorter":             "one copy stops early",
		"check.copies-differ":            "the copies differ",
		"check.needs-decision":           "neither copy names a move",
		"check.missing-cell":             "cell blank, illegible or not recorded",
		"check.clock-backwards":          "clock time impossible",
		"check.bad-start-position":       "start position does not read",
		"check.bad-time-control":         "time control does not read",
	},
	"de": {
		"scoresheet":      "Partieformular",
		"continuation":    "Fortsetzungsblatt",
		"findings-more":   "Befunde (Fortsetzung)",
		"event":           "Turnier",
		"site":            "Ort",
		"date":            "Datum",
		"round":           "Runde",
		"board":           "Brett",
		"white":           "Weiß",
		"black":           "Schwarz",
		"rating":          "Elo",
		"no":              "Nr.",
		"time":            "Zeit",
		"result":          "Ergebnis",
		"signature":       "Unterschrift",
		"sig-white":       "Unterschrift Weiß",
		"sig-black":       "Unterschrift Schwarz",
		"sig-arbiter":     "Schiedsrichter",
		"findings":        "Befunde",
		"article":         "Art.",
		"page":            "Seite",
		"of":              "von",
		"copy-white":      "Formular Weiß",
		"copy-black":      "Formular Schwarz",
		"holder":          "Formular von",
		"draw-offer":      "(=) Remisangebot",
		"games":           "Partien",
		"white-rating":    "Elo Weiß",
		"black-rating":    "Elo Schwarz",
		"plies":           "Halbzüge",
		"state":           "Stand",
		"errors":          "Fehler",
		"warnings":        "Warnungen",
		"checks":          "Schiedsrichterprüfungen",
		"sheet":           "Blatt",
		"ply":             "Halbzug",
		"move-no":         "Zug",
		"written-white":   "Formular Weiß (wie geschrieben)",
		"written-black":   "Formular Schwarz (wie geschrieben)",
		"move-taken":      "Übernommener Zug",
		"status":          "Status",
		"draw":            "Remisangebot",
		"clock-white":     "Uhr, Formular Weiß",
		"clock-black":     "Uhr, Formular Schwarz",
		"yes":             "ja",
		"ply-of":          "Halbzug",
		"status.agreed":   "übereinstimmend",
		"status.single":   "ein Formular",
		"status.resolved": "aufgelöst",
		"status.differ":   "Formulare weichen ab",
		"status.doubtful": "zweifelhaft",
		"status.decided":  "vom Schiedsrichter entschieden",
		"status.none":     "kein Zug",
		"state.empty":     "leer",
		"state.open":      "Entscheidungen offen",
		"state.no-result": "ohne Ergebnis",
		"state.complete":  "vollständig",
		"state.bad":       "Stellung nicht lesbar",

		"cell.ambiguous":                 "mehrdeutig: mehrere legale Züge passen",
		"cell.no-legal-move":             "kein legaler Zug passt",
		"cell.wrong-origin":              "vom notierten Feld kann keine Figur ziehen",
		"cell.promotion-piece-missing":   "Umwandlung ohne Figur",
		"cell.not-algebraic":             "keine algebraische Notation",
		"cell.descriptive":               "beschreibende Notation (P-K4), nicht algebraisch",
		"cell.game-over":                 "Zug nach Partieende notiert",
		"cell.pawn-letter":               "Buchstabe für einen Bauern",
		"cell.pawn-capture-without-file": "Bauernschlag ohne Linie",
		"cell.file-only-capture":         "Schlag nur mit Linien notiert",
		"cell.foreign-letter":            "Figurenbuchstabe einer anderen Sprache",
		"cell.lowercase-piece":           "Figurenbuchstabe klein geschrieben",
		"cell.uppercase-square":          "Feld groß geschrieben",
		"cell.piece-letter-missing":      "Figurenbuchstabe fehlt",
		"cell.capture-mark-wrong":        "Schlagzeichen ohne Schlag",
		"cell.check-mark-wrong":          "Schachzeichen ohne Schach",
		"cell.mate-mark-wrong":           "Mattzeichen ohne Matt",
		"cell.castling-malformed":        "Rochade falsch notiert",
		"cell.castling-as-king-move":     "Rochade als Königszug notiert",
		"cell.promotion-malformed":       "Umwandlung falsch notiert",
		"cell.en-passant-mark-wrong":     "e.p.-Zeichen bei einem anderen Zug",
		"cell.extra-characters":          "überzählige Zeichen",
		"cell.captured-piece-named":      "geschlagene Figur notiert",
		"cell.move-number-mismatch":      "Zugnummer passt nicht",
		"cell.long-form":                 "lange algebraische Notation",
		"cell.capture-sign":              "anderes Schlagzeichen als x",
		"cell.castling-letter-o":         "Rochade mit dem Buchstaben O",
		"cell.promotion-equals":          "Umwandlung mit =",
		"cell.over-disambiguated":        "mehr Ausgangsfeld als nötig",
		"cell.rank-disambiguation":       "Reihe statt der genügenden Linie",
		"cell.capture-mark-missing":      "Schlagzeichen fehlt",
		"cell.check-mark-missing":        "Schachzeichen fehlt",
		"cell.mate-mark-missing":         "Mattzeichen fehlt",
		"cell.en-passant-mark":           "en passant vermerkt",
		"cell.en-passant-mark-missing":   "en passant nicht vermerkt",
		"cell.annotation":                "Anmerkung",
		"cell.figurine":                  "Figurine",
		"cell.draw-offer":                "Remisangebot",
		"cell.double-check-mark":         "Doppelschach mit ++",

		"check.threefold-repetition":     "dreimalige Wiederholung: Remis kann beansprucht werden",
		"check.fivefold-repetition":      "fünfmalige Wiederholung: die Partie ist remis",
		"check.fifty-moves":              "fünfzig Züge ohne Schlag oder Bauernzug",
		"check.seventy-five-moves":       "fünfundsiebzig Züge: die Partie ist remis",
		"check.draw-offer":               "Remisangebot",
		"check.draw-offer-one-copy":      "Remisangebot nur auf einem Formular",
		"check.illegal-move":             "regelwidriger Zug ausgeführt",
		"check.second-illegal-move":      "zweiter regelwidriger Zug: die Partie ist verloren",
		"check.time-control-reached":     "Zeitkontrolle erreicht",
		"check.time-control-short":       "weniger Züge als die Zeitkontrolle verlangt",
		"check.checkmate":                "Schachmatt",
		"check.stalemate":                "Patt",
		"check.dead-position":            "tote Stellung",
		"check.result-contradicts-board": "das Ergebnis passt nicht zur Schlussstellung",
		"check.result-missing":           "die Partie ist beendet, aber ohne Ergebnis",
		"check.copy-shorter":             "ein Formular endet früher",
		"check.copies-differ":            "die Formulare weichen ab",
		"check.needs-decision":           "kein Formular nennt einen Zug",
		"check.missing-cell":             "Feld leer, unleserlich oder nicht notiert",
		"check.clock-backwards":          "Uhrzeit unmöglich",
		"check.bad-start-position":       "Ausgangsstellung nicht lesbar",
		"check.bad-time-control":         "Zeitkontrolle nicht lesbar",
	},
}

// DefaultLang is the language of labels when none or an unknown one is asked for.
const DefaultLang = "en"

// LabelLanguages returns the languages that have labels, sorted.
func LabelLanguages() []string {
	out := make([]string, 0, len(labels))
	for l := range labels {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// Label returns the printed word for key in language lang ("de", or a
// locale such as "de_AT" or "de-AT"), falling back to English, and to the
// key itself when no language has it.
func Label(lang, key string) string {
	if t, ok := labelTable(lang)[key]; ok {
		return t
	}
	if t, ok := labels[DefaultLang][key]; ok {
		return t
	}
	return key
}

// labelTable returns the table of lang or of its base language, else English.
func labelTable(lang string) map[string]string {
	lang = strings.ToLower(lang)
	if t, ok := labels[lang]; ok {
		return t
	}
	if i := strings.IndexAny(lang, "_-."); i > 0 {
		if t, ok := labels[lang[:i]]; ok {
			return t
		}
	}
	return labels[DefaultLang]
}

// labeler binds a language to Label.
type labeler string

func (l labeler) get(key string) string { return Label(string(l), key) }
