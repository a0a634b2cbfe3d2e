package schedule

import (
	"errors"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
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

// TestAGivenAnswerIsPublishedAtTheAsk: a timeline with an answer given ahead (Given) has it
// published at its Ask, before the worker runs anything; once the page shows it (Shown, not
// before) and has painted a frame (a turn), the run goes on behind it, its turns Aside, and its
// Result replaces the given one under the same Gen. A timeline with none
// given runs as before, and a day move on the run does not run it again.
func TestAGivenAnswerIsPublishedAtTheAsk(t *testing.T) {
	f := newFake(t)
	s := New(f, f, f, f, 256) // not started: a figure starts at the reader's next touch
	given := (&timeline.Given{Day: 1, Days: []timeline.Day{{Day: 1}}}).Result()
	var asked []scenario.Timeline
	s.Given = func(k scenario.Timeline) *timeline.Result {
		asked = append(asked, k)
		if k.Days == 20 {
			return given
		}
		return nil
	}
	sc := scenario.Default()
	sc.View, sc.Timeline.Days, sc.Timeline.Day = "timeline", 20, 3
	s.Ask(sc)
	if r := s.Timeline(); r.Result != given || r.Gen == 0 || r.Key.Day != 0 || r.Key.Days != 20 {
		t.Fatalf("after the Ask, published %+v: want the given answer", r)
	}
	if log := f.drain(s); len(log) != 0 {
		t.Fatalf("before the page showed the given answer, the worker ran %q", log)
	}
	s.Shown()
	log := f.drain(s)
	r := s.Timeline()
	if r.Result == nil || r.Result == given || r.Result.IsGiven() {
		t.Fatalf("after the run, published %+v: want the run's", r)
	}
	if !contains(log, []string{"turn", "simulate " + sc.Timeline.Strategy + "/20", "aside"}) || count(log, "turn") != 1 || log[0] != "turn" {
		t.Errorf("the run behind the given answer ran %q: want a turn (the answer painted, the figure shown), then only asides", log)
	}
	sc.Timeline.Day = 5
	s.Ask(sc)
	if log := f.drain(s); len(log) != 0 || s.Timeline().Result != r.Result {
		t.Fatalf("a day move ran %q or published another run", log)
	}
	sc.Timeline.Days = 10
	s.Ask(sc)
	if s.Timeline().Result != r.Result {
		t.Fatal("a timeline with no answer given published something at its Ask")
	}
	if log := f.drain(s); !contains(log, []string{"simulate " + sc.Timeline.Strategy + "/10", "turn"}) {
		t.Errorf("the timeline with no answer given ran %q", log)
	}
	if len(asked) != 2 {
		t.Errorf("Given asked %d times (%v), want once a new simulation", len(asked), asked)
	}
}
