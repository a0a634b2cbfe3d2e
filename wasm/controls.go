//go:build js && wasm

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"
)

// bindControls builds every knob's HTML from the knobs table, sets it from the scenario and
// wires its events to engine recomputes.
func (a *app) bindControls() {
	w := dom.GetWindow()
	// Ebiten's canvas swallows key events (it calls preventDefault on Tab); a capture-phase
	// listener on window stops Tab before it reaches the canvas so keyboard users can leave it.
	w.AddEventListener("keydown", true, func(e dom.Event) {
		if ke, ok := e.(*dom.KeyboardEvent); ok && ke.Key() == "Tab" {
			e.StopImmediatePropagation()
		}
	})
	form := a.byID("controls")
	form.AddEventListener("submit", false, func(e dom.Event) { e.PreventDefault() })
	for i := range knobs {
		k := &knobs[i]
		box := a.doc.CreateElement("div")
		box.SetAttribute("class", "knob")
		if k.View != "" {
			box.SetAttribute("data-view", k.View)
		}
		label := a.doc.CreateElement("label")
		label.SetAttribute("for", k.ID)
		label.SetTextContent(k.Label + " ")
		box.AppendChild(label)
		var input dom.Element
		switch k.Kind {
		case knobSelect:
			input = a.doc.CreateElement("select")
			for _, o := range k.Options {
				opt := a.doc.CreateElement("option")
				opt.SetAttribute("value", o)
				opt.SetTextContent(o)
				input.AppendChild(opt)
			}
		default:
			input = a.doc.CreateElement("input")
			switch k.Kind {
			case knobRange:
				input.SetAttribute("type", "range")
				out := a.doc.CreateElement("output")
				out.SetAttribute("id", k.ID+"-value")
				out.SetAttribute("for", k.ID)
				label.AppendChild(out)
			case knobNumber:
				input.SetAttribute("type", "number")
			case knobCheck:
				// The box sits inside its label, before the text: clicking either toggles it.
				input.SetAttribute("type", "checkbox")
				label.InsertBefore(input, label.FirstChild())
			default:
				input.SetAttribute("type", "text")
				input.SetAttribute("spellcheck", "false")
				input.SetAttribute("autocomplete", "off")
			}
			if k.Kind != knobText && k.Kind != knobCheck {
				input.SetAttribute("min", ftoa(k.Min))
				input.SetAttribute("max", ftoa(k.Max))
				input.SetAttribute("step", ftoa(k.Step))
			}
		}
		input.SetAttribute("id", k.ID)
		input.SetAttribute("name", k.ID)
		if k.Help != "" {
			help := a.doc.CreateElement("small")
			help.SetAttribute("id", k.ID+"-help")
			help.SetTextContent(k.Help)
			input.SetAttribute("aria-describedby", k.ID+"-help")
			if k.Kind != knobCheck {
				box.AppendChild(input)
			}
			box.AppendChild(help)
		} else if k.Kind != knobCheck {
			box.AppendChild(input)
		}
		form.AppendChild(box)
		event := "change"
		if k.Kind == knobRange {
			event = "input" // a dragged slider answers at once
		}
		input.AddEventListener(event, false, func(dom.Event) {
			if k.Kind == knobCheck {
				a.onKnob(k, strconv.FormatBool(input.Underlying().Get("checked").Bool()))
				return
			}
			a.onKnob(k, input.Underlying().Get("value").String())
		})
	}
	a.syncControls()
}

// onKnob applies a user's change: refused values leave the scenario as it was and say why.
func (a *app) onKnob(k *knob, v string) {
	a.mu.Lock()
	next, err := applyKnob(a.sc, k, v)
	if err != nil {
		a.mu.Unlock()
		a.inputError(k.ID, err.Error())
		return
	}
	a.inputError("", "")
	a.sc = next
	// Recompute on the next tick, not here: a dragged slider fires inputs faster than frames,
	// and only the last one per frame needs an answer.
	a.dirty = true
	a.mu.Unlock()
	a.syncControls()
	a.scheduleURL()
}

// syncControls writes the scenario into every control and shows the active view's knobs.
func (a *app) syncControls() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := range knobs {
		k := &knobs[i]
		el := a.byID(k.ID)
		if el == nil {
			continue
		}
		v := k.Get(&a.sc)
		if k.Kind == knobCheck {
			el.Underlying().Set("checked", v == "true")
			continue
		}
		if el.Underlying().Get("value").String() != v {
			el.Underlying().Set("value", v)
		}
		if out := a.byID(k.ID + "-value"); out != nil && out.TextContent() != v {
			out.SetTextContent(v)
		}
		if k.ID == "day" {
			if m := strconv.Itoa(a.sc.Timeline.Days); el.GetAttribute("max") != m {
				el.SetAttribute("max", m)
			}
		}
	}
	if a.viewBoxes == nil {
		for _, box := range a.doc.QuerySelectorAll(".knob[data-view], [data-view-only]") {
			view := box.GetAttribute("data-view")
			if view == "" {
				view = box.GetAttribute("data-view-only")
			}
			a.viewBoxes = append(a.viewBoxes, viewBox{el: box, view: view, hidden: box.HasAttribute("hidden")})
		}
	}
	for i := range a.viewBoxes {
		b := &a.viewBoxes[i]
		// Touch the DOM only when the view changes: syncControls runs on every slider input.
		if hidden := b.view != a.sc.View; hidden != b.hidden {
			if hidden {
				b.el.SetAttribute("hidden", "")
			} else {
				b.el.RemoveAttribute("hidden")
			}
			b.hidden = hidden
		}
	}
}

// viewBox is a knob or panel shown in one view only, and whether it is hidden now.
type viewBox struct {
	el     dom.Element
	view   string
	hidden bool
}

// inputError shows (or, with empty text, clears) the message for a refused value.
func (a *app) inputError(id, text string) {
	el := a.byID("input-error")
	if el == nil {
		return
	}
	if text == "" {
		el.SetAttribute("hidden", "")
		el.SetTextContent("")
		return
	}
	el.SetTextContent(text)
	el.RemoveAttribute("hidden")
}
