package schedule

import (
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
)

// TestASwapTakesThePreparedAnswer: the answer for the figure the page may swap to next is
// computed (Prepare) without touching what the page shows; the swap (Forget, then the new
// figure's Ask) is answered from it at once, with no run, and keeps the timeline engine's run of
// it (only the panel engine's store is forgotten). A panel figure is prepared the same way.
func TestASwapTakesThePreparedAnswer(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)
	shown := s.Panel()

	next := panelAt(32, 100_000, "hilbert")
	next.View, next.Timeline.Days = "timeline", 20
	s.Prepare(&next)
	log := f.drain(s)
	if count(log, "simulate") != 1 || s.Timeline().Result != nil || s.Panel().Result != shown.Result {
		t.Fatalf("preparing the next figure ran %q and published %+v, %+v: want one run, and the page's answer as it was", log, s.Timeline(), s.Panel())
	}
	s.Forget()
	s.Ask(next)
	if r := s.Timeline(); r.Result == nil || r.Key.Days != 20 || r.Gen == 0 {
		t.Fatalf("the swap's Ask published %+v, want the prepared run at once", r)
	}
	if log := f.drain(s); count(log, "simulate") != 0 || !slices.Equal(log, []string{"forget"}) {
		t.Fatalf("after the swap the worker ran %q, want only the panel engine forgotten", log)
	}
	if c := s.Counts(); c.SwapsPrepared != 1 {
		t.Fatalf("counts %+v, want one swap answered from its preparation", c)
	}

	panelNext := panelAt(64, 100_000, "hilbert")
	s.Prepare(&panelNext)
	if log := f.drain(s); count(log, "answer") != 1 || !contains(log, []string{"answer hilbert/64/100k"}) || s.Panel().Result != nil {
		t.Fatalf("preparing a panel figure ran %q and published %+v", log, s.Panel())
	}
	s.Forget()
	gen := s.Ask(panelNext)
	if a := s.Panel(); a.Gen != gen || a.Result == nil || a.Result.FilesTotal != 64 {
		t.Fatalf("the swap to the panel figure published %+v, want its prepared answer", a)
	}
	if log := f.drain(s); count(log, "answer") != 0 {
		t.Fatalf("after the swap to the panel figure the worker ran %q", log)
	}
}

// TestPreparationRaces: a swap that comes before the preparation ran is answered by that one
// run; a preparation dropped (the mouse passed by) runs nothing; a reader's move on the figure
// shown stops a preparation under way, which runs again after it.
func TestPreparationRaces(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)

	next := panelAt(32, 100_000, "hilbert")
	next.View, next.Timeline.Days = "timeline", 20
	s.Prepare(&next)
	s.Forget()
	s.Ask(next)
	if log := f.drain(s); count(log, "simulate") != 1 || s.Timeline().Result == nil || s.Counts().SwapsPrepared != 1 {
		t.Fatalf("a swap before its preparation ran %q, published %+v: want one run answering it", log, s.Timeline())
	}

	other := next
	other.Timeline.Days = 30
	s.Prepare(&other)
	s.Prepare(nil)
	if log := f.drain(s); len(log) != 0 {
		t.Fatalf("a preparation dropped ran %q", log)
	}

	s.Ask(panelAt(32, 100_000, "zorder")) // the page shows a panel figure again
	f.drain(s)
	s.Prepare(&other)
	f.onTurn = func() { s.Ask(panelAt(32, 100_000, "linear")) }
	log := f.drain(s)
	if !contains(log, []string{"simulate " + other.Timeline.Strategy + "/30", "turn", "stopped simulate " + other.Timeline.Strategy + "/30",
		"answer linear/32/100k", "simulate " + other.Timeline.Strategy + "/30"}) {
		t.Fatalf("a move during a preparation ran\n%q\nwant the preparation stopped, the move answered, the preparation run again", log)
	}
}

// TestPreparationWithinTheMemoryLimit: with the Go runtime's live heap over half its soft limit, a
// preparation is dropped before it runs (the page's memory never grows for a figure not shown
// yet), and the swap to that figure then runs it as a first answer.
func TestPreparationWithinTheMemoryLimit(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)
	next := panelAt(32, 100_000, "hilbert")
	next.View, next.Timeline.Days = "timeline", 20
	runtime.GC()                                              // the live heap measured (it is the last collection's)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 10)) // far below what the test binary holds live
	s.Prepare(&next)
	if log := f.drain(s); count(log, "simulate") != 0 || s.Counts().PreparesDropped != 1 {
		t.Fatalf("a preparation at the memory limit ran %q, counts %+v: want it dropped", log, s.Counts())
	}
	s.Forget()
	s.Ask(next)
	if log := f.drain(s); count(log, "simulate") != 1 || s.Timeline().Result == nil || s.Counts().SwapsPrepared != 0 {
		t.Fatalf("the swap after a dropped preparation ran %q, published %+v", log, s.Timeline())
	}
}

