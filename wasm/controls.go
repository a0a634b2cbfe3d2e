//go:build js && wasm

package main

import (
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
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
	form.Underlying().Call("insertAdjacentHTML", "beforeend", knobsHTML())
	// One listener for every knob, on the form: the event's target names the knob.
	knobOf := make(map[string]*knob, len(knobs)) // by id
	for i := range knobs {
		knobOf[knobs[i].ID] = &knobs[i]
	}
	answer := func(e dom.Event) {
		ev := e.Underlying()
		t := ev.Get("target")
		k := knobOf[t.Get("id").String()]
		if k == nil || ev.Get("type").String() != knobEvent(k) {
			return
		}
		if k.Kind == knobCheck {
			a.onKnob(k, strconv.FormatBool(t.Get("checked").Bool()))
			return
		}
		a.onKnob(k, t.Get("value").String())
	}
	form.AddEventListener("input", false, answer)
	form.AddEventListener("change", false, answer)
	a.syncControls()
}

// onKnob applies a user's change: refused values leave the scenario as it was and say why.
func (a *app) onKnob(k *knob, v string) {
	a.mu.Lock()
	next, err := applyKnob(a.sc, k, v)
	if err != nil {
		delete(a.knobShown, k.ID) // the control shows the refused text: the next sync restores it
		a.mu.Unlock()
		a.inputError(k.ID, err.Error())
		return
	}
	a.inputError("", "")
	a.knobShown[k.ID] = v // the control shows what was typed or dragged
	a.sc = next
	a.lastInput = time.Now()
	// Recompute, and bring the other controls in line, in the frame asked for here (game.Update),
	// not now: a dragged slider can fire inputs faster than frames, and only the last one per
	// frame needs an answer.
	a.dirty = true
	ebiten.ScheduleFrame()
	a.mu.Unlock()
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
		if k.ID == "day" {
			// Before the value: a value above the old max would be clamped.
			if m := strconv.Itoa(a.sc.Timeline.Days); a.dayMax != m {
				el.SetAttribute("max", m)
				a.dayMax = m
			}
		}
		if k.Kind == knobRange {
			a.setText(k.ID+"-value", v) // the slider's label: also when the slider itself moved
		}
		// Only what changed is written: the control that fired already shows its value (onKnob
		// records it), and reading every control back from the DOM cost more than the writes.
		if shown, ok := a.knobShown[k.ID]; ok && shown == v {
			continue
		}
		a.knobShown[k.ID] = v
		if k.Kind == knobCheck {
			el.Underlying().Set("checked", v == "true")
			continue
		}
		el.Underlying().Set("value", v)
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
	a.setText("input-error", text)
	a.setHidden("input-error", text == "")
}
