package main

import (
	"fmt"
	"html/template"
	"math"
	"strconv"

	"layoutlab/engine/explainer"
	"layoutlab/engine/panel"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
	"layoutlab/engine/timeline"
)

// figures are the template functions that quote the engine's results for the presets, and
// format them. A preset's accessor panics on an unknown name; template turns that into an error
// naming the call.
func figures(r *explainer.Results) template.FuncMap {
	return template.FuncMap{
		// Results.
		"panel":      func(name string) *panel.Result { return r.PanelOf(name) },
		"day":        func(name string, d int) timeline.Day { return r.Day(name, d) },
		"maxWritten": func(name string) float64 { gib, _ := r.MaxWritten(name); return gib },
		"lookup":     func(name, col string) panel.PointLookups { return r.Lookup(name, col) },
		"scenario":   func(name string) scenario.Scenario { return r.Scenario(name) },
		// Constants of the table and of Delta the page names.
		"indexedColsDefault":  func() int { return scenario.DefaultNumIndexedCols },
		"deviceModelPosition": func() int { return table.PanelDeviceModelPosition },
		"indexedVariant":      func() string { return explainer.IndexedVariant },
		// Formats.
		"num":  num,
		"mean": func(v float64) string { return decimal(v, 1) },
		"x":    func(v float64) string { return decimal(v, 2) + "×" },
		"span": func(v float64) string { return readout.Number(v, 3) }, // as the span readouts show it
		"pct": func(part, whole int) string {
			return strconv.Itoa(int(math.Round(100*float64(part)/float64(whole)))) + "%"
		},
		"add":  func(a, b int) int { return a + b },
		"num2": func(v float64) string { return decimal(v, 2) },
		// shown is the preset's readout metric as its figure shows it, so that the prose quotes
		// the figure to the same rounding.
		"shown": func(name, metric string) (string, error) {
			s := r.Scenario(name)
			var rs []readout.Readout
			if s.View == "timeline" {
				rs = readout.Shown(s, nil, r.TimelineOf(name))
			} else {
				rs = readout.Shown(s, r.PanelOf(name), nil)
			}
			for _, x := range rs {
				if x.Metric == metric {
					return x.Text(), nil
				}
			}
			return "", fmt.Errorf("preset %s's figure shows no %s", name, metric)
		},
		// curveSpan is F^(-1/k): the span of F files that are the curve's cells, on k keys.
		"curveSpan": func(files, keys int) float64 { return math.Pow(float64(files), -1/float64(keys)) },
	}
}

// num writes a number with thousands separators and at most one decimal ("2,400", "1,154.2").
func num(v any) string {
	switch n := v.(type) {
	case int:
		return decimal(float64(n), 0)
	case int64:
		return decimal(float64(n), 0)
	case float64:
		return decimal(n, 1)
	}
	panic(fmt.Sprintf("num of %T", v))
}

// decimal writes v rounded to at most places decimals, with thousands separators, without
// trailing zeros: readout.Number, the readouts' format, trimmed.
func decimal(v float64, places int) string { return readout.Trimmed(v, places) }
