package schedule

import (
	"slices"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

func files(ps []scenario.Panel) []int {
	var out []int
	for _, p := range ps {
		out = append(out, p.Files)
	}
	return out
}

func at(p scenario.Panel, n int) scenario.Panel {
	p.Files, p.RowsPerFile = n, 0
	return p
}

// TestShownGuessesTheDragsDirection: before a move, Reach counts each side, nearest first;
// once a move gives a direction, the next Reach counts that way, not those kept, within the
// slider's range; a turn turns the guesses.
func TestShownGuessesTheDragsDirection(t *testing.T) {
	p := scenario.Default().Panel
	var a kept
	if got := files(a.showing(at(p, 32), &panel.Result{}, 256)); !slices.Equal(got, []int{33, 31, 34, 30, 35, 29}) {
		t.Fatalf("before any move: guesses %v, want [33 31 34 30 35 29]", got)
	}
	a.keep(at(p, 34), &panel.Result{}) // run ahead before the first move
	if got := files(a.showing(at(p, 33), &panel.Result{}, 256)); !slices.Equal(got, []int{35, 36}) {
		t.Fatalf("after 32 → 33: guesses %v, want [35 36] (34 is kept)", got)
	}
	a.keep(at(p, 35), &panel.Result{})
	if got := files(a.showing(at(p, 35), &panel.Result{}, 256)); !slices.Equal(got, []int{36, 37, 38}) {
		t.Fatalf("after 33 → 35: guesses %v, want [36 37 38]", got)
	}
	// Turned about: 33 and 32, shown before and still within reach, are not run again.
	if got := files(a.showing(at(p, 34), &panel.Result{}, 256)); !slices.Equal(got, []int{31}) {
		t.Fatalf("after 35 → 34: guesses %v, want [31]", got)
	}
	// A move of more than Reach counts: a drag too fast for the guesses to be reached.
	if got := files(a.showing(at(p, 250), &panel.Result{}, 256)); got != nil {
		t.Fatalf("after 34 → 250: guesses %v, want none", got)
	}
	if got := files(a.showing(at(p, 255), &panel.Result{}, 256)); got != nil {
		t.Fatalf("after 250 → 255: guesses %v, want none", got)
	}
	if got := files(a.showing(at(p, 254), &panel.Result{}, 256)); !slices.Equal(got, []int{253, 252, 251}) {
		t.Fatalf("after 255 → 254: guesses %v, want [253 252 251]", got)
	}
	if got := files(a.showing(at(p, 255), &panel.Result{}, 256)); !slices.Equal(got, []int{256}) {
		t.Fatalf("after 254 → 255 of 256: guesses %v, want [256]", got)
	}
	a.showing(at(p, 4), &panel.Result{}, 256)
	if got := files(a.showing(at(p, 2), &panel.Result{}, 256)); !slices.Equal(got, []int{1}) {
		t.Fatalf("after 4 → 2: guesses %v, want [1]", got)
	}
	// Near the slider's low end, before any move: both sides, within its range.
	var b kept
	if got := files(b.showing(at(p, 2), &panel.Result{}, 256)); !slices.Equal(got, []int{3, 1, 4, 5}) {
		t.Fatalf("before any move at 2: guesses %v, want [3 1 4 5]", got)
	}
}

// TestTakeOnlyTheSameScenario: an answer is taken for its own scenario and file count only; any
// other knob, or rows per file instead of a count, finds nothing.
func TestTakeOnlyTheSameScenario(t *testing.T) {
	p := scenario.Default().Panel
	var a kept
	a.showing(at(p, 32), &panel.Result{}, 256)
	a.showing(at(p, 33), &panel.Result{}, 256)
	r := &panel.Result{FilesTotal: 34}
	if !a.keep(at(p, 34), r) {
		t.Fatal("an answer within reach was not kept")
	}
	if got := a.take(at(p, 34)); got != r {
		t.Fatalf("Take(34) = %v, want the answer kept", got)
	}
	if got := a.take(at(p, 36)); got != nil {
		t.Fatal("Take found an answer never kept")
	}
	other := []func(*scenario.Panel){
		func(q *scenario.Panel) { q.Layout = "zorder" },
		func(q *scenario.Panel) { q.Keys = []string{"user_id"} },
		func(q *scenario.Panel) { q.Where = "user_id = 1" },
		func(q *scenario.Panel) { q.Seed++ },
		func(q *scenario.Panel) { q.Rows++ },
		func(q *scenario.Panel) { q.NoNoise = !q.NoNoise },
		func(q *scenario.Panel) { q.RowsPerFile = 100 },
	}
	for i, change := range other {
		q := at(p, 34)
		change(&q)
		if a.take(q) != nil {
			t.Errorf("change %d: Take gave the answer kept for another scenario", i)
		}
	}
	// Shown on another scenario drops every answer.
	q := at(p, 34)
	q.Layout = "zorder"
	a.showing(q, &panel.Result{}, 256)
	if a.take(at(p, 34)) != nil || len(a.byFiles) != 1 {
		t.Fatalf("another scenario shown: %d answers kept, want only its own", len(a.byFiles))
	}
	if a.keep(at(p, 35), &panel.Result{}) {
		t.Fatal("an answer for a scenario no longer shown was kept")
	}
}

// TestKeptStayWithinReach: however long the drag, no more than the shown answer and Reach on
// each side are kept.
func TestKeptStayWithinReach(t *testing.T) {
	p := scenario.Default().Panel
	var a kept
	for n := 1; n <= 256; n++ {
		for _, q := range a.showing(at(p, n), &panel.Result{}, 256) {
			a.keep(q, &panel.Result{})
		}
		if len(a.byFiles) > 2*Reach+1 {
			t.Fatalf("at %d files: %d answers kept", n, len(a.byFiles))
		}
	}
	if a.keep(at(p, 256-Reach-1), &panel.Result{}) {
		t.Fatal("an answer out of reach of the one shown was kept")
	}
}

// TestRehearsedAnswersAreTakenForTheirScenario: a round's rehearsed answers are taken for their
// own scenarios (another layout, the shown one), whatever files answers come and go, and a new
// round drops the last one's.
func TestRehearsedAnswersAreTakenForTheirScenario(t *testing.T) {
	p := scenario.Default().Panel
	shown, zorder := &panel.Result{}, &panel.Result{}
	var a kept
	a.newRound(p, shown)
	z := p
	z.Layout = "zorder"
	a.keepRehearsal(z, zorder)
	if a.take(z) != zorder || a.take(p) != shown {
		t.Fatal("a rehearsed answer was not taken for its scenario")
	}
	z.Keys = []string{"user_id"}
	if a.take(z) != nil {
		t.Fatal("a rehearsed answer was taken for another scenario")
	}
	// Shown on the other layout: the files answers start afresh, the rehearsed ones stay.
	z.Keys = p.Keys
	a.showing(at(z, 40), zorder, 256)
	if a.take(p) != shown {
		t.Fatal("showing another scenario dropped the rehearsed answers")
	}
	for i := range 2 * MaxRehearsed {
		q := p
		q.Seed = uint64(1000 + i)
		a.keepRehearsal(q, &panel.Result{})
	}
	if len(a.rehearsals) != MaxRehearsed {
		t.Fatalf("%d rehearsed answers kept, want at most %d", len(a.rehearsals), MaxRehearsed)
	}
	a.newRound(z, zorder)
	if a.take(p) != nil || a.take(z) != zorder {
		t.Fatal("a new round kept the last round's answers, or not its own")
	}
}
