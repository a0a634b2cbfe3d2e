package schedule

// PanelEngine adapts today's panel.Engine to the Engine interface, which engine/panel's Store
// implements (CONTRACT.md): at merge, this file gives way to a few lines over the Store.

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// PanelEngine is the Engine over panel.Engines on one Store: one for the answers shown and
// computed ahead, one for the rehearsals, so that a rehearsal leaves the first's working state
// (its last layout and statistics) alone.
type PanelEngine struct {
	main, rehearsal panel.Engine
	last            [2]answered                      // each engine's last answer
	asked           map[*panel.Result]scenario.Panel // every answer's scenario, for FileStats
	order           []*panel.Result                  // asked's keys, oldest first
	// Reruns counts the runs FileStats made to bring the main engine back to an answer.
	Reruns int
}

type answered struct {
	p   scenario.Panel
	res *panel.Result
}

// maxAsked bounds the answers whose statistics can be asked for: the one shown, the drag's
// answers computed ahead and a round's rehearsals.
const maxAsked = 32

// NewPanelEngine adapts e, whose last answer res was for p (res nil: none).
func NewPanelEngine(e *panel.Engine, p scenario.Panel, res *panel.Result) *PanelEngine {
	if e.Store == nil {
		e.Store = &panel.Store{}
	}
	a := &PanelEngine{main: *e, asked: map[*panel.Result]scenario.Panel{}}
	a.rehearsal.Store = e.Store
	if res != nil {
		a.note(0, p, res)
	}
	return a
}

func (a *PanelEngine) note(k int, p scenario.Panel, res *panel.Result) {
	a.last[k] = answered{p, res}
	if _, ok := a.asked[res]; !ok {
		a.order = append(a.order, res)
		if len(a.order) > maxAsked {
			delete(a.asked, a.order[0])
			a.order = a.order[1:]
		}
	}
	a.asked[res] = p
}

// Answer runs p on the rehearsal engine at panel.Rehearsal, on the main one otherwise.
func (a *PanelEngine) Answer(p scenario.Panel, prio panel.Priority, yield Yield) (*panel.Result, error) {
	k, e := 0, &a.main
	if prio == panel.Rehearsal {
		k, e = 1, &a.rehearsal
	}
	if l := a.last[k]; l.res != nil && reflect.DeepEqual(l.p, p) {
		return l.res, nil
	}
	var stop error
	e.Progress = func(step string) bool {
		stop = yield(step)
		return stop != nil
	}
	res := e.Answer(p, prio)
	e.Progress = nil
	if res == nil {
		return nil, stop
	}
	a.note(k, p, res)
	return res, nil
}

// Ready reports whether p is the main engine's last answer.
func (a *PanelEngine) Ready(p scenario.Panel) bool {
	return a.last[0].res != nil && reflect.DeepEqual(a.last[0].p, p)
}

// Prepare generates one more column of the main engine's table. The column is finished before
// a stop is reported: panel.Engine.FillAll cannot be stopped mid-way.
func (a *PanelEngine) Prepare(p scenario.Panel, prio panel.Priority, yield Yield) (bool, error) {
	var stop error
	a.main.Progress = func(step string) bool {
		if stop == nil {
			stop = yield(step)
		}
		return false
	}
	defer func() { a.main.Progress = nil }()
	remaining, err := a.main.FillAll(1)
	if stop != nil {
		return true, stop
	}
	return remaining, err
}

// FileStats runs the main engine on res's scenario first when its last answer is another (a
// count computed ahead, a rehearsal): its statistics are those of its last run.
func (a *PanelEngine) FileStats(res *panel.Result, i int) (minValues, maxValues, nullCount json.RawMessage, err error) {
	if a.last[0].res != res {
		p, ok := a.asked[res]
		if !ok {
			return nil, nil, nil, errors.New("schedule: statistics asked of an answer no longer kept")
		}
		if a.main.Run(p) == nil {
			return nil, nil, nil, errors.New("schedule: the engine stopped")
		}
		a.last[0] = answered{p, res} // the same answer: res's files are the run's
		a.Reruns++
	}
	mins, maxs, nulls, ok := a.main.FileStatsObjects(i)
	if !ok {
		return nil, nil, nil, fmt.Errorf("schedule: no file %d in the answer", i)
	}
	return mins, maxs, nulls, nil
}
