// Package figuremode is what a docs figure shows (figure.html, <body data-mode="figure">): only
// the knobs its story needs and the readouts that make its point, as the scenario's Figure
// declares them or, when it declares none, the view's defaults, and a notice naming what the
// link declares that this version does not know. Plain Go, tested natively.
package figuremode

import (
	"slices"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
)

// Knob is what a figure needs to know of a control: its id, the group it is shown in (a group's
// name stands for each of its knobs) and its view ("" for every view).
type Knob struct{ ID, Group, View string }

// defaultKnobs are a figure's knobs when its scenario declares none: the day and the strategy
// for the timeline; the key tick boxes, the indexed-columns slider and the filter for the panel.
var defaultKnobs = map[string][]string{
	"panel":    {"keys", "indexed-cols", "Filter"},
	"timeline": {"day", "strategy"},
}

// Knobs are the ids of known a figure shows, in its order, and the declared names that are no
// knob of the scenario's view.
func Knobs(s *scenario.Scenario, known []Knob) (ids, unknown []string) {
	names := s.Figure.Knobs
	if len(names) == 0 {
		names = defaultKnobs[s.View]
	}
	for _, n := range names {
		found := false
		for _, k := range known {
			if (k.ID == n || (k.Group != "" && strings.EqualFold(k.Group, n))) && (k.View == "" || k.View == s.View) {
				if !slices.Contains(ids, k.ID) {
					ids = append(ids, k.ID)
				}
				found = true
			}
		}
		if !found {
			unknown = append(unknown, n)
		}
	}
	return ids, unknown
}

// Readouts are the readout metrics a figure shows, in its order, and the declared names that are
// no readout of the scenario's view.
func Readouts(s *scenario.Scenario) (metrics, unknown []string) {
	names := s.Figure.Readouts
	if len(names) == 0 {
		names = readout.Defaults[s.View]
	}
	for _, n := range names {
		if readout.Known(s.View, n) {
			metrics = append(metrics, n)
		} else {
			unknown = append(unknown, n)
		}
	}
	return metrics, unknown
}

// Notice names what a figure's link declares that this version does not know (a typo, or a link
// from a newer version), or is "" when it knows everything.
func Notice(s *scenario.Scenario, known []Knob) string {
	_, uk := Knobs(s, known)
	_, ur := Readouts(s)
	var parts []string
	if len(uk) > 0 {
		parts = append(parts, "no "+s.View+" knob named "+quoteList(uk))
	}
	if len(ur) > 0 {
		parts = append(parts, "no "+s.View+" readout named "+quoteList(ur))
	}
	if len(parts) == 0 {
		return ""
	}
	return "This figure's link asks for " + strings.Join(parts, " and ") + ": left out, the rest is shown."
}

// Page is what a figure's page shows of its scenario: the knobs' ids, the readouts and the notice.
type Page struct {
	Knobs, Readouts []string
	Notice          string
}

// PageOf is the page of the figure s, for the controls known.
func PageOf(s *scenario.Scenario, known []Knob) Page {
	ids, _ := Knobs(s, known)
	m, _ := Readouts(s)
	return Page{Knobs: ids, Readouts: m, Notice: Notice(s, known)}
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = `"` + n + `"`
	}
	return strings.Join(q, ", ")
}
