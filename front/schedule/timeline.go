package schedule

import (
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// TimelineEngine is the Timeline over timeline.Engine, which keeps the last run.
type TimelineEngine struct{ timeline.Engine }

// PrepareDays is res.PrepareDayFiles.
func (e *TimelineEngine) PrepareDays(res *timeline.Result) { res.PrepareDayFiles() }

// Run simulates s. timeline.Engine keeps only finished runs, so a run yield stops leaves it as
// it was.
func (e *TimelineEngine) Run(s scenario.Timeline, yield Yield) (*timeline.Result, error) {
	return e.Engine.RunYield(s, yield)
}
