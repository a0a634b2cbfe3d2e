package schedule

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// fake is the engines, the clock and the browser at once: every run advances the clock by its
// cost in steps of stepMs, calling yield between them, and every call is written to log.
type fake struct {
	t      *testing.T
	now    time.Time
	log    []string
	stored map[string]bool // scenarios answered: Ready
	cols   int             // columns left to generate (Prepare)
	// onTurn, when set, runs during the browser's next turn: the input that comes then.
	onTurn func()
}

const stepMs = 10

func newFake(t *testing.T) *fake {
	return &fake{t: t, now: time.Unix(1e9, 0), stored: map[string]bool{}, cols: 2}
}

func (f *fake) Now() time.Time { return f.now }
func (f *fake) advance(ms int) { f.now = f.now.Add(time.Duration(ms) * time.Millisecond) }

func (f *fake) Turn() {
	f.log = append(f.log, "turn")
	f.advance(16) // the browser's frame
	if fn := f.onTurn; fn != nil {
		f.onTurn = nil
		fn()
	}
}

func (f *fake) Task() {
	f.log = append(f.log, "task")
	if fn := f.onTurn; fn != nil {
		f.onTurn = nil
		fn()
	}
}

// Aside is a turn for work the page does not show: the browser's input, no frame awaited.
func (f *fake) Aside() {
	f.log = append(f.log, "aside")
	if fn := f.onTurn; fn != nil {
		f.onTurn = nil
		fn()
	}
}

func (f *fake) Show(step string) { f.log = append(f.log, "show "+step) }

// Cut is the frame's: the turn under way (the one onTurn runs in) ends.
func (f *fake) Cut() { f.log = append(f.log, "cut") }

// name is a panel scenario in the log: its layout, files and rows.
func name(p scenario.Panel) string {
	return fmt.Sprintf("%s/%d/%dk", p.Layout, p.Files, p.Rows/1000)
}

// cost is a run's time: a millisecond per 10k rows, 400 ms for a table not generated yet.
func (f *fake) cost(p scenario.Panel) int {
	ms := max(p.Rows/10_000, 2)
	if !f.stored[fmt.Sprint("table", p.Rows)] {
		ms += 400
	}
	return ms
}

func (f *fake) run(what string, ms int, yield Yield) error {
	f.log = append(f.log, what)
	for done := 0; done < ms; done += stepMs {
		if err := yield.Begin(fmt.Sprintf("step %d", done/stepMs+1)); err != nil {
			f.log = append(f.log, "stopped "+what)
			return err
		}
		f.advance(min(stepMs, ms-done))
	}
	return nil
}

func (f *fake) Answer(p scenario.Panel, prio panel.Priority, yield Yield) (*panel.Result, error) {
	what := []string{"answer", "rehearse", "ahead"}[prio] + " " + name(p)
	if err := f.run(what, f.cost(p), yield); err != nil {
		return nil, err
	}
	f.stored[fmt.Sprint("table", p.Rows)] = true
	f.stored[name(p)] = true
	return &panel.Result{Layout: p.Layout, FilesTotal: p.Files, RowsTotal: int64(p.Rows), Files: make([]panel.File, max(p.Files, 4))}, nil
}

func (f *fake) Ready(p scenario.Panel) bool { return f.stored[name(p)] }

func (f *fake) Prepare(p scenario.Panel, prio panel.Priority, yield Yield) (bool, error) {
	if err := f.run("fill", 30, yield); err != nil {
		return true, err
	}
	f.cols--
	return f.cols > 0, nil
}

func (f *fake) FileStats(res *panel.Result, i int) (json.RawMessage, json.RawMessage, json.RawMessage, error) {
	f.log = append(f.log, fmt.Sprintf("stats %d", i))
	return json.RawMessage(`{"a":1}`), json.RawMessage(`{"a":2}`), json.RawMessage(`{"a":0}`), nil
}

func (f *fake) Run(s scenario.Timeline, yield Yield) (*timeline.Result, error) {
	what := fmt.Sprintf("simulate %s/%d", s.Strategy, s.Days)
	f.log = append(f.log, what)
	for d := 1; d <= s.Days; d++ {
		if err := yield.Tick("day", d, s.Days, ""); err != nil {
			f.log = append(f.log, "stopped "+what)
			return nil, err
		}
		f.advance(5)
	}
	return &timeline.Result{}, nil
}

func (f *fake) PrepareDays(*timeline.Result) { f.log = append(f.log, "days") }

