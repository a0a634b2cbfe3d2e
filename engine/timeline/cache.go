package timeline

import "layoutlab/engine/scenario"

// Engine runs timelines for an interactive caller (the widget) and keeps the last run: a
// scenario that differs from the last one only in Day (the day slider) is answered from it
// without running anything. Per-day views (DayFiles, Describe) are computed on demand from the
// kept run. The zero Engine is ready; it is not safe for concurrent use.
type Engine struct {
	// Progress, when set, is passed to RunWithProgress for every run the Engine makes (a
	// slider move answered from the last run calls nothing).
	Progress Progress

	key scenario.Timeline // the last run's defaulted scenario with Day = 0
	res *Result
}

// Run returns the run of s, reusing the last one when only s.Day changed.
func (e *Engine) Run(s scenario.Timeline) (*Result, error) {
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
		out.Link = scenario.Link(sc)
		e.res = &out
		return e.res, nil
	}
	res, err := RunWithProgress(s, e.Progress)
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
