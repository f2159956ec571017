package cli

import (
	"flag"
	"fmt"
)

var helpCommand = &command{
	name:    "help",
	summary: "list the commands, or show one command's usage",
	args:    "[COMMAND]",
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		return runHelp
	},
}

func runHelp(args []string, stdio IO) int {
	switch len(args) {
	case 0:
		printMainUsage(stdio.Stdout)
		return ExitOK
	case 1:
		c := lookup(args[0])
		if c == nil {
			fmt.Fprintf(stdio.Stderr, "scoresheet help: unknown command %q\n\n", args[0])
			printMainUsage(stdio.Stderr)
			return ExitUsage
		}
		fs := flag.NewFlagSet("scoresheet "+c.name, flag.ContinueOnError)
		c.setup(fs)
		c.printUsage(stdio.Stdout, fs)
		return ExitOK
	default:
		fmt.Fprintf(stdio.Stderr, "scoresheet help: too many arguments\n")
		return ExitUsage
	}
}
