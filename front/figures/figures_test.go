package figures

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"layoutlab/engine/scenario"
	"layoutlab/front/boundary"
	"layoutlab/front/schedule"
)

// recorder is the page, natively: what was set last, how often, and the calls made.
type recorder struct {
	set   map[string]any
	sets  map[string]int
	calls []string
}

func newRecorder() *recorder { return &recorder{set: map[string]any{}, sets: map[string]int{}} }

func (r *recorder) Set(o boundary.Out, v any) { r.set[o.Name()] = v; r.sets[o.Name()]++ }
func (r *recorder) Call(i boundary.In, args ...any) {
	r.calls = append(r.calls, fmt.Sprint(i.Name(), " ", args))
}

// clock is a page clock that moves on by hand.
type clock float64

func (c *clock) now() float64 { return float64(*c) }

func TestTheFirstAnswerCreditsWhatFirstrunComputed(t *testing.T) {
	asked := scenario.Default().Panel
	other := asked
	other.Files++
	for _, c := range []struct {
		name            string
		shown           *scenario.Panel
		engine, initial float64
	}{
		{"the panel firstrun answered", &asked, 5 + 30, 30},
		{"another panel", &other, 5, 0},
		{"a timeline", nil, 5, 0},
	} {
		r, at := newRecorder(), clock(100)
		s := NewWidget(r, at.now, map[boundary.Out]any{wb().GCCycles: "gc"}, asked, 30)
		s.Updated()
		s.Updated()
		s.DrawBegins()
		at = 104.5
		s.Engine(5)
		if !s.Answered(c.shown) {
			t.Fatalf("%s: the first answer is not the first", c.name)
		}
		if r.set["engineMs"] != c.engine || r.set["firstRunInInitMs"] != c.initial || r.set["firstFrame"] != 104.5 ||
			r.set["frames"] != 0 || r.set["scenarios"] != 1 || r.set["gcCycles"] != "gc" {
			t.Errorf("%s: %v", c.name, r.set)
		}
		// Each frame that shows an answer is handed to the page with its Go times: the
		// engine's on the answer shown (not the credit) and the draws'.
		if want := []string{"frameDrawn [2 5 4.5]"}; !reflect.DeepEqual(r.calls, want) {
			t.Errorf("%s: calls %v, want %v", c.name, r.calls, want)
		}
		at = 190
		s.DrawBegins()
		at = 200
		s.Engine(7)
		if s.Answered(c.shown) || r.sets["firstFrame"] != 1 || r.set["engineMs"] != c.engine {
			t.Errorf("%s: a second answer is taken for the first: %v", c.name, r.set)
		}
		if len(r.calls) != 2 || r.calls[1] != "frameDrawn [2 7 10]" {
			t.Errorf("%s: calls %v", c.name, r.calls)
		}
	}
}

func TestWidgetCounts(t *testing.T) {
	r, at := newRecorder(), clock(10)
	s := NewWidget(r, at.now, nil, scenario.Panel{}, 0)
	if !s.Painted() || s.Painted() || r.sets["firstPaint"] != 1 || r.set["firstPaint"] != 10.0 {
		t.Errorf("first paint: %v %v", r.set, r.sets)
	}
	s.DrawCalled()
	s.DrawCalled()
	s.Updated()
	if r.set["draws"] != 2 || r.set["updates"] != 1 {
		t.Errorf("frames: %v", r.set)
	}
	s.AheadHits(0)
	s.AheadHits(3)
	s.AheadHits(3)
	if r.sets["aheadHits"] != 1 || r.set["aheadHits"] != 3 {
		t.Errorf("ahead hits are written when they change: %v times, last %v", r.sets["aheadHits"], r.set["aheadHits"])
	}
	s.Ready()
	if r.set["ready"] != true || r.set["readyAt"] != 10.0 {
		t.Errorf("ready: %v", r.set)
	}
	s.Swapped()
	s.Swapped()
	if r.set["ready"] != false || r.set["scenarios"] != 3 {
		t.Errorf("after two swaps: %v", r.set)
	}
	s.Counted(schedule.Counts{AheadHits: 1, AheadRuns: 2, AheadMs: 3.5, Rehearsals: 4, Due: 5, Rehearsed: 6, Rounds: 7,
		Prepared: 8, StatsKept: 9, Settled: true})
	want := map[string]any{"aheadHits": 1, "aheadRuns": 2, "aheadMs": 3.5, "rehearsals": 4, "rehearsalsDue": 5, "adopted": 6,
		"rehearsalRounds": 7, "timelinePrepared": 8, "aheadSyncs": 9, "settled": true}
	for k, v := range want {
		if r.set[k] != v {
			t.Errorf("counts: %s = %v, want %v", k, r.set[k], v)
		}
	}
}

func TestTableKeepsTheLongestStretch(t *testing.T) {
	r := newRecorder()
	s := NewTable(r)
	s.StretchBegins("(the upload)")
	s.StretchEnds(30*time.Millisecond, "Replaying the log")
	s.StretchBegins("Replaying the log")
	s.StretchEnds(20*time.Millisecond, "Drawing")
	s.StretchBegins("Drawing")
	s.StretchEnds(45500*time.Microsecond, "Opened")
	if want := []any{45.5, "Drawing", "Opened"}; !reflect.DeepEqual(r.set["longestGo"], want) || r.sets["longestGo"] != 2 {
		t.Errorf("longestGo %v (set %d times), want %v", r.set["longestGo"], r.sets["longestGo"], want)
	}
	s.Collected(2 * time.Millisecond)
	s.Collected(5 * time.Millisecond)
	if want := []any{2, 7.0, 5.0}; !reflect.DeepEqual(r.set["collections"], want) {
		t.Errorf("collections %v, want %v", r.set["collections"], want)
	}
}

// TestTableCountsTheTurnsToTheDraw: the turns from an open's start to its table drawn, those
// of an open before not counted.
func TestTableCountsTheTurnsToTheDraw(t *testing.T) {
	r := newRecorder()
	s := NewTable(r)
	s.Turned(time.Second, true)
	s.OpenBegins()
	s.Turned(2*time.Millisecond, false)
	s.Turned(16500*time.Microsecond, true)
	s.Turned(3*time.Millisecond, false)
	s.Opened(time.Second, 1)
	s.Turned(time.Second, true) // after the draw
	if want := []any{3, 1, 21.5, 16.5}; !reflect.DeepEqual(r.set["turnsToDraw"], want) || r.sets["turnsToDraw"] != 1 {
		t.Errorf("turnsToDraw %v (set %d times), want %v", r.set["turnsToDraw"], r.sets["turnsToDraw"], want)
	}
}

func TestTableCounts(t *testing.T) {
	r := newRecorder()
	s := NewTable(r)
	s.Planning()
	s.Opened(120*time.Millisecond, 4096)
	s.Planned(8 * time.Millisecond)
	s.Opened(60*time.Millisecond, 100)
	s.Planning()
	s.Failed()
	s.WhereRun()
	s.Shown(3)
	want := map[string]any{"opened": 2, "openMs": 60.0, "logRead": 100.0, "planMs": 8.0, "planning": false, "errors": 1,
		"whereRuns": 1, "version": int64(3)}
	for k, v := range want {
		if r.set[k] != v {
			t.Errorf("%s = %#v, want %#v", k, r.set[k], v)
		}
	}
}
