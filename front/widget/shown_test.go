package widget

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/panel"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/schedule"
)

// TestShown runs the scripts in testdata/shown: what the widget's page shows of a model (the
// captions, Delta's error, a refusal, the selected file's add action, the decision log), on the
// engine's real answers. Commands:
//
//	panel [KNOB=VALUE...]       the panel's answer to the default scenario with those knobs set
//	                            (as the controls set them); prints its caption, error and add action
//	select file=N [stats]       file N selected (its statistics read, with stats); prints the add action
//	refused knob=K value=V      the refusal of V for knob K, as the widget shows it
//	timeline [KNOB=VALUE...]    the run of the default timeline with those knobs set, at its day;
//	                            prints its caption, the day's decision log and OPTIMIZE metrics
//	day-select file=N [no-log]  file N of the day's grid selected, its add action from the log
//	                            replayed to the day (or, with no-log, the grid's facts)
//	readouts [figure] [fresh]   what the readout list changes to show the answer's readouts (the
//	                            list's markup when it is rebuilt, then the figures that changed)
//
// Rewrite the expected output with go test ./front/widget -run TestShown -rewrite.
func TestShown(t *testing.T) {
	datadriven.Walk(t, "testdata/shown", func(t *testing.T, path string) {
		m := New()
		store := panel.NewStore()
		var rl Readouts
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "panel":
				m.Scenario = scenarioOf(t, d, "panel")
				r, err := store.Answer(m.Scenario.Panel, panel.Shown, nil)
				if err != nil {
					d.Fatalf(t, "%v", err)
				}
				m.Answer, m.Selected = schedule.Answer{Result: r}, -1
				class, msg := PanelError(r)
				return fmt.Sprintf("caption: %s\nerror: [%s] %s\nadd action: %s\n", m.PanelCaption(), class, msg, m.PanelAddAction())
			case "select":
				d.ScanArgs(t, "file", &m.Selected)
				if d.HasArg("stats") {
					st := schedule.FileStats{Result: m.Answer.Result, File: m.Selected}
					st.MinValues, st.MaxValues, st.NullCount, st.Err = store.FileStats(st.Result, st.File)
					m.Stats = st
				}
				return m.PanelAddAction() + "\n"
			case "refused":
				var id string
				d.ScanArgs(t, "knob", &id)
				s := scenario.Default()
				a, _ := d.Arg("value")
				err := knobOf(t, d, id).Set(&s, strings.Join(a.Vals, ","))
				if err == nil {
					err = s.Validate()
				}
				if err == nil {
					return "accepted\n"
				}
				return KnobMessage(err) + "\n"
			case "timeline":
				return timelineShown(t, d, &m)
			case "readouts":
				rows := readout.Panel(m.Answer.Result)
				if m.Scenario.View == "timeline" {
					rows = readout.Day(m.Sim.Result.Days[m.Day-1])
				}
				if d.HasArg("fresh") {
					rl = Readouts{} // as a swap leaves it
				}
				html, rebuild, changed := rl.Show(rows, d.HasArg("figure"))
				out := "rebuilt: " + fmt.Sprint(rebuild) + "\n"
				if rebuild {
					out += html + "\n"
				}
				if changed == "" {
					return out + "no figure changed\n"
				}
				f := strings.Split(strings.TrimSuffix(changed, "\x00"), "\x00")
				for i := 0; i+2 < len(f); i += 3 {
					out += fmt.Sprintf("figure %s: %s (exact %s)\n", f[i], f[i+1], f[i+2])
				}
				return out
			case "day-select":
				d.ScanArgs(t, "file", &m.Selected)
				snap := func() *deltalog.Snapshot {
					s, err := m.Sim.Result.Snapshot(m.Day)
					if err != nil || d.HasArg("no-log") {
						return nil
					}
					return s
				}
				return m.DayAddAction(snap) + "\n"
			}
			d.Fatalf(t, "unknown command %s", d.Cmd)
			return ""
		})
	})
}

// timelineShown runs the timeline the command asks for and prints what the page shows of it.
func timelineShown(t *testing.T, d *datadriven.TestData, m *Model) string {
	m.Scenario = scenarioOf(t, d, "timeline")
	res, err := timeline.Run(m.Scenario.Timeline)
	if err != nil {
		d.Fatalf(t, "%v", err)
	}
	key := m.Scenario.Timeline
	key.Day = 0
	m.Sim, m.Day, m.Selected = schedule.Simulation{Key: key, Result: res}, len(res.Days), -1
	if day := m.Scenario.Timeline.Day; day > 0 {
		m.Day = day
	}
	if m.DayFiles, err = res.DayFiles(m.Day); err != nil {
		d.Fatalf(t, "%v", err)
	}
	return fmt.Sprintf("caption: %s\ndecision log:\n%s\n%s\n", m.TimelineCaption(), m.DecisionLog(), RunStats(&res.Days[m.Day-1]))
}

// scenarioOf is the default scenario in view with the command's KNOB=VALUE arguments set.
func scenarioOf(t *testing.T, d *datadriven.TestData, view string) scenario.Scenario {
	s := scenario.Default()
	s.View = view
	for _, a := range d.CmdArgs {
		if err := knobOf(t, d, a.Key).Set(&s, strings.Join(a.Vals, ",")); err != nil {
			d.Fatalf(t, "%s: %v", a.Key, err)
		}
	}
	return s
}

func knobOf(t *testing.T, d *datadriven.TestData, id string) *scenario.Knob {
	for _, k := range scenario.Knobs() {
		if k.ID == id {
			return &k
		}
	}
	d.Fatalf(t, "no knob %s", id)
	return nil
}
