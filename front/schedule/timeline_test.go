package schedule

import (
	"errors"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/work"
)

// TestTimelineEngineStops: a simulation stopped by yield returns its error and leaves the engine
// able to run the next.
func TestTimelineEngineStops(t *testing.T) {
	s := scenario.Default().Timeline
	s.Days = 4
	var e TimelineEngine
	stop := errors.New("stop")
	if res, err := e.Run(s, func(p work.Progress) error {
		if p.Done == 2 && p.Total == 4 {
			return stop
		}
		return nil
	}); err != stop || res != nil {
		t.Fatalf("stopped on day 2: %v, %v; want the yield's error", res, err)
	}
	res, err := e.Run(s, func(work.Progress) error { return nil })
	if err != nil || len(res.Days) != 4 {
		t.Fatalf("the next run: %v days, %v", res, err)
	}
}

// TestAnUnseenFiguresFirstSimulationTurnsAside: on a page not seen until its first answer is
// drawn (Unseen: a docs figure, transparent over its poster until then), the first simulation's
// turns are the Yielder's Aside, which waits for a painted frame only when the page asked for
// one: a busy renderer held a Turn's frame hundreds of ms, for a frame nobody sees. Once an
// answer is published, a simulation's turns are Turns again (the figure shows its progress), and
// a page that is seen (Unseen false: the widget's own page) paints its first run's progress.
func TestAnUnseenFiguresFirstSimulationTurnsAside(t *testing.T) {
	for _, unseen := range []bool{true, false} {
		f := newFake(t)
		s := newScheduler(f)
		s.Unseen = unseen
		sc := scenario.Default()
		sc.View, sc.Timeline.Days = "timeline", 20
		s.Ask(sc)
		first := f.drain(s)
		sc.Timeline.Days = 10
		s.Ask(sc)
		next := f.drain(s)
		if s.Timeline().Result == nil {
			t.Fatalf("unseen %v: no simulation published: %q then %q", unseen, first, next)
		}
		want, other := "turn", "aside"
		if unseen {
			want, other = "aside", "turn"
		}
		if count(first, want) < 2 || count(first, other) != 0 {
			t.Errorf("unseen %v: the first simulation ran %q: want only %ss", unseen, first, want)
		}
		if count(next, "turn") < 1 || count(next, "aside") != 0 {
			t.Errorf("unseen %v: the simulation after the first answer ran %q: want only turns", unseen, next)
		}
	}
}
