package main

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/front/figuremode"
	"layoutlab/front/widget"
)

// TestFilterComposesTheWhere: the filter's column, operator and value controls read a WHERE of
// that form and write one, quoting a date's or a string's value; any other WHERE shows no column
// and stays as it is until the filter is used (engine/scenario's TestParseFilter reads WHEREs).
func TestFilterComposesTheWhere(t *testing.T) {
	s := scenario.Default()
	set := func(id, v string) {
		t.Helper()
		next, err := widget.ApplyKnob(s, knobFor(t, id), v)
		if err != nil {
			t.Fatalf("%s=%q: %v", id, v, err)
		}
		s = next
	}
	set("filter-col", "device_model_id")
	if s.Panel.Where != "device_model_id = 31415926" {
		t.Errorf("column device_model_id: WHERE %q", s.Panel.Where)
	}
	set("filter-value", "1003")
	set("filter-op", "<=")
	if s.Panel.Where != "device_model_id <= 1003" {
		t.Errorf("WHERE %q", s.Panel.Where)
	}
	set("filter-col", "event_date") // a number does not fit a date: the column's sample
	if s.Panel.Where != "event_date <= '2025-03-01'" {
		t.Errorf("column event_date: WHERE %q", s.Panel.Where)
	}
	// The WHERE field and the filter stay consistent both ways.
	set("where", "region_id IN (1, 2)")
	if got := knobFor(t, "filter-col").Get(&s); got != "" {
		t.Errorf("a WHERE with IN shows filter column %q, want none", got)
	}
	set("filter-col", "") // "—" leaves the WHERE alone
	if s.Panel.Where != "region_id IN (1, 2)" {
		t.Errorf("— changed the WHERE to %q", s.Panel.Where)
	}
	set("where", "user_id > 7")
	if c, o, v := knobFor(t, "filter-col").Get(&s), knobFor(t, "filter-op").Get(&s), knobFor(t, "filter-value").Get(&s); c != "user_id" || o != ">" || v != "7" {
		t.Errorf("WHERE user_id > 7 shows %q %q %q", c, o, v)
	}
	// Refused: a value that is not a number for a number column; the scenario is kept.
	if next, err := widget.ApplyKnob(s, knobFor(t, "filter-value"), "abc"); err == nil || !strings.Contains(err.Error(), "takes a number") || next.Panel.Where != "user_id > 7" {
		t.Errorf("value abc: %v, WHERE %q", err, next.Panel.Where)
	}
	set("filter-col", "country_code")
	set("filter-value", "O'B")
	if s.Panel.Where != "country_code > 'O''B'" {
		t.Errorf("a quote in a string value: WHERE %q", s.Panel.Where)
	}
}

// TestEveryPresetDeclaresAKnownFigure: each preset's figure names knobs of its view and readouts
// it shows, so figure.html shows no notice for any of the explainer's figures.
func TestEveryPresetDeclaresAKnownFigure(t *testing.T) {
	for _, p := range scenario.Presets() {
		s := p.Scenario
		if len(s.Figure.Knobs) == 0 || len(s.Figure.Readouts) < 2 {
			t.Errorf("%s: figure %+v declares too little", p.Name, s.Figure)
		}
		fp := figurePage(&s)
		if fp.Notice != "" {
			t.Errorf("%s: %s", p.Name, fp.Notice)
		}
		for _, id := range fp.Knobs {
			if k := widget.KnobByID(id); k.View != "" && k.View != s.View {
				t.Errorf("%s: knob %s belongs to the %s view", p.Name, id, k.View)
			}
		}
	}
}

// TestFigureNamesUnknownItems: with the controls front/widget declares, a group's name stands for
// its knobs and a name no knob has is named in the notice (front/figuremode).
func TestFigureNamesUnknownItems(t *testing.T) {
	s := scenario.Default()
	s.Figure = scenario.Figure{Knobs: []string{"keys", "dayz", "filter"}, Readouts: []string{"files_read", "lookup_files", "span:user_id"}}
	ids, uk := figuremode.Knobs(&s, figureKnobList())
	if strings.Join(ids, ",") != "keys,filter-col,filter-op,filter-value" || strings.Join(uk, ",") != "dayz" {
		t.Errorf("knobs %v, unknown %v", ids, uk)
	}
	if msg := figurePage(&s).Notice; !strings.Contains(msg, `"dayz"`) {
		t.Errorf("notice %q does not name dayz", msg)
	}
	// No declaration: the view's defaults, all known.
	s.Figure = scenario.Figure{}
	if fp := figurePage(&s); strings.Join(fp.Knobs, ",") != "keys,indexed-cols,filter-col,filter-op,filter-value" || fp.Notice != "" {
		t.Errorf("panel defaults: %v, notice %q", fp.Knobs, fp.Notice)
	}
}

func knobFor(t *testing.T, id string) *knob {
	if k := widget.KnobByID(id); k != nil {
		return k
	}
	t.Fatalf("no knob %q", id)
	return nil
}
