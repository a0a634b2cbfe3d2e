//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/scenario"
)

// scenarioFromURL reads the scenario from the page's fragment; no fragment means the defaults.
func scenarioFromURL() (scenario.Scenario, error) {
	return scenario.FromFragment(dom.GetWindow().Location().Hash())
}

// urlDebounce is how long the URL waits after the last change before it is written: a pause of
// the reader's, not the gap between two key presses or between a drag's moves. Chromium answers
// a replaceState that follows an input with a repaint and a composited frame of the whole page
// (its soft-navigation detection): without a GPU, 50-70 ms of the GPU process that the next
// input's frame waited behind. Written 120 ms after each key press, the URL doubled the frames
// of a keyboard user stepping through a select. Copy link writes it at once.
const urlDebounce = 400 * time.Millisecond

// urlSync is the debounced URL write: one timer at a time, re-armed when it fires early, instead
// of a cleared and a new timer (and a new js.Func) on every input of a dragged slider.
type urlSync struct {
	due   time.Time // when the URL is to be written: urlDebounce after the last change
	armed bool      // a timer is pending
	fire  js.Func
}

// scheduleURL writes the scenario into the fragment with history.replaceState, debounced so a
// dragged slider does not flood the history API.
func (a *app) scheduleURL() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.url.due = time.Now().Add(urlDebounce)
	if a.url.armed {
		return
	}
	if a.url.fire.IsUndefined() {
		a.url.fire = js.FuncOf(func(js.Value, []js.Value) any {
			a.mu.Lock()
			wait := time.Until(a.url.due)
			if wait > 0 {
				js.Global().Call("setTimeout", a.url.fire, wait.Milliseconds()+1)
				a.mu.Unlock()
				return nil
			}
			a.url.armed = false
			link := scenario.Link(a.sc)
			a.mu.Unlock()
			// dom/v2 has no History for the window: call the API directly.
			js.Global().Get("history").Call("replaceState", nil, "", link)
			return nil
		})
	}
	a.url.armed = true
	js.Global().Call("setTimeout", a.url.fire, urlDebounce.Milliseconds())
}

// bindCopyLink wires the Copy link button: the page's URL with the current scenario.
func (a *app) bindCopyLink() {
	a.on("copy-link", "click", func() {
		a.mu.Lock()
		link := scenario.Link(a.sc)
		a.mu.Unlock()
		loc := js.Global().Get("location")
		js.Global().Get("history").Call("replaceState", nil, "", link)
		copyText(a, loc.Get("origin").String()+loc.Get("pathname").String()+link, "Link copied.")
	})
}