// TestASwapDuringAPreparationForgetsAtOnce: when the swap to the figure under preparation comes
// while it runs, the figure before is forgotten (the engines' stores) at the run's next turn,
// not after its end: the rest of the run is that figure's alone, as a swap without preparation
// is, and the page's memory holds one figure's work, not two (BenchmarkSwitch's peak).
func TestASwapDuringAPreparationForgetsAtOnce(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)

	next := panelAt(32, 100_000, "hilbert")
	next.View, next.Timeline.Days = "timeline", 20
	s.Prepare(&next)
	swapped := false
	f.onTurn = func() {
		if !swapped {
			swapped = true
			s.Forget()
			s.Ask(next)
		}
	}
	log := f.drain(s)
	first := slices.Index(log, "turn")
	forgot := slices.Index(log[first+1:], "forget")
	if count(log, "simulate") != 1 || forgot < 0 || !slices.Contains(log[first+1+forgot:], "aside") || s.Timeline().Result == nil {
		t.Fatalf("a swap during its preparation ran %q and published %+v: want the figure before forgotten at the next turn, the run going on and answering it", log, s.Timeline())
	}
	if c := s.Counts(); c.SwapsPrepared != 1 {
		t.Fatalf("counts %+v, want the swap answered by its preparation", c)
	}
}

// TestAPreparationsTurnsAfterTheSwapAreAside: a preparation's turns before the swap are the
// Yielder's Turn (a painted frame every PaintEvery: the host page decides the dwell in them);
// once the swap to it came, its Aside, which waits for a painted frame only when the page asked
// for one: the figure is not shown until its answer is drawn, and a busy renderer held a turn's
// frame hundreds of milliseconds (BenchmarkSwitch under load: 3.6 s of a 3.9 s preparation in 14
// turns).
func TestAPreparationsTurnsAfterTheSwapAreAside(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)

	next := panelAt(32, 100_000, "hilbert")
	next.View, next.Timeline.Days = "timeline", 20
	s.Prepare(&next)
	turns := 0
	var onTurn func()
	onTurn = func() {
		if turns++; turns < 3 {
			f.onTurn = onTurn // still before the swap
			return
		}
		s.Forget()
		s.Ask(next)
	}
	f.onTurn = onTurn
	log := f.drain(s)
	first := slices.Index(log, "turn") // the preparation's own forget comes before its run
	swap := slices.Index(log[max(first, 0):], "forget") + max(first, 0)
	if count(log, "simulate") != 1 || first < 0 || swap < first || s.Timeline().Result == nil ||
		count(log[:swap], "turn") != 3 || count(log[:swap], "aside") != 0 || count(log[swap:], "turn") != 0 || count(log[swap:], "aside") < 2 {
		t.Fatalf("a preparation swapped to at its third turn ran %q: want three frame turns, then only asides", log)
	}
}

// TestASwapCutsThePreparationsTurn: the swap's Ask, a move of the figure shown and another
// Prepare end the turn of the preparation under way (Yielder.Cut), which may be waiting for a
// painted frame a busy renderer gives late; an Ask with no preparation under way cuts nothing.
func TestASwapCutsThePreparationsTurn(t *testing.T) {
	f := newFake(t)
	s := newScheduler(f)
	f.stored["table100000"] = true
	s.Ask(panelAt(32, 100_000, "hilbert"))
	f.drain(s)
	if count(f.log, "cut") != 0 {
		t.Fatalf("an Ask with no preparation cut a turn: %q", f.log)
	}

	next := panelAt(32, 100_000, "hilbert")
	next.View, next.Timeline.Days = "timeline", 20
	for _, c := range []struct {
		name  string
		input func()
	}{
		{"the swap", func() { s.Forget(); s.Ask(next) }},
		{"a move", func() { s.Ask(panelAt(48, 100_000, "hilbert")) }},
		{"another figure", func() { other := next; other.Timeline.Days = 30; s.Prepare(&other) }},
	} {
		s.Prepare(&next)
		f.log = nil
		f.onTurn = func() {
			f.log = append(f.log, "input")
			c.input()
		}
		log := f.drain(s)
		in := slices.Index(log, "input")
		if in < 1 || log[in-1] != "turn" || in+1 >= len(log) || log[in+1] != "cut" {
			t.Errorf("%s during a preparation's turn: %q, want the turn cut", c.name, log)
		}
		s.Prepare(nil)
		f.drain(s)
	}
}
