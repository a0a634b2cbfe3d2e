package inspect

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"layoutlab/engine/work"
)

// TestSpansYield: SpansYield gives what Spans gives, tells its Yield through the bounds, the
// ranking and the spans of a table past spanTurnFiles files (counts without a unit, which the
// table page only yields at), and stops with the Yield's error.
func TestSpansYield(t *testing.T) {
	n := spanTurnFiles + spanBlock
	in := benchInspector(t, n)
	for _, col := range []string{"id", "name"} { // an integer column and a string one
		want, err := in.Spans(col)
		if err != nil || len(want) <= spanTurnFiles {
			t.Fatalf("%s: %d spans, %v", col, len(want), err)
		}
		var told []work.Progress
		got, err := in.SpansYield(col, func(p work.Progress) error { told = append(told, p); return nil })
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s: SpansYield differs from Spans (%v)", col, err)
		}
		steps := map[string]bool{}
		for _, p := range told {
			if p.Unit != "" || p.Done == 0 {
				t.Errorf("%s: told %+v, not a count without a unit", col, p)
			}
			steps[p.Step] = true
		}
		// An integer column's values are gathered with its bounds (intRanks); a string column's
		// are copied out of the bounds gathered.
		if !steps["the bounds"] || !steps["the spans"] || (col == "name") != steps["the values"] {
			t.Errorf("%s: told %+v; want turns through the bounds, the values (of strings only) and the spans", col, told)
		}
		stop := errors.New("stop")
		for at := range len(told) {
			k := 0
			if _, err := in.SpansYield(col, func(work.Progress) error {
				if k++; k > at {
					return stop
				}
				return nil
			}); err != stop {
				t.Fatalf("%s: the Yield stopped at its call %d, SpansYield returned %v", col, at+1, err)
			}
		}
	}
}

// TestPlanTurns: listing a table's files for the next OPTIMIZE's planner takes a turn (a count
// without a unit) every planTurn files, before the plan's step; the plan is the one planned
// without a Yield; a Yield's error at a turn stops it.
func TestPlanTurns(t *testing.T) {
	m, err := benchTable(spanTurnFiles + spanBlock) // TestSpansYield's table, past planTurn files
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "bench", Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := in.planNext(nil)
	if err != nil {
		t.Fatal(err)
	}
	var told []work.Progress
	got, err := in.planNext(func(p work.Progress) error { told = append(told, p); return nil })
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("planned with a Yield: %v, or another plan", err)
	}
	if len(told) < 2 || told[0] != (work.Progress{Step: planFilesStep, Done: planTurn, Total: len(in.base.Files)}) ||
		told[1].Step != "the next OPTIMIZE's plan (open-source Delta Lake)" {
		t.Fatalf("told %+v, want a turn at %d files, then the plan's step", told[:min(len(told), 3)], planTurn)
	}
	stop := errors.New("stop")
	if _, err := in.planNext(func(p work.Progress) error {
		if p.Step == planFilesStep {
			return stop
		}
		return nil
	}); err != stop {
		t.Fatalf("a Yield that stops at the turn: %v", err)
	}
}
