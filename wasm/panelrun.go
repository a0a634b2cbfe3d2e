//go:build js && wasm

package main

import (
	"runtime"
	"slices"
	"strconv"
	"sync"
	"syscall/js"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// panelRun is the panel's engine and the runs asked of it. A run goes on its own goroutine
// (runPanel). One that ends within panelWait is shown in the frame that asked for it; a longer
// one (a million rows, a table generated afresh) yields to the browser between its steps,
// names each step in the progress region and leaves the last answer on screen until it ends.
// A newer knob move supersedes it at its next step. The timeline does the same (simulate).
type panelRun struct {
	// engMu is held by the run using eng. Others that read eng (showSelected, fillIdle) only
	// TryLock it: a.mu is taken inside runs, and a run may wait on the browser.
	engMu  sync.Mutex
	eng    panel.Engine
	broken bool          // a run was stopped halfway: eng's caches are not to be trusted
	engRes *panel.Result // the answer of eng's last finished run

	// Under a.mu:
	pending int // generation of the newest run asked for
	shown   int // generation of a.res
}

// panelWait is how long a frame waits for the panel's answer before it is drawn without it,
// with the run's progress instead: about two frames.
const panelWait = 30 * time.Millisecond

// yieldAfter is how long a run goes on before it first yields to the browser, and then
// between yields: a knob move answered within a frame never yields.
const yieldAfter = 8 * time.Millisecond

func newPanelEngine() panel.Engine {
	return panel.Engine{
		StatsOnDemand: true, // one file's statistics are shown at a time (showSelected)
		OmitLink:      true, // the URL is written from a.sc, debounced (url.go)
	}
}

// recomputePanel starts a run for the current scenario and waits up to panelWait for it.
// Callers hold a.mu; it is released while waiting, so that the run can publish its answer.
func (a *app) recomputePanel() {
	a.pn.pending++
	gen := a.pn.pending
	p := a.sc.Panel
	// The run reads p on another goroutine while controls may edit a.sc: its own slices.
	p.Keys, p.StatsColumns, p.PartitionBy = slices.Clone(p.Keys), slices.Clone(p.StatsColumns), slices.Clone(p.PartitionBy)
	done := make(chan struct{})
	go a.runPanel(p, gen, done)
	a.mu.Unlock()
	t := time.NewTimer(panelWait)
	select {
	case <-done:
	case <-t.C:
	}
	t.Stop()
	a.mu.Lock()
}

// runPanel runs the engine on p and publishes the answer unless a newer run was asked for.
func (a *app) runPanel(p scenario.Panel, gen int, done chan struct{}) {
	defer close(done) // also when the run is superseded (runtime.Goexit)
	a.pn.engMu.Lock()
	defer a.pn.engMu.Unlock()
	if a.stalePanel(gen) {
		return
	}
	if a.pn.broken {
		a.pn.eng, a.pn.broken = newPanelEngine(), false
	}
	start := time.Now()
	last := start
	a.pn.eng.Progress = func(step string) {
		if time.Since(last) < yieldAfter {
			return
		}
		a.mu.Lock()
		a.showProgress("Computing: " + step + "…")
		y := a.yield
		a.mu.Unlock()
		y.yield()
		last = time.Now()
		if a.stalePanel(gen) {
			runtime.Goexit() // the deferred unlocks run; the next run starts a new engine
		}
	}
	a.pn.broken = true // until Run returns
	res := a.pn.eng.Run(p)
	a.pn.broken = false
	a.pn.engRes = res
	a.mu.Lock()
	defer a.mu.Unlock()
	a.showProgress("")
	if gen != a.pn.pending {
		return
	}
	a.res, a.pn.shown = res, gen
	a.engineMs = float64(time.Since(start).Microseconds()) / 1000
	a.selected = -1
	a.publish()
	a.redraw()
}

// showProgress names the step a long run is on, and marks the readouts, which still show the
// previous answer, as busy (dimmed by widget.css); "" clears both. Callers hold a.mu.
func (a *app) showProgress(text string) {
	a.setText("progress", text)
	a.setHidden("progress", text == "")
	if busy := text != ""; busy != a.busy {
		a.busy = busy
		if el := a.byID("readouts"); el != nil {
			el.SetAttribute("aria-busy", strconv.FormatBool(busy))
		}
	}
}

func (a *app) stalePanel(gen int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return gen != a.pn.pending
}

// panelEngine returns the engine when no run is using it and its last answer is the one on
// screen, with engMu held (the caller unlocks it); nil otherwise.
func (a *app) panelEngine() *panel.Engine {
	if !a.pn.engMu.TryLock() {
		return nil
	}
	if a.pn.broken || a.pn.engRes != a.res {
		a.pn.engMu.Unlock()
		return nil
	}
	return &a.pn.eng
}

// browserYield hands the page's one thread back to the browser for a moment, so it can paint
// and take input, and resumes as soon as it may: a MessageChannel message is a task of its own,
// queued behind input and rendering. (time.Sleep would go through setTimeout, which browsers
// clamp to 4 ms once nested five deep.)
type browserYield struct {
	port js.Value
	ch   chan struct{}
}

func newBrowserYield() *browserYield {
	mc := js.Global().Get("MessageChannel").New()
	y := &browserYield{port: mc.Get("port2"), ch: make(chan struct{}, 1)}
	mc.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case y.ch <- struct{}{}:
		default:
		}
		return nil
	}))
	return y
}

func (y *browserYield) yield() {
	y.port.Call("postMessage", nil)
	<-y.ch
}
