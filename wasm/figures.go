//go:build js && wasm

package main

import (
	"runtime/debug"
	"syscall/js"

	"layoutlab/engine/scenario"
	"layoutlab/front/boundary"
	"layoutlab/front/figures"
	"layoutlab/wasm/browser"
)

// wb is the widget's boundary: what it sets on and calls of window.layoutlab.
var wb = boundary.Widget()

// ll is window.layoutlab, as front/boundary declares it (site/loader.js makes it before the
// program starts).
var ll = browser.Find(&boundary.Widget().Program)

func now() float64 { return js.Global().Get("performance").Call("now").Float() }

// newFigures is the widget's sink of the figures the browser tests and the timing script read
// (front/figures): on window.layoutlab, with the functions the timing script calls when it
// asks. firstMs is the time package firstrun spent answering firstAsked (0 for none).
func newFigures(firstAsked scenario.Panel, firstMs float64) *figures.Widget {
	ll.Make() // a page without loader.js still gets its figures
	var fig *figures.Widget
	funcs := map[boundary.Out]any{
		// Go's count of completed collections, to mark the slow inputs a collection came before.
		wb.GCCycles: js.FuncOf(func(js.Value, []js.Value) any {
			var stats debug.GCStats
			debug.ReadGCStats(&stats)
			return stats.NumGC
		}),
		// The label images the canvas has rasterised (labels.go): a drag should make none.
		wb.LabelRasters: js.FuncOf(func(js.Value, []js.Value) any { return fig.LabelRasters }),
		// [digit images warmed, ms spent on them].
		wb.DigitWarmup: js.FuncOf(func(js.Value, []js.Value) any { return []any{fig.WarmedDigits, fig.WarmMs} }),
	}
	fig = figures.NewWidget(ll, now, funcs, firstAsked, firstMs)
	return fig
}

// ready tells tests and embedding pages that the first answer is on screen and the controls
// answer; loader.js registers the service worker once the reader has left the page alone.
func (g *game) announced() {
	g.fig.Ready()
	mark("ready")
	marking = false
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("layoutlab:ready"))
}