func (f *fake) Forget() {
	f.log = append(f.log, "forget")
	clear(f.stored)
}

// drain runs the worker until nothing is due now, and returns what was logged meanwhile.
func (f *fake) drain(s *Scheduler) []string {
	f.log = nil
	for i := 0; ; i++ {
		if ran, _ := s.Step(); !ran {
			break
		}
		if i > 100 {
			f.t.Fatal("the worker never runs out of work")
		}
	}
	return f.log
}

func panelAt(files, rows int, layout string) scenario.Scenario {
	sc := scenario.Default()
	sc.Panel.Files, sc.Panel.RowsPerFile, sc.Panel.Rows, sc.Panel.Layout = files, 0, rows, layout
	return sc
}

func newScheduler(f *fake) *Scheduler {
	s := New(f, f, f, f, 256)
	s.Start()
	return s
}

// contains reports whether log holds want's lines in order (others between them allowed).
func contains(log, want []string) bool {
	i := 0
	for _, l := range log {
		if i < len(want) && l == want[i] {
			i++
		}
	}
	return i == len(want)
}

func count(log []string, prefix string) int {
	n := 0
	for _, l := range log {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// TestADragIsAnsweredAhead: a move's answer is run in the frame that asked (no turn); the file
// counts on each side are then run ahead, each after a browser task; the next move lands on one
// and is answered at once, and the counts beyond it in the drag's direction are run next.
func TestADragIsAnsweredAhead(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	gen := s.Ask(panelAt(32, 100_000, "hilbert"))
	log := f.drain(s)
	a := s.Panel()
	if a.Gen != gen || a.Result.FilesTotal != 32 || a.Turns != 0 {
		t.Fatalf("first move: answer %+v, want gen %d, 32 files, answered in its frame", a, gen)
	}
	want := []string{"answer hilbert/32/100k", "task", "ahead hilbert/33/100k", "task", "ahead hilbert/31/100k",
		"task", "ahead hilbert/34/100k", "task", "ahead hilbert/30/100k", "task", "ahead hilbert/35/100k", "task", "ahead hilbert/29/100k"}
	if !slices.Equal(log, want) {
		t.Fatalf("first move ran\n%q\nwant\n%q", log, want)
	}
	gen = s.Ask(panelAt(33, 100_000, "hilbert"))
	if a := s.Panel(); a.Gen != gen || a.Result.FilesTotal != 33 || a.Ms != 0 {
		t.Fatalf("the move to 33 was not answered at once from its answer computed ahead: %+v", a)
	}
	log = f.drain(s)
	if count(log, "answer") != 0 || !contains(log, []string{"ahead hilbert/36/100k"}) {
		t.Fatalf("after the move to 33 ran %q: want no answer run and 36 ahead", log)
	}
	if c := s.Counts(); c.AheadHits != 1 || c.AheadRuns != 7 {
		t.Fatalf("counts %+v, want 1 hit and 7 runs ahead", c)
	}
	s.AskStats(s.Panel().Result, 5)
	if log := f.drain(s); len(log) == 0 || log[0] != "stats 5" || s.Counts().StatsKept != 1 {
		t.Fatalf("a file of the answer computed ahead: ran %q, counts %+v", log, s.Counts())
	}
}

// TestMovesDuringALongRun: a run past PanelWait hands the browser its turn every YieldEvery and
// names its step. A move that needs another table (rows) stops it: its answer is never
// published. A move on the same table (layout) lets it finish, is published, and runs next.
func TestMovesDuringALongRun(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)

	first := s.Ask(panelAt(32, 1_000_000, "hilbert"))
	turns := 0
	var second int
	var onTurn func()
	onTurn = func() {
		if turns++; turns == 2 {
			second = s.Ask(panelAt(32, 10_000, "hilbert"))
			return
		}
		f.onTurn = onTurn
	}
	f.onTurn = onTurn
	log := f.drain(s)
	if !contains(log, []string{"answer hilbert/32/1000k", "show Computing: step 6…", "turn", "turn", "stopped answer hilbert/32/1000k",
		"answer hilbert/32/10k", "show "}) {
		t.Fatalf("a move to another table during a long run ran\n%q", log)
	}
	if a := s.Panel(); a.Gen != second || a.Result.RowsTotal != 10_000 {
		t.Fatalf("published %+v, want the 10k-row answer (gen %d; the stopped run was gen %d)", a, second, first)
	}

	s.Ask(panelAt(32, 1_000_000, "hilbert"))
	f.stored["table1000000"] = false
	var zorder int
	f.onTurn = func() { zorder = s.Ask(panelAt(32, 1_000_000, "zorder")) }
	var published []string
	s.Notify = func() { published = append(published, s.Panel().Result.Layout) }
	log = f.drain(s)
	if count(log, "stopped") != 0 || !contains(log, []string{"answer hilbert/32/1000k", "turn", "answer zorder/32/1000k"}) {
		t.Fatalf("a move on the same table during a long run ran\n%q", log)
	}
	if !slices.Equal(published, []string{"hilbert", "zorder"}) || s.Panel().Gen != zorder {
		t.Fatalf("published %v (gen %d), want the hilbert answer then the zorder one (gen %d)", published, s.Panel().Gen, zorder)
	}
}

// TestIdleWork: nothing runs ahead of a table's answer until the reader has been idle for
// IdleAfter; then each other layout is rehearsed, input during a rehearsal stops it (and it runs
// again once idle), the table's columns are generated, and a flip to a rehearsed layout is
// answered at once.
func TestIdleWork(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table200000"] = true
	sc := panelAt(32, 200_000, "hilbert")
	sc.Panel.RowsPerFile, sc.Panel.Files = 1000, 0 // no files slider: nothing to run ahead
	s.Ask(sc)
	if log := f.drain(s); !slices.Equal(log, []string{"answer hilbert/0/200k"}) {
		t.Fatalf("the move ran %q", log)
	}
	if _, idleAt := s.Step(); idleAt.Sub(f.now) <= 0 || idleAt.Sub(f.now) > IdleAfter {
		t.Fatalf("idle work due at %v, want about %v from now", idleAt.Sub(f.now), IdleAfter)
	}
	if s.Counts().Settled {
		t.Fatal("settled with idle work to do")
	}
	f.advance(int(IdleAfter / time.Millisecond))
	// The first rehearsal (10 ms a step, a turn every IdleYieldEvery) meets input.
	f.onTurn = s.Touch
	log := f.drain(s)
	want := []string{"rehearse append/0/200k", "turn", "stopped rehearse append/0/200k"}
	if !slices.Equal(log, want) {
		t.Fatalf("idle work with input ran\n%q\nwant\n%q", log, want)
	}
	f.advance(int(IdleAfter / time.Millisecond))
	log = f.drain(s)
	want = []string{"rehearse append/0/200k", "rehearse orderby/0/200k", "rehearse zorder/0/200k", "fill", "fill"}
	if got := slices.DeleteFunc(slices.Clone(log), func(l string) bool { return l == "turn" }); !slices.Equal(got, want) {
		t.Fatalf("idle work ran\n%q\nwant (turns aside)\n%q", log, want)
	}
	if c := s.Counts(); c.Rehearsals != 3 || c.Due != 3 || c.Rounds != 1 || !c.Settled {
		t.Fatalf("counts %+v, want 3 of 3 rehearsed in 1 round, settled", c)
	}
	z := sc
	z.Panel.Layout = "zorder"
	gen := s.Ask(z)
	if s.Counts().Settled {
		t.Fatal("still settled after a move")
	}
	if a := s.Panel(); a.Gen != gen || a.Result.Layout != "zorder" {
		t.Fatalf("the flip to zorder was not answered from its rehearsal: %+v", a)
	}
}

// TestTimeline: a simulation yields every SimulateYieldEvery and a newer scenario stops it; a
// move of the day alone simulates nothing; idle, the day grids are prepared once.
func TestTimeline(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	sc := scenario.Default()
	sc.View = "timeline"
	sc.Timeline.Days = 20
	s.Ask(sc)
	f.onTurn = func() {
		sc.Timeline.Days = 10
		s.Ask(sc)
	}
	log := f.drain(s)
	if !contains(log, []string{"simulate " + sc.Timeline.Strategy + "/20", "show Simulating day 3 of 20…", "turn",
		"stopped simulate " + sc.Timeline.Strategy + "/20", "simulate " + sc.Timeline.Strategy + "/10", "show "}) {
		t.Fatalf("the timeline ran\n%q", log)
	}
	if r := s.Timeline(); r.Result == nil || r.Key.Days != 10 {
		t.Fatalf("published %+v, want the 10-day run", r)
	}
	sc.Timeline.Day = 4
	s.Ask(sc)
	if log := f.drain(s); len(log) != 0 {
		t.Fatalf("a day move ran %q", log)
	}
	f.advance(int(IdleAfter / time.Millisecond))
	if log := f.drain(s); !slices.Equal(log, []string{"days"}) {
		t.Fatalf("idle on the timeline ran %q, want the day grids prepared once", log)
	}
}

// TestFileStats: a hovered file's statistics are computed by the worker, before idle work.
func TestFileStats(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)
	a := s.Panel()
	s.AskStats(a.Result, 3)
	if log := f.drain(s); len(log) == 0 || log[0] != "stats 3" {
		t.Fatalf("the hovered file ran %q, want its statistics first", log)
	}
	if st := s.Stats(); st.Result != a.Result || st.File != 3 || string(st.MinValues) != `{"a":1}` {
		t.Fatalf("stats published: %+v", st)
	}
}

