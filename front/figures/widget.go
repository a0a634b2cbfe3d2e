package figures

import (
	"reflect"

	"layoutlab/engine/scenario"
	"layoutlab/front/boundary"
	"layoutlab/front/schedule"
)

func wb() *boundary.WidgetBoundary { return boundary.Widget() }

// Widget is the widget's sink: its frames (Update and Draw calls, each frame drawn with its Go
// times), its first paint and first answer, when it is ready, the scheduler's counts and the
// canvas's label images.
type Widget struct {
	w   Writer
	now func() float64 // ms since the page's start: performance.now() in the browser
	// funcs are the functions the page may call for figures read when it asks (gcCycles, ...),
	// set with the first answer.
	funcs map[boundary.Out]any

	updates, draws int
	aheadHits      int // the count last written
	scenarios      int // shown by the page: 1 at load, one more for each swap
	painted        bool
	answered       bool
	drawStart      float64
	engineMs       float64 // the engine's time on the answer shown

	// The scenario package firstrun answered while Go initialised the program, and its time
	// there (0 when it answered none): the first answer's stages were computed then.
	firstAsked scenario.Panel
	firstMs    float64

	// Label images rasterised, and the digits warmed ahead with their time (wasm/labels.go).
	LabelRasters, WarmedDigits int
	WarmMs                     float64
}

// NewWidget is the widget's sink writing to w, timing with now. firstMs is the time package
// firstrun spent answering firstAsked while Go initialised the program (0 for none).
func NewWidget(w Writer, now func() float64, funcs map[boundary.Out]any, firstAsked scenario.Panel, firstMs float64) *Widget {
	return &Widget{w: w, now: now, funcs: funcs, scenarios: 1, firstAsked: firstAsked, firstMs: firstMs}
}

// Updated counts one of Ebiten's Update calls: a frame run, drawn or not.
func (s *Widget) Updated() {
	s.updates++
	s.w.Set(wb().Updates, s.updates)
}

// DrawCalled counts one of Ebiten's Draw calls.
func (s *Widget) DrawCalled() {
	s.draws++
	s.w.Set(wb().Draws, s.draws)
}

// DrawBegins notes when a frame that draws begins issuing its draws.
func (s *Widget) DrawBegins() { s.drawStart = s.now() }

// Painted notes a frame drawn, and reports whether it was the first.
func (s *Widget) Painted() bool {
	if s.painted {
		return false
	}
	s.painted = true
	s.w.Set(wb().FirstPaint, s.now())
	return true
}

// Engine notes the engine's time on the answer now shown.
func (s *Widget) Engine(ms float64) { s.engineMs = ms }

// Answered notes a frame drawn that shows the engine's answer to panel (nil for a timeline's):
// the first such frame is the timing script's first frame, and starts the counts. It reports
// whether this frame was that first one.
func (s *Widget) Answered(panel *scenario.Panel) bool {
	first := !s.answered
	if first {
		s.answered = true
		engineMs, initMs := s.engineMs, 0.0
		if s.firstMs > 0 && panel != nil && reflect.DeepEqual(*panel, s.firstAsked) {
			engineMs, initMs = engineMs+s.firstMs, s.firstMs
		}
		s.w.Set(wb().FirstFrame, s.now())
		s.w.Set(wb().EngineMs, engineMs)
		s.w.Set(wb().FirstRunInInitMs, initMs)
		s.w.Set(wb().Frames, 0)
		s.w.Set(wb().Scenarios, s.scenarios)
		s.Counted(schedule.Counts{})
		for o, f := range s.funcs {
			s.w.Set(o, f)
		}
	}
	s.w.Call(wb().FrameDrawn, s.updates, s.engineMs, s.now()-s.drawStart)
	return first
}

// Ready notes that the widget said it is ready.
func (s *Widget) Ready() {
	s.w.Set(wb().ReadyAt, s.now())
	s.w.Set(wb().Ready, true)
}

// Swapped notes another scenario swapped in (embed.js reuses the frame): not ready until its
// answer is drawn, which is a first answer again.
func (s *Widget) Swapped() {
	s.answered = false // its first answer starts the counts again
	s.w.Set(wb().Ready, false)
	s.scenarios++
	s.w.Set(wb().Scenarios, s.scenarios)
}

// AheadHits writes the moves answered from an answer computed ahead, when that count changed.
func (s *Widget) AheadHits(n int) {
	if n != s.aheadHits {
		s.aheadHits = n
		s.w.Set(wb().AheadHits, n)
	}
}

// Counted writes the scheduler's counts: the worker's figures.
func (s *Widget) Counted(c schedule.Counts) {
	s.w.Set(wb().AheadHits, c.AheadHits)
	s.w.Set(wb().AheadRuns, c.AheadRuns)
	s.w.Set(wb().AheadMs, c.AheadMs)
	s.w.Set(wb().AheadSyncs, c.StatsKept)
	s.w.Set(wb().Rehearsals, c.Rehearsals)
	s.w.Set(wb().RehearsalsDue, c.Due)
	s.w.Set(wb().Adopted, c.Rehearsed)
	s.w.Set(wb().RehearsalRounds, c.Rounds)
	s.w.Set(wb().TimelinePrepared, c.Prepared)
	s.w.Set(wb().Settled, c.Settled)
}
