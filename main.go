// Command scoresheet is a desktop app for chess arbiters to type in
// players' handwritten scoresheets.
//
// Without arguments, or with "--event FILE [--round R --board B]", it
// opens the GUI; with a command it runs headless (see "scoresheet help").
package main

import (
	_ "embed"
	"os"

	// First, so that it runs before Fyne's init: see its doc.
	_ "scoresheet/app/localeenv"

	"scoresheet/app"
	"scoresheet/app/cli"
)

//go:embed icon.png
var icon []byte

func main() {
	app.Icon = icon
	if app.IsGUIArgs(os.Args[1:]) {
		os.Exit(app.Run(os.Args[1:]))
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
