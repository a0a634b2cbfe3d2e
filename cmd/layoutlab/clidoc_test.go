package main

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var regenDocs = flag.Bool("regen-docs", false, "rewrite docs/cli.md's generated flag tables from the knob registry")

// flagTable is docs/cli.md's table of a verb's flags: its knobs' (scenario.Knobs), with their
// limits, then its own.
func flagTable(view string, own []verbFlag) string {
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	var b strings.Builder
	b.WriteString("| Flag | Meaning | Limits |\n|---|---|---|\n")
	for _, k := range verbKnobs(view) {
		b.WriteString("| `" + cell(k.Flag) + "` | " + cell(flagText(k, view)) + " | " + cell(k.Limits()) + " |\n")
	}
	for _, f := range own {
		b.WriteString("| `" + cell(f.Flag) + "` | " + cell(f.Usage) + " | |\n")
	}
	return b.String()
}

// TestCLIDocIsGenerated: docs/cli.md's flag tables are what the registry generates, so a knob
// added, renamed or re-bounded shows there; -regen-docs rewrites them.
func TestCLIDocIsGenerated(t *testing.T) {
	const path = "../../docs/cli.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, v := range []struct {
		verb, view string
		own        []verbFlag
	}{{"layout", "panel", layoutFlags}, {"run", "timeline", runFlags}} {
		begin := "<!-- " + v.verb + " flags: generated from the knob registry; go test ./cmd/layoutlab -run TestCLIDocIsGenerated -regen-docs -->\n"
		end := "<!-- end of " + v.verb + " flags -->\n"
		i, j := strings.Index(doc, begin), strings.Index(doc, end)
		if i < 0 || j < i {
			t.Fatalf("docs/cli.md lacks the markers of %s's flags:\n%s%s", v.verb, begin, end)
		}
		want := flagTable(v.view, v.own)
		if got := doc[i+len(begin) : j]; got != want {
			if !*regenDocs {
				t.Errorf("docs/cli.md's %s flags differ from the registry's; rerun with -regen-docs:\n%s", v.verb, want)
			}
			doc = doc[:i+len(begin)] + want + doc[j:]
		}
	}
	if *regenDocs {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
