package widget

import (
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// Refusal is a Delta refusal as a figure says it: one plain sentence that names the fix and
// the state the table is left in, and the fix as a knob's value (Knob "" when there is none to
// offer), which the widget offers as a button labelled Fix.
type Refusal struct {
	Text, Fix   string
	Knob, Value string
}

// RefusalOf is r's refusal in plain words; ok is false when Delta refused nothing. The class
// and Delta's message stay in the widget's full view and the CLI's JSON.
func RefusalOf(p scenario.Panel, r *panel.Result) (f Refusal, ok bool) {
	if r == nil || r.Error == nil || r.Error.Class == panel.ClassInvalidInput {
		return f, false
	}
	// Delta's first sentence, without the settings it quotes.
	f.Text, _, _ = strings.Cut(r.Error.Message, "\n")
	if i := strings.Index(f.Text, ". "); i > 0 {
		f.Text = f.Text[:i+1]
	}
	// A key without statistics (DELTA_CLUSTERING_COLUMN_MISSING_STATS,
	// DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS): its column's place is the indexed columns it needs.
	if len(r.NoStats) > 0 && len(p.StatsColumns) == 0 {
		if pos := slices.Index(scenario.PanelColumns(), r.NoStats[0]) + 1; pos > 0 {
			n := strconv.Itoa(pos)
			f.Text = r.NoStats[0] + " has no statistics: raise indexed columns to " + n + "."
			f.Fix, f.Knob, f.Value = "Raise to "+n, "indexed-cols", n
		}
	}
	if r.Layout == "append" {
		f.Text += " The table stays unclustered."
	} else {
		f.Text += " Shown with the check disabled: nothing is skipped."
	}
	return f, true
}
