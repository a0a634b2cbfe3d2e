//go:build js && wasm

package main

import (
	"encoding/json"
	"runtime/debug"
	"slices"
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/wasm/firstrun"
)

// app is the widget's state: the scenario, the engine's answer for it, and a version that tells
// the game when to redraw. DOM callbacks and Ebiten's loop both touch it, hence the mutex.
type app struct {
	mu       sync.Mutex
	sc       scenario.Scenario
	pn       panelRun      // the panel's engine and its runs (panelrun.go)
	res      *panel.Result // the panel's answer on screen (view "panel")
	tl       timelineState // the timeline's run and the day under the slider (view "timeline")
	version  int           // bumped on every change worth a redraw
	selected int           // index of the file whose add action is shown; -1 = none
	engineMs float64       // the last recompute (panel run, or selecting a timeline day), for the timing script
	painted  bool          // the first frame is drawn (firstPaint)
	busy     bool          // a long run or simulation is under way (showProgress)
	yield    *browserYield // how long runs hand the browser its turn (panelrun.go)
	drawMs   float64       // Go time issuing the last frame's draws
	dirty    bool          // the scenario changed; recompute in the next frame
	updates  int           // Ebiten frames run (frameRun)

	wantPNG   bool // Draw reads the frame back for the PNG export
	doc       dom.Document
	url       urlSync             // the debounced history.replaceState (url.go)
	answered  bool                // a frame showed the engine's first answer (markAnswered)
	bound     bool                // the controls are built and bound (bindAfterFirstFrame)
	readouts  readoutList         // what the readout region shows now
	shown     map[string]string   // element id → the text setText last gave it
	hidden    map[string]bool     // element id → whether setHidden last hid it
	knobShown map[string]string   // knob id → the value its control shows (syncControls)
	dayMax    string              // the day slider's max attribute as last written
	els       map[string]js.Value // element id → the element (byID)
	viewBoxes []viewBox           // the knobs and panels shown in one view only
	lastInput time.Time           // the last control change, or the first frame (prepareWhileIdle waits for a pause)
}

// byID is document.getElementById, remembered, as a plain js.Value (not truthy when the page
// has no such element). The page's elements stay for its lifetime. dom/v2 would wrap each one
// after comparing its constructor with every HTML element type's in turn, up to ~70 calls into
// JavaScript an element (honnef.co/go/js/dom/v2 dom.go, wrapHTMLElement), which the first
// frame paid for every control it set.
func (a *app) byID(id string) js.Value {
	if el, ok := a.els[id]; ok {
		return el
	}
	el := a.doc.Underlying().Call("getElementById", id)
	if el.Truthy() {
		if a.els == nil {
			a.els = map[string]js.Value{}
		}
		a.els[id] = el
	}
	return el
}

// on calls fn on the element's event, bound through dom/v2: buttons and panels, whose events
// are one per click.
func (a *app) on(id, event string, fn func()) {
	if el := a.byID(id); el.Truthy() {
		dom.WrapElement(el).AddEventListener(event, false, func(dom.Event) { fn() })
	}
}

func newApp() *app {
	a := &app{doc: dom.GetWindow().Document(), selected: -1,
		shown: map[string]string{}, hidden: map[string]bool{}, knobShown: map[string]string{}}
	a.pn.wakeAhead = make(chan struct{}, 1)
	a.yield = newBrowserYield()
	sc, err := scenarioFromURL()
	if err != nil {
		a.notice(err.Error() + " — showing the default scenario instead.")
		sc = scenario.Default()
	}
	a.sc = sc
	// The first frame's Update asks for the first answer and waits for it up to firstWait;
	// past that the page and its controls are drawn while the run goes on (panelrun.go).
	a.dirty = true
	return a
}

// recompute asks the engine for the current scenario's answer; it is published (readouts,
// redraw) when it comes. Callers hold mu.
func (a *app) recompute() {
	if a.sc.View == "timeline" {
		a.selected = -1
		a.version++
		a.recomputeTimeline()
		return
	}
	a.recomputePanel()
}

