//go:build js && wasm

package main

import (
	"sync"
	"time"

	"layoutlab/engine/scenario"
	"layoutlab/front/schedule"
	"layoutlab/front/widget"
)

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

// take empties the inbox: the controls' news since the last frame.
func (in *inbox) take() widget.News {
	in.mu.Lock()
	defer in.mu.Unlock()
	n := widget.News{Typed: in.typed, Refused: in.refused, InputError: in.inputError, PNG: in.png, Details: in.details,
		Bound: in.bound, Swap: in.swap, SwapError: in.swapError}
	if in.changed {
		sc := in.sc
		n.Scenario = &sc
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
	scheduleFrame()
}

// update is the frame's work on the model (front/widget.Update): the controls' news, the
// scheduler's answer to them, and what it has published since; the effects are carried out here.
func (g *game) update() {
	g.apply(g.in.take())
	g.apply(widget.Published{Panel: g.sched.Panel(), Timeline: g.sched.Timeline(), Stats: g.sched.Stats()})
}

// selectFile makes file i (of the grid drawn; -1: none) the selected one and shows its add
// action; a panel file's statistics are asked of the scheduler and waited for up to
// schedule.PanelWait, unless a run for a newer move is under way (they come once it ends).
func (g *game) selectFile(i int) { g.apply(widget.Select{File: i}) }

// apply gives ev to the model and carries out the effects, in order; an effect whose answer
// is an event (Ask, LoadDay, AskStats) gives it to the model at once.
func (g *game) apply(ev widget.Event) {
	var fx []widget.Effect
	g.m, fx = widget.Update(g.m, ev)
	p := g.page
	for _, e := range fx {
		switch e := e.(type) {
		case widget.ShowInputError:
			p.inputError(e.Text)
		case widget.KnobsShown:
			for id, v := range e.Typed {
				p.knobShown[id] = v
			}
			for id := range e.Refused {
				delete(p.knobShown, id) // the control shows the refused text: the next sync restores it
			}
		case widget.ShowNotice:
			p.notice(e.Text)
		case widget.SwapFigure:
			g.swapScenario(e)
		case widget.Ask:
			mark("ask")
			gen := g.sched.Ask(e.Scenario)
			g.fig.AheadHits(g.sched.Counts().AheadHits)
			g.apply(widget.Asked{Gen: gen})
			if e.Wait > 0 {
				g.sched.Wait(gen, false, e.Wait)
			}
		case widget.EngineTime:
			g.fig.Engine(e.Ms)
		case widget.LoadDay:
			mark("day")
			t0 := time.Now()
			// Into the previous day's array: a move of the slider is a day of thousands of files.
			err := g.sched.DayFiles(e.Result, &g.dayBuf, e.Day)
			loaded := widget.DayLoaded{Err: err, Ms: float64(time.Since(t0).Microseconds()) / 1000}
			if err == nil {
				loaded.Files = &g.dayBuf
			}
			mark("dayed")
			g.apply(loaded)
		case widget.AskStats:
			g.sched.AskStats(e.Result, e.File)
			if !g.sched.Busy() {
				g.sched.Wait(0, true, schedule.PanelWait)
			}
			g.apply(widget.StatsRead{Stats: g.sched.Stats()})
		case widget.ShowPanel:
			p.showPanel(&g.m)
		case widget.ShowTimeline:
			p.showTimeline(&g.m)
		case widget.ShowSelected:
			p.showSelected(&g.m)
		case widget.ShowTimelineText:
			p.showTimelineText(&g.m)
		case widget.ExportPNG:
			g.wantPNG = true
		case widget.ShowControls:
			p.bound = true
			p.showControls()
		case widget.Ready:
			g.announceReady()
		case widget.AnswerDrawn:
			mark("answer")
			g.fig.Answered(e.Panel)
		case widget.NextFrame:
			scheduleFrame()
		case widget.SyncControls:
			p.syncControls(&g.m.Scenario)
		}
	}
}
