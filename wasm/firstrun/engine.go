package firstrun

import (
	"encoding/json"
	"errors"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// Engine is the calls the widget makes for the panel, over a panel.Store: a stop-gap adapter
// from the widget's old panel.Engine to the Store's API until the widget is rewritten for it
// (issue #36). Progress returning true stops an answer: Answer then returns nil.
type Engine struct {
	Progress func(step string) (stop bool)
	Store    *panel.Store
	last     *panel.Result
	lastIn   scenario.Panel
}

var errStopped = errors.New("firstrun: stopped by Progress")

// Run is Answer for the answer shown.
func (e *Engine) Run(p scenario.Panel) *panel.Result { return e.Answer(p, panel.Shown) }

// Answer is Store.Answer, nil when Progress stopped it.
func (e *Engine) Answer(p scenario.Panel, prio panel.Priority) *panel.Result {
	if e.Store == nil {
		e.Store = panel.NewStore()
	}
	res, err := e.Store.Answer(p, prio, e.yield())
	if err != nil {
		return nil
	}
	e.last, e.lastIn = res, p
	return res
}

func (e *Engine) yield() panel.Yield {
	if e.Progress == nil {
		return nil
	}
	return func(step string) error {
		if e.Progress(step) {
			return errStopped
		}
		return nil
	}
}

// FileStatsObjects is Store.FileStats for file i of the last answer.
func (e *Engine) FileStatsObjects(i int) (minValues, maxValues, nullCount json.RawMessage, ok bool) {
	if e.last == nil {
		return nil, nil, nil, false
	}
	mins, maxs, nulls, err := e.Store.FileStats(e.last, i)
	return mins, maxs, nulls, err == nil
}

// FillAll is Store.Prepare for the last answer's panel (max is ignored: one stage a call).
func (e *Engine) FillAll(max int) (remaining bool, err error) {
	if e.last == nil {
		return false, nil
	}
	return e.Store.Prepare(e.lastIn, panel.Rehearsal, e.yield())
}
