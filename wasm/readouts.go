//go:build js && wasm

package main

import "strconv"

// readout is one live figure: a label and the engine's number under the CLI's JSON name.
type readout struct {
	Label  string
	Metric string
	Value  float64
	Digits int // decimals shown; the exact value is in data-value
	Unit   string
}

// renderReadouts replaces the readout list. The region is aria-live, so screen readers hear it.
func (a *app) renderReadouts(rows []readout) {
	list := a.doc.GetElementByID("readout-list")
	if list == nil {
		return
	}
	list.SetInnerHTML("")
	for _, r := range rows {
		dt := a.doc.CreateElement("dt")
		dt.SetTextContent(r.Label)
		dd := a.doc.CreateElement("dd")
		v := a.doc.CreateElement("span")
		v.SetAttribute("data-metric", r.Metric)
		v.SetAttribute("data-value", strconv.FormatFloat(r.Value, 'g', -1, 64))
		text := strconv.FormatFloat(r.Value, 'f', r.Digits, 64)
		if r.Unit != "" {
			text += " " + r.Unit
		}
		v.SetTextContent(text)
		dd.AppendChild(v)
		list.AppendChild(dt)
		list.AppendChild(dd)
	}
}