// instant is an Engine and a Timeline that answer at once, safe for the worker's goroutine.
type instant struct{}

func (instant) Answer(p scenario.Panel, prio panel.Priority, yield Yield) (*panel.Result, error) {
	if err := yield.Begin("step"); err != nil {
		return nil, err
	}
	return &panel.Result{FilesTotal: p.Files, Files: make([]panel.File, 4)}, nil
}
func (instant) Ready(scenario.Panel) bool { return false }
func (instant) Prepare(scenario.Panel, panel.Priority, Yield) (bool, error) {
	return false, nil
}
func (instant) FileStats(*panel.Result, int) (json.RawMessage, json.RawMessage, json.RawMessage, error) {
	return json.RawMessage(`{}`), json.RawMessage(`{}`), json.RawMessage(`{}`), nil
}
func (instant) Run(scenario.Timeline, Yield) (*timeline.Result, error) {
	return &timeline.Result{}, nil
}
func (instant) PrepareDays(*timeline.Result) {}
func (instant) Forget()                      {}

type realTime struct{}

func (realTime) Now() time.Time { return time.Now() }
func (realTime) Turn()          {}
func (realTime) Task()          {}
func (realTime) Aside()         {}
func (realTime) Show(string)    {}
func (realTime) Cut()           {}

// TestWorkerAndFrame: the worker on its own goroutine and the frame asking and waiting, as in
// the browser; run with -race, it checks that the two share only what the lock guards.
func TestWorkerAndFrame(t *testing.T) {
	s := New(instant{}, instant{}, realTime{}, realTime{}, 256)
	s.Start()
	go s.Work()
	for n := 1; n <= 50; n++ {
		gen := s.Ask(panelAt(n, 100_000, "hilbert"))
		if !s.Wait(gen, false, 5*time.Second) {
			t.Fatalf("move %d: no answer", n)
		}
		a := s.Panel()
		if a.Gen != gen || a.Result.FilesTotal != n {
			t.Fatalf("move %d: answer %+v for gen %d", n, a, gen)
		}
		s.AskStats(a.Result, 1)
		if !s.Wait(0, true, 5*time.Second) || s.Stats().Result != a.Result {
			t.Fatalf("move %d: no statistics", n)
		}
	}
}

