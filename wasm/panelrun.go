//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/wasm/ahead"
	"layoutlab/wasm/firstrun"
)

// panelRun is the panel's engine and the runs asked of it. A run goes on its own goroutine
// (runPanel). One that ends within panelWait is shown in the frame that asked for it; a longer
// one (a million rows, a table generated afresh) yields to the browser between its steps,
// names each step in the progress region and leaves the last answer on screen, dimmed, until
// it ends. Knob moves meanwhile are coalesced: the newest scenario runs next, on the engine's
// caches, unless it needs another table (rows or seed), which makes the run under way useless:
// that one then stops at its next step. The timeline does the same (simulate).
type panelRun struct {
	// engMu is held by the run using eng. Others that read eng (showSelected, prepareWhileIdle) only
	// TryLock it: a.mu is taken inside runs, and a run may wait on the browser.
	engMu  sync.Mutex
	eng    firstrun.Engine
	engRes *panel.Result // the answer of eng's last finished run
	// rehearsal is the engine prepareWhileIdle rehearses a reader's next layouts on, on eng's
	// Store, its goroutine's alone: it never holds eng (rehearse). rehearsing: a round's
	// rehearsals have run and the round is not counted yet (roundDone).
	rehearsal  firstrun.Engine
	rehearsing bool

	// Under a.mu:
	// the answer prepareWhileIdle is rehearsing moves for, how many of them (rehearsals) it has
	// made, and, in all, how many rehearsed layouts went to the Store and the rounds done;
	prepared        *panel.Result
	preps           int
	adopted, rounds int
	pending         int  // generation of the newest run asked for
	hoverWaits      bool // the file hovered found the engine busy (showSelected)
	shown           int  // generation of a.res
	// ahead holds the answers for the file counts a files-slider drag reaches next, computed
	// between moves (computeAhead), and those of the idle rehearsals (prepareWhileIdle); next
	// are the scenarios still to compute ahead, nearest first. A run ahead leaves the engine's
	// state at another scenario than the one shown (engRes, engineAtShown).
	ahead     ahead.Answers
	next      []scenario.Panel
	wakeAhead chan struct{}
	runMs     float64 // the engine's time on the last run it made (a move's or one ahead)
	// Answers taken ahead, runs made ahead, and the engine brought back to the answer shown
	// (engineAtShown): figures for the timing script and the browser tests.
	aheadHits, aheadRuns, aheadSyncs int
	aheadMs                          float64 // the runs ahead's time, in all
	// waiting is the generation whose frame (game.Update, in recomputePanel) is waiting for its
	// answer, 0 when none: that frame's Draw shows the answer, so the run asks for no frame of
	// its own. An extra frame is not free: Ebiten presents the canvas again even when Draw draws
	// nothing (internal/ui/context.go, drawGame: up to four unmodified frames are presented), and
	// without a GPU (SwiftShader) a present cost 35-60 ms of the GPU process, which then held
	// back the next input's frame.
	waiting int
}

const (
	// panelWait is how long a run goes on before it first yields to the browser, and how long
	// the frame that asked for it waits for its answer before it is drawn without it, showing
	// the run's progress instead. Knob moves on the default table take 1-50 ms under wasm
	// (a layout or statistics not kept yet, a garbage collection): they are answered in the
	// frame that asked, as a yield costs a browser frame (16-30 ms here, without a GPU).
	panelWait = 50 * time.Millisecond
	// yieldEvery is how often a run past panelWait yields (at the engine's next step): the page
	// paints and takes input about 20 times a second, and a run of a few hundred milliseconds
	// pays for few yields.
	yieldEvery = 50 * time.Millisecond
	// firstWait replaces panelWait for the first run: the page's first frame shows the answer
	// unless the first run is long (a link to a million rows). Painting the page first would
	// move the browser's first layout, paint and compositing (over a second here, without a
	// GPU) in front of the answer.
	firstWait = time.Second
)

// reportDuring makes report the engine's Progress until the returned function is called, which
// the caller does when its call into the engine returns (also when the run is stopped). The
// engine keeps the function it was given, its Layouter a copy: a later call made under a.mu
// (a hovered file's statistics) must not reach a closure that takes a.mu and yields, which hung
// the page once (a54d80e). Callers hold engMu.
func (pn *panelRun) reportDuring(report func(step string) (stop bool)) (done func()) {
	live := true
	pn.eng.Progress = func(step string) bool {
		return live && report(step)
	}
	return func() { live, pn.eng.Progress = false, nil }
}

