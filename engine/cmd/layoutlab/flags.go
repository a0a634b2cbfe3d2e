package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

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

// addNoiseUsage is --add-noise's lines in a subcommand's usage, its text starting at column col.
func addNoiseUsage(col int) string {
	pad := strings.Repeat(" ", col)
	return fmt.Sprintf("  %-*s", col-2, "--add-noise=false") + `spark.databricks.io.skipping.mdc.addNoise (default true): Delta
` + pad + `appends a random byte to the curve key before repartitionByRange, so a
` + pad + `file boundary can fall inside a range id; false keeps each range id in
` + pad + `one file (the liquid lookup opens 19.9 files instead of 21.5)
`
}

// addNoiseFlag declares --add-noise the same way for every subcommand. Its value is the
// scenario's NoNoise negated, applied only when the flag is given, so a --link's setting stands
// otherwise.
func addNoiseFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("add-noise", true, "spark.databricks.io.skipping.mdc.addNoise")
}

// knobFlag names the flag a scenario's refusal is about: the first of the knobs it names
// (scenario.KnobError) that was given on the command line; else --link when a link was given,
// since the value came from it; else the first knob that is one of the subcommand's flags.
func knobFlag(err error, fs *flag.FlagSet, set map[string]bool) string {
	knobs := scenario.KnobsOf(err)
	for _, k := range knobs {
		if set[k] {
			return k
		}
	}
	if set["link"] {
		return "link"
	}
	if i := slices.IndexFunc(knobs, func(k string) bool { return fs.Lookup(k) != nil }); i >= 0 {
		return knobs[i]
	}
	return "link"
}
