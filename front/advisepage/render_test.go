package advisepage

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"layoutlab/engine/inspect"
)

// TestReportHTMLShowsTheReport: every candidate is a row whose data-values are the report's
// figures (Delta's class for a refusal), the chosen one is marked in the table and the chart, the
// chart has a point per scored candidate, the frontier's filled, and both axes are labelled
// with units; the SQL is there with its copy button.
func TestReportHTMLShowsTheReport(t *testing.T) {
	w, _ := os.ReadFile("../../engine/advise/testdata/mixed.workload")
	base, _, err := inspect.Open(os.DirFS(eventsDir), "events", inspect.Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	rep := adviseOn(t, folder(t, eventsDir), string(w))
	html := ReportHTML(rep, base.ClusteringHealth)
	scored := 0
	for i, c := range rep.Candidates {
		row := regexp.MustCompile(fmt.Sprintf(`<tr data-candidate="%d"[^>]*>.*?</tr>`, i)).FindString(html)
		if row == "" {
			t.Fatalf("candidate %d has no row", i)
		}
		if c.Error != nil {
			if !strings.Contains(row, `data-class="`+c.Error.Class+`"`) {
				t.Errorf("candidate %d: refusal %s not shown: %s", i, c.Error.Class, row)
			}
			continue
		}
		scored++
		for metric, v := range map[string]string{
			"files_read_weighted": num(c.FilesReadWeighted), "bytes_read_weighted": num(c.BytesReadWeighted),
			"first_optimize_bytes": fmt.Sprint(c.FirstOptimizeBytes), "nightly_optimize_bytes": fmt.Sprint(c.NightlyOptimizeBytes),
			"files": fmt.Sprint(c.Files),
		} {
			if !strings.Contains(row, fmt.Sprintf(`data-metric="%s" data-value="%s"`, metric, v)) {
				t.Errorf("candidate %d: %s %s not in %s", i, metric, v, row)
			}
		}
		if chosen := strings.Contains(row, `class="chosen"`); chosen != (rep.Recommendation.Candidate == i) {
			t.Errorf("candidate %d: marked chosen %t, recommendation %d", i, chosen, rep.Recommendation.Candidate)
		}
	}
	if n := strings.Count(html, `<circle class="pt`); n != scored {
		t.Errorf("the chart has %d points for %d scored candidates", n, scored)
	}
	if n := strings.Count(html, `<circle class="pt front"`); n != len(rep.Pareto) {
		t.Errorf("the chart marks %d frontier points, the report has %d", n, len(rep.Pareto))
	}
	if strings.Count(html, `<circle class="chosen"`) != 1 {
		t.Error("the chosen candidate is not ringed once in the chart")
	}
	for _, s := range []string{"rewrite cost: bytes written in 30 days", "read cost: bytes per query", `id="advise-copy"`, "ALTER TABLE", rep.Recommendation.SQL[0]} {
		if !strings.Contains(html, s) && !strings.Contains(html, esc(s)) {
			t.Errorf("the view lacks %q", s)
		}
	}
}

// TestNiceBytes rounds in FormatBytes' units.
func TestNiceBytes(t *testing.T) {
	for in, want := range map[float64]float64{900: 1000, 300 << 10: 500 << 10, 491.8 * (1 << 20): 500 << 20, 3 << 30: 5 << 30} {
		if got := niceBytes(in); got != want {
			t.Errorf("niceBytes(%g) = %g, want %g", in, got, want)
		}
	}
}

// TestNiceMax rounds up to 1, 2 or 5 times a power of ten.
func TestNiceMax(t *testing.T) {
	for in, want := range map[float64]float64{0: 1, 1: 1, 3: 5, 7: 10, 12: 20, 450_000: 500_000, 2e9: 2e9, 2.1e9: 5e9} {
		if got := niceMax(in); got != want {
			t.Errorf("niceMax(%g) = %g, want %g", in, got, want)
		}
	}
}
