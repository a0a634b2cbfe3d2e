package main

import (
	"layoutlab/engine/scenario"
	"layoutlab/front/widget"
)

// The widget's controls are front/widget's (controls.go: their HTML, the ids the form's listener
// answers, how a value is applied); these names keep the DOM code that binds them short.

type knob = scenario.Knob

var knobs = widget.Controls
