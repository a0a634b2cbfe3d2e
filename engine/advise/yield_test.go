package advise

import (
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"layoutlab/engine/work"
)

// TestYieldSeesEachCandidate: the Yield is told the preparation, then each candidate by its
// number (again between its stages and on each day of its nightly timeline), then the end; and
// listening changes nothing in the report.
func TestYieldSeesEachCandidate(t *testing.T) {
	tab := genTable(t, eventSpec(90), 20_000, 4)
	tt := writeTable(t, tab, 16, map[string]string{}, nil)
	wl := userLookups(tab, 2)
	opt := Options{MaxFileSize: maxFileFor(20_000, 16), IngestBytesPerDay: -1, Seed: 11}
	quiet := advise(t, tt, wl, opt)
	var seen []work.Progress
	opt.Yield = func(p work.Progress) error { seen = append(seen, p); return nil }
	told := advise(t, tt, wl, opt)
	if !reflect.DeepEqual(quiet, told) {
		t.Error("the report differs with a Yield")
	}
	n := len(told.Candidates)
	if n < 3 || len(seen) < n+2 || seen[0] != (work.Progress{Step: PrepareStep}) {
		t.Fatalf("%d candidates, told %v", n, seen)
	}
	if last := seen[len(seen)-1]; last != (work.Progress{Step: CandidatesStep, Done: n, Total: n, Unit: "candidates"}) {
		t.Errorf("last told %v", last)
	}
	for len(seen) > 1 && seen[1].Step == PrepareStep {
		seen = seen[1:] // the preparation's passes
	}
	per := make([]int, n)
	for i, p := range seen[1 : len(seen)-1] {
		if p.Step != CandidatesStep || p.Total != n || p.Unit != "candidates" || p.Done < 0 || p.Done >= n ||
			(i > 0 && p.Done < seen[i].Done) {
			t.Fatalf("told %v after %v", p, seen[i])
		}
		per[p.Done]++
	}
	// A candidate laid out yields between its stages and each day of its nightly timeline
	// (NightlyDays of them, besides its history): candidate 0, the table as it is, runs one.
	if per[0] < 2+NightlyDays {
		t.Errorf("candidate 0 yielded %d times; its stages and its nightly timeline's days would be %d or more", per[0], 2+NightlyDays)
	}
}

// TestYieldStops: the Yield's error stops Advise wherever it comes (before a candidate, between
// its stages, inside its nightly timeline) and is Advise's error as it is; nothing is told after.
func TestYieldStops(t *testing.T) {
	tab := genTable(t, eventSpec(90), 20_000, 4)
	tt := writeTable(t, tab, 16, map[string]string{}, nil)
	wl := userLookups(tab, 2)
	stop := errors.New("stop")
	for _, at := range []int{1, 2, 3, 4, 5, 6, 12} { // 1..3: the preparation; 4: candidate 0 begins; 5, 6: its stages; 12: its timeline
		calls, after := 0, 0
		opt := Options{MaxFileSize: maxFileFor(20_000, 16), IngestBytesPerDay: -1, Seed: 11, Yield: func(work.Progress) error {
			calls++
			if calls > at {
				after++
			}
			if calls >= at {
				return stop
			}
			return nil
		}}
		rep, err := Advise(tt.input(wl), opt)
		if err != stop || rep != nil || after != 0 {
			t.Errorf("stopped at call %d: %v, %v; told %d times after", at, rep, err, after)
		}
	}
}

// stageOf names the stage below a candidate that called the Yield, from the caller's stack:
// engine/layout's layout of a bin, the ranking of a column, the statistics and pruning; "" for
// the advisor's own calls between stages.
func stageOf() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		switch {
		case strings.Contains(f.Function, "layout.(*Layouter)."):
			return "layout"
		case strings.Contains(f.Function, "layout.RankRowsYield"):
			return "ranks"
		case strings.Contains(f.Function, "advise.(*advisor).prune"):
			return "prune"
		}
		if !more {
			return ""
		}
	}
}

// TestYieldReachesTheStages: on a table past the stages' reporting sizes, the Yield is called
// from inside engine/layout's layout (its range ids and sorts), the ranking of a column and the
// statistics and pruning, not only between them, so the page can end its task there; a stop at
// the first call from each stops Advise with that error, nothing told after, no report kept.
func TestYieldReachesTheStages(t *testing.T) {
	if testing.Short() {
		t.Skip("a 300,000-row table")
	}
	const rows = 300_000
	tab := genTable(t, eventSpec(400), rows, 6)
	tt := writeTable(t, tab, 64, map[string]string{}, nil)
	wl := userLookups(tab, 2) + "event_date >= '2027-01-01'\n"
	opt := Options{MaxFileSize: maxFileFor(rows, 64), IngestBytesPerDay: -1, Seed: 3, MaxKeys: 1}
	quiet := advise(t, tt, wl, opt)
	first := map[string]int{}
	calls := 0
	opt.Yield = func(work.Progress) error {
		calls++
		if st := stageOf(); st != "" && first[st] == 0 {
			first[st] = calls
		}
		return nil
	}
	if told := advise(t, tt, wl, opt); !reflect.DeepEqual(quiet, told) {
		t.Fatal("the report differs with a Yield")
	}
	for _, st := range []string{"layout", "ranks", "prune"} {
		if first[st] == 0 {
			t.Errorf("the Yield was never called from inside the %s stage (first calls: %v)", st, first)
		}
	}
	stop := errors.New("stop")
	for st, at := range first {
		n, after := 0, 0
		opt.Yield = func(work.Progress) error {
			n++
			if n > at {
				after++
			}
			if n >= at {
				return stop
			}
			return nil
		}
		rep, err := Advise(tt.input(wl), opt)
		if err != stop || rep != nil || after != 0 {
			t.Errorf("stopped in the %s stage (call %d): %v, %v; told %d times after", st, at, rep, err, after)
		}
	}
}
