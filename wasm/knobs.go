package main

// This file (no build tag: it is plain Go, tested natively) declares every knob of the widget:
// its id, label, kind, limits, and how it reads and writes the scenario. The DOM binding in
// controls.go builds the HTML from this table, so a knob is added in one place.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/scenario"
)

type knobKind uint8

const (
	knobRange  knobKind = iota // <input type=range>, live on input
	knobNumber                 // <input type=number>, on change
	knobSelect                 // <select>
	knobText                   // <input type=text>, on change (Enter or leaving the field)
	knobCheck                  // <input type=checkbox>, on change; its value is "true" or "false"
	// knobRangeTyped is a slider (live on input) with a number box beside it (on change) for a
	// value typed exactly, or beyond the slider's ends.
	knobRangeTyped
	// knobKeys is a list of tick boxes, one per column, in key order, each ticked one with
	// buttons that move it earlier or later, and an entry that adds any column of the table; its
	// value is the comma-separated keys.
	knobKeys
)

// filesKnobMax is the files slider's top: finer steps than the engine's limit
// (scenario.MaxPanelFiles) on a slider a few hundred pixels wide.
const filesKnobMax = 256

// knob is one control. View is the scenario view it belongs to ("" = both).
type knob struct {
	ID, Label, Help string
	View            string
	// Group names a set of knobs shown together under one legend (the filter's column, operator
	// and value); a figure may declare the group's name for all of them.
	Group          string
	Kind           knobKind
	Min, Max, Step float64
	Options        []string
	// OptionLabel, when set, is a knobSelect option's shown text (its value otherwise).
	OptionLabel func(string) string
	// A knobRangeTyped's typed box: its least value (the slider's Min is its own) and the unit
	// that labels it.
	TypedMin float64
	Unit     string
	Get      func(*scenario.Scenario) string
	Set      func(*scenario.Scenario, string) error
}

// fabricGroup is the legend of Microsoft Fabric's settings.
const fabricGroup = "Microsoft Fabric Runtime 2.0 settings"

func boolSetter(name string, set func(*scenario.Scenario, bool)) func(*scenario.Scenario, string) error {
	return func(s *scenario.Scenario, v string) error {
		on, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s: %q is not true or false", name, v)
		}
		set(s, on)
		return nil
	}
}

func strategyOptions() []string {
	var names []string
	for _, s := range scenario.TimelineStrategies {
		names = append(names, s.Name)
	}
	return names
}

func intSetter(name string, lo, hi int, dst func(*scenario.Scenario) *int) func(*scenario.Scenario, string) error {
	return func(s *scenario.Scenario, v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s: %q is not a whole number", name, v)
		}
		if n < lo || n > hi {
			return fmt.Errorf("%s: %d is outside %d..%d", name, n, lo, hi)
		}
		*dst(s) = n
		return nil
	}
}

func floatSetter(name string, lo, hi float64, dst func(*scenario.Scenario) *float64) func(*scenario.Scenario, string) error {
	return func(s *scenario.Scenario, v string) error {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return fmt.Errorf("%s: %q is not a number", name, v)
		}
		if !(f >= lo && f <= hi) {
			return fmt.Errorf("%s: %g is outside %g..%g", name, f, lo, hi)
		}
		*dst(s) = f
		return nil
	}
}

// listSetter sets a comma-separated list of names, at most max of them.
func listSetter(name string, max int, dst func(*scenario.Scenario) *[]string) func(*scenario.Scenario, string) error {
	return func(s *scenario.Scenario, v string) error {
		l := splitList(v)
		if len(l) > max {
			return fmt.Errorf("%s: %d given, at most %d", name, len(l), max)
		}
		*dst(s) = l
		return nil
	}
}

// viewNoNoise is the shown view's NoNoise (spark.databricks.io.skipping.mdc.addNoise=false):
// the panel and the timeline each keep their own.
func viewNoNoise(s *scenario.Scenario) *bool {
	if s.View == "timeline" {
		return &s.Timeline.NoNoise
	}
	return &s.Panel.NoNoise
}

func itoa(n int) string { return strconv.Itoa(n) }

