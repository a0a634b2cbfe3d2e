//go:build js && wasm

package main

import (
	"sync"
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
// (its soft-navigation detection), which the next input's frame waits behind. Copy link writes
// it at once.
const urlDebounce = 400 * time.Millisecond

// urlSync is the debounced URL write: one timer at a time, re-armed when it fires early, instead
// of a cleared and a new timer (and a new js.Func) on every input of a dragged slider.
type urlSync struct {
	mu    sync.Mutex
	due   time.Time // when the URL is to be written: urlDebounce after the last change
	armed bool      // a timer is pending
	fire  js.Func
}

// scheduleURL writes the controls' scenario into the fragment with history.replaceState,
// debounced so a dragged slider does not flood the history API.
func (c *controls) scheduleURL() {
	u := &c.url
	u.mu.Lock()
	defer u.mu.Unlock()
	u.due = time.Now().Add(urlDebounce)
	if u.armed {
		return
	}
	if u.fire.IsUndefined() {
		u.fire = js.FuncOf(func(js.Value, []js.Value) any {
			u.mu.Lock()
			wait := time.Until(u.due)
			if wait > 0 {
				js.Global().Call("setTimeout", u.fire, wait.Milliseconds()+1)
				u.mu.Unlock()
				return nil
			}
			u.armed = false
			u.mu.Unlock()
			// dom/v2 has no History for the window: call the API directly.
			link := scenario.Link(c.in.scenario())
			js.Global().Get("history").Call("replaceState", nil, "", link)
			// figure.html's "Open in Layout Lab" follows, with the URL, a pause of the reader's.
			if open := elementByID("open-full"); open.Truthy() {
				open.Set("href", "widget.html"+link)
			}
			return nil
		})
	}
	u.armed = true
	js.Global().Call("setTimeout", u.fire, urlDebounce.Milliseconds())
}

// bindCopyLink wires the Copy link button: the page's URL with the current scenario.
func (c *controls) bindCopyLink() {
	on("copy-link", "click", func() {
		link := scenario.Link(c.in.scenario())
		loc := js.Global().Get("location")
		js.Global().Get("history").Call("replaceState", nil, "", link)
		copyText(loc.Get("origin").String()+loc.Get("pathname").String()+link, "Link copied.")
	})
}
