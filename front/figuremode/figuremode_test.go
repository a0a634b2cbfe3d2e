package figuremode

import (
	"reflect"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

var known = []Knob{
	{ID: "keys", View: "panel"}, {ID: "indexed-cols", View: "panel"},
	{ID: "filter-col", Group: "Filter", View: "panel"}, {ID: "filter-op", Group: "Filter", View: "panel"},
	{ID: "day", View: "timeline"}, {ID: "strategy", View: "timeline"}, {ID: "theme"},
}

// TestPageOf: a figure shows the knobs and readouts it declares, in its order (a group's name, in
// any case, standing for its knobs; a knob of another view is unknown), else its view's
// defaults; the notice names each unknown name, and is empty when all are known.
func TestPageOf(t *testing.T) {
	s := scenario.Default()
	s.Figure = scenario.Figure{Knobs: []string{"theme", "filter", "dayz", "day"}, Readouts: []string{"files_read", "lookup_files", "span:user_id"}}
	p := PageOf(&s, known)
	if want := []string{"theme", "filter-col", "filter-op"}; !reflect.DeepEqual(p.Knobs, want) {
		t.Errorf("knobs %v, want %v", p.Knobs, want)
	}
	if want := []string{"files_read", "span:user_id"}; !reflect.DeepEqual(p.Readouts, want) {
		t.Errorf("readouts %v, want %v", p.Readouts, want)
	}
	want := `This figure's link asks for no panel knob named "dayz", "day" and no panel readout named "lookup_files": left out, the rest is shown.`
	if p.Notice != want {
		t.Errorf("notice %q\nwant   %q", p.Notice, want)
	}
	s.Figure = scenario.Figure{}
	p = PageOf(&s, known)
	if strings.Join(p.Knobs, ",") != "keys,indexed-cols,filter-col,filter-op" || p.Notice != "" || len(p.Readouts) == 0 {
		t.Errorf("panel defaults: %+v", p)
	}
	s.View = "timeline"
	if p = PageOf(&s, known); strings.Join(p.Knobs, ",") != "day,strategy" || p.Notice != "" {
		t.Errorf("timeline defaults: %+v", p)
	}
}
