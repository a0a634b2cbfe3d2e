package widget

import (
	"layoutlab/engine/scenario"
	"layoutlab/front/figuremode"
	"layoutlab/front/schedule"
)

// Update is the frame's work on the model. A frame gives it News, then Asked for the Ask it
// asked, then Published, what the scheduler has published since (a panel move waits for its
// answer up to schedule.PanelWait, FirstWait for the first, so that a move the engine answers
// within a frame is drawn in the frame that asked). A day to show is asked for with LoadDay and
// comes back as DayLoaded; a file chosen is Select, its statistics StatsRead.
func Update(m Model, ev Event) (Model, []Effect) {
	switch ev := ev.(type) {
	case News:
		return m.news(ev)
	case Asked:
		m.Gen = ev.Gen
		return m, nil
	case Published:
		return m.published(ev)
	case DayLoaded:
		m.DayFiles, m.DayErr = ev.Files, ev.Err
		fx := []Effect{EngineTime{ev.Ms}}
		if m.Sim.Result != nil || m.Sim.Err != nil {
			fx = append(fx, ShowTimeline{})
		}
		return m, fx
	case Select:
		m.Selected = ev.File
		m.Version++
		if m.Scenario.View != "timeline" && m.Answer.Result != nil && ev.File >= 0 && ev.File < len(m.Answer.Result.Files) {
			return m, []Effect{AskStats{m.Answer.Result, ev.File}}
		}
		return m, []Effect{ShowSelected{}}
	case StatsRead:
		if s := ev.Stats; s.Result == m.Answer.Result && s.File == m.Selected {
			m.Stats = s
		}
		return m, []Effect{ShowSelected{}}
	case Drawn:
		return m.drawn()
	}
	panic("widget: unknown event")
}

// news takes the controls' news: what to show at once, another figure swapped in, and the
// scenario to ask for; the rest waits for Published.
func (m Model) news(n News) (Model, []Effect) {
	var fx []Effect
	if n.InputError != nil {
		fx = append(fx, ShowInputError{*n.InputError})
	}
	if n.Typed != nil || n.Refused != nil {
		fx = append(fx, KnobsShown{n.Typed, n.Refused})
	}
	if n.SwapError != nil {
		fx = append(fx, ShowNotice{*n.SwapError})
	}
	if n.Swap && n.Scenario != nil {
		swap := SwapFigure{Scenario: *n.Scenario}
		if m.FigureKnobs != nil {
			p := figuremode.PageOf(n.Scenario, m.FigureKnobs)
			swap.Figure = &p
		}
		fx = append(fx, swap)
		// Not ready again until the new scenario's first answer is drawn.
		m.answered, m.ready = false, false
		// The figure before is forgotten, and what the frame shows of it: until the new answer
		// comes the canvas shows the background (issue #37).
		m.Answer = schedule.Answer{Gen: m.Answer.Gen}
		m.Sim, m.Stats = schedule.Simulation{}, schedule.FileStats{}
		m.DayFiles, m.DayErr = nil, nil
		m.Selected = -1
		m.Version++
	}
	m.asked, m.details, m.png, m.showControls = n.Scenario != nil, n.Details, n.PNG, n.Bound
	m.bound = m.bound || n.Bound
	if n.Scenario != nil {
		m.Scenario = *n.Scenario
		ask := Ask{Scenario: m.Scenario}
		if m.Scenario.View != "timeline" {
			ask.Wait = schedule.PanelWait
			if m.Answer.Result == nil {
				ask.Wait = schedule.FirstWait
			}
		}
		fx = append(fx, ask)
	}
	return m, fx
}

// published takes what the scheduler published: a new panel answer, a new timeline run (or the
// day of the one shown), the selected file's statistics that came after the frame that asked
// stopped waiting; then the rest of the frame's news.
func (m Model) published(p Published) (Model, []Effect) {
	var fx []Effect
	if a := p.Panel; a.Gen != m.Answer.Gen {
		m.Answer = a
		fx = append(fx, EngineTime{a.Ms})
		m.Selected, m.Stats = -1, schedule.FileStats{}
		m.Version++
		if m.Scenario.View != "timeline" && a.Result != nil { // nil: forgotten at a swap
			fx = append(fx, ShowPanel{})
		}
	}
	// A run replaces the answer given ahead for it under the same Gen (schedule.Scheduler.Given).
	if s := p.Timeline; s.Gen != m.Sim.Gen || s.Result != m.Sim.Result {
		m.Sim = s
		if m.Scenario.View == "timeline" {
			m, fx = m.selectDay(fx)
		}
	} else if m.asked && m.Scenario.View == "timeline" {
		m, fx = m.selectDay(fx)
	}
	if s := p.Stats; s.Result != nil && s.Result == m.Answer.Result && s.File == m.Selected &&
		(s.Result != m.Stats.Result || s.File != m.Stats.File) {
		m.Stats = s
		m.Version++ // the tip shows them
		fx = append(fx, ShowSelected{})
	}
	if m.details {
		fx = append(fx, ShowTimelineText{})
	}
	if m.png {
		m.Version++
		fx = append(fx, ExportPNG{})
	}
	if m.showControls {
		fx = append(fx, ShowControls{})
	}
	// Said here, in Update, not in Draw: Draw takes no lock of the scheduler's, which Ready
	// starts.
	if m.answered && m.bound && !m.ready {
		m.ready = true
		fx = append(fx, Ready{})
	}
	if m.asked || m.showControls {
		// Here rather than in the input handler: Ebiten has just read the page's size (a
		// forced layout if the DOM had changed), and these writes, like the readouts', are laid
		// out once with the frame.
		fx = append(fx, SyncControls{})
	}
	m.asked, m.details, m.png, m.showControls = false, false, false, false
	return m, fx
}

// drawn takes a frame painted: once it shows the answer for the controls' scenario the widget
// is answered, and, its controls bound, says it is ready in that frame (ReadyInDraw) or asks for
// the frame that says so.
func (m Model) drawn() (Model, []Effect) {
	if !m.AnswerShown() {
		return m, nil
	}
	var panel *scenario.Panel
	if m.Answer.Result != nil {
		panel = &m.Answer.Panel
	}
	fx := []Effect{AnswerDrawn{panel}}
	if !m.answered {
		m.answered = true
		switch {
		case m.bound && m.ReadyInDraw:
			m.ready = true
			fx = append(fx, Ready{})
		case m.bound:
			fx = append(fx, NextFrame{})
		}
	}
	return m, fx
}

// selectDay shows the day under the slider of the run shown: its files are read (LoadDay), or,
// when the run has none, the day shows what there is.
func (m Model) selectDay(fx []Effect) (Model, []Effect) {
	m.DayFiles, m.DayErr = nil, nil
	m.DayGen++
	m.Selected = -1
	m.Version++
	if m.Sim.Result != nil && m.Sim.Err == nil {
		m.Day = m.Scenario.Timeline.Day
		if m.Day == 0 || m.Day > len(m.Sim.Result.Days) {
			m.Day = len(m.Sim.Result.Days)
		}
		if g := m.Sim.Result.GivenDay(); g != 0 {
			// An answer given ahead holds its day's grid alone: the figure shows that day, whole,
			// until the run comes (published), which selects the day asked.
			m.Day = g
		}
		return m, append(fx, LoadDay{m.Sim.Result, m.Day})
	}
	fx = append(fx, EngineTime{0})
	if m.Sim.Err != nil {
		fx = append(fx, ShowTimeline{})
	}
	return m, fx
}
