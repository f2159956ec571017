// Command winpack makes the pieces of the Windows zip that "make windows"
// writes (docs/windows.md), on any system and offline:
//
//	winpack res -toml FyneApp.toml -icon icon.png -exe scoresheet.exe -desc TEXT -dir DIR
//	    writes DIR/app.ico, DIR/app.manifest and DIR/app.rc: the icon,
//	    the manifest (no administrator rights asked) and the version from
//	    FyneApp.toml, for mingw's windres to compile into a .syso.
//	winpack zip -o OUT.zip -readme README.txt -toml FyneApp.toml [-license NAME=FILE]... EXE...
//	    writes the portable zip: the programs, the README (version filled
//	    in, CRLF lines), the licences given and those of every Go module
//	    linked into the programs (go list, for windows/amd64).
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: winpack res|zip [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "res":
		err = resMain(os.Args[2:])
	case "zip":
		err = zipMain(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (res, zip)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "winpack:", err)
		os.Exit(1)
	}
}
