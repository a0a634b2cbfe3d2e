package main

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"layoutlab/engine/explainer"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
)

// TestComparisonChartsStateTheReadouts: the explainer shows the strategy comparison and the key
// change's chart, each line named in its legend and its last value labelled as the readouts state
// it (thousands separated, the readouts' decimals), wide and narrow, light and dark in one file.
func TestComparisonChartsStateTheReadouts(t *testing.T) {
	out := built(t)
	r, err := explainer.Run()
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"strategies": {"Whole-table Z-order every night", "Liquid clustering (open-source Delta)",
			readout.Number(r.Day("zorder-full", 0).OptimizeWrittenGB, 1) + " GiB", readout.Number(r.Day("zorder-full", 0).WriteAmplification, 2) + "x",
			readout.Number(r.Day("liquid", 0).LookupFiles, 1) + " files"},
		"key-change": {"keys changed", readout.Number(r.Day("change-keys", 0).LookupFiles, 1) + " files"},
	}
	for name, texts := range want {
		if !strings.Contains(string(index), `src="posters/compare-`+name+`.svg"`) {
			t.Errorf("the explainer does not show the %s chart", name)
		}
		for _, f := range []string{".svg", ".narrow.svg"} {
			b, err := os.ReadFile(filepath.Join(out, "posters", "compare-"+name+f))
			if err != nil {
				t.Fatal(err)
			}
			svg := html.UnescapeString(string(b))
			for _, s := range texts {
				if !strings.Contains(svg, ">"+s+"<") {
					t.Errorf("compare-%s%s does not say %q", name, f, s)
				}
			}
			if !strings.Contains(svg, "prefers-color-scheme: dark") {
				t.Errorf("compare-%s%s has no dark theme", name, f)
			}
		}
	}
}

// TestTimelineProseAgreesWithItsReadouts: every timeline figure the explainer quotes in its prose
// reads there as its readout does: no "59.96" against "60", no "2400.0" against "2,400".
func TestTimelineProseAgreesWithItsReadouts(t *testing.T) {
	out := built(t)
	b, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(string(b))
	// Sections 1 and 2: the timeline's figures are in the first, plain bin-packing in the second.
	section := page[strings.Index(page, "<h2>1."):strings.Index(page, "<h2>3.")]
	// The prose alone: the figures (whose readouts hold the same texts) and the tags removed.
	text := regexp.MustCompile(`(?s)<figure.*?</figure>`).ReplaceAllString(section, " ")
	text = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(text, " ")
	if m := regexp.MustCompile(`\d{4}\.\d`).FindString(text); m != "" {
		t.Errorf("the timeline's prose writes %q without a thousands separator", m)
	}
	for _, p := range scenario.Presets() {
		if p.Scenario.View != "timeline" {
			continue
		}
		box := regexp.MustCompile(`(?s)<figure class="layoutlab" data-live="[^"]*` + "" + `" data-title="` + regexp.QuoteMeta(p.Title) + `">.*?</figure>`).FindString(section)
		if box == "" {
			t.Errorf("%s: no figure in sections 1 and 2", p.Name)
			continue
		}
		for _, dd := range regexp.MustCompile(`data-metric="([^"]+)"[^>]*>([^<]+)</dd>`).FindAllStringSubmatch(box, -1) {
			if dd[1] == "lookup_files" || dd[1] == "optimize_written_gb" || dd[1] == "write_amplification" {
				if !strings.Contains(text, dd[2]) {
					t.Errorf("%s: its readout %s reads %q, which the prose never states", p.Name, dd[1], dd[2])
				}
			}
		}
	}
}