// recomputePanel starts a run for the current scenario and waits up to panelWait (firstWait
// for the first) for it. Callers hold a.mu; it is released while waiting, so that the run can
// publish its answer.
func (a *app) recomputePanel() {
	a.pn.pending++
	gen := a.pn.pending
	p := a.sc.Panel
	// The run reads p on another goroutine while controls may edit a.sc: its own slices.
	p.Keys, p.StatsColumns, p.PartitionBy = slices.Clone(p.Keys), slices.Clone(p.StatsColumns), slices.Clone(p.PartitionBy)
	// An answer kept ahead is shown at once, unless a run is under way (the last answer asked
	// for is not on screen): that run's progress stays on screen until a run for the controls'
	// scenario ends. The idle rehearsals, which may hold the engine, show none.
	if res := a.pn.ahead.Take(p); res != nil && a.pn.shown == gen-1 {
		start := time.Now()
		a.showPanel(p, res, gen, start)
		a.pn.aheadHits++
		figure("aheadHits", a.pn.aheadHits)
		return
	}
	wait := panelWait
	if !a.painted {
		wait = firstWait
	}
	done := make(chan struct{})
	go a.runPanel(p, gen, wait, done)
	a.pn.waiting = gen
	a.mu.Unlock()
	t := time.NewTimer(wait)
	select {
	case <-done:
	case <-t.C:
	}
	t.Stop()
	a.mu.Lock()
	a.pn.waiting = 0
}

// runPanel runs the engine on p (runEngine), unless a newer run was asked for before it started,
// or takes the page's first answer from package firstrun, and publishes the answer.
func (a *app) runPanel(p scenario.Panel, gen int, quiet time.Duration, done chan struct{}) {
	defer close(done)
	a.pn.engMu.Lock()
	defer a.pn.engMu.Unlock()
	if a.stalePanel(gen) {
		return
	}
	start := time.Now()
	var res *panel.Result
	var ran float64 // the run's time, for showPanel's choice to run ahead
	if eng, first, took, ok := firstrun.Take(p); ok {
		// The page's first answer, computed before Ebiten's packages were initialised. Its time
		// is left out of ran: most of it generated the table (at most firstrun.MaxRows rows),
		// which no files move repeats, so it says nothing of a run ahead's.
		a.pn.eng, res, start = eng, first, start.Add(-took)
	} else {
		res = a.runEngine(p, quiet)
		ran = float64(time.Since(start).Microseconds()) / 1000
		if res == nil {
			return // stopped: a run for another table is due
		}
	}
	a.pn.engRes = res
	a.mu.Lock()
	defer a.mu.Unlock()
	if gen == a.pn.pending {
		a.showProgress("")
	}
	if gen < a.pn.shown {
		return
	}
	a.pn.runMs = ran
	// Shown even when a newer run is queued: it is closer to the controls than what was shown.
	a.showPanel(p, res, gen, start)
	if a.pn.waiting != gen {
		ebiten.ScheduleFrame() // the frame that asked has been drawn without this answer
	}
}

// showPanel makes res, the answer for p asked as generation gen, the one on screen, and when it
// answers the controls' scenario, notes it in ahead and wakes computeAhead for the file counts
// the drag may reach next. Callers hold a.mu.
func (a *app) showPanel(p scenario.Panel, res *panel.Result, gen int, start time.Time) {
	a.res, a.pn.shown = res, gen
	a.engineMs = float64(time.Since(start).Microseconds()) / 1000
	a.selected = -1
	a.publish()
	a.version++
	a.pn.next = nil
	if gen != a.pn.pending {
		return
	}
	a.pn.next = a.pn.ahead.Shown(p, res, filesKnobMax)
	// A run ahead holds the page's thread, unable to take input, for as long as a move's run:
	// none when that is over a frame (a table of a million rows, a machine busy elsewhere).
	if len(a.pn.next) > 0 && a.pn.runMs < aheadMaxRunMs {
		select {
		case a.pn.wakeAhead <- struct{}{}:
		default:
		}
	}
}

// aheadMaxRunMs: computeAhead runs only while a run takes less than a frame.
const aheadMaxRunMs = 16

