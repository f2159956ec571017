// Command scoresheet-cli is Scoresheet's command line alone: the same
// commands as "scoresheet COMMAND", without the window and without Fyne.
//
// It exists for Windows, where a program is either a console program or
// a window program: scoresheet.exe is built as a window program
// (-H=windowsgui) so that double-clicking it opens no console, and
// cmd.exe and PowerShell neither wait for such a program nor give its
// exit status. scoresheet-cli.exe is the console program beside it in
// the zip: it prints and returns its exit status (make windows builds
// both; docs/windows.md).
package main

import (
	"os"

	"scoresheet/app/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
