//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"honnef.co/go/js/dom/v2"
)

// bindControls builds every knob's HTML from the knobs table and wires its events to engine
// recomputes; bindAfterFirstFrame then sets them from the scenario (syncControls).
func (a *app) bindControls() {
	// The listeners for every key press and every input of a dragged slider take the event as
	// a plain js.Value: dom/v2 wraps an event after comparing its constructor with some forty
	// event types' in turn (events.go, wrapEvent), for each event.
	//
	// Ebiten's canvas swallows key events (it calls preventDefault on Tab); a capture-phase
	// listener on window stops Tab before it reaches the canvas so keyboard users can leave it.
	js.Global().Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if e := args[0]; e.Get("key").String() == "Tab" {
			e.Call("stopImmediatePropagation")
		}
		return nil
	}), true)
	form := a.byID("controls")
	dom.WrapElement(form).AddEventListener("submit", false, func(e dom.Event) { e.PreventDefault() })
	form.Call("insertAdjacentHTML", "beforeend", knobsHTML())
	// One listener for every knob, on the form: the event's target names the knob.
	knobOf := make(map[string]*knob, len(knobs)) // by id
	for i := range knobs {
		knobOf[knobs[i].ID] = &knobs[i]
	}
	answer := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		t := ev.Get("target")
		k := knobOf[t.Get("id").String()]
		if k == nil || ev.Get("type").String() != knobEvent(k) {
			return nil
		}
		if k.Kind == knobCheck {
			a.onKnob(k, strconv.FormatBool(t.Get("checked").Bool()))
			return nil
		}
		a.onKnob(k, t.Get("value").String())
		return nil
	})
	form.Call("addEventListener", "input", answer)
	form.Call("addEventListener", "change", answer)
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
	if !a.bound {
		return // bindAfterFirstFrame builds them, then syncs
	}
	for i := range knobs {
		k := &knobs[i]
		el := a.byID(k.ID)
		if !el.Truthy() {
			continue
		}
		v := k.Get(&a.sc)
		if k.ID == "day" {
			// Before the value: a value above the old max would be clamped.
			if m := strconv.Itoa(a.sc.Timeline.Days); a.dayMax != m {
				el.Call("setAttribute", "max", m)
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
			el.Set("checked", v == "true")
			continue
		}
		el.Set("value", v)
	}
	if a.viewBoxes == nil {
		boxes := a.doc.Underlying().Call("querySelectorAll", ".knob[data-view], [data-view-only]")
		for i := range boxes.Length() {
			box := boxes.Index(i)
			view := box.Call("getAttribute", "data-view")
			if view.IsNull() {
				view = box.Call("getAttribute", "data-view-only")
			}
			a.viewBoxes = append(a.viewBoxes, viewBox{el: box, view: view.String(), hidden: box.Call("hasAttribute", "hidden").Bool()})
		}
	}
	for i := range a.viewBoxes {
		b := &a.viewBoxes[i]
		// Touch the DOM only when the view changes: syncControls runs on every slider input.
		if hidden := b.view != a.sc.View; hidden != b.hidden {
			if hidden {
				b.el.Call("setAttribute", "hidden", "")
			} else {
				b.el.Call("removeAttribute", "hidden")
			}
			b.hidden = hidden
		}
	}
}

// viewBox is a knob or panel shown in one view only, and whether it is hidden now.
type viewBox struct {
	el     js.Value
	view   string
	hidden bool
}

// inputError shows (or, with empty text, clears) the message for a refused value.
func (a *app) inputError(id, text string) {
	a.setText("input-error", text)
	a.setHidden("input-error", text == "")
}
