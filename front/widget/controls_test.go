package widget

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

func knobFor(t *testing.T, id string) *knob {
	if k := KnobByID(id); k != nil {
		return k
	}
	t.Fatalf("no knob %q", id)
	return nil
}

func TestKnobsRoundTripThroughTheScenario(t *testing.T) {
	s := scenario.Default()
	for _, tc := range []struct{ id, in, want string }{
		{"layout", "zorder", "zorder"},
		{"keys", " user_id ,region_id,", "user_id, region_id"},
		{"files", "64", "64"},
		{"indexed-cols", "-1", "-1"},
		{"indexed-cols", "0", "0"},
		{"strategy", "zorder-window", "zorder-window"},
		{"day", "17", "17"},
		{"min-cube-gb", "25", "25"},
	} {
		k := knobFor(t, tc.id)
		next, err := ApplyKnob(s, k, tc.in)
		if err != nil {
			t.Fatalf("%s=%q: %v", tc.id, tc.in, err)
		}
		if got := k.Get(&next); got != tc.want {
			t.Errorf("%s=%q reads back %q, want %q", tc.id, tc.in, got, tc.want)
		}
		s = next
	}
}

func TestKnobsRefuseBadValuesAndKeepState(t *testing.T) {
	s := scenario.Default()
	for _, tc := range []struct{ id, in, want string }{
		{"files", "abc", "not a whole number"},
		{"files", "100000", "outside"},
		{"indexed-cols", "-5", "outside"},
		{"ingest-gb", "NaN", "outside"},
		{"layout", "<img src=x onerror=alert(1)>", "layout"},
		{"days", "0", "outside"},
		{"add-noise", "maybe", "not true or false"},
		// Over the cost limits (scenario.Cost): refused before any work.
		{"partition-by", "user_id", "up to 100000 partitions"},
		{"partition-by", "device", "is a struct"},
		{"file-gb", "0.0009765625", "more than the 300000 a run may write"},
	} {
		next, err := ApplyKnob(s, knobFor(t, tc.id), tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%q: error %v, want one containing %q", tc.id, tc.in, err, tc.want)
		}
		if next.Panel.Files != s.Panel.Files || next.Panel.Layout != s.Panel.Layout || next.Panel.PartitionBy != nil || next.Timeline.FileGB != s.Timeline.FileGB {
			t.Errorf("%s=%q changed the scenario although refused", tc.id, tc.in)
		}
	}
}

// TestNoiseKnobIsEachViewsOwn: the "Noise byte (addNoise)" checkbox shows and sets the shown
// view's field (checked = Delta's default, NoNoise false), and both settings survive the link.
func TestNoiseKnobIsEachViewsOwn(t *testing.T) {
	k := knobFor(t, "add-noise")
	if k.Control != knobCheck || k.View != "" || k.Label == "" || !strings.Contains(k.Help, "spark.databricks.io.skipping.mdc.addNoise") {
		t.Fatalf("add-noise knob: kind %d, view %q, label %q, help %q", k.Control, k.View, k.Label, k.Help)
	}
	s := scenario.Default()
	if got := k.Get(&s); got != "true" {
		t.Errorf("default reads %q, want true (Delta's default)", got)
	}
	s, err := ApplyKnob(s, k, "false")
	if err != nil || !s.Panel.NoNoise || s.Timeline.NoNoise || k.Get(&s) != "false" {
		t.Fatalf("panel off: err %v, panel %v, timeline %v", err, s.Panel.NoNoise, s.Timeline.NoNoise)
	}
	s, _ = ApplyKnob(s, knobFor(t, "view"), "timeline")
	if got := k.Get(&s); got != "true" {
		t.Errorf("timeline view reads %q, want the timeline's own true", got)
	}
	s, err = ApplyKnob(s, k, "false")
	if err != nil || !s.Timeline.NoNoise {
		t.Fatalf("timeline off: err %v, timeline %v", err, s.Timeline.NoNoise)
	}
	s, _ = ApplyKnob(s, k, "true")
	if s.Timeline.NoNoise || !s.Panel.NoNoise {
		t.Errorf("timeline on again: timeline NoNoise %v, panel NoNoise %v (want false, true)", s.Timeline.NoNoise, s.Panel.NoNoise)
	}
	back, err := scenario.ParseLink(scenario.Link(s))
	if err != nil || back.Panel.NoNoise != s.Panel.NoNoise || back.Timeline.NoNoise != s.Timeline.NoNoise {
		t.Errorf("the link does not keep the setting: %v", err)
	}
}

