//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/wasm/browser"
)

// widgetYield is the scheduler's Yielder: the browser's (wasm/browser), and the progress line
// that names the step a long run is on. Only the scheduler's worker calls it.
type widgetYield struct {
	*browser.Yielder
	progress progressLine
}

// paintEvery is the longest a run that yields goes without letting the page paint.
const paintEvery = 200 * time.Millisecond

// newWidgetYield is made before the worker starts: it looks up the progress region's elements.
func newWidgetYield(p *page) *widgetYield {
	return &widgetYield{Yielder: browser.NewYielder(paintEvery), progress: progressLine{el: p.byID("progress"), readouts: p.byID("readouts")}}
}

// scheduleFrame asks Ebiten for a frame: Ebiten runs Update only in an animation frame (or on
// the canvas's input, frameNow).
func scheduleFrame() { ebiten.ScheduleFrame() }

// frameNow has Ebiten run the frame's Update and Draw now, while a figure starts or switches
// (marking), not at the next animation frame: the swap's hashchange and the scheduler's answer
// are taken at once, and the answer is drawn (and the figure said ready) without waiting for
// the renderer, which a busy page kept 0.7-2.2 s after a preparation's answer came
// (BenchmarkSwitch, marks adopted..update). Ebiten does so for the canvas's input in
// FPSModeVsyncOffMinimum (internal/ui/input_js.go, forceUpdateOnMinimumFPSMode): the input here
// is a keyup of no key, which changes no key's state. Otherwise it is scheduleFrame.
func frameNow() {
	scheduleFrame()
	if !marking {
		return
	}
	if c := js.Global().Get("document").Call("querySelector", "body > canvas"); c.Truthy() {
		c.Call("dispatchEvent", js.Global().Get("KeyboardEvent").New("keyup"))
	}
}

// Show names the step a long run is on.
func (y *widgetYield) Show(step string) { y.progress.show(step) }

// progressLine is the progress region: the step a long run is on, with the readouts, which
// still show the previous answer, marked busy (dimmed by widget.css); "" clears both. The
// scheduler's worker alone writes it, not through page's caches, which are the frame's.
type progressLine struct {
	el, readouts js.Value
	busy         bool
}

func (l *progressLine) show(text string) {
	if el := l.el; el.Truthy() {
		el.Set("textContent", text)
		if text == "" {
			el.Call("setAttribute", "hidden", "")
		} else {
			el.Call("removeAttribute", "hidden")
		}
	}
	if busy := text != ""; busy != l.busy {
		l.busy = busy
		if r := l.readouts; r.Truthy() {
			r.Call("setAttribute", "aria-busy", strconv.FormatBool(busy))
		}
	}
}
