package schedule

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/engine/work"
)

// The kinds of work, in the order the worker takes them (pick).
type jobKind uint8

const (
	jobAnswer   jobKind = iota // the answer for the newest move
	jobStats                   // a hovered file's statistics
	jobSimulate                // the timeline asked for
	jobAhead                   // a file count a files-slider drag may reach next
	jobRehearse                // another layout of the answer shown (idle)
	jobFill                    // one more of the table's columns (idle)
	jobDays                    // the simulation's day grids (idle)
	jobPrepare                 // the answer for the figure the page may swap to next
)

type job struct {
	kind  jobKind
	gen   int // Ask's generation (jobAnswer, jobAhead) or the simulation's (jobSimulate)
	p     scenario.Panel
	key   scenario.Timeline
	stats FileStats
	round *panel.Result    // jobRehearse: the answer its round rehearses for
	run   *timeline.Result // jobDays
}

// tableOf is what identifies p's table: its rows and seed.
type tableOf struct {
	rows int
	seed uint64
}

// Work runs the work asked for, forever: the widget's worker goroutine.
func (s *Scheduler) Work() {
	for {
		ran, idleAt := s.Step()
		if ran {
			continue
		}
		if idleAt.IsZero() {
			<-s.wake
			continue
		}
		t := time.NewTimer(idleAt.Sub(s.clock.Now()))
		select {
		case <-s.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// Step runs the most urgent piece of work, if any, and reports whether it ran one; when none is
// due, idleAt is when idle work may start (zero: none until something is asked).
func (s *Scheduler) Step() (ran bool, idleAt time.Time) {
	s.mu.Lock()
	forget := s.forget
	s.forget = false
	// What was prepared for the figure swapped to is kept: the timeline engine's run when it
	// is that figure's, the panel engine's store (its stages answer the file statistics).
	nf := s.forgetFor
	j, idleAt := s.pick(s.clock.Now())
	s.mu.Unlock()
	if forget {
		s.forgetEngines(nf)
		// What the figures before held is garbage now: collected here, the heap's next goal
		// is set from what is left, and the next figure's work reuses that memory rather than
		// growing the instance's (which never shrinks).
		runtime.GC()
		s.trace("collected")
	}
	if j == nil {
		if idleAt.IsZero() {
			s.settle()
		}
		return false, idleAt
	}
	switch j.kind {
	case jobAnswer:
		s.runAnswer(j)
	case jobStats:
		s.runStats(j)
	case jobSimulate:
		s.runSimulate(j)
	case jobAhead:
		s.runAhead(j)
	case jobRehearse:
		s.runRehearse(j)
	case jobFill:
		s.runFill(j)
	case jobDays:
		s.runDays(j)
	case jobPrepare:
		s.runPrepare(j)
	}
	if s.Counted != nil {
		s.Counted(s.Counts())
	}
	return true, time.Time{}
}

// forgetEngines drops the engines' stores for Forget, but what was prepared (nf) for the figure
// swapped to: the timeline engine's run when it is that figure's, the panel engine's store (its
// stages answer the file statistics) when that figure is a panel. Only the worker calls it.
func (s *Scheduler) forgetEngines(nf prepared) {
	if !nf.on || nf.view == "timeline" {
		s.eng.Forget()
	}
	if !(nf.on && nf.view == "timeline" && nf.key == s.tlKept) {
		s.tl.Forget()
		s.tlKept = scenario.Timeline{}
	}
	s.trace("forgot")
}

// settle notes, when the worker finds nothing to do and the page is ready, that the work is
// settled (Counts.Settled) until the next Ask; and passes on counts the frame changed (adopt).
func (s *Scheduler) settle() {
	s.mu.Lock()
	changed := s.started && !s.inputPending && !s.counts.Settled
	if changed {
		s.counts.Settled = true
	}
	changed = changed || s.countsNew
	s.countsNew = false
	c := s.counts
	s.mu.Unlock()
	if changed && s.Counted != nil {
		s.Counted(c)
	}
}

// pick chooses the next piece of work: the newest move's answer; a hovered file's statistics
// (of the answer published: a newer one drops the selection);
// the timeline asked for; the next file count of a drag; then, once no input came for
// IdleAfter, the other layouts of the answer shown, the rest of its table's columns, or the
// simulation's day grids. Callers hold mu.
func (s *Scheduler) pick(now time.Time) (*job, time.Time) {
	if s.gen == 0 {
		return nil, time.Time{}
	}
	if s.prepWanted() {
		// The newest Ask's answer is the one under preparation: that run answers it (adopt).
		return &job{kind: jobPrepare, gen: s.prep.seq}, time.Time{}
	}
	onPanel := s.want.View != "timeline"
	if onPanel && s.answer.Gen < s.gen {
		return &job{kind: jobAnswer, gen: s.gen, p: s.want.Panel}, time.Time{}
	}
	if w := s.statsWant; w.Result != nil && w.Result == s.answer.Result && (s.stats.Result != w.Result || s.stats.File != w.File) {
		return &job{kind: jobStats, stats: w}, time.Time{}
	}
	if !onPanel && (s.sim.Gen < s.simGen || (s.givenShown() && (s.shown || s.started))) {
		return &job{kind: jobSimulate, gen: s.simGen, key: s.simKey}, time.Time{}
	}
	if s.prep.on && !s.prep.done {
		return &job{kind: jobPrepare, gen: s.prep.seq}, time.Time{}
	}
	if !s.started || s.inputPending {
		return nil, time.Time{} // the page is not ready, or the frame's Ask follows
	}
	if onPanel && len(s.next) > 0 {
		p := s.next[0]
		s.next = s.next[1:]
		return &job{kind: jobAhead, gen: s.gen, p: p}, time.Time{}
	}
	idleAt := s.lastInput.Add(IdleAfter)
	if now.Before(idleAt) {
		return nil, idleAt
	}
	if !onPanel {
		if r := s.sim; r.Result != nil && r.Gen == s.simGen && r.Result != s.prepared {
			return &job{kind: jobDays, run: r.Result}, time.Time{}
		}
		return nil, time.Time{}
	}
	a := s.answer
	if a.Result == nil {
		return nil, time.Time{}
	}
	// An answer Delta refuses still shows files (no-stats): its other layouts are rehearsed too.
	if len(a.Result.Files) > 0 && a.Panel.Rows <= RehearseMaxRows {
		if s.round.of != a.Result {
			s.round = round{of: a.Result, moves: otherLayouts(a.Panel)}
			s.kept.newRound(a.Panel, a.Result)
			s.counts.Rehearsals, s.counts.Due = 0, len(s.round.moves)
		}
		if r := &s.round; r.done < len(r.moves) {
			return &job{kind: jobRehearse, p: r.moves[r.done], round: r.of}, time.Time{}
		}
	}
	if s.filled != (tableOf{a.Panel.Rows, a.Panel.Seed}) {
		return &job{kind: jobFill, p: a.Panel}, time.Time{}
	}
	return nil, time.Time{}
}

// otherLayouts is p in each other layout: the moves a round rehearses.
func otherLayouts(p scenario.Panel) []scenario.Panel {
	var moves []scenario.Panel
	for _, l := range scenario.PanelLayouts {
		if l != p.Layout {
			q := p
			q.Layout = l
			moves = append(moves, q)
		}
	}
	return moves
}

// show names the work under way on the page, when it changes. The worker's alone.
func (s *Scheduler) show(step string) {
	if step == s.step {
		return
	}
	s.step = step
	s.yielder.Show(step)
}

// since is the time from start on the scheduler's clock, in milliseconds.
func (s *Scheduler) since(start time.Time) float64 {
	return float64(s.clock.Now().Sub(start).Microseconds()) / 1000
}

// runAnswer runs a move's answer. It goes on without yielding for its quiet time (the frame
// that asked waits as long), then hands the browser its turn every YieldEvery, naming its step;
// after each turn it stops if a newer move needs another table. Its answer is published even
// when a newer move is queued: it is closer to the controls than what is shown.
func (s *Scheduler) runAnswer(j *job) {
	start := s.clock.Now()
	s.mu.Lock()
	quiet := PanelWait
	if s.answer.Result == nil {
		quiet = FirstWait
	}
	s.mu.Unlock()
	turns := 0
	nextTurn := start.Add(quiet)
	yield := func(p work.Progress) error {
		if s.clock.Now().Before(nextTurn) {
			return nil
		}
		s.show("Computing: " + p.String() + "…")
		s.yielder.Turn()
		turns++
		nextTurn = s.clock.Now().Add(YieldEvery)
		s.mu.Lock()
		defer s.mu.Unlock()
		if w := s.want.Panel; w.Rows != j.p.Rows || w.Seed != j.p.Seed {
			return ErrStale
		}
		return nil
	}
	if s.eng.Ready(j.p) {
		yield = func(work.Progress) error { return nil } // it reads stored stages only
	}
	res, err := s.eng.Answer(j.p, panel.Shown, yield)
	ms := s.since(start)
	if err != nil {
		return // stopped: the newer move's run follows
	}
	s.mu.Lock()
	s.lastMs = ms
	notify := false
	if j.gen > s.answer.Gen {
		s.publishAnswer(Answer{Gen: j.gen, Panel: j.p, Result: res, Ms: ms, Turns: turns})
		notify = s.waiting == 0
	}
	newest := j.gen == s.gen
	s.mu.Unlock()
	if newest {
		s.show("")
	}
	if notify && s.Notify != nil {
		s.Notify()
	}
}

// runStats computes a hovered file's statistics.
func (s *Scheduler) runStats(j *job) {
	w := j.stats
	w.MinValues, w.MaxValues, w.NullCount, w.Err = s.eng.FileStats(w.Result, w.File)
	s.mu.Lock()
	s.stats = w
	if s.answer.Kept && s.answer.Result == w.Result {
		s.counts.StatsKept++
	}
	s.published()
	notify := s.waiting == 0
	s.mu.Unlock()
	if notify && s.Notify != nil {
		s.Notify()
	}
}

// runSimulate runs the timeline asked for, handing the browser its turn every
// SimulateYieldEvery with the day it is on, and stops when another is asked for. The first
// simulation of a page nobody sees until its answer is drawn (Unseen) turns Aside, and so does
// the run behind an answer given ahead (Given): the page shows that answer meanwhile.
func (s *Scheduler) runSimulate(j *job) {
	s.mu.Lock()
	unseen := s.Unseen && s.sim.Gen == 0 && s.answer.Gen == 0 // nothing published: nothing drawn
	behind := s.givenShown() && s.sim.Gen == j.gen
	unseen = unseen || behind
	s.mu.Unlock()
	if behind {
		// The page paints the answer given first, and the host page shows the figure: the run's
		// first stretch, before its first Aside, held them 0.25-0.57 s after ready (PhoneTap,
		// the first figure: ready -> live, main's 17-60 ms).
		s.yielder.Turn()
	}
	start := s.clock.Now()
	nextTurn := start.Add(SimulateYieldEvery)
	gaps := newGapMeter("simulated", start)
	res, err := s.tl.Run(j.key, func(p work.Progress) error {
		now := s.clock.Now()
		gaps.at(now)
		if now.Before(nextTurn) {
			return nil
		}
		s.show(fmt.Sprintf("Simulating day %d of %d…", p.Done, p.Total))
		if unseen {
			s.yielder.Aside()
		} else {
			s.yielder.Turn()
		}
		gaps.resume(s.clock.Now())
		nextTurn = s.clock.Now().Add(SimulateYieldEvery)
		s.mu.Lock()
		defer s.mu.Unlock()
		if j.gen != s.simGen {
			return ErrStale
		}
		return nil
	})
	if errors.Is(err, ErrStale) {
		return
	}
	if err == nil {
		s.tlKept = j.key
	}
	gaps.at(s.clock.Now())
	s.trace(gaps.String())
	s.mu.Lock()
	newest := j.gen == s.simGen
	if newest {
		s.sim = Simulation{Gen: j.gen, Key: j.key, Result: res, Err: err}
		s.published()
	}
	notify := newest && s.waiting == 0
	s.mu.Unlock()
	if newest {
		s.show("")
	}
	if notify && s.Notify != nil {
		s.Notify()
	}
}

// runAhead runs a file count a drag may reach next, in a browser task of its own: the frame
// that showed the answer is done, and input that came meanwhile is taken first (a move then
// plans again). It does not yield: it is run only while runs take less than AheadMaxRun.
func (s *Scheduler) runAhead(j *job) {
	s.yielder.Task()
	s.mu.Lock()
	stale := j.gen != s.gen || s.inputPending || s.want.View == "timeline"
	s.mu.Unlock()
	if stale {
		return
	}
	start := s.clock.Now()
	res, err := s.eng.Answer(j.p, panel.Ahead, func(work.Progress) error { return nil })
	ms := s.since(start)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastMs = ms
	if err == nil && s.kept.keep(j.p, res) {
		s.counts.AheadRuns++
		s.counts.AheadMs += ms
	}
	if time.Duration(ms*float64(time.Millisecond)) >= AheadMaxRun {
		s.next = nil
	}
}

// idleYield is the Yield of idle work that began at start: it hands the browser its turn every
// IdleYieldEvery, and stops the work when input came since start.
func (s *Scheduler) idleYield(start time.Time) Yield {
	nextTurn := start.Add(IdleYieldEvery)
	return func(work.Progress) error {
		if s.clock.Now().Before(nextTurn) {
			return nil
		}
		s.yielder.Turn()
		nextTurn = s.clock.Now().Add(IdleYieldEvery)
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.inputPending || s.lastInput.After(start) {
			return ErrInput
		}
		return nil
	}
}

// runRehearse rehearses another layout of the answer shown, at panel.Rehearsal, and keeps its
// answer for a flip of the layout select to it.
func (s *Scheduler) runRehearse(j *job) {
	res, err := s.eng.Answer(j.p, panel.Rehearsal, s.idleYield(s.clock.Now()))
	if err != nil {
		return // the round goes on once the reader is idle again
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := &s.round; r.of == j.round {
		s.kept.keepRehearsal(j.p, res)
		r.done++
		s.counts.Rehearsals = r.done
		s.counts.Rehearsed++
		if r.done == len(r.moves) {
			s.counts.Rounds++
		}
	}
}

// runFill generates one more of the table's columns, so that a hovered file's statistics do
// not wait for them.
func (s *Scheduler) runFill(j *job) {
	remaining, err := s.eng.Prepare(j.p, panel.Rehearsal, s.idleYield(s.clock.Now()))
	if errors.Is(err, ErrInput) {
		return
	}
	if !remaining || err != nil { // an error shows on the next run that needs the column
		s.mu.Lock()
		s.filled = tableOf{j.p.Rows, j.p.Seed}
		s.mu.Unlock()
	}
}

// runDays prepares a simulation's day grids for every column its days look up: across a key
// change the lookup column changes, and the day slider's first move over it would sort that
// column in its frame.
func (s *Scheduler) runDays(j *job) {
	s.runLock.Lock()
	s.tl.PrepareDays(j.run)
	s.runLock.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepared = j.run
	s.counts.Prepared++
}
