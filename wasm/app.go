//go:build js && wasm

package main

import (
	"strconv"
	"sync"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// app is the widget's state: the scenario, the engine's answer for it, and a version that tells
// the game when to redraw. DOM callbacks and Ebiten's loop both touch it, hence the mutex.
type app struct {
	mu      sync.Mutex
	sc      scenario.Scenario
	eng     panel.Engine
	res     *panel.Result
	version int // bumped on every new result; the game redraws when it changes

	doc         dom.Document
	urlTimer    int
	readyMarked bool
}

func newApp() *app {
	a := &app{doc: dom.GetWindow().Document()}
	sc, err := scenarioFromURL()
	if err != nil {
		a.notice(err.Error() + " — showing the default scenario instead.")
		sc = scenario.Default()
	}
	a.sc = sc
	a.recompute()
	return a
}

// recompute runs the engine on the current scenario and publishes the readouts. Callers hold mu
// or are on the only goroutine that exists (start-up).
func (a *app) recompute() {
	a.res = a.eng.Run(a.sc.Panel)
	a.version++
	a.publish()
}

// publish writes every readout as HTML text; numbers as plain decimals.
func (a *app) publish() {
	r := a.res
	a.setMetric("files", strconv.Itoa(r.FilesTotal))
	a.setMetric("files_total", strconv.Itoa(r.FilesTotal))
	a.setMetric("files_read", strconv.Itoa(r.FilesRead))
	a.setMetric("rows_read", strconv.FormatInt(r.RowsRead, 10))
	if out := a.doc.GetElementByID("files-value"); out != nil {
		out.SetTextContent(strconv.Itoa(a.sc.Panel.Files))
	}
}

func (a *app) setMetric(name, text string) {
	for _, el := range a.doc.QuerySelectorAll(`[data-metric="` + name + `"]`) {
		el.SetTextContent(text)
	}
}

// notice shows a message the user must see (a broken link, a refused setting) as text.
func (a *app) notice(msg string) {
	el := a.doc.GetElementByID("notice")
	if el == nil {
		return
	}
	el.SetTextContent(msg)
	el.RemoveAttribute("hidden")
}

// markReady tells tests and embedding pages that the first frame is on screen.
func (a *app) markReady() {
	if a.readyMarked {
		return
	}
	a.readyMarked = true
	ll := js.Global().Get("layoutlab")
	if ll.IsUndefined() {
		ll = js.Global().Get("Object").New()
		js.Global().Set("layoutlab", ll)
	}
	ll.Set("firstFrame", js.Global().Get("performance").Call("now"))
	ll.Set("ready", true)
	if el := a.doc.GetElementByID("loading"); el != nil {
		el.SetAttribute("hidden", "")
	}
	if el := a.doc.GetElementByID("controls"); el != nil {
		el.RemoveAttribute("hidden")
	}
}

// colorKey is the key whose span colours the grid: the chosen one, else the first key.
func (a *app) colorKey() string {
	if a.sc.Panel.ColorKey != "" {
		return a.sc.Panel.ColorKey
	}
	if len(a.res.Keys) > 0 {
		return a.res.Keys[0]
	}
	return ""
}
