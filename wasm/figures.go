//go:build js && wasm

package main

import (
	"runtime/debug"
	"syscall/js"

	"layoutlab/front/boundary"
	"layoutlab/front/schedule"
	"layoutlab/wasm/browser"
)

// wb is the widget's boundary: what it sets on and calls of window.layoutlab.
var wb = boundary.Widget

// The figures the browser tests and the timing script read, all of them, on window.layoutlab
// (site/loader.js makes the object before the program starts): when the first frame was
// painted and when it showed the answer, each frame drawn with its Go times, Ebiten's frames
// run, and the scheduler's counts.

// ll is window.layoutlab, as front/boundary declares it (boundary.Widget).
var ll = browser.Find(&boundary.Widget.Program)

// figure sets window.layoutlab[name], once the page has that object.
func figure(o boundary.Out, v any) { ll.Set(o, v) }

func now() float64 { return js.Global().Get("performance").Call("now").Float() }

// firstPainted records the first frame drawn, which may come before the engine's first answer.
func firstPainted() { figure(wb.FirstPaint, now()) }

// firstAnswered records the first frame that shows the engine's answer (the timing script's
// first frame), and starts the counts. engineMs is the answer's engine time; initMs the part of
// it package firstrun spent while Go initialised the program (0 when the widget ran it).
func firstAnswered(engineMs, initMs float64) {
	ll.Make()
	ll.Set(wb.FirstFrame, now())
	ll.Set(wb.EngineMs, engineMs)
	ll.Set(wb.FirstRunInInitMs, initMs)
	ll.Set(wb.Frames, 0)
	ll.Set(wb.Scenarios, scenarios)
	counted(schedule.Counts{})
	ll.Set(wb.GCCycles, gcCycles)
	ll.Set(wb.LabelRasters, labelRastersFunc)
	ll.Set(wb.DigitWarmup, digitWarmupFunc)
}

// ready tells tests and embedding pages that the first answer is on screen and the controls
// answer; loader.js registers the service worker once the reader has left the page alone.
func ready() {
	figure(wb.ReadyAt, now())
	figure(wb.Ready, true)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("layoutlab:ready"))
}

// drawnFigures is window.layoutlab.frameDrawn once looked up.
var drawnFigures js.Value

// frameDrawn notes a frame drawn (site/loader.js counts them) with Ebiten's frames run so far,
// the engine's time on the answer shown and the Go time issuing the frame's draws: one call,
// not a property set each.
func frameDrawn(updates int, engineMs, drawMs float64) {
	if drawnFigures.IsUndefined() {
		drawnFigures = ll.Func(wb.FrameDrawn)
	}
	if !drawnFigures.IsUndefined() {
		drawnFigures.Invoke(updates, engineMs, drawMs)
	}
}

// frameRun counts Ebiten's frames by their Update calls, drawn or not: a frame that draws nothing
// still presents the canvas, so none should follow the frame that drew a change unless something
// else changed. Draw's calls (window.layoutlab.draws) count the frames themselves: one Update each.
func frameRun(updates int) { figure(wb.Updates, updates) }

// aheadHits writes the moves answered from an answer computed ahead (the frame counts them).
func aheadHits(n int) { figure(wb.AheadHits, n) }

// counted writes the scheduler's counts: the worker's figures.
func counted(c schedule.Counts) {
	ll.Set(wb.AheadHits, c.AheadHits)
	ll.Set(wb.AheadRuns, c.AheadRuns)
	ll.Set(wb.AheadMs, c.AheadMs)
	ll.Set(wb.AheadSyncs, c.StatsKept)
	ll.Set(wb.Rehearsals, c.Rehearsals)
	ll.Set(wb.RehearsalsDue, c.Due)
	ll.Set(wb.Adopted, c.Rehearsed)
	ll.Set(wb.RehearsalRounds, c.Rounds)
	ll.Set(wb.TimelinePrepared, c.Prepared)
	ll.Set(wb.Settled, c.Settled)
}

// gcCycles is window.layoutlab.gcCycles(): Go's count of completed collections, read when the
// timing script asks (to mark the slow inputs a collection came before).
var gcCycles = js.FuncOf(func(js.Value, []js.Value) any {
	var stats debug.GCStats
	debug.ReadGCStats(&stats)
	return stats.NumGC
})

// labelRastersFunc is window.layoutlab.labelRasters(): how many label images the canvas has
// rasterised (labels.go), read when the timing script asks (a drag should make none).
var labelRastersFunc = js.FuncOf(func(js.Value, []js.Value) any { return labelRasters })

// digitWarmupFunc is window.layoutlab.digitWarmup(): [digit images warmed, ms spent on them].
var digitWarmupFunc = js.FuncOf(func(js.Value, []js.Value) any { return []any{warmedDigits, warmMs} })
