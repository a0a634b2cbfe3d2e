//go:build js && wasm

package main

import (
	"runtime/debug"
	"syscall/js"

	"layoutlab/front/schedule"
)

// The figures the browser tests and the timing script read, all of them, on window.layoutlab
// (site/loader.js makes the object before the program starts): when the first frame was
// painted and when it showed the answer, each frame drawn with its Go times, Ebiten's frames
// run, and the scheduler's counts.

// pageFigures is window.layoutlab once found: a drag's frame sets a dozen figures, and each
// lookup of the object crossed the wasm boundary again and left a reference for Go's
// finalizers to free.
var pageFigures js.Value

// figures returns window.layoutlab, or undefined before there is one.
func figures() js.Value {
	if pageFigures.IsUndefined() {
		pageFigures = js.Global().Get("layoutlab")
	}
	return pageFigures
}

// figure sets window.layoutlab[name], once the page has that object.
func figure(name string, v any) {
	if ll := figures(); !ll.IsUndefined() {
		ll.Set(name, v)
	}
}

func now() float64 { return js.Global().Get("performance").Call("now").Float() }

// firstPainted records the first frame drawn, which may come before the engine's first answer.
func firstPainted() { figure("firstPaint", now()) }

// firstAnswered records the first frame that shows the engine's answer (the timing script's
// first frame), and starts the counts. engineMs is the answer's engine time; initMs the part of
// it package firstrun spent while Go initialised the program (0 when the widget ran it).
func firstAnswered(engineMs, initMs float64) {
	ll := figures()
	if ll.IsUndefined() {
		ll = js.Global().Get("Object").New()
		js.Global().Set("layoutlab", ll)
		pageFigures = ll
	}
	ll.Set("firstFrame", now())
	ll.Set("engineMs", engineMs)
	ll.Set("firstRunInInitMs", initMs)
	ll.Set("frames", 0)
	ll.Set("scenarios", scenarios)
	counted(schedule.Counts{})
	ll.Set("gcCycles", gcCycles)
	ll.Set("labelRasters", labelRastersFunc)
	ll.Set("digitWarmup", digitWarmupFunc)
}

// ready tells tests and embedding pages that the first answer is on screen and the controls
// answer; loader.js registers the service worker once the reader has left the page alone.
func ready() {
	figure("readyAt", now())
	figure("ready", true)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("layoutlab:ready"))
}

// drawnFigures is window.layoutlab.frameDrawn once looked up.
var drawnFigures js.Value

// frameDrawn notes a frame drawn (site/loader.js counts them) with Ebiten's frames run so far,
// the engine's time on the answer shown and the Go time issuing the frame's draws: one call,
// not a property set each.
func frameDrawn(updates int, engineMs, drawMs float64) {
	if ll := figures(); drawnFigures.IsUndefined() && !ll.IsUndefined() {
		drawnFigures = ll.Get("frameDrawn")
	}
	if drawnFigures.Type() == js.TypeFunction {
		drawnFigures.Invoke(updates, engineMs, drawMs)
	}
}

// frameRun counts Ebiten's frames by their Update calls, drawn or not: a frame that draws nothing
// still presents the canvas, so none should follow the frame that drew a change unless something
// else changed. Draw's calls (window.layoutlab.draws) count the frames themselves: one Update each.
func frameRun(updates int) { figure("updates", updates) }

// aheadHits writes the moves answered from an answer computed ahead (the frame counts them).
func aheadHits(n int) { figure("aheadHits", n) }

// counted writes the scheduler's counts: the worker's figures.
func counted(c schedule.Counts) {
	ll := figures()
	if ll.IsUndefined() {
		return
	}
	ll.Set("aheadHits", c.AheadHits)
	ll.Set("aheadRuns", c.AheadRuns)
	ll.Set("aheadMs", c.AheadMs)
	ll.Set("aheadSyncs", c.StatsKept)
	ll.Set("rehearsals", c.Rehearsals)
	ll.Set("rehearsalsDue", c.Due)
	ll.Set("adopted", c.Rehearsed)
	ll.Set("rehearsalRounds", c.Rounds)
	ll.Set("timelinePrepared", c.Prepared)
	ll.Set("settled", c.Settled)
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
