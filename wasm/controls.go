//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/scenario"
	"layoutlab/wasm/schedule"
)

// controls are the page's inputs: the knobs, the buttons and the <details> panels. Their
// callbacks hand what the reader did to the frame through the inbox (and tell the scheduler
// that input came); they write no element the frame writes.
type controls struct {
	in    *inbox
	sched *schedule.Scheduler
	url   urlSync
}

// elementByID is document.getElementById, for the callbacks (page.byID is the frame's).
func elementByID(id string) js.Value {
	return js.Global().Get("document").Call("getElementById", id)
}

// on calls fn on the element's event, bound through dom/v2: buttons and panels, whose events
// are one per click.
func on(id, event string, fn func()) {
	if el := elementByID(id); el.Truthy() {
		dom.WrapElement(el).AddEventListener(event, false, func(dom.Event) { fn() })
	}
}

// bind builds every knob's HTML from the knobs table and wires its events, then the buttons
// and the <details> panels; the frame then sets the knobs from the scenario (syncControls).
func (c *controls) bind() {
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
	form := elementByID("controls")
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
			c.onKnob(k, strconv.FormatBool(t.Get("checked").Bool()))
			return nil
		}
		c.onKnob(k, t.Get("value").String())
		return nil
	})
	form.Call("addEventListener", "input", answer)
	form.Call("addEventListener", "change", answer)
	c.bindCopyLink()
	c.bindExports()
	for _, d := range dom.GetWindow().Document().QuerySelectorAll("#timeline-text details") {
		d.AddEventListener("toggle", false, func(dom.Event) {
			c.in.post(func(in *inbox) { in.details = true })
		})
	}
	c.in.post(func(in *inbox) { in.bound = true })
}

// onKnob applies a reader's change: a refused value leaves the scenario as it was and says why.
// The answer, and the other controls brought in line, come in the frame asked for here, not
// now: a dragged slider can fire inputs faster than frames, and only the last one per frame
// needs an answer.
func (c *controls) onKnob(k *knob, v string) {
	accepted := false
	c.in.post(func(in *inbox) {
		next, err := applyKnob(in.sc, k, v)
		msg := ""
		if err != nil {
			msg = err.Error()
			if in.refused == nil {
				in.refused = map[string]bool{}
			}
			in.refused[k.ID] = true
		} else {
			if in.typed == nil {
				in.typed = map[string]string{}
			}
			in.typed[k.ID] = v // the control shows what was typed or dragged
			in.sc, in.changed = next, true
			accepted = true
		}
		in.inputError = &msg
	})
	if accepted {
		c.sched.Moved()
		c.scheduleURL()
	}
}

// syncControls writes the scenario into every control and shows the active view's knobs.
func (p *page) syncControls(sc *scenario.Scenario) {
	if !p.bound {
		return // bind builds them, then the frame syncs
	}
	for i := range knobs {
		k := &knobs[i]
		el := p.byID(k.ID)
		if !el.Truthy() {
			continue
		}
		v := k.Get(sc)
		if k.ID == "day" {
			// Before the value: a value above the old max would be clamped.
			if m := strconv.Itoa(sc.Timeline.Days); p.dayMax != m {
				el.Call("setAttribute", "max", m)
				p.dayMax = m
			}
		}
		if k.Kind == knobRange {
			p.setText(k.ID+"-value", v) // the slider's label: also when the slider itself moved
		}
		// Only what changed is written: the control that fired already shows its value (onKnob
		// records it), and reading every control back from the DOM cost more than the writes.
		if shown, ok := p.knobShown[k.ID]; ok && shown == v {
			continue
		}
		p.knobShown[k.ID] = v
		if k.Kind == knobCheck {
			el.Set("checked", v == "true")
			continue
		}
		el.Set("value", v)
	}
	if p.viewBoxes == nil {
		boxes := p.doc.Underlying().Call("querySelectorAll", ".knob[data-view], [data-view-only]")
		for i := range boxes.Length() {
			box := boxes.Index(i)
			view := box.Call("getAttribute", "data-view")
			if view.IsNull() {
				view = box.Call("getAttribute", "data-view-only")
			}
			p.viewBoxes = append(p.viewBoxes, viewBox{el: box, view: view.String(), hidden: box.Call("hasAttribute", "hidden").Bool()})
		}
	}
	for i := range p.viewBoxes {
		b := &p.viewBoxes[i]
		// Touch the DOM only when the view changes: syncControls runs on every slider input.
		if hidden := b.view != sc.View; hidden != b.hidden {
			if hidden {
				b.el.Call("setAttribute", "hidden", "")
			} else {
				b.el.Call("removeAttribute", "hidden")
			}
			b.hidden = hidden
		}
	}
}

// showControls shows the form, hidden until its controls are built and bound.
func (p *page) showControls() { p.setHidden("controls", false) }

// viewBox is a knob or panel shown in one view only, and whether it is hidden now.
type viewBox struct {
	el     js.Value
	view   string
	hidden bool
}
