package deltalog

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/work"
)

// TestSortFilesTurns: past pathTurn files, SortFiles tells its Yield as it gathers and keys the
// paths (counts without a unit, which the table page only yields at) besides the step between
// the two halves; the order is the one without a Yield; and a Yield's error is returned, the
// first one, with the files sorted all the same.
func TestSortFilesTurns(t *testing.T) {
	n := 2*pathTurn + 5
	want := benchSnapshot(n, true)
	want.SortFiles(nil)
	s := benchSnapshot(n, true)
	var told []work.Progress
	if err := s.SortFiles(func(p work.Progress) error { told = append(told, p); return nil }); err != nil {
		t.Fatal(err)
	}
	if !samePaths(s.sorted, want.sorted) {
		t.Fatal("sorted with a Yield, the files are in another order")
	}
	turns, steps := 0, 0
	for _, p := range told {
		switch {
		case p.Step == "the files' paths" && p.Unit == "" && p.Done > 0 && p.Done <= p.Total:
			turns++
		case p.Step == "the files, by path" && p.Total == 0:
			steps++
		default:
			t.Errorf("told %+v", p)
		}
	}
	if turns < 3 || steps != 1 { // two as the paths are gathered, one or more as they are keyed
		t.Errorf("%d turns and %d steps, want at least 3 and 1: %+v", turns, steps, told)
	}
	stop, later := errors.New("stop"), errors.New("later")
	s = benchSnapshot(n, true)
	k := 0
	err := s.SortFiles(func(work.Progress) error {
		if k++; k == 1 {
			return stop
		}
		return later
	})
	if err != stop || !samePaths(s.sorted, want.sorted) {
		t.Errorf("a Yield that stops: %v (want the first error), sorted %v", err, samePaths(s.sorted, want.sorted))
	}
}

func samePaths(a, b []*AddFile) bool {
	return slices.EqualFunc(a, b, func(x, y *AddFile) bool { return strings.Compare(x.Path, y.Path) == 0 })
}