// knobsHTML is the controls' markup, from the knobs table: per knob a box with its label (a
// range's value in an <output>, a checkbox inside its label before the text), the input and
// its help text, which the input names in aria-describedby. The knobs of a group share a
// fieldset whose legend is the group's name. only lists the knobs to build, in that order (nil:
// every knob, in the table's order): a figure builds only those its story needs. The widget
// inserts it in one go, not element by element through dom/v2, which the first frame would
// wait for.
func knobsHTML(only []string) string {
	esc := escapeHTML
	var b strings.Builder
	list := knobs
	if only != nil {
		list = nil
		for _, id := range only {
			if k := knobByID(id); k != nil {
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
					b.WriteString(` data-view-only="` + esc(k.View) + `"`)
				}
				b.WriteString(`><legend>` + esc(group) + "</legend>")
			}
		}
		if k.Kind == knobKeys {
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
			continue
		}
		id := esc(k.ID)
		attrs := ` id="` + id + `" name="` + id + `"`
		if k.Help != "" {
			attrs += ` aria-describedby="` + id + `-help"`
		}
		limits := ` min="` + ftoa(k.Min) + `" max="` + ftoa(k.Max) + `" step="` + ftoa(k.Step) + `"`
		var input string
		switch k.Kind {
		case knobSelect:
			input = "<select" + attrs + ">"
			for _, o := range k.Options {
				text := o
				if o == "" {
					text = "—"
				} else if k.OptionLabel != nil {
					text = k.OptionLabel(o)
				}
				input += `<option value="` + esc(o) + `">` + esc(text) + "</option>"
			}
			input += "</select>"
		case knobRangeTyped:
			// The typed box has its own label, the unit, visible beside it.
			input = `<span class="typed"><input type="range"` + attrs + limits + `>` +
				`<input type="number" id="` + id + `-typed" name="` + id + `-typed" min="` + ftoa(k.TypedMin) + `" step="any">` +
				`<label for="` + id + `-typed" class="unit">` + esc(k.Unit) + `</label></span>`
		default:
			typ := map[knobKind]string{knobRange: "range", knobNumber: "number", knobCheck: "checkbox"}[k.Kind]
			if typ == "" {
				typ = "text"
				attrs += ` spellcheck="false" autocomplete="off"`
			}
			if k.Kind == knobRange || k.Kind == knobNumber {
				attrs += limits
			}
			input = `<input type="` + typ + `"` + attrs + ">"
		}
		b.WriteString(`<div class="knob"`)
		if k.View != "" {
			b.WriteString(` data-view="` + esc(k.View) + `"`)
		}
		b.WriteString(`><label for="` + id + `">`)
		if k.Kind == knobCheck {
			b.WriteString(input)
		}
		b.WriteString(esc(k.Label) + " ")
		if k.Kind == knobRange {
			b.WriteString(`<output id="` + id + `-value" for="` + id + `"></output>`)
		}
		b.WriteString("</label>")
		if k.Kind != knobCheck {
			b.WriteString(input)
		}
		if k.Help != "" {
			b.WriteString(`<small id="` + id + `-help">` + esc(k.Help) + "</small>")
		}
		b.WriteString("</div>")
	}
	if group != "" {
		b.WriteString("</fieldset>")
	}
	return b.String()
}

// knobByID is the knob with that id, or nil.
func knobByID(id string) *knob {
	for i := range knobs {
		if knobs[i].ID == id {
			return &knobs[i]
		}
	}
	return nil
}

// knobOfElement is the knob an element of the controls belongs to, and the event it answers:
// a knob's own input, a typed box beside a slider ("-typed"), a key's tick box or move button.
func knobOfElement(id string) (k *knob, event string) {
	if k = knobByID(id); k != nil {
		return k, knobEvent(k)
	}
	if base, ok := strings.CutSuffix(id, "-typed"); ok {
		if k = knobByID(base); k != nil && k.Kind == knobRangeTyped {
			return k, "change"
		}
	}
	return nil, ""
}

// keyColumns are the columns the key tick boxes offer besides the keys in force: the ones the
// explainer's panels cluster on.
var keyColumns = []string{"user_id", "event_date", "region_id", "device_model_id"}

