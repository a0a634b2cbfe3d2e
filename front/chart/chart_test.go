package chart

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/poster/postertest"
	"layoutlab/front/view"
)

func run(t *testing.T, strategy string) *timeline.Result {
	t.Helper()
	s := scenario.Default().Timeline
	s.Strategy, s.Days = strategy, 20
	r, err := timeline.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestChartNamesEveryLineAndItsLastValue: the legend names each series, each line's last value is
// labelled with the readouts' rounding and thousands separators, and equal values get labels one
// under the other, not on top of each other.
func TestChartNamesEveryLineAndItsLastValue(t *testing.T) {
	full, window := run(t, "zorder-full"), run(t, "zorder-window")
	c := Chart{Summary: "test", Series: []Series{{"Z-order", full}, {"Window", window}},
		Strips: []Strip{{Title: "GiB", Unit: " GiB", Digits: 1, Value: func(d timeline.Day) float64 { return d.OptimizeWrittenGB }},
			{Title: "lookup", Unit: " files", Digits: 1, Value: func(d timeline.Day) float64 { return d.LookupFiles }}}}
	svg, err := c.SVG(700, 400)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := postertest.Texts(svg)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{"Z-order", "Window", "800.0 GiB", "120.0 GiB", "day"} {
		if !strings.Contains("|"+all+"|", "|"+want+"|") {
			t.Errorf("no label %q in %q", want, all)
		}
	}
	if !strings.Contains(string(svg), "prefers-color-scheme: dark") {
		t.Error("one theme only")
	}
	// Both lookups open 20.0 files on day 20: two labels, apart.
	s := c.scene(700, 400, themeFor(t))
	var ys []float64
	for _, l := range s.Labels {
		if l.Role == "line-end" && strings.HasSuffix(l.Text, " files") {
			ys = append(ys, l.Y)
		}
	}
	if len(ys) != 2 || ys[1]-ys[0] < 11 && ys[0]-ys[1] < 11 {
		t.Errorf("the lookups' end labels at %v overlap", ys)
	}
	if _, err := (Chart{Strips: c.Strips}).SVG(700, 400); err == nil {
		t.Error("a chart without series drew")
	}
}

func TestSpread(t *testing.T) {
	// The pair at 50 ends one under the other; 10 and 95 keep their places, within [0, 100].
	got := spread([]float64{50, 50, 10, 95}, 10, 0, 100)
	for i := range got {
		if got[i] < 0 || got[i] > 100 {
			t.Errorf("label %d at %v, outside [0, 100]", i, got[i])
		}
	}
	if got[1]-got[0] < 10 || got[0] != 50 || got[2] != 10 {
		t.Errorf("spread gave %v", got)
	}
	if over := spread([]float64{95, 95, 95}, 10, 0, 100); over[2] > 100 || over[1]-over[0] < 10 || over[2]-over[1] < 10 {
		t.Errorf("a stack past the bottom: %v", over)
	}
}

func themeFor(t *testing.T) view.Theme { t.Helper(); return view.ThemeNamed("light") }
