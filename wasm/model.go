//go:build js && wasm

package main

import (
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/schedule"
)

// model is what the frame shows: the scenario asked for, the engine's answers to it (taken from
// the scheduler, their one origin), the file selected and a version that tells Draw when to
// paint again. Ebiten's Update changes it and Draw only reads it; both run on Ebiten's
// goroutine, so it has no lock.
type model struct {
	sc     scenario.Scenario   // the controls' scenario the frame asked for
	gen    int                 // the scheduler's generation for sc (Ask)
	answer schedule.Answer     // the panel's answer shown
	sim    schedule.Simulation // the timeline's run shown
	// The day under the slider, of sim, and its files (&dayBuf, its array reused from day to
	// day; nil when the day has none to show); dayGen counts the days shown (Draw regroups the
	// files when it changes).
	day      int
	dayFiles *timeline.DayFiles
	dayBuf   timeline.DayFiles
	dayErr   error
	dayGen   int
	selected int                // the file hovered or tapped, -1 = none
	stats    schedule.FileStats // the selected file's statistics (panel)
	version  int                // bumped on every change worth a redraw
}

// simErr is the timeline's error to show: the simulation's, or its day's.
func (m *model) simErr() error {
	if m.sim.Err != nil {
		return m.sim.Err
	}
	return m.dayErr
}

// inbox is what the controls hand the frame: the DOM's callbacks write it, Update takes it.
// Its scenario is the controls', the newest; the URL and the copied links are written from it.
type inbox struct {
	mu      sync.Mutex
	sc      scenario.Scenario
	changed bool              // sc changed since the frame took it
	typed   map[string]string // knob id → the value its control shows now (onKnob)
	refused map[string]bool   // knob id → its control shows a refused value
	// inputError is the message for a refused value ("" clears it), when set.
	inputError *string
	png        bool    // the PNG export asks Draw to read the frame back
	details    bool    // a <details> of the timeline's text was opened
	bound      bool    // the controls are built and bound
	swap       bool    // sc came from a changed fragment (swap.go)
	swapError  *string // a changed fragment that does not parse: the notice
}

// news is what the frame takes from the inbox at once.
type news struct {
	sc                  *scenario.Scenario
	typed               map[string]string
	refused             map[string]bool
	inputError          *string
	png, details, bound bool
	swap                bool
	swapError           *string
}

// take empties the inbox.
func (in *inbox) take() news {
	in.mu.Lock()
	defer in.mu.Unlock()
	n := news{typed: in.typed, refused: in.refused, inputError: in.inputError, png: in.png, details: in.details, bound: in.bound,
		swap: in.swap, swapError: in.swapError}
	if in.changed {
		sc := in.sc
		n.sc = &sc
	}
	in.changed, in.typed, in.refused, in.inputError, in.png, in.details, in.bound = false, nil, nil, nil, false, false, false
	in.swap, in.swapError = false, nil
	return n
}

// scenario is the controls' scenario.
func (in *inbox) scenario() scenario.Scenario {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.sc
}

// post runs fn on the inbox and asks for a frame to take it.
func (in *inbox) post(fn func(in *inbox)) {
	in.mu.Lock()
	fn(in)
	in.mu.Unlock()
	ebiten.ScheduleFrame()
}

// update is the frame's work on the model: the controls' news asked of the scheduler, and
// what the scheduler has published taken in, each change shown on the page. A panel move waits
// for its answer up to schedule.PanelWait (FirstWait for the first), so that a move the engine
// answers within a frame is drawn in the frame it asked.
func (g *game) update() {
	m, p := &g.m, g.page
	n := g.in.take()
	if n.inputError != nil {
		p.inputError(*n.inputError)
	}
	for id, v := range n.typed {
		p.knobShown[id] = v
	}
	for id := range n.refused {
		delete(p.knobShown, id) // the control shows the refused text: the next sync restores it
	}
	if n.swapError != nil {
		p.notice(*n.swapError)
	}
	if n.swap {
		g.swapScenario(n.sc)
	}
	if n.sc != nil {
		m.sc = *n.sc
		m.gen = g.sched.Ask(m.sc)
		g.fig.AheadHits(g.sched.Counts().AheadHits)
		if m.sc.View != "timeline" {
			wait := schedule.PanelWait
			if m.answer.Result == nil {
				wait = schedule.FirstWait
			}
			g.sched.Wait(m.gen, false, wait)
		}
	}
	a := g.sched.Panel()
	if a.Gen != m.answer.Gen {
		m.answer = a
		g.fig.Engine(a.Ms)
		m.selected, m.stats = -1, schedule.FileStats{}
		m.version++
		if m.sc.View != "timeline" && a.Result != nil { // nil: forgotten at a swap (swap.go)
			p.showPanel(m)
		}
	}
	if s := g.sched.Timeline(); s.Gen != m.sim.Gen {
		m.sim = s
		if m.sc.View == "timeline" {
			g.selectDay()
		}
	} else if n.sc != nil && m.sc.View == "timeline" {
		g.selectDay()
	}
	// A file's statistics that came after the frame that asked stopped waiting for them.
	if s := g.sched.Stats(); s.Result != nil && s.Result == m.answer.Result && s.File == m.selected &&
		(s.Result != m.stats.Result || s.File != m.stats.File) {
		m.stats = s
		m.version++ // the tip shows them
		p.showSelected(m)
	}
	if n.details {
		p.showTimelineText(m)
	}
	if n.png {
		g.wantPNG = true
		m.version++
	}
	if n.bound {
		p.bound = true
		p.showControls()
	}
	g.announceReady()
	if n.sc != nil || n.bound {
		// The controls follow the scenario here rather than in the input handler: Ebiten has
		// just read the page's size (a forced layout if the DOM had changed since the last
		// frame), and these writes, like the readouts', are laid out once with the frame.
		p.syncControls(&m.sc)
	}
}

// selectDay shows the day under the slider of the simulation shown.
func (g *game) selectDay() {
	m := &g.m
	t0 := time.Now()
	m.dayFiles, m.dayErr = nil, nil
	m.dayGen++
	m.selected = -1
	m.version++
	if m.sim.Result != nil && m.sim.Err == nil {
		m.day = m.sc.Timeline.Day
		if m.day == 0 || m.day > len(m.sim.Result.Days) {
			m.day = len(m.sim.Result.Days)
		}
		// Into the previous day's array: a move of the slider is a day of thousands of files.
		if m.dayErr = g.sched.DayFiles(m.sim.Result, &m.dayBuf, m.day); m.dayErr == nil {
			m.dayFiles = &m.dayBuf
		}
	}
	g.fig.Engine(float64(time.Since(t0).Microseconds()) / 1000)
	if m.sim.Result != nil || m.sim.Err != nil {
		g.page.showTimeline(m)
	}
}

// selectFile makes file i (of the grid drawn) the selected one and shows its add action; a
// panel file's statistics are asked of the scheduler and waited for up to schedule.PanelWait,
// unless a run for a newer move is under way (they come once it ends).
func (g *game) selectFile(i int) {
	m := &g.m
	m.selected = i
	m.version++
	if m.sc.View != "timeline" && m.answer.Result != nil && i < len(m.answer.Result.Files) {
		g.sched.AskStats(m.answer.Result, i)
		if !g.sched.Busy() {
			g.sched.Wait(0, true, schedule.PanelWait)
		}
		if s := g.sched.Stats(); s.Result == m.answer.Result && s.File == i {
			m.stats = s
		}
	}
	g.page.showSelected(m)
}