// computeAhead runs the engine, between a drag's moves, on the file counts showPanel names
// (pn.next), one per browser task, and keeps their answers in pn.ahead for recomputePanel.
// Each waits for the browser's turn first: the frame that showed the answer is drawn, and any
// input that came meanwhile is taken, before the engine is run again; a newer answer shown
// meanwhile replaces the list. The engine is left at the last count run (engRes);
// engineAtShown brings it back when a file's statistics are wanted.
func (a *app) computeAhead() {
	for range a.pn.wakeAhead {
		for {
			// Not yield: its wait for a frame every paintEvery came after the drag's next move,
			// which then found nothing run ahead (one move in eight).
			a.yield.task()
			a.mu.Lock()
			var p scenario.Panel
			ok := len(a.pn.next) > 0 && !a.dirty && a.sc.View == "panel"
			if ok {
				p, a.pn.next = a.pn.next[0], a.pn.next[1:]
			}
			a.mu.Unlock()
			if !ok || !a.pn.engMu.TryLock() {
				break
			}
			start := time.Now()
			res := a.pn.eng.Answer(p, panel.Ahead) // no Progress: it does not yield
			took := float64(time.Since(start).Microseconds()) / 1000
			a.pn.engRes = res
			a.pn.engMu.Unlock()
			a.mu.Lock()
			a.pn.runMs = took
			a.pn.ahead.Keep(p, res)
			a.pn.aheadRuns++
			a.pn.aheadMs += took
			figure("aheadRuns", a.pn.aheadRuns)
			figure("aheadMs", a.pn.aheadMs)
			if a.pn.runMs >= aheadMaxRunMs {
				a.pn.next = nil
			}
			if a.pn.hoverWaits {
				a.showSelected() // a file hovered meanwhile found the engine busy
			}
			a.mu.Unlock()
		}
	}
}

// engineAtShown reports whether the engine's state is the answer on screen, first running the
// engine on the controls' scenario when a run ahead left it at another file count, or the
// answer shown came from pn.ahead (a count run ahead, a rehearsal). Callers hold engMu and a.mu.
func (a *app) engineAtShown() bool {
	if a.res == nil {
		return false
	}
	if a.pn.engRes == a.res {
		return true
	}
	if a.pn.shown != a.pn.pending || a.dirty {
		return false // a run for the controls' scenario is due or under way
	}
	if a.pn.eng.Run(a.sc.Panel) == nil { // the same answer: a.res is the engine's for this scenario
		return false
	}
	a.pn.engRes = a.res
	a.pn.aheadSyncs++
	figure("aheadSyncs", a.pn.aheadSyncs)
	return true
}

// runEngine runs the engine on p, yielding to the browser at its steps once quiet has passed,
// then every yieldEvery. Callers hold engMu.
func (a *app) runEngine(p scenario.Panel, quiet time.Duration) *panel.Result {
	last := time.Now().Add(quiet - yieldEvery)
	defer a.pn.reportDuring(func(step string) bool {
		if time.Since(last) < yieldEvery {
			return false
		}
		// Stopped when another table is wanted: Run returns nil, its Store as consistent as
		// after any run.
		stop := a.giveWay("Computing: "+step+"…", func() bool { return a.sc.Panel.Rows != p.Rows || a.sc.Panel.Seed != p.Seed })
		last = time.Now()
		return stop
	})()
	return a.pn.eng.Run(p)
}

// giveWay shows a long run's step, hands the browser its turn (browserYield) and then reports
// whether stop (asked under a.mu) says the run is no longer wanted. Runs call it without
// holding a.mu.
func (a *app) giveWay(step string, stop func() bool) bool {
	a.mu.Lock()
	a.showProgress(step)
	a.mu.Unlock()
	a.yield.yield() // a.yield is set before any run starts and never changes
	a.mu.Lock()
	defer a.mu.Unlock()
	return stop()
}

// showProgress names the step a long run is on, and marks the readouts, which still show the
// previous answer, as busy (dimmed by widget.css); "" clears both. Callers hold a.mu.
func (a *app) showProgress(text string) {
	a.setText("progress", text)
	a.setHidden("progress", text == "")
	if busy := text != ""; busy != a.busy {
		a.busy = busy
		if el := a.byID("readouts"); el.Truthy() {
			el.Call("setAttribute", "aria-busy", strconv.FormatBool(busy))
		}
	}
}

func (a *app) stalePanel(gen int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return gen != a.pn.pending
}

