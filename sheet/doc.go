// Package sheet is the scoresheet domain: events, rounds, games and the
// moves an arbiter types in from a player's handwritten scoresheet,
// checked against the rules of chess (package rules) as they are entered.
//
// It must not depend on the GUI (scoresheet/app) or on output formats
// (scoresheet/export).
package sheet
