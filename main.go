// Command scoresheet is a desktop app for chess arbiters to type in
// players' handwritten scoresheets.
//
// Without arguments it opens the GUI; with arguments it runs a headless
// subcommand (see "scoresheet help").
package main

import (
	"os"

	// First, so that it runs before Fyne's init: see its doc.
	_ "scoresheet/app/localeenv"

	"scoresheet/app"
	"scoresheet/app/cli"
)

func main() {
	if len(os.Args) < 2 {
		app.Run()
		return
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
