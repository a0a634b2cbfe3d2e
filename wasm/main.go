//go:build js && wasm

// Command wasm is Layout Lab's browser program: it reads the engine, draws with Ebiten, binds the
// HTML controls (dom/v2) and keeps the scenario in the URL fragment. It holds no numbers of its
// own: every figure on screen is an answer of the engine's, which the scheduler (front/schedule)
// computed and the model (model.go) holds.
//
//	controls (controls.go) → inbox → Update: model ← scheduler's answers → Draw, page (DOM)
package main

import (
	"log"
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/engine/scenario"
	"layoutlab/front/givenanswer"
	"layoutlab/front/schedule"
	"layoutlab/front/widget"
	"layoutlab/wasm/firstrun"
)

// memoryLimit is the Go runtime's soft memory limit (debug.SetMemoryLimit). The Go heap lives
// in the instance's linear memory, which grows and never shrinks: with the collector's default
// pacing (GOGC=100) a heap of 70 MB may grow to 140 MB before a collection, and the page keeps
// that peak. Near the limit the collector runs sooner instead; past it (a scenario whose live
// heap is larger) it spends at most half the CPU on collections. The budget is 150 MB of linear
// memory a widget (issue #37); the rest of it is the runtime's own and the program's data.
const memoryLimit = 128 << 20

func main() {
	// The timing script's stage: package init done (Go's runtime, every package's init, the first
	// run of wasm/firstrun, Ebiten's shaders).
	js.Global().Get("performance").Call("mark", "layoutlab:main")
	holdUntilGo()
	debug.SetMemoryLimit(memoryLimit)
	p := newPage()
	sc, err := scenarioFromURL()
	if err != nil {
		p.notice(err.Error() + " — showing the default scenario instead.")
		sc = scenario.Default()
	}
	var only []string
	if figureMode() {
		// Only the knobs and readouts the figure declares; a name this version does not know
		// is named in the notice, and the figure shows the rest.
		fp := figurePage(&sc)
		only = fp.Knobs
		p.only, p.figureReadouts = only, fp.Readouts
		if fp.Notice != "" {
			p.notice(fp.Notice)
		}
		p.setOpenLink(&sc)
	}
	if sc.Figure.Theme != "" {
		// The page's colours follow it (figure.css), as the canvas's do.
		js.Global().Get("document").Get("documentElement").Call("setAttribute", "data-theme", sc.Figure.Theme)
	}
	// The page's first answer may have been computed while Go initialised the program: the
	// engine that did keeps it, and answers the first frame's Ask from it.
	eng, asked, first, took := firstrun.Take()
	sched := schedule.New(eng, &markedTimeline{}, clock{}, newWidgetYield(p), widget.FilesKnobMax)
	sched.Notify = frameNow
	// The explainer's first figure was answered at build time: a tap on it draws that answer
	// at once, its run going on behind it (issue #52).
	sched.Given = givenanswer.For
	firstMs := float64(took.Microseconds()) / 1000
	if first == nil {
		firstMs = 0
	}
	fig := newFigures(asked, firstMs)
	sched.Counted = fig.Counted
	sched.Trace = mark
	in := &inbox{sc: sc, changed: true} // the first frame asks for the first answer
	g := &game{m: widget.New(), page: p, in: in, sched: sched, controls: &controls{in: in, sched: sched, only: only},
		fig: fig, labels: labelImages{fig: fig}}
	if figureMode() {
		// site/embed.css shows the frame only once it is ready: its first run paints for nobody.
		sched.Unseen = true
		g.m.FigureKnobs = figureKnobList()
		g.m.ReadyInDraw = true // announceReady only arms startOnFirstTouch there
	}
	go sched.Work()
	g.watchFragment()
	if figureMode() {
		// A figure is not seen until it is ready (site/embed.css), so its first frame gains
		// nothing from coming before its controls: bound first, the frame that draws its first
		// answer (given ahead, or run in init) says it is ready. Bound after it, in a task and a
		// frame of their own, a phone's tap waited 0.3-1.9 s more between the answer drawn and
		// the figure live (PhoneTap, the first figure).
		g.controls.bind()
		g.boundFirst = true
	}

	ebiten.SetWindowTitle("Layout Lab")
	ebiten.SetScreenClearedEveryFrame(false)
	// Frames only when something changed: an input event on the canvas, or ScheduleFrame after a
	// control moved or an answer came outside a frame (schedule.Scheduler.Notify). Ebiten
	// otherwise runs Update and Draw every frame and presents its screen four frames more after
	// every change (internal/ui/context.go drawGame, maxSkipCount); without a GPU each presented
	// frame costs tens of milliseconds of compositing that a slider's next frame then waits for.
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	// One Update per frame, as Ebiten's FPSModeVsyncOffMinimum says it is but does not set on js:
	// at the default 60 TPS a frame runs Update as many times as ticks passed (internal/clock,
	// calcCountFromTPS), none in a frame that follows another within half a tick, and that frame
	// spends the ScheduleFrame that asked for it: the digit warm-up stalled until the next input
	// (TestAChangeCostsOneDrawnFrame), and a control's change could wait as long.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetRunnableOnUnfocused(true)
	createGLContext()
	if err := ebiten.RunGame(g); err != nil {
		log.Print(err)
	}
}