// TestADragsMoves: moves of the files slider one after another, the worker running between
// them; each is answered at once from a count run ahead, or by a run of its own in its frame.
func TestADragsMoves(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	for _, m := range []struct {
		files  int
		atOnce bool
	}{
		{32, false}, // the first: nothing run ahead yet
		{33, true}, {34, true}, {35, true}, {36, true},
		{40, false}, // four counts in one move: past Reach, and nothing planned after it
		{41, false}, // a direction again: 42 to 44 are run ahead
		{42, true},
		{41, true}, // turned about: 41 was shown, and is kept
	} {
		gen := s.Ask(panelAt(m.files, 100_000, "hilbert"))
		if got := s.Panel().Gen == gen; got != m.atOnce {
			t.Fatalf("move to %d: answered at once %v, want %v", m.files, got, m.atOnce)
		}
		log := f.drain(s)
		a := s.Panel()
		if a.Gen != gen || a.Result.FilesTotal != m.files || a.Turns != 0 {
			t.Fatalf("move to %d: answer %+v, want it for gen %d without a turn", m.files, a, gen)
		}
		if ran := count(log, "answer "); ran != map[bool]int{true: 0, false: 1}[m.atOnce] {
			t.Fatalf("move to %d ran %q", m.files, log)
		}
	}
}
