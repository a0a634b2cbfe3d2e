package panel

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
	"layoutlab/engine/table/tabletest"
	"layoutlab/engine/work"
)

// TestProgressNamesEveryStep: a cold answer yields with each step that scales with the table
// before it starts, in order, and the same answer comes out as without a Yield. A knob that only
// re-cuts the sorted order (the files slider) reports none of the table's steps, and no
// summary: the layout's run built them.
func TestProgressNamesEveryStep(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	var steps []string
	record := byStep(func(s string) error { steps = append(steps, s); return nil })
	e := NewStore()
	got, err := e.Answer(p, Shown, record)
	want := answer(t, NewStore(), p)
	if g, w := mustJSON(t, got), mustJSON(t, want); err != nil || g != w {
		t.Fatalf("the Yield changed the answer (%v):\n%s\nwant\n%s", err, g, w)
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
		if _, err := e.Answer(p, Shown, record); err != nil {
			t.Fatal(err)
		}
		for _, s := range steps {
			if s != "Collecting the statistics of "+strconv.Itoa(files)+" files" && s != "Measuring the files' spans" {
				t.Errorf("files-slider move %d reported %q", i+1, s)
			}
		}
	}
}

// TestPrepareReportsProgress: the columns the widget fills while idle (Prepare) report their
// generation as an answer's do, so that it can give the page its turn between ticks; the table
// is the same.
func TestPrepareReportsProgress(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = table.TickRows + 1000
	var steps []string
	e := NewStore()
	answer(t, e, p)
	record := byStep(func(s string) error { steps = append(steps, s); return nil })
	if _, err := e.Prepare(p, Rehearsal, record); err != nil {
		t.Fatal(err)
	}
	if len(steps) < 2 || !strings.HasPrefix(steps[len(steps)-2], "Generating column ") ||
		!strings.HasSuffix(steps[len(steps)-1], ": "+strconv.Itoa(table.TickRows)+" of "+strconv.Itoa(p.Rows)+" rows") {
		t.Fatalf("Prepare reported %q, want a column's step and one tick last", steps)
	}
	for more := true; more; {
		var err error
		if more, err = e.Prepare(p, Rehearsal, nil); err != nil {
			t.Fatal(err)
		}
	}
	full, err := tabletest.Generate(table.DefaultPanelSpec(), p.Rows, p.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range full.Cols {
		if !reflect.DeepEqual(tableEntryOf(e).t.Cols[i], full.Cols[i]) {
			t.Errorf("column %s differs from a table generated whole", full.Leaves[i].Name())
		}
	}
}

// TestYieldMayStopTheRun: the Yield may stop an answer at any step, as the browser does when a
// newer knob move needs another table: Answer returns the Yield's error and no Result, and the
// Store keeps only finished stages, so the next answer on it (at any priority) gives exactly
// the answer of a fresh Store, at every step of a partitioned and an unpartitioned run.
func TestYieldMayStopTheRun(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows, p.PartitionBy, p.Layout = 4_000, []string{"country_code"}, "zorder"
	q := scenario.Default().Panel
	q.Rows = 4_000
	errStop := errors.New("a newer move")
	for _, p := range []scenario.Panel{p, q} {
		want := mustJSON(t, answer(t, NewStore(), p))
		for stop := 0; ; stop++ {
			calls := 0
			e := NewStore()
			res, err := e.Answer(p, Shown, func(work.Progress) error {
				if calls++; calls == stop+1 {
					return errStop
				}
				return nil
			})
			if err == nil {
				if mustJSON(t, res) != want {
					t.Fatal("an answer the Yield let finish was a different answer")
				}
				if stop < 3 {
					t.Fatalf("the answer reported only %d steps", stop)
				}
				break // the Yield was called fewer than stop+1 times: every step was tried
			}
			if err != errStop || res != nil {
				t.Fatalf("stopped at step %d: Answer returned %v and a Result %v, want the Yield's error alone", stop, err, res != nil)
			}
			if mustJSON(t, answerAt(t, e, p, Rehearsal)) != want {
				t.Fatalf("the answer after one stopped at step %d gave a different answer", stop)
			}
			if mustJSON(t, answer(t, e, p)) != want {
				t.Fatalf("a second answer on the store of one stopped at step %d gave a different answer", stop)
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
	got, err := NewStore().Answer(p, Shown, byStep(func(s string) error { steps = append(steps, s); return nil }))
	if g, w := mustJSON(t, got), mustJSON(t, answer(t, NewStore(), p)); err != nil || g != w {
		t.Fatal("the Yield changed the answer", err)
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

// TestFileStatsFillTheTable: a file's statistics, asked for between answers (the widget's
// hover), generate the columns not generated yet, without a Yield: a Yield that gives the page
// its turn could let another answer in.
func TestFileStatsFillTheTable(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	e := NewStore()
	res := answer(t, e, p)
	if _, _, _, err := e.FileStats(res, 0); err != nil {
		t.Fatal("no statistics for file 0:", err)
	}
	te := tableEntryOf(e)
	for l := range te.t.Cols {
		if !te.filled(l) {
			t.Fatalf("FileStats left column %s to generate", te.t.Leaves[l].Name())
		}
	}
}

// TestPrepareUntilReady: Ready is false until every stage an answer reads is stored; Prepare
// computes one stage a call, so a few calls make a cold answer ready, and the answer then is a
// fresh Store's. A move to another number of files needs a cut: not ready until answered.
func TestPrepareUntilReady(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	e := NewStore()
	if e.Ready(p) {
		t.Fatal("an empty Store is ready")
	}
	calls := 0
	for more := true; !e.Ready(p); calls++ {
		if !more || calls > 60 {
			t.Fatalf("after %d Prepare calls (remaining %v) the answer is not ready", calls, more)
		}
		var err error
		if more, err = e.Prepare(p, Shown, nil); err != nil {
			t.Fatal(err)
		}
	}
	if calls < 5 {
		t.Fatalf("a cold answer was ready after %d Prepare calls: they did more than a stage each", calls)
	}
	if g, w := mustJSON(t, answer(t, e, p)), mustJSON(t, answer(t, NewStore(), p)); g != w {
		t.Fatal("the prepared answer differs from a fresh Store's")
	}
	q := p
	q.Files = p.Files + 3
	if e.Ready(q) {
		t.Fatal("another number of files is ready before its cut")
	}
	answer(t, e, q)
	if !e.Ready(q) || !e.Ready(p) {
		t.Fatal("answers stored are not ready")
	}
}

// TestYieldStopsInsideLongSteps: a stop told inside a long step of a package below the panel
// (a column's generation, a ranking's sort, the range ids, the curve keys, the cut) comes back
// as Answer's error, with no panic and no Result, and the Store keeps nothing half made: the
// next answer on it is a fresh Store's.
func TestYieldStopsInsideLongSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("answers over half a million rows")
	}
	p := scenario.Default().Panel
	p.Rows = 2*table.TickRows + 1000
	want := mustJSON(t, answer(t, NewStore(), p))
	n := strconv.Itoa(p.Rows)
	tick := strconv.Itoa(table.TickRows)
	sort := "Sorting " + n + " rows along the hilbert curve: "
	errStop := errors.New("a newer move")
	for _, at := range []string{
		"Generating column user_id: " + tick + " of " + n + " rows",
		"Ranking the values of user_id: reading the values: " + tick + " of " + n,
		"Ranking the values of user_id: radix pass 1 of 2: " + tick + " of " + n + " keys",
		"Finding the range ids of key 1 of 2: counting the values: " + tick + " of " + n,
		"Finding the range ids of key 2 of 2: assigning the ids: " + tick + " of " + n,
		sort + "computing the curve keys: " + tick + " of " + n,
		sort + "radix pass 2 of 2",
		sort + "cutting the curve into 32 files",
	} {
		e := NewStore()
		seen := false
		res, err := e.Answer(p, Shown, byStep(func(s string) error {
			if s == at {
				seen = true
				return errStop
			}
			return nil
		}))
		if !seen {
			t.Fatalf("no step %q", at)
		}
		if err != errStop || res != nil {
			t.Fatalf("stopped at %q: Answer returned %v and a Result %v, want the Yield's error alone", at, err, res != nil)
		}
		if mustJSON(t, answer(t, e, p)) != want {
			t.Fatalf("the answer after one stopped at %q gave a different answer", at)
		}
	}
}