// clock is the scheduler's: the browser's time.
type clock struct{}

func (clock) Now() time.Time { return time.Now() }

// firstPaint records the first frame drawn, which may come before the engine's first answer
// (the progress region then says what it is computing), and has the controls built after it,
// in a task of their own: the answer is on screen sooner, and the form, hidden until then, is
// laid out in the next frame, not the first.
func (g *game) firstPaint() {
	g.page.setHidden("loading", true)
	if g.boundFirst {
		return // a figure's: bound before its first frame (main)
	}
	var bind js.Func
	bind = js.FuncOf(func(js.Value, []js.Value) any {
		bind.Release()
		g.controls.bind()
		return nil
	})
	js.Global().Call("setTimeout", bind, 0)
}

// announceReady tells tests and embedding pages that the widget is ready (the model says when:
// its first answer is drawn and the controls are bound), and lets the scheduler work ahead.
func (g *game) announceReady() {
	g.sched.Shown()
	if figureMode() {
		startOnFirstTouch(g.sched)
	} else {
		g.sched.Start()
	}
	g.announced()
}

// startOnFirstTouch lets a figure's scheduler work ahead and do its idle work (the panel's
// other layouts rehearsed, the rest of the table's columns, the timeline's day grids) only once
// the reader first touches the figure. A docs page makes a figure live as the reader scrolls to
// it, and most figures are only looked at: their idle work would grow the page's memory (a panel
// figure's wasm linear memory from about 40 to about 72 MiB) and take the
// CPU from the figure the reader is using. A touch asks for nothing the first answer lacks: the
// moves that follow are answered as they come, and work ahead starts with the first.
func startOnFirstTouch(sched *schedule.Scheduler) {
	win := js.Global()
	kinds := []string{"pointerdown", "keydown", "focusin", "wheel", "touchstart"}
	opts := map[string]any{"capture": true, "passive": true}
	var start js.Func
	start = js.FuncOf(func(js.Value, []js.Value) any {
		for _, k := range kinds {
			win.Call("removeEventListener", k, start, opts)
		}
		start.Release()
		ll.Set(wb.IdleHeld, false)
		sched.Start()
		return nil
	})
	for _, k := range kinds {
		win.Call("addEventListener", k, start, opts)
	}
	ll.Set(wb.IdleHeld, true)
}

// figureMode reports whether the page is a docs figure (figure.html, <body data-mode="figure">).
func figureMode() bool {
	body := js.Global().Get("document").Get("body")
	return body.Truthy() && body.Call("getAttribute", "data-mode").String() == "figure"
}
