package schedule

import (
	"fmt"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// TimelineEngine is the Timeline over timeline.Engine, which keeps the last run.
type TimelineEngine struct{ timeline.Engine }

// PrepareDays is res.PrepareDayFiles.
func (e *TimelineEngine) PrepareDays(res *timeline.Result) { res.PrepareDayFiles() }

// stopped carries the error with which Yield stopped a simulation out of its Progress.
type stopped struct{ err error }

// Run simulates s. timeline.Engine keeps only finished runs, so a run stopped mid-way (its
// Progress unwound) leaves it as it was.
func (e *TimelineEngine) Run(s scenario.Timeline, yield Yield) (res *timeline.Result, err error) {
	defer func() {
		e.Progress = nil
		if r := recover(); r != nil {
			st, ok := r.(stopped)
			if !ok {
				panic(r)
			}
			res, err = nil, st.err
		}
	}()
	e.Progress = func(done, days int) {
		if err := yield(fmt.Sprintf("day %d of %d", done, days)); err != nil {
			panic(stopped{err})
		}
	}
	return e.Engine.Run(s)
}
