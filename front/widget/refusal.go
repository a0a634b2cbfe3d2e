package widget

import (
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/ddl"
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
	state := " The table stays as written, unclustered."
	if r.Layout != "append" {
		state = " Shown as if Delta's check were disabled: with no min/max on the key, nothing is skipped."
	}
	switch r.Error.Class {
	case ddl.ClassClusteringColumnMissingStats, ddl.ClassZOrderingOnColumnWithoutStats:
		if len(r.NoStats) > 0 {
			col := r.NoStats[0]
			f.Text = col + " has no statistics, so Delta refuses to cluster on it."
			if pos := slices.Index(scenario.PanelColumns(), col) + 1; pos > 0 && len(p.StatsColumns) == 0 {
				n := strconv.Itoa(pos)
				f.Text = col + " has no statistics (column " + n + ", past the indexed columns): raise indexed columns to " + n + "."
				f.Fix, f.Knob, f.Value = "Raise indexed columns to "+n, "indexed-cols", n
			}
			return Refusal{Text: f.Text + state, Fix: f.Fix, Knob: f.Knob, Value: f.Value}, true
		}
	case ddl.ClassClusterByInvalidNumColumns:
		return Refusal{Text: "CLUSTER BY takes at most " + strconv.Itoa(ddl.NumClusteringColumnsLimit) + " keys: untick one." + state}, true
	}
	// Delta's first sentence, without the settings it quotes.
	msg, _, _ := strings.Cut(r.Error.Message, "\n")
	if i := strings.Index(msg, ". "); i > 0 {
		msg = msg[:i+1]
	}
	return Refusal{Text: msg + state}, true
}
