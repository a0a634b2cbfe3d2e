//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/front/widget"
)

// readoutList is what renderReadouts last built: the metrics in order and the text each figure
// shows, so a slider move rewrites only the figures that changed.
type readoutList struct {
	metrics []string
	labels  []string
	shown   [][2]string // per figure: the text and the exact figure (data-value) it shows
}

// renderReadouts shows rows in the readout list. The region is aria-live, so screen readers hear
// it; when the same metrics are shown again only changed figures are touched (a dragged slider
// then costs a few text updates a frame, not a rebuilt list).
func (p *page) renderReadouts(rows []readout.Readout) {
	list := p.byID("readout-list")
	if !list.Truthy() {
		return
	}
	if p.figureReadouts != nil {
		rows = readout.Pick(rows, p.figureReadouts)
	}
	metrics := make([]string, len(rows))
	labels := make([]string, len(rows))
	for i, r := range rows {
		metrics[i], labels[i] = r.Metric, r.Label
	}
	rl := &p.readouts
	if !slices.Equal(metrics, rl.metrics) || !slices.Equal(labels, rl.labels) {
		// Built as one HTML string (every label escaped) and read back with plain syscall/js:
		// creating and wrapping each element through dom/v2 held the first frame back.
		var b strings.Builder
		for _, r := range rows {
			pair := "<dt>" + widget.EscapeHTML(r.Label) + `</dt><dd><span data-metric="` + widget.EscapeHTML(r.Metric) + `"></span></dd>`
			if p.figureReadouts != nil {
				pair = `<div class="readout">` + pair + "</div>" // a figure lays each pair out as one box
			}
			b.WriteString(pair)
		}
		list.Set("innerHTML", b.String())
		*rl = readoutList{metrics: metrics, labels: labels, shown: make([][2]string, len(rows))}
	}
	// The changed figures go to the page in one call (setReadouts, site/loader.js): a drag's
	// move changes six or so, and each call across the wasm boundary, with its strings decoded
	// from the wasm's memory and its references freed by Go's finalizers, cost more than the
	// DOM write it made.
	var batch strings.Builder
	for i, r := range rows {
		now := [2]string{r.Text(), r.Exact()}
		if rl.shown[i] == now {
			continue
		}
		rl.shown[i] = now
		batch.WriteString(strconv.Itoa(i) + "\x00" + now[0] + "\x00" + now[1] + "\x00")
	}
	if batch.Len() > 0 {
		ll.Call(wb.SetReadouts, list, batch.String())
	}
}
