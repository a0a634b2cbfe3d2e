//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"time"
)

// browserYield hands the page's one thread back to the browser for a moment, so it can take
// input and paint, and resumes as soon as it may: a MessageChannel message is a task of its own,
// queued behind input. (time.Sleep would go through setTimeout, which browsers clamp to 4 ms
// once nested five deep.) A message does not wait for a frame, and Chromium produced none for a
// second of such yields in a million-row run; so at least every paintEvery a turn waits for the
// next animation frame and resumes after it is drawn. It is the scheduler's Yielder, and only
// its worker calls it.
type browserYield struct {
	port      js.Value
	ch        chan struct{}
	afterRAF  js.Func // requestAnimationFrame callback: resume once the frame is done
	lastFrame time.Time
	progress  progressLine
}

// paintEvery is the longest a run that yields goes without letting the page paint.
const paintEvery = 200 * time.Millisecond

// newBrowserYield is made before the worker starts: it looks up the progress region's elements.
func newBrowserYield(p *page) *browserYield {
	mc := js.Global().Get("MessageChannel").New()
	y := &browserYield{port: mc.Get("port2"), ch: make(chan struct{}, 1), progress: progressLine{el: p.byID("progress"), readouts: p.byID("readouts")}}
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

// Turn resumes after the input queued meanwhile, and after a painted frame every paintEvery.
func (y *browserYield) Turn() {
	if time.Since(y.lastFrame) >= paintEvery {
		js.Global().Call("requestAnimationFrame", y.afterRAF)
		<-y.ch
		y.lastFrame = time.Now()
		return
	}
	y.Task()
}

// Task resumes in a task of its own, after the input and frames queued before it, without
// waiting for a frame: for work between frames that the page's own frames already paint.
func (y *browserYield) Task() {
	y.port.Call("postMessage", nil)
	<-y.ch
}

// Show names the step a long run is on.
func (y *browserYield) Show(step string) { y.progress.show(step) }

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
