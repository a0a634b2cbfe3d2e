package timeline

import (
	"errors"
	"fmt"

	"layoutlab/engine/scenario"
)

// Given is a run's answer as a frame first draws it, computed ahead (at build time, by
// cmd/givenanswers) and read back: the scenario as run, every day's readouts (the chart), and
// the day the slider shows with its file grid and statements. A Result made from it (Result)
// answers that figure without running it, until the run itself comes (a widget runs it behind).
// It is a plain value: front/givenanswer stores it in gob, which carries every field exactly.
type Given struct {
	Scenario   scenario.Timeline `json:"scenario"`
	Days       []Day             `json:"days"`
	Day        int               `json:"day"`
	Files      DayFiles          `json:"files"`
	Statements []string          `json:"statements"`
	Lookup     string            `json:"lookup"`
}

// ErrGiven is the answer of a view a given answer does not hold (another day's grid, the log,
// DESCRIBE): the run it stands for has not been run here.
var ErrGiven = errors.New("timeline: this answer was given ahead, its run is not here yet")

// Give is what a frame first draws of res: its days and day's (1..Days) grid and statements.
func (res *Result) Give(day int) (*Given, error) {
	if res.run == nil {
		return nil, ErrGiven
	}
	g := &Given{Scenario: res.Scenario, Days: res.Days, Day: day}
	if err := res.DayFilesInto(&g.Files, day); err != nil {
		return nil, err
	}
	g.Statements, g.Lookup = res.Statements(day)
	return g, nil
}

// Result is the Result g stands for: its days, and for its day the grid and statements; every
// other view (another day's grid, Commits, Snapshot, Describe) answers ErrGiven.
func (g *Given) Result() *Result {
	return &Result{Scenario: g.Scenario, Days: g.Days, given: g}
}

// IsGiven reports whether res was given ahead (Given.Result) rather than run.
func (res *Result) IsGiven() bool { return res.run == nil && res.given != nil }

// GivenDay is the day whose grid a given answer holds (Given.Day), 0 for a run.
func (res *Result) GivenDay() int {
	if !res.IsGiven() {
		return 0
	}
	return res.given.Day
}

// givenDayFiles is DayFilesInto of a given answer: its day's grid, copied.
func (res *Result) givenDayFiles(df *DayFiles, day int) error {
	g := res.given
	if g == nil {
		return fmt.Errorf("timeline: a Result holds no run")
	}
	if day != g.Day {
		return fmt.Errorf("day %d: %w (only day %d is)", day, ErrGiven, g.Day)
	}
	files := append(df.Files[:0], g.Files.Files...)
	*df = g.Files
	df.Files = files
	return nil
}
