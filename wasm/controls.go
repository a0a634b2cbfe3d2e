//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/scenario"
	"layoutlab/front/schedule"
	"layoutlab/front/widget"
)

// controls are the page's inputs: the knobs, the buttons and the <details> panels. Their
// callbacks hand what the reader did to the frame through the inbox (and tell the scheduler
// that input came); they write no element the frame writes.
type controls struct {
	in    *inbox
	sched *schedule.Scheduler
	url   urlSync
	// only lists the knobs to build (figure mode: those the figure declares); nil builds all.
	only []string
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
	form.Call("insertAdjacentHTML", "beforeend", widget.KnobsHTML(c.only))
	// One listener for every knob, on the form: the event's target names the knob.
	answer := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		t := ev.Get("target")
		typ := ev.Get("type").String()
		id := t.Get("id").String()
		k, event := widget.KnobOfElement(id)
		if k == nil && (id == "keys-add" && typ == "change" || id == "keys-add-button" && typ == "click") {
			c.onKeysAdd()
			return nil
		}
		if k == nil {
			// A key's tick box or move button (keysHTML), found by its column: no extra call
			// for a dragged slider's inputs, whose id names their knob.
			if col := t.Call("getAttribute", "data-col"); !col.IsNull() {
				c.onKeys(col.String(), t, typ)
			}
			return nil
		}
		if typ != event {
			return nil
		}
		if k.Control == scenario.ControlCheck {
			c.onKnob(k, id, strconv.FormatBool(t.Get("checked").Bool()))
			return nil
		}
		c.onKnob(k, id, t.Get("value").String())
		return nil
	})
	form.Call("addEventListener", "click", answer)
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
//
// el is the element that fired, which shows the value already; "" when the control is rebuilt
// from the scenario (the key tick boxes).
func (c *controls) onKnob(k *knob, el, v string) {
	accepted := false
	c.in.post(func(in *inbox) {
		next, err := widget.ApplyKnob(in.sc, k, v)
		msg := ""
		if err != nil {
			msg = widget.KnobMessage(err)
			if in.refused == nil {
				in.refused = map[string]bool{}
			}
			if el == "" {
				el = k.ID // rebuilt at the next sync
			}
			in.refused[el] = true
		} else {
			if in.typed == nil {
				in.typed = map[string]string{}
			}
			if el != "" {
				in.typed[el] = v // the control shows what was typed or dragged
			}
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

// onKeys answers a key tick box (change: the column becomes the last key, or is no longer a
// key) or a key's move button (click: one place earlier or later).
func (c *controls) onKeys(col string, el js.Value, typ string) {
	k := widget.KnobByID("keys")
	keys := c.in.scenario().Panel.Keys
	switch {
	case typ == "change" && el.Get("type").String() == "checkbox":
		keys = widget.KeysTicked(keys, col, el.Get("checked").Bool())
	case typ == "click" && el.Get("tagName").String() == "BUTTON":
		dir, _ := strconv.Atoi(el.Call("getAttribute", "data-move").String())
		keys = widget.KeysMoved(keys, col, dir)
	default:
		return
	}
	c.onKnob(k, "", strings.Join(keys, ", "))
}

// onKeysAdd adds the column typed in the key entry as the last key (change: Enter, or leaving
// the field; or the Add button) and empties the entry.
func (c *controls) onKeysAdd() {
	el := elementByID("keys-add")
	keys, ok := widget.KeysAdded(c.in.scenario().Panel.Keys, el.Get("value").String())
	if !ok {
		return
	}
	el.Set("value", "")
	c.onKnob(widget.KnobByID("keys"), "", strings.Join(keys, ", "))
}

// syncKeys rebuilds the key tick boxes for keys, keeping the focus on the same column's box or
// button (a moved key's button stays under the keyboard).
func (p *page) syncKeys(keys []string) {
	list := p.byID("keys-list")
	if !list.Truthy() {
		return
	}
	active := p.doc.Underlying().Get("activeElement")
	var col, move js.Value
	if active.Truthy() && list.Call("contains", active).Bool() {
		col, move = active.Call("getAttribute", "data-col"), active.Call("getAttribute", "data-move")
	}
	list.Set("innerHTML", widget.KeysHTML(keys))
	if col.IsUndefined() || col.IsNull() {
		return
	}
	els := list.Call("querySelectorAll", "[data-col]")
	var box js.Value
	for i := range els.Length() {
		el := els.Index(i)
		if el.Call("getAttribute", "data-col").String() != col.String() {
			continue
		}
		m := el.Call("getAttribute", "data-move")
		if m.IsNull() {
			box = el
		}
		if !move.IsNull() && !m.IsNull() && m.String() == move.String() && !el.Get("disabled").Bool() {
			el.Call("focus")
			return
		}
	}
	if box.Truthy() {
		box.Call("focus")
	}
}

// syncControls writes the scenario into every control and shows the active view's knobs.
func (p *page) syncControls(sc *scenario.Scenario) {
	if !p.bound {
		return // bind builds them, then the frame syncs
	}
	for i := range knobs {
		k := &knobs[i]
		if p.only != nil && !slices.Contains(p.only, k.ID) {
			continue // not built (a figure's): no lookup of an element that is not there
		}
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
		if k.Control == scenario.ControlRange {
			p.setText(k.ID+"-value", v) // the slider's label: also when the slider itself moved
		}
		if k.Control == scenario.ControlKeys {
			if shown, ok := p.knobShown[k.ID]; !ok || shown != v {
				p.knobShown[k.ID] = v
				p.syncKeys(sc.Panel.Keys)
			}
			continue
		}
		if k.Control == scenario.ControlRangeTyped {
			// The typed box beside the slider: written unless it is the one that fired.
			if typed := p.byID(k.ID + "-typed"); typed.Truthy() {
				if shown, ok := p.knobShown[k.ID+"-typed"]; !ok || shown != v {
					p.knobShown[k.ID+"-typed"] = v
					typed.Set("value", v)
				}
			}
		}
		// Only what changed is written: the control that fired already shows its value (onKnob
		// records it), and reading every control back from the DOM cost more than the writes.
		if shown, ok := p.knobShown[k.ID]; ok && shown == v {
			continue
		}
		p.knobShown[k.ID] = v
		if k.Control == scenario.ControlCheck {
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
