// Command givenanswers writes front/givenanswer's data: the first frame of the explainer's
// figures a phone's tap reaches first, answered here by the engine (timeline.Result.Give), so a
// tapped figure draws without running its simulation cold (issue #52). Deterministic: the same
// engine writes the same bytes. front/givenanswer's test runs the engine again and fails when the
// file is stale.
//
//	go generate ./front/givenanswer   # go run ../../cmd/givenanswers -out answers.gob
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"layoutlab/engine/scenario"
	"layoutlab/front/givenanswer"
)

func main() {
	out := flag.String("out", "", "the file to write (gob)")
	presets := flag.String("presets", strings.Join(givenanswer.Presets, ","), "the timeline presets to answer, comma-separated")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "givenanswers: -out is required")
		os.Exit(2)
	}
	var scs []scenario.Scenario
	for _, name := range strings.Split(*presets, ",") {
		p, ok := scenario.PresetByName(name)
		sc := p.Scenario
		if !ok {
			fmt.Fprintf(os.Stderr, "givenanswers: -presets: %q is not a preset\n", name)
			os.Exit(2)
		}
		if sc.View != "timeline" {
			fmt.Fprintf(os.Stderr, "givenanswers: -presets: %q is a panel's, not a timeline's\n", name)
			os.Exit(2)
		}
		scs = append(scs, sc)
	}
	b, _, err := givenanswer.Encode(scs)
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "givenanswers:", err)
		os.Exit(1)
	}
}
