package widget

// The widget's controls, which the scenario's knob registry declares (engine/scenario/knobs.go):
// their HTML, the element ids the form's one listener answers, and how a value typed or dragged
// is applied (ApplyKnob) or moves the keys. wasm/controls.go binds them to the DOM.

import (
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/scenario"
)

// knob is one control: an entry of the scenario's knob registry (scenario.Knobs), which
// declares its id, label, help, view, kind, limits and how it reads and writes the scenario.
type knob = scenario.Knob

// The controls' kinds, as the registry declares them.
const (
	knobRange      = scenario.ControlRange
	knobNumber     = scenario.ControlNumber
	knobSelect     = scenario.ControlSelect
	knobText       = scenario.ControlText
	knobCheck      = scenario.ControlCheck
	knobRangeTyped = scenario.ControlRangeTyped
	knobKeys       = scenario.ControlKeys
)

// FilesKnobMax is the files slider's top.
const FilesKnobMax = scenario.FilesSliderMax

// Controls lists every control, the registry's knobs that have one, in its order.
var Controls = func() []knob {
	var out []knob
	for _, k := range scenario.Knobs() {
		if k.Control != scenario.ControlNone {
			out = append(out, k)
		}
	}
	return out
}()

func itoa(n int) string { return strconv.Itoa(n) }

// KnobsHTML is the controls' markup, from the knobs table: per knob a box with its label (a
// range's value in an <output>, a checkbox inside its label before the text), the input and
// its help text, which the input names in aria-describedby. The knobs of a group share a
// fieldset whose legend is the group's name. only lists the knobs to build, in that order (nil:
// every knob, in the table's order): a figure builds only those its story needs. The widget
// inserts it in one go, not element by element through dom/v2, which the first frame would
// wait for.
func KnobsHTML(only []string) string {
	var b strings.Builder
	list := Controls
	if only != nil {
		list = nil
		for _, id := range only {
			if k := KnobByID(id); k != nil {
				list = append(list, *k)
			}
		}
	}
	group := ""
	for i := range list {
		k := &list[i]
		if k.Group != group {
			if group != "" {
				b.WriteString("</fieldset>")
			}
			if group = k.Group; group != "" {
				b.WriteString(`<fieldset class="knob-group"`)
				if k.View != "" {
					b.WriteString(` data-view-only="` + EscapeHTML(k.View) + `"`)
				}
				b.WriteString(`><legend>` + EscapeHTML(group) + "</legend>")
			}
		}
		if k.Control == knobKeys {
			writeKeysKnob(&b, k)
		} else {
			writeKnob(&b, k)
		}
	}
	if group != "" {
		b.WriteString("</fieldset>")
	}
	return b.String()
}

// writeKeysKnob writes the keys' fieldset: its legend, the list the keys fill, the box to add one.
func writeKeysKnob(b *strings.Builder, k *knob) {
	esc := EscapeHTML
	b.WriteString(`<fieldset class="knob keys" id="` + esc(k.ID) + `"`)
	if k.View != "" {
		b.WriteString(` data-view="` + esc(k.View) + `"`)
	}
	if k.Help != "" {
		b.WriteString(` aria-describedby="` + esc(k.ID) + `-help"`)
	}
	b.WriteString(`><legend>` + esc(k.Label) + `</legend><ul id="` + esc(k.ID) + `-list"></ul>` + keysAddHTML())
	if k.Help != "" {
		b.WriteString(`<small id="` + esc(k.ID) + `-help">` + esc(k.Help) + "</small>")
	}
	b.WriteString("</fieldset>")
}

// writeKnob writes one knob's box: its label (a range's value in an <output>, a checkbox inside
// the label before the text), its input and its help.
func writeKnob(b *strings.Builder, k *knob) {
	id := EscapeHTML(k.ID)
	input := knobInput(k)
	b.WriteString(`<div class="knob"`)
	if k.View != "" {
		b.WriteString(` data-view="` + EscapeHTML(k.View) + `"`)
	}
	b.WriteString(`><label for="` + id + `">`)
	if k.Control == knobCheck {
		b.WriteString(input)
	}
	b.WriteString(EscapeHTML(k.Label) + " ")
	if k.Control == knobRange {
		b.WriteString(`<output id="` + id + `-value" for="` + id + `"></output>`)
	}
	b.WriteString("</label>")
	if k.Control != knobCheck {
		b.WriteString(input)
	}
	if k.Help != "" {
		b.WriteString(`<small id="` + id + `-help">` + EscapeHTML(k.Help) + "</small>")
	}
	b.WriteString("</div>")
}

// knobInput is a knob's input element: a select with its options, a slider with a typed box
// and its unit, or an input of the knob's kind with its limits.
func knobInput(k *knob) string {
	esc := EscapeHTML
	id := esc(k.ID)
	attrs := ` id="` + id + `" name="` + id + `"`
	if k.Help != "" {
		attrs += ` aria-describedby="` + id + `-help"`
	}
	limits := ` min="` + ftoa(k.Min) + `" max="` + ftoa(k.Max) + `" step="` + ftoa(k.Step) + `"`
	switch k.Control {
	case knobSelect:
		input := "<select" + attrs + ">"
		for _, o := range k.Options {
			text := o
			if o == "" {
				text = "—"
			} else if k.OptionLabel != nil {
				text = k.OptionLabel(o)
			}
			input += `<option value="` + esc(o) + `">` + esc(text) + "</option>"
		}
		return input + "</select>"
	case knobRangeTyped:
		// The typed box has its own label, the unit, visible beside it.
		return `<span class="typed"><input type="range"` + attrs + limits + `>` +
			`<input type="number" id="` + id + `-typed" name="` + id + `-typed" min="` + ftoa(k.TypedMin) + `" step="any">` +
			`<label for="` + id + `-typed" class="unit">` + esc(k.Unit) + `</label></span>`
	}
	typ := map[scenario.Control]string{knobRange: "range", knobNumber: "number", knobCheck: "checkbox"}[k.Control]
	if typ == "" {
		typ = "text"
		attrs += ` spellcheck="false" autocomplete="off"`
	}
	if k.Control == knobRange || k.Control == knobNumber {
		attrs += limits
	}
	return `<input type="` + typ + `"` + attrs + ">"
}

