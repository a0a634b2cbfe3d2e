//go:build js && wasm

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/scenario"
)

// scenarioFromURL reads the scenario from the page's fragment; no fragment means the defaults.
func scenarioFromURL() (scenario.Scenario, error) {
	hash := dom.GetWindow().Location().Hash()
	if hash == "" || hash == "#" {
		return scenario.Default(), nil
	}
	return scenario.ParseLink(hash)
}

// scheduleURL writes the scenario into the fragment with history.replaceState, debounced so a
// dragged slider does not flood the history API.
func (a *app) scheduleURL() {
	w := dom.GetWindow()
	if a.urlTimer != 0 {
		w.ClearTimeout(a.urlTimer)
	}
	a.urlTimer = w.SetTimeout(func() {
		a.mu.Lock()
		link := scenario.Link(a.sc)
		a.urlTimer = 0
		a.mu.Unlock()
		// dom/v2 has no History for the window: call the API directly.
		js.Global().Get("history").Call("replaceState", nil, "", link)
	}, 120)
}

// bindCopyLink wires the Copy link button: the page's URL with the current scenario.
func (a *app) bindCopyLink() {
	btn := a.byID("copy-link")
	if btn == nil {
		return
	}
	btn.AddEventListener("click", false, func(dom.Event) {
		a.mu.Lock()
		link := scenario.Link(a.sc)
		a.mu.Unlock()
		loc := js.Global().Get("location")
		js.Global().Get("history").Call("replaceState", nil, "", link)
		copyText(a, loc.Get("origin").String()+loc.Get("pathname").String()+link, "Link copied.")
	})
}
