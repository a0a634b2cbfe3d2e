// Package readout names the figures the widget shows beside its canvas, by the CLI's JSON names
// (files_read, optimize_written_gb, span:user_id), with the label and the decimals they are
// shown with. A poster (site/gen, `layoutlab poster`) writes a figure's readouts as HTML text
// from here, so the page without JavaScript states what the live figure shows.
package readout

import (
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// Readout is one figure: a label and the engine's number under the CLI's JSON name.
type Readout struct {
	Label  string
	Metric string
	Value  float64
	Digits int // decimals shown; Exact has them all
	Unit   string
}

// Text is the figure as shown: Digits decimals, thousands separated (Number), then the unit.
func (r Readout) Text() string {
	s := Number(r.Value, r.Digits)
	if r.Unit == "x" { // a factor: 2.00x, as the charts write it
		return s + r.Unit
	}
	if r.Unit != "" {
		s += " " + r.Unit
	}
	return s
}

// Exact is the engine's figure in full, as the widget's data-value holds it.
func (r Readout) Exact() string { return strconv.FormatFloat(r.Value, 'g', -1, 64) }

// Panel is every readout of the statistics panel's answer, in the widget's order: the files and
// rows, then every measured span, the keys first.
func Panel(r *panel.Result) []Readout {
	rows := []Readout{
		{Label: "Files read", Metric: "files_read", Value: float64(r.FilesRead)},
		{Label: "Files in the table", Metric: "files_total", Value: float64(r.FilesTotal)},
		{Label: "Files", Metric: "files", Value: float64(r.FilesTotal)},
		{Label: "Rows read", Metric: "rows_read", Value: float64(r.RowsRead)},
		{Label: "Rows in the table", Metric: "rows_total", Value: float64(r.RowsTotal)},
	}
	cols := append([]string(nil), r.Keys...)
	var rest []string
	for k := range r.Spans {
		if !slices.Contains(cols, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range append(cols, rest...) {
		if v, ok := r.Spans[k]; ok {
			rows = append(rows, Readout{Label: "Span of " + k, Metric: "span:" + k, Value: v, Digits: 3})
		}
	}
	return rows
}

// Day is every readout of one timeline day, in the widget's order.
func Day(d timeline.Day) []Readout {
	return []Readout{
		{Label: "Day", Metric: "day", Value: float64(d.Day)},
		{Label: "Files a lookup opens", Metric: "lookup_files", Value: d.LookupFiles, Digits: 1},
		{Label: "GiB written by OPTIMIZE that night", Metric: "optimize_written_gb", Value: d.OptimizeWrittenGB, Digits: 1, Unit: "GiB"},
		{Label: "Write amplification", Metric: "write_amplification", Value: d.WriteAmplification, Digits: 2, Unit: "x"},
		{Label: "GiB ingested that day", Metric: "ingested_gb", Value: d.IngestedGB, Digits: 1, Unit: "GiB"},
		{Label: "Table size", Metric: "table_gb", Value: d.TableGB, Digits: 1, Unit: "GiB"},
		{Label: "Files", Metric: "files", Value: float64(d.Files)},
		{Label: "ZCubes", Metric: "zcubes", Value: float64(d.ZCubes)},
		{Label: "Sealed ZCubes", Metric: "sealed_zcubes", Value: float64(d.SealedZCubes)},
	}
}

// Defaults are the readouts a figure shows when its scenario declares none (scenario.Figure),
// as figure.html shows them (front/figuremode).
var Defaults = map[string][]string{
	"panel":    {"files_read", "files_total", "rows_read"},
	"timeline": {"lookup_files", "optimize_written_gb", "write_amplification"},
}

// FigureLabels are the shorter labels a figure gives readouts it draws large (the unit is in
// the figure), here and in figure.html (wasm/readouts.go).
var FigureLabels = map[string]string{
	"optimize_written_gb": "Rewritten by that night's OPTIMIZE",
	"lookup_files":        "Files a lookup opens",
	"ingested_gb":         "Ingested that day",
}

// Known reports whether name is a readout of the view ("panel" or "timeline"): a metric Panel
// or Day writes, or on the panel "span:" and any column (the answer measures the keys and the
// indexed columns, which a link may change).
func Known(view, name string) bool {
	all := Panel(&panel.Result{})
	if view == "timeline" {
		all = Day(timeline.Day{})
	} else if col, ok := strings.CutPrefix(name, "span:"); ok && col != "" {
		return true
	}
	return slices.ContainsFunc(all, func(r Readout) bool { return r.Metric == name })
}

// Pick is the readouts named by metrics, in that order, with a figure's labels; a name all
// lacks is left out (a span of a column the answer did not measure).
func Pick(all []Readout, metrics []string) []Readout {
	var out []Readout
	for _, m := range metrics {
		if i := slices.IndexFunc(all, func(r Readout) bool { return r.Metric == m }); i >= 0 {
			r := all[i]
			if l, ok := FigureLabels[m]; ok {
				r.Label = l
			}
			out = append(out, r)
		}
	}
	return out
}

// Shown is the readouts a figure of s shows: those its scenario declares (s.Figure.Readouts),
// else the view's Defaults, from the engine's answer for s (the panel's Result, or the
// timeline's on the day the widget opens on: s.Timeline.Day, else the last).
func Shown(s scenario.Scenario, p *panel.Result, t *timeline.Result) []Readout {
	metrics := s.Figure.Readouts
	if len(metrics) == 0 {
		metrics = Defaults[view(s)]
	}
	if view(s) == "timeline" {
		if t == nil || len(t.Days) == 0 {
			return nil
		}
		d := len(t.Days)
		if s.Timeline.Day > 0 && s.Timeline.Day <= d {
			d = s.Timeline.Day
		}
		return Pick(Day(t.Days[d-1]), metrics)
	}
	if p == nil {
		return nil
	}
	return Pick(Panel(p), metrics)
}

// Run runs the engine for s, as the widget does on opening its link, and returns Shown.
func Run(s scenario.Scenario) ([]Readout, error) {
	if view(s) == "timeline" {
		t, err := timeline.Run(s.Timeline)
		if err != nil {
			return nil, err
		}
		return Shown(s, nil, t), nil
	}
	p, err := panel.NewStore().Answer(s.Panel, panel.Shown, nil)
	if err != nil {
		return nil, err
	}
	return Shown(s, p, nil), nil
}

func view(s scenario.Scenario) string {
	if s.View == "timeline" {
		return "timeline"
	}
	return "panel"
}
