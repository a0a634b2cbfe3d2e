// Package widget is the widget's model: what its frame shows, and Update, the one function that
// changes it. Update takes an event (the controls' news, what the scheduler published, a file
// chosen) and returns the new model and the effects the browser program carries out: questions
// for the scheduler and the engine, and what the page must show again. It knows nothing of the
// browser, as Ebiten's 2048 example keeps its board apart from input and drawing, so it is
// tested natively with datadriven scripts (testdata/); wasm/ turns browser events into events
// and carries the effects out.
package widget

import (
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/figuremode"
	"layoutlab/front/schedule"
)

// Model is what the frame shows: the scenario asked for, the engine's answers to it (taken from
// the scheduler, their one origin), the file selected and a version that tells Draw when to
// paint again.
type Model struct {
	Scenario scenario.Scenario   // the controls' scenario the frame asked for
	Gen      int                 // the scheduler's generation for Scenario (Ask)
	Answer   schedule.Answer     // the panel's answer shown
	Sim      schedule.Simulation // the timeline's run shown
	// The day under the slider, of Sim, and its files (nil when the day has none to show);
	// DayGen counts the days shown (Draw regroups the files when it changes).
	Day      int
	DayFiles *timeline.DayFiles
	DayErr   error
	DayGen   int
	Selected int                // the file hovered or tapped, -1 = none
	Stats    schedule.FileStats // the selected file's statistics (panel)
	Version  int                // bumped on every change worth a redraw

	// FigureKnobs are the controls a docs figure may show (figure.html); nil outside figure
	// mode. A figure swapped in shows those its scenario declares (front/figuremode).
	FigureKnobs []figuremode.Knob

	// ReadyInDraw: the program's Ready takes no lock of the scheduler's (figure mode:
	// wasm/main.go), so the frame that draws the first answer says it (drawn), and the
	// embedding page shows the figure with the frame that paints it. Otherwise the next
	// frame's Update says it, which waits for the renderer to present the frame drawn: under
	// SwiftShader 0.1-2 s after a swap (BenchmarkSwitch's answer..ready), where the bare page's
	// first frame is timed at its Draw.
	ReadyInDraw bool

	// The widget's readiness: the controls are built and bound, a frame has shown the engine's
	// answer for the controls' scenario (since the last swap), and the widget has said it is
	// ready (Ready) once both held.
	bound, answered, ready bool

	// What the frame's News asks of the rest of the frame, once the scheduler has published
	// (Published).
	asked, details, png, showControls bool
}

// New is the model before the first frame.
func New() Model { return Model{Selected: -1} }

// AnswerShown reports whether the model shows the engine's answer for the controls' scenario.
func (m *Model) AnswerShown() bool {
	if m.Scenario.View == "timeline" {
		// The run of this scenario's timeline: after a swap the last run shown may be the
		// previous figure's.
		key := m.Scenario.Timeline
		key.Day = 0
		return (m.Sim.Result != nil || m.Sim.Err != nil) && m.Sim.Key == key
	}
	return m.Answer.Result != nil && m.Answer.Gen == m.Gen
}

// ColorKey is the key whose span colours the panel's grid: the chosen one, else the first key.
func (m *Model) ColorKey() string {
	if m.Scenario.Panel.ColorKey != "" {
		return m.Scenario.Panel.ColorKey
	}
	if r := m.Answer.Result; r != nil && len(r.Keys) > 0 {
		return r.Keys[0]
	}
	return ""
}

// SimErr is the timeline's error to show: the simulation's, or its day's.
func (m *Model) SimErr() error {
	if m.Sim.Err != nil {
		return m.Sim.Err
	}
	return m.DayErr
}

// Event is what Update takes.
type Event interface{ event() }

// News is what the controls handed the frame since the last one.
type News struct {
	Scenario   *scenario.Scenario // the controls' scenario, when it changed
	Swap       bool               // Scenario came from a changed fragment: another figure
	SwapError  *string            // a changed fragment that does not parse: the notice
	InputError *string            // the message for a refused value ("" clears it)
	Typed      map[string]string  // knob id → the value its control shows now
	Refused    map[string]bool    // knob id → its control shows a refused value
	PNG        bool               // the PNG export asks Draw to read the frame back
	Details    bool               // a <details> of the timeline's text was opened
	Bound      bool               // the controls are built and bound
}

