package panel

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// TestProgressNamesEveryStep: a cold run reports each step that scales with the table before
// it starts, in order, and the same answer comes out as without Progress. A knob that only
// re-cuts the sorted order (the files slider) reports none of the table's steps, and no
// summary: the layout's run built them.
func TestProgressNamesEveryStep(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	var steps []string
	e := Engine{Progress: func(s string) bool { steps = append(steps, s); return false }}
	got := e.Run(p)
	want := (&Engine{}).Run(p)
	if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
		t.Fatalf("Progress changed the answer:\n%s\nwant\n%s", g, w)
	}
	wantSteps := []string{
		"Generating column user_id (20000 rows)",
		"Generating column event_date (20000 rows)",
		"Generating column region_id (20000 rows)",
		"Generating column device_model_id (20000 rows)",
		"Ranking the values of user_id",
		"Ranking the values of event_date",
		"Laying out 20000 rows (hilbert)",
		"Finding the range ids of key 1 of 2",
		"Finding the range ids of key 2 of 2",
		"Sorting 20000 rows along the hilbert curve",
		"Collecting the statistics of 32 files",
		"Summarising the ranks of user_id in blocks of 64 rows",
		"Summarising the ranks of event_date in blocks of 64 rows",
		"Ranking the values of region_id",
		"Summarising the ranks of region_id in blocks of 64 rows",
		"Ranking the values of device_model_id",
		"Summarising the ranks of device_model_id in blocks of 64 rows",
		"Summarising the values of user_id in blocks of 64 rows",
		"Measuring the files' spans",
	}
	if !slices.Equal(steps, wantSteps) {
		t.Fatalf("steps:\n%q\nwant\n%q", steps, wantSteps)
	}

	// Re-cuts of that order read the summaries and report only the two per-move steps.
	for i, files := range []int{40, 41, 33} {
		steps = nil
		p.Files = files
		e.Run(p)
		for _, s := range steps {
			if s != "Collecting the statistics of "+strconv.Itoa(files)+" files" && s != "Measuring the files' spans" {
				t.Errorf("files-slider move %d reported %q", i+1, s)
			}
		}
	}
}

// TestFillAllReportsProgress: the columns the widget fills while idle report their generation as
// a run's do, so that it can give the page its turn between ticks; the table is the same.
func TestFillAllReportsProgress(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = table.TickRows + 1000
	var steps []string
	e := Engine{}
	e.Run(p)
	e.Progress = func(s string) bool { steps = append(steps, s); return false }
	if _, err := e.FillAll(1); err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || !strings.HasPrefix(steps[0], "Generating column ") ||
		!strings.HasSuffix(steps[1], ": "+strconv.Itoa(table.TickRows)+" of "+strconv.Itoa(p.Rows)+" rows") {
		t.Fatalf("FillAll(1) reported %q, want a column's step and one tick", steps)
	}
	if _, err := e.FillAll(0); err != nil {
		t.Fatal(err)
	}
	full, err := table.Generate(table.DefaultPanelSpec(), p.Rows, p.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range full.Cols {
		if !reflect.DeepEqual(e.tab.t.Cols[i], full.Cols[i]) {
			t.Errorf("column %s differs from a table generated whole", full.Leaves[i].Name())
		}
	}
}

// TestProgressMayStopTheRun: Progress may stop a run at any step, as the browser does when a
// newer knob move needs another table: Run returns nil, and the Store keeps only finished
// stages, so the next run on it (the same Engine, or another sharing the Store) gives exactly
// the answer of a fresh one, at every step of a partitioned and an unpartitioned run.
func TestProgressMayStopTheRun(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows, p.PartitionBy, p.Layout = 4_000, []string{"country_code"}, "zorder"
	q := scenario.Default().Panel
	q.Rows = 4_000
	for _, p := range []scenario.Panel{p, q} {
		want := mustJSON(t, (&Engine{}).Run(p))
		for stop := 0; ; stop++ {
			calls := 0
			e := &Engine{Progress: func(string) bool {
				calls++
				return calls == stop+1
			}}
			res := e.Run(p)
			if res != nil {
				if mustJSON(t, res) != want {
					t.Fatal("a run Progress let finish gave a different answer")
				}
				if stop < 3 {
					t.Fatalf("the run reported only %d steps", stop)
				}
				break // Progress was called fewer than stop+1 times: every step was tried
			}
			e.Progress = nil
			if mustJSON(t, e.Run(p)) != want {
				t.Fatalf("the run after one stopped at step %d gave a different answer", stop)
			}
			other := &Engine{Store: e.Store}
			if mustJSON(t, other.Run(p)) != want {
				t.Fatalf("an engine on the store of a run stopped at step %d gave a different answer", stop)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLongStepsReportTheirRows: over table.TickRows rows, the loops that read every row report
// every table.TickRows of them, so that the browser can paint between: the ranking's read of the
// values, both passes of the range ids, the curve keys, each radix pass's scatter and the cut
// after the sort. The answer is the one a run without Progress gives.
func TestLongStepsReportTheirRows(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 2*table.TickRows + 1000
	n := strconv.Itoa(p.Rows)
	tick := strconv.Itoa(table.TickRows)
	var steps []string
	e := Engine{Progress: func(s string) bool { steps = append(steps, s); return false }}
	got := e.Run(p)
	if g, w := mustJSON(t, got), mustJSON(t, (&Engine{}).Run(p)); g != w {
		t.Fatal("Progress changed the answer")
	}
	sort := "Sorting " + n + " rows along the hilbert curve: "
	for _, want := range []string{
		"Ranking the values of user_id: reading the values: " + tick + " of " + n,
		"Ranking the values of user_id: radix pass 1 of 2: " + tick + " of " + n + " keys",
		"Finding the range ids of key 1 of 2: counting the values: " + tick + " of " + n,
		"Finding the range ids of key 1 of 2: assigning the ids: " + tick + " of " + n,
		"Finding the range ids of key 2 of 2: assigning the ids: " + strconv.Itoa(2*table.TickRows) + " of " + n,
		sort + "computing the curve keys: " + tick + " of " + n,
		sort + "radix pass 1 of 2: " + tick + " of " + n + " keys",
		sort + "cutting the curve into 32 files",
	} {
		if !slices.Contains(steps, want) {
			t.Errorf("no step %q among\n%q", want, steps)
		}
	}
}

// TestFileStatsReportNothing: a file's statistics, asked for between runs (the widget's hover,
// under its own lock), never call Progress, although they generate the columns not generated
// yet: a Progress that gives the page its turn would take that lock again and hang the page.
func TestFileStatsReportNothing(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	e := Engine{}
	e.Run(p)
	e.Progress = func(s string) bool { t.Errorf("FileStatsObjects reported %q", s); return false }
	if _, _, _, ok := e.FileStatsObjects(0); !ok {
		t.Fatal("no statistics for file 0")
	}
	if remaining, _ := e.FillAll(0); remaining {
		t.Fatal("FileStatsObjects left columns to generate")
	}
}
