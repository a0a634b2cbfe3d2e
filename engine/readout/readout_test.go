package readout

import (
	"reflect"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// TestShownFollowsTheFigure: a figure shows the readouts its scenario declares, in that order,
// else its view's defaults; a timeline figure the day the widget opens on.
func TestShownFollowsTheFigure(t *testing.T) {
	p := &panel.Result{FilesTotal: 32, FilesRead: 3, RowsTotal: 1000, RowsRead: 90, Keys: []string{"user_id"},
		Spans: map[string]float64{"user_id": 0.03125, "event_date": 1}}
	s := scenario.Default()
	if got := metrics(Shown(s, p, nil)); !reflect.DeepEqual(got, Defaults["panel"]) {
		t.Errorf("panel defaults: %v, want %v", got, Defaults["panel"])
	}
	s.Figure.Readouts = []string{"span:event_date", "rows_read", "span:nope"}
	if got := metrics(Shown(s, p, nil)); !reflect.DeepEqual(got, []string{"span:event_date", "rows_read"}) {
		t.Errorf("declared: %v, want the declared ones the answer has, in order", got)
	}
	run := &timeline.Result{Days: []timeline.Day{{Day: 1, OptimizeWrittenGB: 40}, {Day: 2, OptimizeWrittenGB: 80.26}}}
	s = scenario.Default()
	s.View = "timeline"
	s.Figure.Readouts = []string{"day", "optimize_written_gb"}
	if got := Shown(s, nil, run); len(got) != 2 || got[0].Value != 2 || got[1].Text() != "80.3 GiB" || got[1].Label != FigureLabels["optimize_written_gb"] {
		t.Errorf("timeline, last day: %+v", got)
	}
	s.Timeline.Day = 1
	if got := Shown(s, nil, run); got[0].Value != 1 || got[1].Text() != "40.0 GiB" || got[1].Exact() != "40" {
		t.Errorf("timeline, day 1: %+v", got)
	}
}

func metrics(rs []Readout) []string {
	var m []string
	for _, r := range rs {
		m = append(m, r.Metric)
	}
	return m
}

// TestKnownIsEachViewsReadouts: a figure may name what its view shows and nothing else; the
// panel's spans are of any column (a link may cluster on or index any), never the timeline's.
func TestKnownIsEachViewsReadouts(t *testing.T) {
	for _, c := range []struct {
		view, name string
		want       bool
	}{
		{"panel", "files_read", true}, {"panel", "span:product_id", true}, {"panel", "span:", false},
		{"panel", "optimize_written_gb", false}, {"timeline", "optimize_written_gb", true},
		{"timeline", "sealed_zcubes", true}, {"timeline", "files_read", false}, {"timeline", "span:user_id", false},
	} {
		if got := Known(c.view, c.name); got != c.want {
			t.Errorf("Known(%q, %q) = %v, want %v", c.view, c.name, got, c.want)
		}
	}
	for v, ms := range Defaults {
		for _, m := range ms {
			if !Known(v, m) {
				t.Errorf("default %s readout %q is no readout of the view", v, m)
			}
		}
	}
}