// prepareWhileIdle readies the panel for a reader's next touch while nobody moves a control
// (for prepareAfterIdle: not during a drag, nor right after the first frame):
//   - for the answer shown (of at most rehearseMaxRows rows) it rehearses, one per turn, the
//     table laid out in each other layout (rehearsals), on an engine of its own (pn.rehearsal)
//     that shares the panel engine's Store (panel.Store), and keeps each answer (pn.ahead): the
//     reader's flip of the layout select to it is shown at once, from warm code. The layouts
//     go to the Store at priority panel.Rehearsal, so the runs after the flip find them kept.
//     On the panel's own engine, a rehearsal would hold it for a layout's whole run, and a drag
//     begun meanwhile would wait for it;
//   - then it generates one more of the table's columns per turn on the panel's engine (the
//     first run generates only those it reads), so that the first file hovered
//     shows its statistics at once.
//
// A rehearsal yields to the browser at its engine's steps every rehearseYieldEvery, and waits
// there while a reader is at work: the pointer moving over the canvas counts as input
// (game.Update), so hovering files holds it off too.
func (a *app) prepareWhileIdle() {
	for {
		time.Sleep(250 * time.Millisecond)
		a.mu.Lock()
		// The answer on screen is the controls' scenario's, and no run for another is due.
		current := a.readerIdle() && a.res != nil && a.pn.shown == a.pn.pending && !a.dirty
		p := a.sc.Panel
		p.Keys, p.StatsColumns, p.PartitionBy = slices.Clone(p.Keys), slices.Clone(p.StatsColumns), slices.Clone(p.PartitionBy)
		var moves []scenario.Panel
		// An answer Delta refuses still shows files (no-stats): its moves are rehearsed too.
		if current && len(a.res.Files) > 0 && p.Rows <= rehearseMaxRows {
			moves = rehearsals(p)
			if a.pn.prepared != a.res {
				a.pn.prepared, a.pn.preps = a.res, 0
				a.pn.ahead.Rehearse(p, a.res)
			}
		}
		round, preps := a.pn.prepared, a.pn.preps
		a.mu.Unlock()
		if !current {
			continue
		}
		switch {
		case preps < len(moves):
			a.rehearse(round, moves[preps], len(moves))
		case a.pn.rehearsing:
			a.roundDone()
		default:
			a.fillWhileIdle()
		}
	}
}

// rehearse runs move, the next rehearsal of round (the answer it was planned for), on the
// rehearsal engine, on the panel engine's Store, and keeps its answer unless another answer was
// shown meanwhile. Unless a run is using the panel's engine: then the next turn tries again.
func (a *app) rehearse(round *panel.Result, move scenario.Panel, due int) {
	if !a.pn.engMu.TryLock() {
		return
	}
	// On a Store of its own the table would be generated and ranked again: twice the work of
	// a round, on the page's one thread, and twice the memory.
	store := a.pn.eng.Store
	a.pn.engMu.Unlock()
	if store == nil {
		return
	}
	if a.pn.rehearsal.Store != store {
		a.pn.rehearsal = firstrun.Engine{Store: store}
	}
	last := time.Now()
	a.pn.rehearsal.Progress = func(string) bool {
		for a.readerActive() {
			time.Sleep(250 * time.Millisecond)
			last = time.Time{}
		}
		if time.Since(last) >= rehearseYieldEvery {
			a.yield.yield()
			last = time.Now()
		}
		return false
	}
	answer := a.pn.rehearsal.Answer(move, panel.Rehearsal)
	a.pn.rehearsal.Progress = nil
	a.pn.rehearsing = true
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.pn.prepared != round {
		return // the reader moved on: the next round starts from the answer shown now
	}
	a.pn.ahead.Rehearsed(move, answer) // the reader's flip to it is answered at once
	a.pn.preps++
	a.pn.adopted++                   // its layout is in the panel engine's Store
	figure("adopted", a.pn.adopted)  // read by the browser tests
	figure("rehearsals", a.pn.preps) // read by the browser tests
	figure("rehearsalsDue", due)
}

// roundDone counts a round of rehearsals done.
func (a *app) roundDone() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.pn.rehearsing = false
	a.pn.rehearsal = firstrun.Engine{} // its working state goes; its layouts are in the Store
	a.pn.rounds++
	figure("rehearsalRounds", a.pn.rounds)
}

// readerIdle reports whether the panel is shown and no control nor the pointer moved within
// prepareAfterIdle. Callers hold a.mu.
func (a *app) readerIdle() bool {
	return a.sc.View == "panel" && time.Since(a.lastInput) > prepareAfterIdle
}

