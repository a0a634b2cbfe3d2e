package timeline

import (
	"layoutlab/engine/scenario"
	"layoutlab/engine/work"
)

// Engine runs timelines for an interactive caller (the widget) and keeps the last run: a
// scenario that differs from the last one only in Day (the day slider) is answered from it
// without running anything, and a new run whose rows are the last run's reads that table. Per-day views (DayFiles, Describe) are computed on demand from the
// kept run. The zero Engine is ready; it is not safe for concurrent use.
type Engine struct {
	key scenario.Timeline // the last run's defaulted scenario with Day = 0
	res *Result
}

// Run returns the run of s, reusing the last one when only s.Day changed.
func (e *Engine) Run(s scenario.Timeline) (*Result, error) { return e.RunYield(s, nil) }

// RunYield is Run telling yield each simulated day of a run it makes (RunYield; a slider
// move answered from the last run tells nothing). A run its error stops is not kept.
func (e *Engine) RunYield(s scenario.Timeline, yield work.Yield) (*Result, error) {
	sc := scenario.Scenario{View: "timeline", Timeline: s}
	sc.EnsureDefaults()
	key := sc.Timeline
	key.Day = 0
	if e.res != nil && key == e.key {
		if sc.Timeline.Day == e.res.Scenario.Day {
			return e.res, nil
		}
		if err := sc.Validate(); err != nil {
			return nil, err
		}
		out := *e.res
		out.Scenario.Day = sc.Timeline.Day
		e.res = &out
		return e.res, nil
	}
	// A knob that does not change the rows (strategy, sizes, days of events) reruns on the last
	// run's table: the same rows, not generated again.
	o := options{yield: yield}
	if e.res != nil {
		o.rows = e.res.run.g
	}
	res, err := runWith(s, o)
	if err != nil {
		return nil, err
	}
	e.key, e.res = key, res
	return res, nil
}

// Selected returns the day the scenario's slider selects (Day, or the last day when 0).
func (res *Result) Selected() *Day {
	d := res.Scenario.Day
	if d == 0 || d > len(res.Days) {
		d = len(res.Days)
	}
	return &res.Days[d-1]
}

// Forget drops the run kept.
func (e *Engine) Forget() { e.key, e.res = scenario.Timeline{}, nil }
