package main

import (
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strconv"

	"layoutlab/engine/explainer"
	"layoutlab/engine/readout"
	"layoutlab/engine/timeline"
	"layoutlab/front/chart"
	"layoutlab/front/figurebox"
)

// The comparison charts' sizes: the explainer's column on a desktop (1,060 px), and a 350 px
// phone's column (figurebox.Narrow picks it).
const (
	chartWide, chartWideH     = 1000, 440
	chartNarrow, chartNarrowH = 350, 520
)

// maintenanceFuncs are the template functions of the maintenance article's figures: fig, a
// timeline preset's readout as its figure states it (so the prose, the readout and the chart's
// labels agree to the digit), and chart, a comparison chart's figure.
func maintenanceFuncs(r *explainer.Results, charts map[string]template.HTML) template.FuncMap {
	return template.FuncMap{
		// fig is the preset's readout metric on day d (0: the last), as the readout states it.
		"fig": func(name string, d int, metric string) (string, error) {
			rs := readout.Pick(readout.Day(r.Day(name, d)), []string{metric})
			if len(rs) == 0 {
				return "", fmt.Errorf("no timeline readout %q", metric)
			}
			return rs[0].Text(), nil
		},
		// maxFig is the preset's largest nightly rewrite, as its readout states it.
		"maxFig": func(name string) string {
			_, night := r.MaxWritten(name)
			return readout.Pick(readout.Day(r.Day(name, night)), []string{"optimize_written_gb"})[0].Text()
		},
		// div is a/b as the page writes a count of nights (400 GiB at 10 GiB a day: 40).
		"div": func(a, b float64) string { return num(a / b) },
		"chart": func(name string) (template.HTML, error) {
			h, ok := charts[name]
			if !ok {
				return "", fmt.Errorf("no chart %q", name)
			}
			return h, nil
		},
	}
}

// comparisons are the explainer's comparison charts: the three strategies side by side, and the
// key change against the same table left on its key.
func comparisons(r *explainer.Results) map[string]chart.Chart {
	lookup := chart.Strip{Title: "files a lookup on customer_id opens", Unit: " files", Digits: 1,
		Value: func(d timeline.Day) float64 { return d.LookupFiles }}
	written := chart.Strip{Title: "GiB written by each night's OPTIMIZE", Unit: " GiB", Digits: 1,
		Value: func(d timeline.Day) float64 { return d.OptimizeWrittenGB }}
	amp := chart.Strip{Title: "write amplification so far", Unit: "x", Digits: 2,
		Value: func(d timeline.Day) float64 { return d.WriteAmplification }}
	series := func(pairs ...string) []chart.Series {
		var out []chart.Series
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, chart.Series{Label: pairs[i+1], Run: r.TimelineOf(pairs[i])})
		}
		return out
	}
	k := r.Scenario("change-keys").Timeline.ChangeKeysDay
	strategies := series("zorder-full", "Whole-table Z-order every night", "zorder-window",
		"Z-order over the last "+strconv.Itoa(r.Scenario("zorder-window").Timeline.WindowDays)+" days", "liquid", "Liquid clustering (open-source Delta)")
	keyLookup := lookup
	keyLookup.Title = "files a lookup on the clustering key opens (customer_id, then order_id)"
	keys := series("liquid", "CLUSTER BY (customer_id) throughout", "change-keys", "CLUSTER BY (order_id) from day "+strconv.Itoa(k))
	return map[string]chart.Chart{
		"strategies": {Summary: summary("The three strategies on the same table", strategies),
			Strips: []chart.Strip{written, amp, lookup}, Series: strategies},
		"key-change": {Summary: summary("Liquid clustering with and without a key change on day "+strconv.Itoa(k), keys),
			Strips: []chart.Strip{written, keyLookup}, Series: keys, Mark: k, MarkAs: "keys changed"},
	}
}

// summary is a chart's alt text: its point, then each run's last day as its readouts state it.
func summary(what string, ss []chart.Series) string {
	s := what + ", on day " + strconv.Itoa(len(ss[0].Run.Days)) + ":"
	for i, se := range ss {
		d := se.Run.Days[len(se.Run.Days)-1]
		if i > 0 {
			s += ";"
		}
		s += fmt.Sprintf(" %s writes %s GiB that night (%sx so far) and a lookup opens %s files", se.Label,
			readout.Number(d.OptimizeWrittenGB, 1), readout.Number(d.WriteAmplification, 2), readout.Number(d.LookupFiles, 1))
	}
	return s + "."
}

// writeCharts draws every comparison into out/posters/compare-NAME.svg (and .narrow.svg) and
// returns each one's figure: the picture, and its summary as alt text.
func writeCharts(out string, r *explainer.Results) (map[string]template.HTML, error) {
	html := map[string]template.HTML{}
	for name, c := range comparisons(r) {
		base := "posters/compare-" + name
		for file, size := range map[string][2]float64{base + ".svg": {chartWide, chartWideH}, base + ".narrow.svg": {chartNarrow, chartNarrowH}} {
			b, err := c.SVG(size[0], size[1])
			if err != nil {
				return nil, fmt.Errorf("chart %s: %w", name, err)
			}
			if err := os.WriteFile(filepath.Join(out, file), b, 0o644); err != nil {
				return nil, err
			}
		}
		html[name] = template.HTML(`<figure class="layoutlab-chart"><picture><source media="` + figurebox.Narrow + `" srcset="` + base + `.narrow.svg">` +
			`<img src="` + base + `.svg" alt="` + template.HTMLEscapeString(c.Summary) + `" width="` + strconv.Itoa(chartWide) + `" height="` + strconv.Itoa(chartWideH) + `"></picture></figure>`)
	}
	return html, nil
}
