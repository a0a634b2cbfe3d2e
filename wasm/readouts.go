//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"
)

// readout is one live figure: a label and the engine's number under the CLI's JSON name.
type readout struct {
	Label  string
	Metric string
	Value  float64
	Digits int // decimals shown; the exact value is in data-value
	Unit   string
}

// readoutList is what renderReadouts last built: the metrics in order, each value's element and
// the text it shows, so a slider move rewrites only the figures that changed.
type readoutList struct {
	metrics []string
	labels  []string
	values  []js.Value  // the span of each figure
	shown   [][2]string // per value: the text and the exact figure (data-value) it shows
}

// renderReadouts shows rows in the readout list. The region is aria-live, so screen readers hear
// it; when the same metrics are shown again only changed figures are touched (a dragged slider
// then costs a few text updates a frame, not a rebuilt list).
func (a *app) renderReadouts(rows []readout) {
	list := a.byID("readout-list")
	if !list.Truthy() {
		return
	}
	metrics := make([]string, len(rows))
	labels := make([]string, len(rows))
	for i, r := range rows {
		metrics[i], labels[i] = r.Metric, r.Label
	}
	rl := &a.readouts
	if !slices.Equal(metrics, rl.metrics) || !slices.Equal(labels, rl.labels) {
		// Built as one HTML string (every label escaped) and read back with plain syscall/js:
		// creating and wrapping each element through dom/v2 was ~200 ms of the first frame.
		var b strings.Builder
		for _, r := range rows {
			b.WriteString("<dt>" + escapeHTML(r.Label) + `</dt><dd><span data-metric="` + escapeHTML(r.Metric) + `"></span></dd>`)
		}
		el := list
		el.Set("innerHTML", b.String())
		spans := el.Call("querySelectorAll", "span[data-metric]")
		*rl = readoutList{metrics: metrics, labels: labels, values: make([]js.Value, len(rows)), shown: make([][2]string, len(rows))}
		for i := range rows {
			rl.values[i] = spans.Index(i)
		}
	}
	for i, r := range rows {
		text := strconv.FormatFloat(r.Value, 'f', r.Digits, 64)
		if r.Unit != "" {
			text += " " + r.Unit
		}
		now := [2]string{text, strconv.FormatFloat(r.Value, 'g', -1, 64)}
		if rl.shown[i] == now {
			continue
		}
		rl.shown[i] = now
		rl.values[i].Call("setAttribute", "data-value", now[1])
		rl.values[i].Set("textContent", now[0])
	}
}
