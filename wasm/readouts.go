//go:build js && wasm

package main

import (
	"slices"
	"strconv"

	"honnef.co/go/js/dom/v2"
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
	values  []dom.Element
	shown   [][2]string // per value: the text and the exact figure (data-value) it shows
}

// renderReadouts shows rows in the readout list. The region is aria-live, so screen readers hear
// it; when the same metrics are shown again only changed figures are touched (a dragged slider
// then costs a few text updates a frame, not a rebuilt list).
func (a *app) renderReadouts(rows []readout) {
	list := a.byID("readout-list")
	if list == nil {
		return
	}
	metrics := make([]string, len(rows))
	labels := make([]string, len(rows))
	for i, r := range rows {
		metrics[i], labels[i] = r.Metric, r.Label
	}
	rl := &a.readouts
	if !slices.Equal(metrics, rl.metrics) || !slices.Equal(labels, rl.labels) {
		list.SetInnerHTML("")
		*rl = readoutList{metrics: metrics, labels: labels, values: make([]dom.Element, len(rows)), shown: make([][2]string, len(rows))}
		for i, r := range rows {
			dt := a.doc.CreateElement("dt")
			dt.SetTextContent(r.Label)
			dd := a.doc.CreateElement("dd")
			v := a.doc.CreateElement("span")
			v.SetAttribute("data-metric", r.Metric)
			dd.AppendChild(v)
			list.AppendChild(dt)
			list.AppendChild(dd)
			rl.values[i] = v
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
		rl.values[i].SetAttribute("data-value", now[1])
		rl.values[i].SetTextContent(now[0])
	}
}
