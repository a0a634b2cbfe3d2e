//go:build js && wasm

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"
)

// bindControls sets every control from the scenario and wires its events to engine recomputes.
func (a *app) bindControls() {
	w := dom.GetWindow()
	// Ebiten's canvas swallows key events (it calls preventDefault on Tab); a capture-phase
	// listener on window stops Tab before it reaches the canvas so keyboard users can leave it.
	w.AddEventListener("keydown", true, func(e dom.Event) {
		if ke, ok := e.(*dom.KeyboardEvent); ok && ke.Key() == "Tab" {
			e.StopImmediatePropagation()
		}
	})
	if f := a.doc.GetElementByID("controls"); f != nil {
		f.AddEventListener("submit", false, func(e dom.Event) { e.PreventDefault() })
	}
	files := a.doc.GetElementByID("files").(*dom.HTMLInputElement)
	files.SetValue(strconv.Itoa(a.sc.Panel.Files))
	files.AddEventListener("input", false, func(dom.Event) {
		n, err := strconv.Atoi(files.Value())
		if err != nil {
			return
		}
		a.mu.Lock()
		a.sc.Panel.Files = n
		a.recompute()
		a.mu.Unlock()
		a.scheduleURL()
	})
}
