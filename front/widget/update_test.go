package widget

import (
	"errors"
	"fmt"
	"testing"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/figuremode"
	"layoutlab/front/schedule"
	"layoutlab/front/updatescript"
)

// TestUpdate runs the scripts in testdata/update: each command is an event given to Update, and prints
// the effects it asked for, then the model. Commands:
//
//	news [view=panel|timeline] [files=N] [day=N] [theme=T] [figure-knobs=(A,B)] [swap] [swap-error=TEXT] [input-error=TEXT]
//	     [typed=KNOB] [refused=KNOB] [png] [details] [bound]
//	asked gen=N
//	published [panel=GEN] [panel-files=N] [timeline=GEN [stale] [given=DAY]] [days=N] [sim-error] [stats=FILE]
//	day-loaded [error]
//	select file=N
//	stats-read file=N
//	drawn
//	figure-mode [off]      (not an event: the model is a docs figure's from here on)
//	ready-in-draw          (not an event: the program says Ready in Draw from here on)
//
// A panel answer or a run is made once per generation, so that the same generation is the same
// answer (given=DAY: the answer given ahead for that run, holding day DAY's grid, named run-GEN);
// stats=FILE are the statistics of file FILE of the answer shown. Rewrite the expected
// output with go test ./front/widget -run TestUpdate -rewrite.
func TestUpdate(t *testing.T) {
	updatescript.Run(t, "testdata/update", func() *updatescript.Script[Model, Event, Effect] {
		answers := map[int]*panel.Result{}
		runs := map[int]*timeline.Result{}
		return &updatescript.Script[Model, Event, Effect]{
			Model:  New(),
			Update: Update,
			Events: func(t *testing.T, d *datadriven.TestData, m *Model) []Event {
				if d.Cmd == "ready-in-draw" {
					m.ReadyInDraw = true
					return nil
				}
				if d.Cmd == "figure-mode" {
					m.FigureKnobs = []figuremode.Knob{{ID: "keys", View: "panel"}, {ID: "day", View: "timeline"}, {ID: "strategy", View: "timeline"}}
					if d.HasArg("off") {
						m.FigureKnobs = nil
					}
					return nil
				}
				return []Event{eventOf(t, d, *m, answers, runs)}
			},
			Effect: func(e Effect) string { return effectString(e, answers, runs) },
			Show:   func(m *Model) string { return modelString(m, answers, runs) },
		}
	})
}

// eventOf reads a command as its event.
func eventOf(t *testing.T, d *datadriven.TestData, m Model, answers map[int]*panel.Result, runs map[int]*timeline.Result) Event {
	switch d.Cmd {
	case "news":
		return newsOf(t, d, m)
	case "asked":
		var gen int
		d.ScanArgs(t, "gen", &gen)
		return Asked{gen}
	case "published":
		return publishedOf(t, d, m, answers, runs)
	case "day-loaded":
		if d.HasArg("error") {
			return DayLoaded{Err: errors.New("the day's files are gone"), Ms: 2}
		}
		return DayLoaded{Files: &timeline.DayFiles{}, Ms: 2}
	case "select":
		var f int
		d.ScanArgs(t, "file", &f)
		return Select{f}
	case "drawn":
		return Drawn{}
	case "stats-read":
		var f int
		d.ScanArgs(t, "file", &f)
		return StatsRead{schedule.FileStats{Result: m.Answer.Result, File: f}}
	}
	d.Fatalf(t, "unknown command %s", d.Cmd)
	return nil
}

func newsOf(t *testing.T, d *datadriven.TestData, m Model) News {
	var n News
	if d.HasArg("view") || d.HasArg("files") || d.HasArg("day") || d.HasArg("swap") || d.HasArg("theme") || d.HasArg("figure-knobs") {
		sc := m.Scenario
		if sc.View == "" {
			sc = scenario.Default()
		}
		d.MaybeScanArgs(t, "view", &sc.View)
		d.MaybeScanArgs(t, "files", &sc.Panel.Files)
		d.MaybeScanArgs(t, "day", &sc.Timeline.Day)
		d.MaybeScanArgs(t, "theme", &sc.Figure.Theme)
		if d.HasArg("figure-knobs") {
			var k []string
			d.ScanArgs(t, "figure-knobs", &k)
			sc.Figure.Knobs = k
		}
		n.Scenario = &sc
	}
	n.Swap = d.HasArg("swap")
	for key, p := range map[string]**string{"swap-error": &n.SwapError, "input-error": &n.InputError} {
		if d.HasArg(key) {
			var s string
			d.ScanArgs(t, key, &s)
			*p = &s
		}
	}
	if d.HasArg("typed") {
		var k string
		d.ScanArgs(t, "typed", &k)
		n.Typed = map[string]string{k: "typed"}
	}
	if d.HasArg("refused") {
		var k string
		d.ScanArgs(t, "refused", &k)
		n.Refused = map[string]bool{k: true}
	}
	n.PNG, n.Details, n.Bound = d.HasArg("png"), d.HasArg("details"), d.HasArg("bound")
	return n
}

