//go:build js && wasm

package main

import (
	"layoutlab/engine/readout"
)

// renderReadouts shows rows in the readout list (front/widget's Readouts says what changed). The
// region is aria-live, so screen readers hear it; when the same metrics are shown again only
// changed figures are touched (a dragged slider then costs a few text updates a frame, not a
// rebuilt list).
func (p *page) renderReadouts(rows []readout.Readout) {
	list := p.byID("readout-list")
	if !list.Truthy() {
		return
	}
	if p.figureReadouts != nil {
		rows = readout.Pick(rows, p.figureReadouts)
	}
	html, rebuild, changed := p.readouts.Show(rows, p.figureReadouts != nil)
	if rebuild {
		// Built as one HTML string and read back with plain syscall/js: creating and wrapping
		// each element through dom/v2 held the first frame back.
		list.Set("innerHTML", html)
	}
	// The changed figures go to the page in one call: a drag's move changes six or so, and each
	// call across the wasm boundary, with its strings decoded from the wasm's memory and its
	// references freed by Go's finalizers, cost more than the DOM write it made.
	if changed != "" {
		ll.Call(wb.SetReadouts, list, changed)
	}
}