// TestKnobsHTML: the controls' markup has one labelled box per knob, each input with its id,
// name and limits, each range with its <output>, each help text named by aria-describedby, and
// every select's options.
func TestKnobsHTML(t *testing.T) {
	h := KnobsHTML(nil)
	boxes := strings.Count(h, `<div class="knob"`) + strings.Count(h, `<fieldset class="knob keys"`)
	if boxes != len(Controls) {
		t.Fatalf("%d knob boxes for %d Controls", boxes, len(Controls))
	}
	for i := range Controls {
		k := &Controls[i]
		if k.Control == knobKeys {
			for _, want := range []string{`<fieldset class="knob keys" id="` + k.ID + `"`, `<legend>` + k.Label + `</legend><ul id="` + k.ID + `-list">`} {
				if strings.Count(h, want) != 1 {
					t.Errorf("%s: %q appears %d times", k.ID, want, strings.Count(h, want))
				}
			}
			continue
		}
		for _, want := range []string{` id="` + k.ID + `" name="` + k.ID + `"`, `<label for="` + k.ID + `">`} {
			if strings.Count(h, want) != 1 {
				t.Errorf("%s: %q appears %d times", k.ID, want, strings.Count(h, want))
			}
		}
		if k.Control == knobRange && !strings.Contains(h, `<output id="`+k.ID+`-value" for="`+k.ID+`">`) {
			t.Errorf("%s: a range without its output", k.ID)
		}
		if k.Control == knobRange || k.Control == knobNumber || k.Control == knobRangeTyped {
			if !strings.Contains(h, `min="`+ftoa(k.Min)+`" max="`+ftoa(k.Max)+`" step="`+ftoa(k.Step)+`"`) {
				t.Errorf("%s: limits missing", k.ID)
			}
		}
		if k.Control == knobRangeTyped && (!strings.Contains(h, `<input type="number" id="`+k.ID+`-typed"`) || !strings.Contains(h, `<label for="`+k.ID+`-typed" class="unit">`+k.Unit+`</label>`)) {
			t.Errorf("%s: the typed box or its visible label is missing", k.ID)
		}
		if k.Help != "" && (!strings.Contains(h, `aria-describedby="`+k.ID+`-help"`) || !strings.Contains(h, `<small id="`+k.ID+`-help">`)) {
			t.Errorf("%s: help not linked", k.ID)
		}
		for _, o := range k.Options {
			if k.Control != knobSelect {
				break // a text field's values are checked, not offered
			}
			text := o
			if o == "" {
				text = "—"
			} else if k.OptionLabel != nil {
				text = k.OptionLabel(o)
			}
			if !strings.Contains(h, `<option value="`+EscapeHTML(o)+`">`+EscapeHTML(text)+`</option>`) {
				t.Errorf("%s: option %q missing", k.ID, o)
			}
		}
		if k.Control == knobCheck && !strings.Contains(h, `<label for="`+k.ID+`"><input type="checkbox" id="`+k.ID+`"`) {
			t.Errorf("%s: the checkbox is not inside its label, before the text", k.ID)
		}
	}
	// A platform's strategy is named as that platform's in the strategy list.
	for _, o := range []string{"liquid-incremental", "liquid-fabric-1.3"} {
		if !regexp.MustCompile(`<option value="` + regexp.QuoteMeta(o) + `">Microsoft Fabric Runtime [^<]*not open-source Delta`).MatchString(h) {
			t.Errorf("strategy %s is not labelled as Microsoft Fabric's", o)
		}
	}
	// The filter's knobs share one fieldset with its legend.
	if strings.Count(h, `<legend>Filter</legend>`) != 1 {
		t.Error("the filter's Controls are not in one fieldset")
	}
}

// TestKnobsHTMLOnly: a figure builds only the knobs it lists, in its order.
func TestKnobsHTMLOnly(t *testing.T) {
	h := KnobsHTML([]string{"day", "strategy"})
	d, s := strings.Index(h, `id="day"`), strings.Index(h, `id="strategy"`)
	if d < 0 || s < 0 || d > s || strings.Contains(h, `id="files"`) || strings.Contains(h, `id="view"`) {
		t.Errorf("KnobsHTML(day, strategy) = %s", h)
	}
}