// Asked is the scheduler's generation for the scenario an Ask effect asked.
type Asked struct{ Gen int }

// Published is what the scheduler has published, read after the frame's Ask.
type Published struct {
	Panel    schedule.Answer
	Timeline schedule.Simulation
	Stats    schedule.FileStats
}

// DayLoaded is the day's files a LoadDay effect asked for, and the time the day took.
type DayLoaded struct {
	Files *timeline.DayFiles // nil with Err
	Err   error
	Ms    float64
}

// Select chooses file i of the grid drawn (-1: none).
type Select struct{ File int }

// StatsRead is the selected file's statistics as the scheduler has them after an AskStats.
type StatsRead struct{ Stats schedule.FileStats }

// Drawn is a frame painted from the model.
type Drawn struct{}

func (News) event()      {}
func (Asked) event()     {}
func (Published) event() {}
func (DayLoaded) event() {}
func (Select) event()    {}
func (StatsRead) event() {}
func (Drawn) event()     {}

// Effect is what Update asks the browser program to do, in order.
type Effect interface{ effect() }

type (
	// ShowInputError shows (or, "", clears) the message for a refused value.
	ShowInputError struct{ Text string }
	// KnobsShown notes what the controls show now, so that syncing them leaves a typed value
	// alone and restores a refused one.
	KnobsShown struct {
		Typed   map[string]string
		Refused map[string]bool
	}
	// ShowNotice shows a notice above the figure.
	ShowNotice struct{ Text string }
	// SwapFigure makes the page another figure's: its theme (Scenario.Figure.Theme) and, in
	// figure mode, its controls, readouts, notice and link (Figure, nil outside figure mode); the
	// scheduler forgets the figure before, and idle work in figure mode waits for the reader's
	// first touch of the new figure.
	SwapFigure struct {
		Scenario scenario.Scenario
		Figure   *figuremode.Page
	}
	// Ask asks the scheduler for Scenario and waits up to Wait for the panel's answer (0: does
	// not wait); its generation comes back as Asked.
	Ask struct {
		Scenario scenario.Scenario
		Wait     time.Duration
	}
	// EngineTime is the engine's time on what is now shown (the timing script's).
	EngineTime struct{ Ms float64 }
	// LoadDay reads the files of day Day of the run Result; they come back as DayLoaded.
	LoadDay struct {
		Result *timeline.Result
		Day    int
	}
	// AskStats asks for the statistics of file File of Result, and waits for them unless a run
	// is under way; they come back as StatsRead.
	AskStats struct {
		Result *panel.Result
		File   int
	}
	ShowPanel        struct{} // the panel's readouts and text, for the answer shown
	ShowTimeline     struct{} // the timeline's readouts and text, for the day shown
	ShowSelected     struct{} // the selected file's add action
	ShowTimelineText struct{} // the timeline's opened <details>
	ShowControls     struct{} // the controls, once bound
	ExportPNG        struct{} // the next Draw reads the frame back as PNG
	// Ready: the widget's first answer is drawn and its controls are bound; the program says
	// so to tests and embedding pages, and lets the scheduler work ahead (in figure mode, from
	// the reader's first touch).
	Ready        struct{}
	SyncControls struct{} // the controls follow the scenario
	// AnswerDrawn: the frame painted shows the engine's answer for the controls' scenario, for
	// the timing script (Panel is the panel's scenario answered, nil for a timeline).
	AnswerDrawn struct{ Panel *scenario.Panel }
	// NextFrame asks for another frame (whose Update announces the widget ready).
	NextFrame struct{}
)

func (ShowInputError) effect()   {}
func (KnobsShown) effect()       {}
func (ShowNotice) effect()       {}
func (SwapFigure) effect()       {}
func (Ask) effect()              {}
func (EngineTime) effect()       {}
func (LoadDay) effect()          {}
func (AskStats) effect()         {}
func (ShowPanel) effect()        {}
func (ShowTimeline) effect()     {}
func (ShowSelected) effect()     {}
func (ShowTimelineText) effect() {}
func (ShowControls) effect()     {}
func (ExportPNG) effect()        {}
func (Ready) effect()            {}
func (AnswerDrawn) effect()      {}
func (NextFrame) effect()        {}
func (SyncControls) effect()     {}