// keysHTML is the key tick boxes for keys: the keys ticked, in key order, each with buttons
// that move it earlier or later, then the other columns of keyColumns unticked. Ids follow the
// place in the list; data-col names the column (for the event and to keep the focus).
func keysHTML(keys []string) string {
	esc := escapeHTML
	cols := append([]string(nil), keys...)
	for _, c := range keyColumns {
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	var b strings.Builder
	for i, c := range cols {
		id := "keys-" + itoa(i)
		col := esc(c)
		on := i < len(keys)
		b.WriteString(`<li><input type="checkbox" id="` + id + `" data-col="` + col + `"`)
		if on {
			b.WriteString(" checked")
		}
		b.WriteString(`><label for="` + id + `">` + col + "</label>")
		if on {
			for _, mv := range [2]struct{ dir, name, arrow string }{{"-1", "earlier", "↑"}, {"1", "later", "↓"}} {
				b.WriteString(`<button type="button" id="` + id + `-` + mv.name + `" data-col="` + col + `" data-move="` + mv.dir +
					`" aria-label="Move ` + col + ` ` + mv.name + `" title="Move ` + col + ` ` + mv.name + `"`)
				if (mv.dir == "-1" && i == 0) || (mv.dir == "1" && i == len(keys)-1) {
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
		b.WriteString(`<option value="` + escapeHTML(c) + `">`)
	}
	b.WriteString("</datalist></p>")
	return b.String()
}

// keysAdded is keys with the typed column added last, or false when nothing was typed.
func keysAdded(keys []string, typed string) ([]string, bool) {
	col := strings.TrimSpace(typed)
	if col == "" {
		return keys, false
	}
	return keysTicked(keys, col, true), true
}

// keysTicked is keys with col added last (on) or removed.
func keysTicked(keys []string, col string, on bool) []string {
	out := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k == col })
	if on {
		out = append(out, col)
	}
	return out
}

// keysMoved is keys with col moved by dir places (-1 earlier, 1 later), kept within the list.
func keysMoved(keys []string, col string, dir int) []string {
	out := slices.Clone(keys)
	i := slices.Index(out, col)
	if j := i + dir; i >= 0 && j >= 0 && j < len(out) {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// escapeHTML is html.EscapeString without importing package html, whose entity table costs the
// widget ~20 kB of its transfer budget.
var escapeHTML = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace

// knobEvent is the DOM event a knob answers: input for a range (a dragged slider answers at
// once), change for the others.
func knobEvent(k *knob) string {
	if k.Kind == knobRange || k.Kind == knobRangeTyped {
		return "input"
	}
	return "change"
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// knobs lists every control: the statistics panel's and the maintenance timeline's.
var knobs = []knob{
	{ID: "view", Label: "View", Kind: knobSelect, Options: []string{"panel", "timeline"},
		Help: "panel: layout and skipping on one table; timeline: nightly maintenance over days",
		Get:  func(s *scenario.Scenario) string { return s.View },
		Set:  func(s *scenario.Scenario, v string) error { s.View = v; return nil }},

	// The statistics panel.
	{ID: "layout", Label: "Layout", View: "panel", Kind: knobSelect, Options: scenario.PanelLayouts,
		Help: "append order; ORDER BY the first key; ZORDER BY the keys; liquid clustering (Hilbert)",
		Get:  func(s *scenario.Scenario) string { return s.Panel.Layout },
		Set:  func(s *scenario.Scenario, v string) error { s.Panel.Layout = v; return nil }},
	{ID: "keys", Label: "Clustering keys, in key order", View: "panel", Kind: knobKeys,
		Help: "tick a column to cluster on it; ↑ ↓ move a key earlier or later",
		Get:  func(s *scenario.Scenario) string { return strings.Join(s.Panel.Keys, ", ") },
		Set: func(s *scenario.Scenario, v string) error {
			if err := listSetter("keys", scenario.MaxKeys, func(s *scenario.Scenario) *[]string { return &s.Panel.Keys })(s, v); err != nil {
				return err
			}
			if s.Panel.Keys == nil {
				s.Panel.Keys = []string{} // no keys, not "the default keys"
			}
			return nil
		}},
	{ID: "where", Label: "Query (WHERE)", View: "panel", Kind: knobText,
		Help: "e.g. user_id = 4242 or region_id IN (1, 2) AND event_date >= DATE'2026-03-01'",
		Get:  func(s *scenario.Scenario) string { return s.Panel.Where },
		Set: func(s *scenario.Scenario, v string) error {
			if len(v) > scenario.MaxWhereBytes {
				return fmt.Errorf("query: %d bytes, at most %d", len(v), scenario.MaxWhereBytes)
			}
			s.Panel.Where = strings.TrimSpace(v)
			return nil
		}},
	// The filter: column, operator and value, each a view of the WHERE above (filter.go), which
	// stays for any other predicate; a WHERE not of that form shows the column as "—".
	{ID: "filter-col", Label: "Column", View: "panel", Group: "Filter", Kind: knobSelect, Options: filterColumnNames(),
		Get: func(s *scenario.Scenario) string { f, _ := parseFilter(s.Panel.Where); return f.Col },
		Set: func(s *scenario.Scenario, v string) error {
			if v == "" {
				return nil // "—": the WHERE holds something else, left as it is
			}
			return setFilter(s, func(f *filter) error {
				old, _ := lookupFilterColumn(f.Col)
				c, ok := lookupFilterColumn(v)
				if !ok {
					return fmt.Errorf("filter: %q is not a column the filter offers", v)
				}
				if old.Quoted != c.Quoted {
					f.Value = c.Sample // a date does not fit a number column, nor the reverse
				}
				f.Col = v
				return nil
			})
		}},
	{ID: "filter-op", Label: "Operator", View: "panel", Group: "Filter", Kind: knobSelect, Options: append([]string{""}, filterOps...),
		Get: func(s *scenario.Scenario) string { f, _ := parseFilter(s.Panel.Where); return f.Op },
		Set: func(s *scenario.Scenario, v string) error {
			if v == "" {
				return nil
			}
			return setFilter(s, func(f *filter) error { f.Op = v; return nil })
		}},
	{ID: "filter-value", Label: "Value", View: "panel", Group: "Filter", Kind: knobText,
		Get: func(s *scenario.Scenario) string { f, _ := parseFilter(s.Panel.Where); return f.Value },
		Set: func(s *scenario.Scenario, v string) error {
			return setFilter(s, func(f *filter) error { f.Value = v; return nil })
		}},
	{ID: "files", Label: "Files", View: "panel", Kind: knobRange, Min: 1, Max: filesKnobMax, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Panel.Files) },
		Set: intSetter("files", 1, scenario.MaxPanelFiles, func(s *scenario.Scenario) *int { s.Panel.RowsPerFile = 0; return &s.Panel.Files })},
	{ID: "rows", Label: "Rows", View: "panel", Kind: knobSelect, Options: []string{"10000", "100000", "1000000"},
		Get: func(s *scenario.Scenario) string { return itoa(s.Panel.Rows) },
		Set: intSetter("rows", 1, scenario.MaxPanelRows, func(s *scenario.Scenario) *int { return &s.Panel.Rows })},
	{ID: "indexed-cols", Label: "dataSkippingNumIndexedCols", View: "panel", Kind: knobRange, Min: -1, Max: 40, Step: 1,
		Help: "statistics for the first N leaf columns (the table has 36; device_model_id is the 33rd); -1 = all",
		Get:  func(s *scenario.Scenario) string { return itoa(s.Panel.NumIndexedCols()) },
		Set: func(s *scenario.Scenario, v string) error {
			var n int
			set := intSetter("indexed columns", -1, scenario.MaxIndexedCols, func(*scenario.Scenario) *int { return &n })
			if err := set(s, v); err != nil {
				return err
			}
			s.Panel.IndexedCols = &n
			return nil
		}},
	{ID: "stats-columns", Label: "dataSkippingStatsColumns", View: "panel", Kind: knobText,
		Help: "comma-separated; when set, it replaces the indexed-column count",
		Get:  func(s *scenario.Scenario) string { return strings.Join(s.Panel.StatsColumns, ", ") },
		Set:  listSetter("stats columns", scenario.MaxStatsColumns, func(s *scenario.Scenario) *[]string { return &s.Panel.StatsColumns })},
	{ID: "partition-by", Label: "PARTITIONED BY", View: "panel", Kind: knobText,
		Help: "comma-separated, e.g. region_id: one directory per value; partition columns get no statistics",
		Get:  func(s *scenario.Scenario) string { return strings.Join(s.Panel.PartitionBy, ", ") },
		Set:  listSetter("partition columns", scenario.MaxKeys, func(s *scenario.Scenario) *[]string { return &s.Panel.PartitionBy })},
	{ID: "color-key", Label: "Colour by span of", View: "panel", Kind: knobText,
		Help: "a key; empty = the first key",
		Get:  func(s *scenario.Scenario) string { return s.Panel.ColorKey },
		Set:  func(s *scenario.Scenario, v string) error { s.Panel.ColorKey = strings.TrimSpace(v); return nil }},

	// The maintenance timeline.
	{ID: "strategy", Label: "Strategy", View: "timeline", Kind: knobSelect,
		Options: strategyOptions(), OptionLabel: scenario.StrategyLabel,
		Get: func(s *scenario.Scenario) string { return s.Timeline.Strategy },
		Set: func(s *scenario.Scenario, v string) error { s.Timeline.Strategy = v; return nil }},
	{ID: "day", Label: "Day", View: "timeline", Kind: knobRange, Min: 1, Max: 60, Step: 1,
		Get: func(s *scenario.Scenario) string {
			if s.Timeline.Day == 0 {
				return itoa(s.Timeline.Days)
			}
			return itoa(s.Timeline.Day)
		},
		Set: intSetter("day", 1, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.Day })},
	{ID: "days", Label: "Days", View: "timeline", Kind: knobNumber, Min: 1, Max: scenario.MaxDays, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Timeline.Days) },
		Set: intSetter("days", 1, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.Days })},
	{ID: "ingest-gb", Label: "Daily ingest (GiB)", View: "timeline", Kind: knobRangeTyped, Min: 1, Max: 500, Step: 1, TypedMin: 0.001, Unit: "GiB",
		Get: func(s *scenario.Scenario) string { return ftoa(s.Timeline.IngestGB) },
		Set: floatSetter("daily ingest", 0.001, scenario.MaxIngestGB, func(s *scenario.Scenario) *float64 { return &s.Timeline.IngestGB })},
	{ID: "file-gb", Label: "File size (GiB)", View: "timeline", Kind: knobRangeTyped, Min: 0.125, Max: 8, Step: 0.125, TypedMin: 1.0 / 1024, Unit: "GiB",
		Get: func(s *scenario.Scenario) string { return ftoa(s.Timeline.FileGB) },
		Set: floatSetter("file size", 1.0/1024, 1024, func(s *scenario.Scenario) *float64 { return &s.Timeline.FileGB })},
	{ID: "min-cube-gb", Label: "Minimum ZCube size (GiB)", View: "timeline", Kind: knobRangeTyped, Min: 1, Max: 500, Step: 1, TypedMin: 0.001, Unit: "GiB",
		Get: func(s *scenario.Scenario) string { return ftoa(s.Timeline.MinCubeGB) },
		Set: floatSetter("minimum cube size", 0.001, 1e6, func(s *scenario.Scenario) *float64 { return &s.Timeline.MinCubeGB })},
	{ID: "window-days", Label: "Z-order window W (days)", View: "timeline", Kind: knobNumber, Min: 1, Max: 60, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Timeline.WindowDays) },
		Set: intSetter("window", 1, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.WindowDays })},
	{ID: "change-keys-day", Label: "Change keys on day (0 = never)", View: "timeline", Kind: knobNumber, Min: 0, Max: scenario.MaxDays, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Timeline.ChangeKeysDay) },
		Set: intSetter("key-change day", 0, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.ChangeKeysDay })},
	{ID: "full-day", Label: "OPTIMIZE FULL on day (0 = never)", View: "timeline", Kind: knobNumber, Min: 0, Max: scenario.MaxDays, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Timeline.FullDay) },
		Set: intSetter("FULL day", 0, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.FullDay })},
	{ID: "history-days", Label: "Days of history before clustering", View: "timeline", Kind: knobNumber, Min: 0, Max: scenario.MaxDays, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Timeline.HistoryDays) },
		Set: intSetter("history days", 0, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.HistoryDays })},
	{ID: "cluster-none-day", Label: "CLUSTER BY NONE on day (0 = never)", View: "timeline", Kind: knobNumber, Min: 0, Max: scenario.MaxDays, Step: 1,
		Get: func(s *scenario.Scenario) string { return itoa(s.Timeline.ClusterNoneDay) },
		Set: intSetter("CLUSTER BY NONE day", 0, scenario.MaxDays, func(s *scenario.Scenario) *int { return &s.Timeline.ClusterNoneDay })},
	{ID: "lookup", Label: "Lookup column", View: "timeline", Kind: knobText,
		Help: "empty = the first clustering key in force that day (customer_id for Z-order)",
		Get:  func(s *scenario.Scenario) string { return s.Timeline.Lookup },
		Set:  func(s *scenario.Scenario, v string) error { s.Timeline.Lookup = strings.TrimSpace(v); return nil }},

	// Microsoft Fabric's settings (spark.microsoft.delta.optimize.clustering.strategy.*), read
	// by the Fabric Runtime 2.0 strategy only; each is a Timeline field whose zero is Fabric's
	// default.
	{ID: "fabric-incremental", Label: "incremental", View: "timeline", Group: fabricGroup, Kind: knobCheck,
		Help: "Fabric Runtime 2.0 strategy only: cluster only unclustered, small and unhealthy files; off runs the standard clustering",
		Get:  func(s *scenario.Scenario) string { return strconv.FormatBool(!s.Timeline.FabricNoIncremental) },
		Set:  boolSetter("incremental", func(s *scenario.Scenario, on bool) { s.Timeline.FabricNoIncremental = !on })},
	{ID: "fabric-auto-recluster", Label: "autoRecluster", View: "timeline", Group: fabricGroup, Kind: knobCheck,
		Help: "re-cluster the files whose ranges overlap",
		Get:  func(s *scenario.Scenario) string { return strconv.FormatBool(!s.Timeline.FabricNoAutoRecluster) },
		Set:  boolSetter("autoRecluster", func(s *scenario.Scenario, on bool) { s.Timeline.FabricNoAutoRecluster = !on })},
	{ID: "fabric-min-offending-files", Label: "minOffendingFiles", View: "timeline", Group: fabricGroup, Kind: knobNumber,
		Min: 2, Max: scenario.MaxFabricMinOffendingFiles, Step: 1,
		Help: "a file is re-clustered when it overlaps at least this many files minus one (Fabric's default 4)",
		Get:  func(s *scenario.Scenario) string { return itoa(s.Timeline.FabricMinOffending()) },
		Set: intSetter("minOffendingFiles", 2, scenario.MaxFabricMinOffendingFiles,
			func(s *scenario.Scenario) *int { return &s.Timeline.FabricMinOffendingFiles })},
	{ID: "fabric-min-overlap-threshold", Label: "minOverlapThreshold", View: "timeline", Group: fabricGroup, Kind: knobNumber,
		Min: 0.3, Max: 1, Step: 0.05,
		Help: "two files overlap when their shared range is above this share of each one's range, in (0.25, 1.0] (Fabric's default 0.75)",
		Get:  func(s *scenario.Scenario) string { return ftoa(s.Timeline.FabricMinOverlap()) },
		Set: func(s *scenario.Scenario, v string) error {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return fmt.Errorf("minOverlapThreshold: %q is not a number", v)
			}
			if !(f > 0.25 && f <= 1) {
				return fmt.Errorf("minOverlapThreshold: %g is outside (0.25, 1.0]", f)
			}
			s.Timeline.FabricMinOverlapThreshold = f
			return nil
		}},

	// Both views: each view's own scenario field (Panel.NoNoise, Timeline.NoNoise), negated.
	{ID: "add-noise", Label: "Noise byte (addNoise)", Kind: knobCheck,
		Help: "spark.databricks.io.skipping.mdc.addNoise, on in Delta: a random byte on the curve key lets neighbouring files share a range id, so a lookup there opens both (liquid: 21.5 files, not 20)",
		Get:  func(s *scenario.Scenario) string { return strconv.FormatBool(!*viewNoNoise(s)) },
		Set: func(s *scenario.Scenario, v string) error {
			on, err := strconv.ParseBool(strings.TrimSpace(v))
			if err != nil {
				return fmt.Errorf("noise byte: %q is not true or false", v)
			}
			*viewNoNoise(s) = !on
			return nil
		}},
}

// applyKnob sets one knob on a copy of s and validates the whole scenario, so a refused value
// never reaches the engine and the previous state is kept.
func applyKnob(s scenario.Scenario, k *knob, v string) (scenario.Scenario, error) {
	next := s
	next.Panel.Keys = append([]string(nil), s.Panel.Keys...)
	next.Panel.StatsColumns = append([]string(nil), s.Panel.StatsColumns...)
	next.Panel.PartitionBy = append([]string(nil), s.Panel.PartitionBy...)
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