// publish writes every readout as HTML text, every number as a plain decimal; data-value holds
// the engine's exact figure, named as the CLI's JSON field.
func (a *app) publish() {
	r := a.res
	rows := []readout{
		{Label: "Files read", Metric: "files_read", Value: float64(r.FilesRead)},
		{Label: "Files in the table", Metric: "files_total", Value: float64(r.FilesTotal)},
		{Label: "Files", Metric: "files", Value: float64(r.FilesTotal)},
		{Label: "Rows read", Metric: "rows_read", Value: float64(r.RowsRead)},
		{Label: "Rows in the table", Metric: "rows_total", Value: float64(r.RowsTotal)},
	}
	// Every measured span, the keys first: the CLI's "spans" names the same columns.
	cols := append([]string(nil), r.Keys...)
	var rest []string
	for k := range r.Spans {
		if !slices.Contains(cols, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range append(cols, rest...) {
		if v, ok := r.Spans[k]; ok {
			rows = append(rows, readout{Label: "Span of " + k, Metric: "span:" + k, Value: v, Digits: 4})
		}
	}
	a.renderReadouts(rows)
	caption := "Grid: one cell per file, coloured by its span of " + a.colorKey() + "."
	if len(r.Keys) >= 2 {
		caption += " Key space (the square next to the grid): each file's [min, max] on " + r.Keys[0] + " (across) and " + r.Keys[1] + " (up), over the " + r.Layout + " curve."
	} else if len(r.Keys) == 1 {
		caption += " Key space (the square next to the grid): each file's [min, max] on " + r.Keys[0] + "."
	}
	a.setText("caption", caption)
	if r.Error != nil {
		a.deltaError(r.Error.Class, r.Error.Message)
	} else {
		a.deltaError("", "")
	}
	a.showSelected()
	a.showTimelineText(false)
}

// showSelected prints the selected file's add action as Delta would write it.
func (a *app) showSelected() {
	a.pn.hoverWaits = false
	if a.sc.View == "timeline" {
		a.setText("add-action", a.timelineSelected())
		return
	}
	if a.selected < 0 || a.res == nil || a.selected >= len(a.res.Files) {
		a.setText("add-action", "Hover over or tap a file to see its add action.")
		return
	}
	f := a.res.Files[a.selected]
	eng := a.panelEngine()
	if eng == nil {
		a.pn.hoverWaits = true
		a.setText("add-action", "The file's statistics are shown once the run under way ends.")
		return
	}
	mins, maxs, nulls, _ := eng.FileStatsObjects(a.selected) // a.res is the engine's last Run
	a.pn.engMu.Unlock()
	add := map[string]any{"add": map[string]any{
		"path": f.Path, "partitionValues": map[string]string{}, "dataChange": true,
		"stats": map[string]any{"numRecords": f.NumRecords, "minValues": mins, "maxValues": maxs, "nullCount": nulls},
	}}
	b, _ := json.MarshalIndent(add, "", "  ")
	a.setText("add-action", string(b))
}

// colorKey is the key whose span colours the grid: the chosen one, else the first key.
func (a *app) colorKey() string {
	if a.sc.Panel.ColorKey != "" {
		return a.sc.Panel.ColorKey
	}
	if a.res != nil && len(a.res.Keys) > 0 {
		return a.res.Keys[0]
	}
	return ""
}

// notice shows a message the user must see (a broken link) as text, never as HTML.
func (a *app) notice(msg string) {
	if el := a.byID("notice"); el.Truthy() {
		el.Set("textContent", msg)
		el.Call("removeAttribute", "hidden")
	}
}

// deltaError shows the error Delta would raise for the current setting (empty class clears it).
func (a *app) deltaError(class, msg string) {
	if class == "" {
		a.setHidden("delta-error", true)
		return
	}
	a.setText("delta-error", "["+class+"] "+msg)
	a.setHidden("delta-error", false)
}

// redraw asks for a frame after a change made outside one (Update and Draw run only when asked:
// FPSModeVsyncOffMinimum, main.go).
func (a *app) redraw() {
	a.version++
	ebiten.ScheduleFrame()
}

// frameDrawn counts drawn frames for the browser timing script (slider input to next frame),
// and notes how many of Ebiten's frames had run by then (frameRun).
func (a *app) frameDrawn() {
	// One call (site/loader.js), not a property set each: see figures.
	if ll := figures(); drawnFigures.IsUndefined() && !ll.IsUndefined() {
		drawnFigures = ll.Get("frameDrawn")
	}
	if drawnFigures.Type() == js.TypeFunction {
		drawnFigures.Invoke(a.updates, a.engineMs, a.drawMs)
	}
}

// drawnFigures is window.layoutlab.frameDrawn once looked up.
var drawnFigures js.Value

// gcCycles is window.layoutlab.gcCycles(): Go's count of completed collections, read when the
// timing script asks (once a frame while it times a control, to mark the slow inputs a
// collection came before), not on every frame a reader's page draws.
var gcCycles = js.FuncOf(func(js.Value, []js.Value) any {
	var stats debug.GCStats
	debug.ReadGCStats(&stats)
	return stats.NumGC
})

// frameRun counts Ebiten's frames (game.Update), drawn or not, for the browser tests: a frame
// that draws nothing still presents the canvas (app.pn.waiting), so none should follow the frame
// that drew a change unless something else changed. Callers hold mu.
func (a *app) frameRun() {
	a.updates++
	figure("updates", a.updates)
}

// figure sets window.layoutlab[name], a figure the browser tests and the timing script read,
// once the page has that object.
func figure(name string, v any) {
	if ll := figures(); !ll.IsUndefined() {
		ll.Set(name, v)
	}
}

// pageFigures is window.layoutlab once found (loader.js makes it before the program starts;
// markAnswered where no loader did): a drag's frame sets a dozen figures, and each lookup of the
// object crossed the wasm boundary again and left a reference for Go's finalizers to free.
var pageFigures js.Value

// figures returns window.layoutlab, or undefined before there is one.
func figures() js.Value {
	if pageFigures.IsUndefined() {
		pageFigures = js.Global().Get("layoutlab")
	}
	return pageFigures
}

// answerShown reports whether the frame shows the engine's answer for the current scenario.
func (a *app) answerShown() bool {
	if a.sc.View == "timeline" {
		return a.tl.run != nil || a.tl.err != nil
	}
	return a.res != nil && a.pn.shown == a.pn.pending && !a.dirty
}

// firstPaint records the first frame drawn, which may come before the engine's first answer
// (the progress region then says what it is computing), and has the controls built after it.
func (a *app) firstPaint() {
	if a.painted {
		return
	}
	a.painted = true
	figure("firstPaint", js.Global().Get("performance").Call("now"))
	if el := a.byID("loading"); el.Truthy() {
		el.Call("setAttribute", "hidden", "")
	}
	a.bindAfterFirstFrame()
}

// bindAfterFirstFrame builds and binds the controls in a task of their own, after the browser has
// painted the first frame: the answer is on screen 28-74 ms sooner here (the controls' HTML,
// their listeners and the first compile of their code), and the form, hidden until then, is
// laid out in the next frame, not the first. The widget is ready (announceReady) once both are
// done.
func (a *app) bindAfterFirstFrame() {
	var bind js.Func
	bind = js.FuncOf(func(js.Value, []js.Value) any {
		bind.Release()
		a.bindControls()
		a.bindCopyLink()
		a.bindExports()
		a.bindDetails()
		a.mu.Lock()
		a.bound = true
		a.mu.Unlock()
		a.syncControls()
		a.mu.Lock()
		defer a.mu.Unlock()
		if el := a.byID("controls"); el.Truthy() {
			el.Call("removeAttribute", "hidden")
		}
		if a.answered {
			a.announceReady()
		}
		return nil
	})
	js.Global().Call("setTimeout", bind, 0)
}

// markAnswered records the first frame that shows the engine's answer: the timing script's first
// frame. Callers hold mu.
func (a *app) markAnswered() {
	if a.answered {
		return
	}
	a.answered = true
	ll := figures()
	if ll.IsUndefined() {
		ll = js.Global().Get("Object").New()
		js.Global().Set("layoutlab", ll)
		pageFigures = ll
	}
	ll.Set("firstFrame", js.Global().Get("performance").Call("now"))
	ll.Set("engineMs", a.engineMs)
	ll.Set("firstRunInInitMs", float64(firstrun.Taken().Microseconds())/1000)
	ll.Set("frames", 0)
	ll.Set("rehearsals", 0)
	ll.Set("rehearsalsDue", 0)
	ll.Set("adopted", 0)
	ll.Set("rehearsalRounds", 0)
	ll.Set("gcCycles", gcCycles)
	if a.bound {
		a.announceReady()
	}
}

// announceReady tells tests and embedding pages that the engine's first answer is on screen and
// the controls answer. Callers hold mu.
func (a *app) announceReady() {
	a.lastInput = time.Now() // prepareWhileIdle's first pause counts from here
	go a.prepareWhileIdle()
	go a.prepareTimelineWhileIdle()
	go a.computeAhead()
	figures().Set("ready", true)
	// loader.js registers the service worker once the reader has left the page alone after it.
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("layoutlab:ready"))
}
