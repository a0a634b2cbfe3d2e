package panel

import (
	"errors"
	"fmt"

	"layoutlab/engine/work"
)

// errNotReady ends a Ready check at the first stage not stored; errPrepared ends a Prepare at
// the second stage to compute. Neither leaves the package.
var (
	errNotReady = errors.New("panel: a stage is not stored")
	errPrepared = errors.New("panel: a stage prepared")
)

// run is one pass over the stages for an answer: its priority, its Yield, and how far it may
// compute (Answer: everything; Ready: nothing; Prepare: one stage). The Yield is told each
// stage's step before it runs and the progress of the long ones (a column's rows, a sort's
// passes); an error it returns stops the run: the stage under way is dropped (never half
// stored), every finished stage stays stored, and Answer returns that error.
type run struct {
	s     *Store
	prio  Priority
	yield work.Yield
	// dry: every stage must be stored (Ready); budget: stages left to compute, < 0 for no limit
	// (Prepare gives one).
	dry    bool
	budget int
	stop   error // the error that stopped the run, once one has
}

// halted reports whether err is the error that stopped the run (rather than a stage's own
// failure, which the answer reports).
func (r *run) halted(err error) bool { return err != nil && err == r.stop }

// need is called before a stage that only combines others computes: it stops a Ready check.
func (r *run) need() error {
	if r.dry {
		r.stop = errNotReady
		return r.stop
	}
	return nil
}

// begin is called before a stage computes (after the stages it reads are stored), with its step for Yield ("" for a stage too short to
// name). It returns the error that stops the run there.
func (r *run) begin(step string) error {
	if err := r.need(); err != nil {
		return err
	}
	if r.budget == 0 {
		r.stop = errPrepared
		return r.stop
	}
	if r.budget > 0 {
		r.budget--
	}
	if step == "" {
		return nil
	}
	return r.report(step)
}

// report passes a step within a stage to Yield.
func (r *run) report(step string) error { return r.yielder().Begin(step) }

// yielder is the run's Yield for a stage and the packages below it (table, layout): it records
// the error that stops the run, so that halted tells it from a stage's own failure. nil when
// there is no Yield, so that they skip their progress work.
func (r *run) yielder() work.Yield {
	if r.yield == nil {
		return nil
	}
	return func(p work.Progress) error {
		if err := r.yield(p); err != nil {
			r.stop = err
			return err
		}
		return nil
	}
}

// internalError is a panic in a stage, turned into the Result's error so that the page keeps
// working.
func internalError(x any) *Error {
	return &Error{Class: "LAYOUTLAB_INTERNAL", Message: fmt.Sprint("internal error: ", x)}
}
