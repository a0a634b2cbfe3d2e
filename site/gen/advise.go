package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"layoutlab/engine/advise"
	"layoutlab/engine/inspect"
	"layoutlab/engine/optimize"
	"layoutlab/front/advisepage"
)

// adviceExample is the explainer's "Which keys for my table?" run: `layoutlab advise` on the
// repository's generated append-ordered event table (engine/advise/testdata/events: a
// low-cardinality region_id, user_id lookups, seed 003's lesson), made at build time by
// front/advisepage.Advise, which is the CLI's work (TestAdviseAgreesWithTheCLI). The page
// quotes Report; Command is the command line that gives it.
type adviceExample struct {
	Command string
	Report  *advise.Report
	// Recommended is the recommended candidate; Given the one the page sets against it, the
	// key set given with --keys, CLUSTER BY (event_date, user_id).
	Recommended, Given advise.Candidate
}

// The run's inputs, as the command line names them (from the repository's root).
const (
	adviceTable    = "engine/advise/testdata/events"
	adviceWorkload = "engine/advise/testdata/user_lookups.workload"
)

var adviceKnobs = advisepage.Knobs{Keys: "event_date,user_id", MaxFileSize: "20000", IngestGBPerDay: "0.001"}

// runAdvice advises on the event table under root (the repository's root). The build fails
// when the page's claim does not hold: the recommendation is a key set led by user_id, and it
// reads fewer files a lookup than the (event_date, user_id) it is set against.
func runAdvice(root string) (*adviceExample, error) {
	dir := filepath.Join(root, filepath.FromSlash(adviceTable))
	workload, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(adviceWorkload)))
	if err != nil {
		return nil, err
	}
	fsys := os.DirFS(dir).(fs.StatFS)
	base, in, err := inspect.Open(fsys, adviceTable, inspect.Options{Version: -1})
	if err != nil {
		return nil, err
	}
	rep, err := advisepage.Advise(fsys, adviceTable, in, base, string(workload), adviceKnobs, nil)
	if err != nil {
		return nil, fmt.Errorf("advise %s: %w", adviceTable, err)
	}
	if rep.Recommendation == nil || rep.Error != nil {
		return nil, fmt.Errorf("advise %s: no recommendation (%+v)", adviceTable, rep.Error)
	}
	ex := &adviceExample{Report: rep, Recommended: rep.Candidates[rep.Recommendation.Candidate],
		Command: "layoutlab advise " + adviceTable + " --workload " + adviceWorkload + " --keys " + adviceKnobs.Keys +
			" --max-file-size " + adviceKnobs.MaxFileSize + " --ingest-gb-per-day " + adviceKnobs.IngestGBPerDay}
	given := -1
	for i, c := range rep.Candidates {
		if c.Layout == advise.Cluster && strings.Join(c.Keys, ",") == adviceKnobs.Keys && len(c.StatsColumns) == 0 {
			given = i
		}
	}
	if given < 0 {
		return nil, fmt.Errorf("advise %s: no CLUSTER BY (%s) candidate", adviceTable, adviceKnobs.Keys)
	}
	ex.Given = rep.Candidates[given]
	for _, q := range rep.Today.Queries {
		if !strings.HasPrefix(q.Where, "user_id = ") {
			return nil, fmt.Errorf("advise %s: the page says every query is a lookup on user_id, not %q", adviceTable, q.Where)
		}
	}
	if r := ex.Recommended; len(r.Keys) == 0 || r.Keys[0] != "user_id" || r.FilesReadWeighted >= ex.Given.FilesReadWeighted {
		return nil, fmt.Errorf("advise %s: the page says a key set led by user_id wins, but it recommends %s (%.2f files a lookup) against %s (%.2f)",
			adviceTable, advise.Label(r), r.FilesReadWeighted, advise.Label(ex.Given), ex.Given.FilesReadWeighted)
	}
	return ex, nil
}

// adviceFuncs quote the run: the example, a candidate's label, and byte and file figures as
// the CLI's text prints them.
func adviceFuncs(ex *adviceExample) map[string]any {
	return map[string]any{
		"advice": func() *adviceExample { return ex },
		"label":  advise.Label,
		"bytes":  bytesText,
		"files2": func(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) },
		"onFrontier": func(i int) bool {
			for _, p := range ex.Report.Pareto {
				if p == i {
					return true
				}
			}
			return false
		},
	}
}

// bytesText is a byte figure as the CLI's text prints it; a negative nightly cost is one the
// timeline does not model.
func bytesText(v any) string {
	var b int64
	switch x := v.(type) {
	case float64:
		b = int64(x)
	case int64:
		b = x
	default:
		panic(fmt.Sprintf("bytes of %T", v))
	}
	if b < 0 {
		return "not modelled"
	}
	return optimize.FormatBytes(b)
}