func TestKeyTickBoxes(t *testing.T) {
	h := KeysHTML([]string{"event_date", "user_id"})
	// Key order first, then the other columns unticked; the first key cannot move earlier, the
	// last not later.
	order := []string{`id="keys-0" data-col="event_date" checked`, `id="keys-1" data-col="user_id" checked`, `id="keys-2" data-col="region_id">`, `id="keys-3" data-col="device_model_id">`}
	at := 0
	for _, o := range order {
		i := strings.Index(h[at:], o)
		if i < 0 {
			t.Fatalf("%q not in order in %s", o, h)
		}
		at += i
	}
	for _, want := range []string{`id="keys-0-earlier" data-col="event_date" data-move="-1" aria-label="Move event_date earlier" title="Move event_date earlier" disabled>`,
		`id="keys-1-later" data-col="user_id" data-move="1" aria-label="Move user_id later" title="Move user_id later" disabled>`,
		`<label for="keys-2">region_id</label></li>`} {
		if !strings.Contains(h, want) {
			t.Errorf("missing %q in %s", want, h)
		}
	}
	if strings.Contains(h, `data-col="region_id" data-move`) {
		t.Error("an unticked column has move buttons")
	}
	k := []string{"user_id", "event_date"}
	if got := strings.Join(KeysTicked(k, "region_id", true), ","); got != "user_id,event_date,region_id" {
		t.Errorf("tick region_id: %s", got)
	}
	if got := strings.Join(KeysTicked(k, "event_date", false), ","); got != "user_id" {
		t.Errorf("untick event_date: %s", got)
	}
	if got := strings.Join(KeysMoved(k, "event_date", -1), ","); got != "event_date,user_id" {
		t.Errorf("move event_date earlier: %s", got)
	}
	if got := strings.Join(KeysMoved(k, "event_date", 1), ","); got != "user_id,event_date" {
		t.Errorf("move the last key later: %s", got)
	}
	if got := strings.Join(k, ","); got != "user_id,event_date" {
		t.Errorf("the scenario's keys were changed in place: %s", got)
	}
	// Through the knob: unticking every key leaves none (not the default keys).
	s := scenario.Default()
	s, err := ApplyKnob(s, knobFor(t, "keys"), strings.Join(KeysTicked(KeysTicked(s.Panel.Keys, "user_id", false), "event_date", false), ", "))
	if err != nil || s.Panel.Keys == nil || len(s.Panel.Keys) != 0 {
		t.Errorf("no keys: %v, %#v", err, s.Panel.Keys)
	}
}

// TestKeysAddAnyColumn: the keys fieldset has a labelled entry offering every column of the
// panel's table; a typed column becomes the last key and the engine clusters on it, and a name
// the table lacks is answered with Delta's error, the scenario kept.
func TestKeysAddAnyColumn(t *testing.T) {
	h := KnobsHTML([]string{"keys"})
	for _, want := range []string{`<label for="keys-add">Add a key column</label>`, `<input type="text" id="keys-add" list="keys-columns"`,
		`<button type="button" id="keys-add-button">Add</button>`, `<option value="product_id">`, `<option value="session_id">`} {
		if !strings.Contains(h, want) {
			t.Errorf("missing %q in %s", want, h)
		}
	}
	if n, want := strings.Count(h, "<option "), len(scenario.PanelColumns()); n != want || n <= len(keyColumns) {
		t.Errorf("%d columns offered, want the table's %d", n, want)
	}
	if _, ok := KeysAdded([]string{"user_id"}, "  "); ok {
		t.Error("an empty entry added a key")
	}
	s := scenario.Default()
	s.Panel.Layout = "hilbert"
	for _, tc := range []struct{ typed, class string }{{" product_id ", ""}, {"nope", "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA"}} {
		keys, ok := KeysAdded(s.Panel.Keys, tc.typed)
		if !ok || keys[len(keys)-1] != strings.TrimSpace(tc.typed) {
			t.Fatalf("KeysAdded(%v, %q) = %v, %v", s.Panel.Keys, tc.typed, keys, ok)
		}
		next, err := ApplyKnob(s, knobFor(t, "keys"), strings.Join(keys, ", "))
		if err != nil {
			t.Fatalf("keys %v refused before the engine: %v", keys, err)
		}
		r, err := panel.NewStore().Answer(next.Panel, panel.Shown, nil)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tc.class == "" && (r.Error != nil || !slices.Equal(r.Keys, keys)):
			t.Errorf("clustering on %v: error %v, keys %v", keys, r.Error, r.Keys)
		case tc.class != "" && (r.Error == nil || r.Error.Class != tc.class || !strings.Contains(r.Error.Message, "nope")):
			t.Errorf("clustering on %v: error %+v, want %s naming the column", keys, r.Error, tc.class)
		}
	}
}
