package panel

import (
	"encoding/json"
	"runtime"
	"slices"
	"testing"

	"layoutlab/engine/scenario"
)

// TestProgressNamesEveryStep: a cold run reports each step that scales with the table before
// it starts, in order, and the same answer comes out as without Progress. A knob that only
// re-cuts the sorted order (the files slider) reports none of the table's steps.
func TestProgressNamesEveryStep(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	var steps []string
	e := Engine{StatsOnDemand: true, Progress: func(s string) { steps = append(steps, s) }}
	got := e.Run(p)
	want := (&Engine{StatsOnDemand: true}).Run(p)
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
		"Ranking the values of region_id",
		"Ranking the values of device_model_id",
		"Measuring the files' spans",
	}
	if !slices.Equal(steps, wantSteps) {
		t.Fatalf("steps:\n%q\nwant\n%q", steps, wantSteps)
	}

	steps = nil
	p.Files = 40
	e.Run(p)
	for _, s := range steps {
		if s != "Collecting the statistics of 40 files" && s != "Measuring the files' spans" {
			t.Errorf("a files-slider move reported %q", s)
		}
	}
}

// TestProgressMayEndTheRun: Progress may stop a run at any step with runtime.Goexit, as the
// browser does when a newer knob move needs another table: the run's goroutine ends without a
// panic or a result, at every step of a partitioned run.
func TestProgressMayEndTheRun(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows, p.PartitionBy, p.Layout = 4_000, []string{"country_code"}, "zorder"
	want := mustJSON(t, (&Engine{}).Run(p))
	for stop := 0; ; stop++ {
		calls := 0
		e := &Engine{Progress: func(string) {
			if calls == stop {
				runtime.Goexit()
			}
			calls++
		}}
		done := make(chan *Result)
		go func() {
			defer close(done)
			done <- e.Run(p)
		}()
		if res, ok := <-done; ok {
			if mustJSON(t, res) != want {
				t.Fatal("a run Progress let finish gave a different answer")
			}
			if stop < 3 {
				t.Fatalf("the run reported only %d steps", stop)
			}
			return // Progress was called fewer than stop+1 times: every step was tried
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
