package main

import (
	"flag"
	"fmt"
	"io"
	"slices"

	"layoutlab/engine/scenario"
)

// parseArgs parses a subcommand's flags the same way for every subcommand: -h/--help prints the
// usage; a parse error or a stray argument prints it and exits 2. When done, the caller returns
// code.
func parseArgs(fs *flag.FlagSet, name, usage string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	help := fs.Bool("h", false, "")
	fs.BoolVar(help, "help", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "layoutlab %s: %v\n\n%s", name, err, usage)
		return 2, true
	}
	if *help {
		fmt.Fprint(stdout, usage)
		return 0, true
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "layoutlab %s: unexpected argument %q\n\n%s", name, fs.Arg(0), usage)
		return 2, true
	}
	return 0, false
}

// badFlag returns the subcommand's reporter for a bad flag value: it names the flag, exits 2.
func badFlag(stderr io.Writer, name string) func(flagName, format string, a ...any) int {
	return func(flagName, format string, a ...any) int {
		fmt.Fprintf(stderr, "layoutlab %s: --%s: %s\n", name, flagName, termSafe(fmt.Sprintf(format, a...)))
		return 2
	}
}

// knobFlag names the flag a refusal is about: the first of the knobs it names
// (scenario.KnobError, also under a panel.Error) whose flag was given; else --link when a link
// was given, since the value came from it; else the first knob that is one of the verb's flags.
func knobFlag(err error, fs *flag.FlagSet) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	named := scenario.KnobsOf(err)
	for _, k := range named {
		if set[k] {
			return k
		}
	}
	if set["link"] {
		return "link"
	}
	if i := slices.IndexFunc(named, func(k string) bool { return fs.Lookup(k) != nil }); i >= 0 {
		return named[i]
	}
	return "link"
}
