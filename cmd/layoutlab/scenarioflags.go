package main

import (
	"flag"
	"io"

	"layoutlab/engine/scenario"
)

// scenarioFlags are the flags layout and run share: their view's knobs (the registry's),
// --link and --format; a verb declares its own on fs before parse.
type scenarioFlags struct {
	fs           *flag.FlagSet
	verb, view   string
	knobs        knobFlags
	link, format *string
}

func newScenarioFlags(verb, view string) *scenarioFlags {
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sf := &scenarioFlags{fs: fs, verb: verb, view: view, knobs: declareKnobs(fs, view)}
	sf.link = fs.String("link", "", "")
	sf.format = fs.String("format", "json", "")
	return sf
}

// parse reads args and returns the scenario they ask for: the link's (or the default) in the
// verb's view, with the knobs given applied, validated. done: the verb exits with code (-h, or a
// bad flag named on stderr).
func (sf *scenarioFlags) parse(usage string, args []string, stdout, stderr io.Writer) (s scenario.Scenario, code int, done bool) {
	if code, done := parseArgs(sf.fs, sf.verb, usage, args, stdout, stderr); done {
		return s, code, true
	}
	bad := badFlag(stderr, sf.verb)
	if *sf.format != "json" && *sf.format != "csv" {
		return s, bad("format", "%q is not json or csv", *sf.format), true
	}
	s = scenario.Default()
	if *sf.link != "" {
		var err error
		if s, err = scenario.ParseLink(*sf.link); err != nil {
			return s, bad("link", "%v", err), true
		}
	}
	s.View = sf.view
	if sf.knobs.given("files") && sf.knobs.given("rows-per-file") { // two views of the panel's file count
		return s, bad("rows-per-file", "give --files or --rows-per-file, not both"), true
	}
	if name, err := sf.knobs.apply(&s); err != nil {
		return s, bad(name, "%v", err), true
	}
	if err := s.Validate(); err != nil {
		return s, bad(knobFlag(err, sf.fs), "%v", err), true
	}
	return s, 0, false
}