func publishedOf(t *testing.T, d *datadriven.TestData, m Model, answers map[int]*panel.Result, runs map[int]*timeline.Result) Published {
	p := Published{Panel: m.Answer, Timeline: m.Sim}
	if d.HasArg("panel") {
		var gen, files int
		d.ScanArgs(t, "panel", &gen)
		files = 8
		d.MaybeScanArgs(t, "panel-files", &files)
		if answers[gen] == nil {
			answers[gen] = &panel.Result{Files: make([]panel.File, files)}
		}
		p.Panel = schedule.Answer{Gen: gen, Result: answers[gen], Ms: float64(10 * gen)}
	}
	if d.HasArg("timeline") {
		var gen, days int
		d.ScanArgs(t, "timeline", &gen)
		days = 30
		d.MaybeScanArgs(t, "days", &days)
		// The run of the scenario shown (Day zero), unless stale: the run of the figure before.
		key := m.Scenario.Timeline
		key.Day = 0
		if d.HasArg("stale") {
			key.Days++
		}
		p.Timeline = schedule.Simulation{Gen: gen, Key: key}
		if d.HasArg("sim-error") {
			p.Timeline.Err = errors.New("the run failed")
		} else if d.HasArg("given") {
			var day int
			d.ScanArgs(t, "given", &day)
			if runs[-gen] == nil {
				runs[-gen] = (&timeline.Given{Day: day, Days: make([]timeline.Day, days)}).Result()
			}
			p.Timeline.Result = runs[-gen]
		} else {
			if runs[gen] == nil {
				runs[gen] = &timeline.Result{Days: make([]timeline.Day, days)}
			}
			p.Timeline.Result = runs[gen]
		}
	}
	if d.HasArg("stats") {
		var f int
		d.ScanArgs(t, "stats", &f)
		p.Stats = schedule.FileStats{Result: m.Answer.Result, File: f}
	}
	return p
}

// nameOf names a result by the generation that made it.
func nameOf[R comparable](r R, made map[int]R, kind string) string {
	var zero R
	if r == zero {
		return "none"
	}
	for gen, x := range made {
		if x == r {
			return fmt.Sprintf("%s%d", kind, gen)
		}
	}
	return "?"
}

func effectString(e Effect, answers map[int]*panel.Result, runs map[int]*timeline.Result) string {
	name := updatescript.Name(e)
	switch e := e.(type) {
	case ShowInputError:
		return fmt.Sprintf("%s %q", name, e.Text)
	case ShowNotice:
		return fmt.Sprintf("%s %q", name, e.Text)
	case KnobsShown:
		return fmt.Sprintf("%s typed=%v refused=%v", name, e.Typed, e.Refused)
	case SwapFigure:
		if f := e.Figure; f != nil {
			return fmt.Sprintf("%s view=%s theme=%q knobs=%v readouts=%v notice=%q", name, e.Scenario.View, e.Scenario.Figure.Theme, f.Knobs, f.Readouts, f.Notice)
		}
		return fmt.Sprintf("%s view=%s theme=%q", name, e.Scenario.View, e.Scenario.Figure.Theme)
	case AnswerDrawn:
		return fmt.Sprintf("%s panel=%v", name, e.Panel != nil)
	case Ask:
		return fmt.Sprintf("%s view=%s files=%d day=%d wait=%v", name, e.Scenario.View, e.Scenario.Panel.Files, e.Scenario.Timeline.Day, e.Wait)
	case EngineTime:
		return fmt.Sprintf("%s %gms", name, e.Ms)
	case LoadDay:
		return fmt.Sprintf("%s %s day=%d", name, nameOf(e.Result, runs, "run"), e.Day)
	case AskStats:
		return fmt.Sprintf("%s %s file=%d", name, nameOf(e.Result, answers, "answer"), e.File)
	}
	return name
}

func modelString(m *Model, answers map[int]*panel.Result, runs map[int]*timeline.Result) string {
	s := fmt.Sprintf("model: view=%s gen=%d answer=%s sim=%s", m.Scenario.View, m.Gen,
		nameOf(m.Answer.Result, answers, "answer"), nameOf(m.Sim.Result, runs, "run"))
	if m.Sim.Err != nil {
		s += " sim-error"
	}
	s += fmt.Sprintf(" day=%d day-gen=%d", m.Day, m.DayGen)
	if m.DayFiles != nil {
		s += " day-files"
	}
	if m.DayErr != nil {
		s += " day-error"
	}
	s += fmt.Sprintf(" selected=%d", m.Selected)
	if m.Stats.Result != nil {
		s += fmt.Sprintf(" stats=%s:%d", nameOf(m.Stats.Result, answers, "answer"), m.Stats.File)
	}
	s += fmt.Sprintf(" version=%d", m.Version)
	for _, f := range []struct {
		on   bool
		name string
	}{{m.bound, "bound"}, {m.answered, "answered"}, {m.ready, "ready"}} {
		if f.on {
			s += " " + f.name
		}
	}
	return s
}