// KnobByID is the knob with that id, or nil.
func KnobByID(id string) *knob {
	for i := range Controls {
		if Controls[i].ID == id {
			return &Controls[i]
		}
	}
	return nil
}

// KnobOfElement is the knob an element of the controls belongs to, and the event it answers:
// a knob's own input, a typed box beside a slider ("-typed"), a key's tick box or move button.
func KnobOfElement(id string) (k *knob, event string) {
	if k = KnobByID(id); k != nil {
		return k, knobEvent(k)
	}
	if base, ok := strings.CutSuffix(id, "-typed"); ok {
		if k = KnobByID(base); k != nil && k.Control == knobRangeTyped {
			return k, "change"
		}
	}
	return nil, ""
}

// keyColumns are the columns the key tick boxes always offer, in this fixed order: the ones the
// explainer's panels cluster on.
var keyColumns = []string{"user_id", "event_date", "region_id", "device_model_id"}

// KeysHTML is the key tick boxes for keys: keyColumns in their fixed order, then any other key
// (added by name) in key order, so that a box never moves under the pointer when one is ticked.
// A ticked box shows its place in the key order and buttons that move it earlier or later. Ids
// follow the place in the list; data-col names the column (for the event and to keep the focus).
func KeysHTML(keys []string) string {
	esc := EscapeHTML
	cols := slices.Clone(keyColumns)
	for _, c := range keys {
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	var b strings.Builder
	for i, c := range cols {
		id := "keys-" + itoa(i)
		col := esc(c)
		at := slices.Index(keys, c)
		b.WriteString(`<li><input type="checkbox" id="` + id + `" data-col="` + col + `"`)
		if at >= 0 {
			b.WriteString(" checked")
		}
		b.WriteString(`><label for="` + id + `">` + col + "</label>")
		if at >= 0 {
			b.WriteString(`<span class="key-at" title="Place in the key order">` + itoa(at+1) + "</span>")
			for _, mv := range [2]struct{ dir, name, arrow string }{{"-1", "earlier", "↑"}, {"1", "later", "↓"}} {
				b.WriteString(`<button type="button" id="` + id + `-` + mv.name + `" data-col="` + col + `" data-move="` + mv.dir +
					`" aria-label="Move ` + col + ` ` + mv.name + `" title="Move ` + col + ` ` + mv.name + `"`)
				if (mv.dir == "-1" && at == 0) || (mv.dir == "1" && at == len(keys)-1) {
					b.WriteString(" disabled")
				}
				b.WriteString(">" + mv.arrow + "</button>")
			}
		}
		b.WriteString("</li>")
	}
	return b.String()
}

// keysAddHTML is the entry that adds any column of the panel's table as the last key (Enter or
// Add), with the table's columns offered as it is typed; a name the table lacks goes to the
// engine, which answers it with Delta's error as CLUSTER BY would.
func keysAddHTML() string {
	var b strings.Builder
	b.WriteString(`<p class="keys-add"><label for="keys-add">Add a key column</label> ` +
		`<input type="text" id="keys-add" list="keys-columns" autocomplete="off" spellcheck="false" placeholder="e.g. product_id">` +
		` <button type="button" id="keys-add-button">Add</button><datalist id="keys-columns">`)
	for _, c := range scenario.PanelColumns() {
		b.WriteString(`<option value="` + EscapeHTML(c) + `">`)
	}
	b.WriteString("</datalist></p>")
	return b.String()
}

// KeysAdded is keys with the typed column added last, or false when nothing was typed.
func KeysAdded(keys []string, typed string) ([]string, bool) {
	col := strings.TrimSpace(typed)
	if col == "" {
		return keys, false
	}
	return KeysTicked(keys, col, true), true
}

// KeysTicked is keys with col added last (on) or removed.
func KeysTicked(keys []string, col string, on bool) []string {
	out := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k == col })
	if on {
		out = append(out, col)
	}
	return out
}

// KeysMoved is keys with col moved by dir places (-1 earlier, 1 later), kept within the list.
func KeysMoved(keys []string, col string, dir int) []string {
	out := slices.Clone(keys)
	i := slices.Index(out, col)
	if j := i + dir; i >= 0 && j >= 0 && j < len(out) {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// EscapeHTML is html.EscapeString without importing package html, whose entity table costs the
// widget ~20 kB of its transfer budget.
var EscapeHTML = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace

// knobEvent is the DOM event a knob answers: input for a range (a dragged slider answers at
// once), change for the others.
func knobEvent(k *knob) string {
	if k.Control == knobRange || k.Control == knobRangeTyped {
		return "input"
	}
	return "change"
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ApplyKnob sets one knob on a copy of s and validates the whole scenario, so a refused value
// never reaches the engine and the previous state is kept.
func ApplyKnob(s scenario.Scenario, k *knob, v string) (scenario.Scenario, error) {
	next := s.Clone()
	if err := k.Set(&next, v); err != nil {
		return s, err
	}
	if next.Timeline.Day > next.Timeline.Days {
		next.Timeline.Day = next.Timeline.Days
	}
	if err := next.Validate(); err != nil {
		return s, err
	}
	return next, nil
}
