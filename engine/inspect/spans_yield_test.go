package inspect

import (
	"errors"
	"slices"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/work"
)

// TestSpansYield: SpansYield gives what Spans gives, tells its Yield through the bounds, the
// ranking and the spans of a table past spanTurnFiles files (counts without a unit, which the
// table page only yields at), and stops with the Yield's error.
func TestSpansYield(t *testing.T) {
	n := spanTurnFiles + spanBlock
	m, err := benchTable(n)
	if err != nil {
		t.Fatal(err)
	}
	s, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	in := NewInspector(s, "bench")
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
		if !steps["the bounds"] || !steps["the spans"] || !steps["the values"] {
			t.Errorf("%s: told %+v; want turns through the bounds, the values and the spans", col, told)
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
