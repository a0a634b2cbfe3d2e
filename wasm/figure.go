package main

// Figure mode (figure.html, <body data-mode="figure">): front/figuremode decides what a figure
// shows; this gives it the controls front/widget declares (controls.go).

import (
	"layoutlab/engine/scenario"
	"layoutlab/front/figuremode"
)

// figureKnobList is every control's id, group and view, for front/figuremode.
func figureKnobList() []figuremode.Knob {
	out := make([]figuremode.Knob, len(knobs))
	for i := range knobs {
		out[i] = figuremode.Knob{ID: knobs[i].ID, Group: knobs[i].Group, View: knobs[i].View}
	}
	return out
}

// figurePage is what the figure s shows: its knobs, its readouts and its notice.
func figurePage(s *scenario.Scenario) figuremode.Page { return figuremode.PageOf(s, figureKnobList()) }
