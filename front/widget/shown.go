package widget

import (
	"encoding/json"
	"errors"
	"fmt"
	"layoutlab/engine/readout"
	"strings"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/view"
)

// The texts the widget's page shows, decided here from the model and written by wasm/page.go:
// the captions, Delta's error, a refusal under its knob's label, the selected file's add action
// and the timeline's decision log. Each is tested natively (testdata/shown).

// HoverHint is the add-action panel's text while no file is selected.
const HoverHint = "Hover over or tap a file to see its add action."

// KnobMessage is a refusal as the widget shows it: under the label of the first control among
// the knobs it names (scenario.KnobError, also under a panel.Error), where the command line
// names its flag.
func KnobMessage(err error) string {
	msg := err.Error()
	var pe *panel.Error
	if errors.As(err, &pe) {
		msg = pe.Message
	}
	for _, id := range scenario.KnobsOf(err) {
		if k := KnobByID(id); k != nil {
			return k.Label + ": " + msg
		}
	}
	return msg
}

// PanelError is the error the panel's answer r shows, Delta's class and message ("" when none):
// input the panel cannot use under its knob's label.
func PanelError(r *panel.Result) (class, msg string) {
	if r.Error == nil {
		return "", ""
	}
	msg = r.Error.Message
	if r.Error.Class == panel.ClassInvalidInput {
		msg = KnobMessage(r.Error)
	}
	return r.Error.Class, msg
}

// PanelCaption says what the panel's grid and key space show.
func (m *Model) PanelCaption() string {
	r := m.Answer.Result
	caption := "Grid: one cell per file, coloured by its span of " + m.ColorKey() + "."
	if len(r.Keys) >= 2 {
		caption += " Key space (the square next to the grid): each file's [min, max] on " + r.Keys[0] + " (across) and " + r.Keys[1] + " (up), over the " + r.Layout + " curve."
	} else if len(r.Keys) == 1 {
		caption += " Key space (the square next to the grid): each file's [min, max] on " + r.Keys[0] + "."
	}
	return caption
}

// PanelAddAction is the selected file's add action as Delta would write it, once its
// statistics are read, or what the panel shows instead.
func (m *Model) PanelAddAction() string {
	r := m.Answer.Result
	if m.Selected < 0 || r == nil || m.Selected >= len(r.Files) {
		return HoverHint
	}
	st := m.Stats
	if st.Result != r || st.File != m.Selected {
		return "The file's statistics are shown once the run under way ends."
	}
	if st.Err != nil {
		return st.Err.Error()
	}
	f := r.Files[m.Selected]
	var a addAction
	a.Add.Path, a.Add.PartitionValues, a.Add.DataChange = f.Path, map[string]string{}, true
	a.Add.Stats.NumRecords, a.Add.Stats.MinValues, a.Add.Stats.MaxValues, a.Add.Stats.NullCount = f.NumRecords, st.MinValues, st.MaxValues, st.NullCount
	return Indent(a)
}

// addAction is a panel file's add action as Delta writes it, its fields in the order of their
// names (as a map's are written): a struct, which costs the widget's download less than maps.
type addAction struct {
	Add struct {
		DataChange      bool              `json:"dataChange"`
		PartitionValues map[string]string `json:"partitionValues"`
		Path            string            `json:"path"`
		Stats           struct {
			MaxValues  json.RawMessage `json:"maxValues"`
			MinValues  json.RawMessage `json:"minValues"`
			NullCount  json.RawMessage `json:"nullCount"`
			NumRecords int64           `json:"numRecords"`
		} `json:"stats"`
	} `json:"add"`
}

// TimelineCaption says what the timeline's chart and the day's file grid show.
func (m *Model) TimelineCaption() string {
	d := m.Sim.Result.Days[m.Day-1]
	gb, amp, lk := view.SeriesOf(m.Sim.Result, m.Sim.Key, m.Day, view.Series{}).Maxima()
	df := m.DayFiles
	return fmt.Sprintf("Bars: GiB rewritten each night (top of scale %s GiB). Lines: write amplification (top %sx), "+
		"files a lookup on %[4]s opens (top %[3]s); vertical marks: key change, FULL, CLUSTER BY NONE, and the day shown. "+
		"Below: the files on day %[5]d, grouped by ZCube or partition, coloured by their span of %[4]s; "+
		"outlined files are opened by the lookup %[4]s = %[6]d.", readout.Number(gb, 0), readout.Number(amp, 2),
		readout.Number(lk, 1), df.LookupColumn, d.Day, df.ProbeValue)
}

// DecisionLog is the day's statements, then its planner's events.
func (m *Model) DecisionLog() string {
	d := m.Sim.Result.Days[m.Day-1]
	stmts, _ := m.Sim.Result.Statements(m.Day)
	text := strings.Join(stmts, "\n")
	if len(d.DecisionLog) > 0 {
		text += "\n\n" + strings.Join(d.DecisionLog, "\n")
	}
	return text
}

// RunStats is the night's OPTIMIZE metrics as Delta reports them.
func RunStats(d *timeline.Day) string {
	var stats any = d.ClusteringStats
	name := "clusteringStats"
	if d.ClusteringStats == nil {
		stats, name = d.ZOrderStats, "zOrderStats"
	}
	return name + " " + Indent(stats) + "\noperationMetrics " + Indent(d.OperationMetrics)
}

// DayAddAction is the selected file of the day's grid: its add action in the log replayed to the
// day (snap, asked only when a file is selected: a replay per day would slow the slider; nil when
// it could not be), or the grid's own facts of it.
func (m *Model) DayAddAction(snap func() *deltalog.Snapshot) string {
	if m.DayFiles == nil || m.Selected < 0 || m.Selected >= len(m.DayFiles.Files) {
		return HoverHint
	}
	f := m.DayFiles.Files[m.Selected]
	if snap := snap(); snap != nil {
		if add, ok := snap.File(f.Path); ok {
			return Indent(map[string]any{"add": add})
		}
	}
	return Indent(f)
}

// Indent is v as indented JSON, or the error that stopped it.
func Indent(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}