// readerActive is !readerIdle, for callers that do not hold a.mu.
func (a *app) readerActive() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return !a.readerIdle()
}

// fillWhileIdle generates one more of the table's columns on the panel's engine, when no run is
// using it and its state is the answer shown; a file hovered meanwhile is shown after it.
func (a *app) fillWhileIdle() {
	if !a.pn.engMu.TryLock() { // a run is using the engine
		return
	}
	a.mu.Lock()
	ok := a.engineAtShown()
	a.mu.Unlock()
	if ok {
		last := time.Now()
		done := a.pn.reportDuring(func(string) bool {
			if time.Since(last) >= yieldEvery {
				a.yield.yield()
				last = time.Now()
			}
			return false
		})
		a.pn.eng.FillAll(1) // an error shows on the next run that needs the column
		done()
	}
	a.pn.engMu.Unlock()
	a.mu.Lock()
	if a.pn.hoverWaits {
		a.showSelected() // a file hovered meanwhile found the engine busy
	}
	a.mu.Unlock()
}

const (
	// prepareAfterIdle is how long no control must move before prepareWhileIdle works.
	prepareAfterIdle = time.Second
	// rehearseMaxRows is the largest table whose moves are rehearsed: layouts grow with the
	// rows, and the rehearsal engine holds three of them until the panel's engine adopts them.
	rehearseMaxRows = 300_000
	// rehearseYieldEvery is how long a rehearsal holds the page's thread before it yields: an
	// input that comes meanwhile waits for it (a run's steps come at most this often).
	rehearseYieldEvery = 8 * time.Millisecond
)

// rehearsals are the moves prepareWhileIdle rehearses for p: p in each other layout.
func rehearsals(p scenario.Panel) []scenario.Panel {
	var moves []scenario.Panel
	for _, l := range scenario.PanelLayouts {
		if l != p.Layout {
			q := p
			q.Layout = l
			moves = append(moves, q)
		}
	}
	return moves
}

// panelEngine returns the engine when no run is using it and its last answer is the one on
// screen, with engMu held (the caller unlocks it); nil otherwise.
func (a *app) panelEngine() *firstrun.Engine {
	if !a.pn.engMu.TryLock() {
		return nil
	}
	if !a.engineAtShown() {
		a.pn.engMu.Unlock()
		return nil
	}
	return &a.pn.eng
}

// browserYield hands the page's one thread back to the browser for a moment, so it can take
// input and paint, and resumes as soon as it may: a MessageChannel message is a task of its own,
// queued behind input. (time.Sleep would go through setTimeout, which browsers clamp to 4 ms
// once nested five deep.) A message does not wait for a frame, and Chromium produced none for a
// second of such yields in a million-row run; so at least every paintEvery a yield waits for
// the next animation frame and resumes after it is drawn.
type browserYield struct {
	port      js.Value
	ch        chan struct{}
	afterRAF  js.Func // requestAnimationFrame callback: resume once the frame is done
	lastFrame time.Time
}

// paintEvery is the longest a run that yields goes without letting the page paint.
const paintEvery = 200 * time.Millisecond

func newBrowserYield() *browserYield {
	mc := js.Global().Get("MessageChannel").New()
	// One message, one token: a panel run, a timeline simulation and prepareWhileIdle may each
	// be waiting in yield at once, and none may miss its token.
	y := &browserYield{port: mc.Get("port2"), ch: make(chan struct{}, 8)}
	mc.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case y.ch <- struct{}{}:
		default:
		}
		return nil
	}))
	// Posted from the frame's callbacks, the message runs after that frame's rendering.
	y.afterRAF = js.FuncOf(func(js.Value, []js.Value) any {
		y.port.Call("postMessage", nil)
		return nil
	})
	return y
}

func (y *browserYield) yield() {
	if time.Since(y.lastFrame) >= paintEvery {
		js.Global().Call("requestAnimationFrame", y.afterRAF)
		<-y.ch
		y.lastFrame = time.Now()
		return
	}
	y.task()
}

// task resumes in a task of its own, after the input and frames queued before it, without
// waiting for a frame: for work between frames that the page's own frames already paint
// (computeAhead, between a drag's moves).
func (y *browserYield) task() {
	y.port.Call("postMessage", nil)
	<-y.ch
}
