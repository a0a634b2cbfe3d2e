// Package work is how a long computation cooperates with its caller, as context.Context does
// for cancellation: it tells a Yield which step it is on and how far it has got, and a Yield
// that returns an error stops it; the computation returns that error up the stack (never a
// panic) and keeps nothing half made. A nil Yield listens to nothing and stops nothing.
//
// The browser runs the engine on its one thread: its Yield hands the page a turn (to paint
// and take input) and stops a run that a newer move made stale. The CLI passes nil.
package work

import "strconv"

// Progress is what a computation tells its Yield: the step under way and, inside it, how far
// it has got. Done and Total are 0 as the step begins.
type Progress struct {
	Step  string // "Generating column a", "radix pass 2 of 3"
	Done  int    // of Total, in Unit
	Total int
	Unit  string // what Done counts ("rows", "keys"); "" names nothing
}

// String is the progress line a page shows: "radix pass 2 of 3: 262144 of 1000000 keys", or
// the step alone as it begins.
func (p Progress) String() string {
	if p.Done == 0 && p.Total == 0 {
		return p.Step
	}
	s := p.Step + ": " + strconv.Itoa(p.Done) + " of " + strconv.Itoa(p.Total)
	if p.Unit != "" {
		s += " " + p.Unit
	}
	return s
}

// Yield is told each Progress; a non-nil error stops the work, which returns that error.
type Yield func(Progress) error

// Begin tells y that step begins.
func (y Yield) Begin(step string) error {
	if y == nil {
		return nil
	}
	return y(Progress{Step: step})
}

// Tick tells y that step has done done of total units.
func (y Yield) Tick(step string, done, total int, unit string) error {
	if y == nil {
		return nil
	}
	return y(Progress{Step: step, Done: done, Total: total, Unit: unit})
}

// Within is y for the parts of step: a part's Progress reaches y named "step: part". nil when
// y is nil, so that the work below skips its reporting.
func (y Yield) Within(step string) Yield {
	if y == nil {
		return nil
	}
	return func(p Progress) error {
		p.Step = step + ": " + p.Step
		return y(p)
	}
}
