package main

// Figure mode (figure.html, <body data-mode="figure">): a docs figure shows only the knobs its
// story needs and the readouts that make its point, as the scenario's Figure declares them or,
// when it declares none, the view's defaults. Plain Go, tested natively.

import (
	"slices"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
)

// figureDefaultKnobs are a figure's knobs when its scenario declares none: the day and the
// strategy for the timeline; the key tick boxes, the indexed-columns slider and the filter for
// the panel.
var figureDefaultKnobs = map[string][]string{
	"panel":    {"keys", "indexed-cols", "Filter"},
	"timeline": {"day", "strategy"},
}

// figureKnobs are the knob ids a figure shows, in its order (a group's name stands for every
// knob of the group), and the declared names that are no knob of the scenario's view.
func figureKnobs(s *scenario.Scenario) (ids, unknown []string) {
	names := s.Figure.Knobs
	if len(names) == 0 {
		names = figureDefaultKnobs[s.View]
	}
	for _, n := range names {
		found := false
		for i := range knobs {
			k := &knobs[i]
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

// figureReadouts are the readout metrics a figure shows, in its order, and the declared names
// that are no readout of the scenario's view.
func figureReadouts(s *scenario.Scenario) (metrics, unknown []string) {
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

// figureNotice names what a figure's link declares that this version does not know (a typo, or
// a link from a newer version), or is "" when it knows everything.
func figureNotice(s *scenario.Scenario) string {
	_, uk := figureKnobs(s)
	_, ur := figureReadouts(s)
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

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = `"` + n + `"`
	}
	return strings.Join(q, ", ")
}
