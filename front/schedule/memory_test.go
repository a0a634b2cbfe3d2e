package schedule

import (
	"runtime"
	"testing"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// idleClock is a clock that jumps to the time idle work is due whenever the worker waits for
// it, and a Yielder that hands nothing over: the worker's whole work, as fast as it runs.
type idleClock struct{ now time.Time }

func (c *idleClock) Now() time.Time { return c.now }
func (c *idleClock) Turn()          {}
func (c *idleClock) Task()          {}
func (c *idleClock) Aside()         {}
func (c *idleClock) Show(string)    {}
func (c *idleClock) Cut()           {}

// settleWidget runs the widget's work for sc as its worker does, on the real engines: the first
// answer (and, for a timeline, the shown day's file grid, which the frame asks for), then every
// piece of idle work, until the scheduler is settled. It returns the scheduler, which holds what
// the widget holds then.
func settleWidget(tb testing.TB, sc scenario.Scenario) *Scheduler {
	c := &idleClock{now: time.Unix(1e9, 0)}
	s := New(panel.NewStore(), &TimelineEngine{}, c, c, 256)
	settle(tb, s, c, sc)
	return s
}

// settle asks s for sc and runs its work until it is settled, as settleWidget.
func settle(tb testing.TB, s *Scheduler, c *idleClock, sc scenario.Scenario) {
	s.Ask(sc)
	for shown := false; ; {
		ran, idleAt := s.Step()
		if sim := s.Timeline(); !shown && sim.Result != nil {
			var df timeline.DayFiles
			if err := s.DayFiles(sim.Result, &df, sim.Result.Selected().Day); err != nil {
				tb.Fatal(err)
			}
			shown = true
			s.Start() // the page is ready once the first answer is drawn
		}
		if a := s.Panel(); !shown && a.Result != nil {
			shown = true
			s.Start()
		}
		switch {
		case ran:
		case !idleAt.IsZero():
			c.now = idleAt
		case s.Counts().Settled:
			return
		default:
			tb.Fatalf("the worker stopped before it settled: %+v", s.Counts())
		}
	}
}

// BenchmarkPresetMemory runs each preset as the widget's worker does (settleWidget) and reports
// what the Go heap holds once settled (live-MB, after a collection) and what the work allocated
// in all (alloc-MB), and the runtime's memory so far (sys-MB). Under js/wasm the heap is in the
// instance's linear memory, which keeps its peak, and sys-MB of one preset run alone is that peak
// within a few MB; -memprofile shows where it goes:
//
//	go test -run XXX -bench 'PresetMemory/large-batches' -benchtime 1x -memprofile /tmp/mem.prof ./front/schedule
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run XXX -bench 'PresetMemory/large-batches' -benchtime 1x ./front/schedule
func BenchmarkPresetMemory(b *testing.B) {
	for _, p := range scenario.Presets() {
		b.Run(p.Name, func(b *testing.B) {
			var live, alloc float64
			for b.Loop() {
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				s := settleWidget(b, p.Scenario)
				runtime.GC()
				runtime.ReadMemStats(&m1)
				live += float64(m1.HeapAlloc) - float64(m0.HeapAlloc)
				alloc += float64(m1.TotalAlloc - m0.TotalAlloc)
				runtime.KeepAlive(s)
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			b.ReportMetric(live/float64(b.N)/(1<<20), "live-MB")
			b.ReportMetric(alloc/float64(b.N)/(1<<20), "alloc-MB")
			b.ReportMetric(float64(m.Sys)/(1<<20), "sys-MB")
		})
	}
}

// TestSettleWidget: the idle work of a panel preset and of a timeline preset ends settled, having
// rehearsed the panel's other layouts and prepared the timeline's day grids.
func TestSettleWidget(t *testing.T) {
	for _, name := range []string{"two-keys", "change-keys"} {
		p, _ := scenario.PresetByName(name)
		c := settleWidget(t, p.Scenario).Counts()
		if p.Scenario.View == "timeline" && c.Prepared != 1 {
			t.Errorf("%s: settled with %d day grids prepared, want 1", name, c.Prepared)
		}
		if p.Scenario.View != "timeline" && c.Rounds != 1 {
			t.Errorf("%s: settled after %d rounds of rehearsals, want 1", name, c.Rounds)
		}
	}
}

// liveHeap is the Go heap in use after a collection.
func liveHeap() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// TestForgetHoldsOneFigure: a reused figure frame shows one figure after another (wasm/swap.go,
// site/embed.js), and the scheduler forgets each before the next. Once the next has settled,
// the heap holds about what that figure alone holds; without Forget it holds both.
func TestForgetHoldsOneFigure(t *testing.T) {
	before, _ := scenario.PresetByName("large-batches") // a timeline, of the presets' largest heaps
	next, _ := scenario.PresetByName("two-keys")        // a panel
	base := liveHeap()
	alone := settleWidget(t, next.Scenario)
	aloneMB := liveHeap() - base
	runtime.KeepAlive(alone)
	alone = nil

	held := map[bool]float64{}
	for _, forget := range []bool{false, true} {
		base := liveHeap()
		c := &idleClock{now: time.Unix(1e9, 0)}
		s := New(panel.NewStore(), &TimelineEngine{}, c, c, 256)
		settle(t, s, c, before.Scenario)
		beforeMB := liveHeap() - base
		if forget {
			s.Forget()
		}
		s.Hold() // as a swap does: idle work waits for the reader's first touch
		settle(t, s, c, next.Scenario)
		held[forget] = liveHeap() - base
		if a := s.Panel(); a.Result == nil {
			t.Errorf("forget %v: %s settled without an answer", forget, next.Name)
		}
		runtime.KeepAlive(s)
		t.Logf("forget %v: %s alone %.1f MB; %s settled %.1f MB; then %s: %.1f MB", forget, next.Name, aloneMB,
			before.Name, beforeMB, next.Name, held[forget])
	}
	if held[true] > aloneMB*1.25+2 {
		t.Errorf("after Forget the heap holds %.1f MB, %s alone %.1f MB", held[true], next.Name, aloneMB)
	}
	if held[false] < held[true]+5 {
		t.Errorf("without Forget the heap holds %.1f MB, with it %.1f MB: the test no longer tells them apart", held[false], held[true])
	}
}
