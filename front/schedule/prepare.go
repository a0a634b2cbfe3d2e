package schedule

import (
	"bytes"
	"errors"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/engine/work"
)

// prepared is the answer for a figure the page may swap to next, computed before the swap:
// site/embed.js asks for it (Prepare) when the reader's pointer enters that figure, and the
// dwell that decides whether the figure goes live is spent computing it. The swap's Ask takes it
// (adopt) rather than running it again; Forget keeps it, since it is the next figure's work.
type prepared struct {
	seq  int  // Prepare's count: a newer Prepare (or a cancel) stops the run under way
	on   bool // a scenario is wanted
	done bool // its answer is computed
	view string
	key  scenario.Timeline // a timeline's, Day zero
	p    scenario.Panel    // a panel's
	enc  []byte            // p's encoding, to compare with an Ask's

	sim    Simulation // a timeline's (Gen is set when adopted)
	result *panel.Result
	ms     float64
}

// Prepare asks the worker to compute sc's answer, after any work for the scenario shown and
// before work ahead or idle work, and keeps it for an Ask of the same scenario (a swap to that
// figure). nil drops the one asked for or kept: the pointer left that figure.
func (s *Scheduler) Prepare(sc *scenario.Scenario) {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := prepared{seq: s.prep.seq + 1}
	if sc != nil {
		next.on, next.view, next.key, next.p = true, sc.View, sc.Timeline, sc.Clone().Panel
		next.key.Day = 0
		if next.view != "timeline" {
			next.enc, _ = next.p.MarshalMsg(nil)
		}
		if s.prep.on && s.prep.same(next.view, next.key, next.enc) {
			return // asked for already
		}
	}
	s.cutTurn()
	s.prep = next
	s.signal()
}

// same reports whether p was asked for the scenario of view, key (a timeline's, Day zero) and
// enc (a panel's encoding).
func (p *prepared) same(view string, key scenario.Timeline, enc []byte) bool {
	if (view == "timeline") != (p.view == "timeline") {
		return false
	}
	if view == "timeline" {
		return key == p.key
	}
	return bytes.Equal(enc, p.enc)
}

// adopt publishes the prepared answer when it answers the newest Ask, and drops it: the page
// swapped to the figure prepared. Callers hold mu.
func (s *Scheduler) adopt() bool {
	p := &s.prep
	if !p.on || !p.done {
		return false
	}
	if s.want.View == "timeline" {
		key := s.want.Timeline
		key.Day = 0
		if !p.same("timeline", key, nil) || s.simKey != key || s.sim.Gen >= s.simGen {
			return false
		}
		s.sim = p.sim
		s.sim.Gen = s.simGen
		s.published()
	} else {
		enc, _ := s.want.Panel.MarshalMsg(nil)
		if !p.same(s.want.View, scenario.Timeline{}, enc) || s.answer.Gen >= s.gen {
			return false
		}
		s.lastMs = p.ms
		s.publishAnswer(Answer{Gen: s.gen, Panel: s.want.Panel, Result: p.result, Ms: p.ms})
	}
	s.counts.SwapsPrepared++
	s.countsNew = true
	s.trace("adopted")
	s.prep = prepared{seq: p.seq}
	return true
}

// runPrepare computes the prepared scenario's answer, handing the browser its turn every
// SimulateYieldEvery, and stops when another is prepared, the figure shown asks for work, or
// the preparation is dropped (goOn).
func (s *Scheduler) runPrepare(j *job) {
	s.mu.Lock()
	p := s.prep
	if !s.prepWanted() {
		// The reader's pointer has left the figure shown: its work for moves to come (answers
		// run ahead, rehearsed layouts) goes, so that the page holds the figure shown and the
		// next one, not more (issue #37's budget).
		s.kept, s.next, s.round = kept{}, nil, round{}
	}
	s.mu.Unlock()
	// The panel engine's stages go too (the answer shown is kept; a file's statistics are worked
	// out again if asked). No collection is forced here: on the page's one thread a full one
	// holds the host page's dwell timer (BenchmarkExplainer: the last figure went live 300-700
	// ms later); the pause at half the soft limit (goOn) bounds the heap instead.
	s.eng.Forget()
	if !s.roomToPrepare(j) {
		return
	}
	// No collection while the figure shown is kept beside the run (the pause at half the soft
	// limit in heap objects bounds it, goOn): a collection's marking on the page's one thread
	// is time the dwell and the figure shown wait for. Once the swap to the figure prepared came,
	// the run is that figure's alone, at the usual pace.
	gogc, paced := debug.SetGCPercent(prepareGCPercent), true
	pace := func() {
		if paced {
			debug.SetGCPercent(gogc)
			paced = false
		}
	}
	defer pace()
	start := s.clock.Now()
	nextTurn := start.Add(SimulateYieldEvery)
	gaps := newGapMeter("prepared", start)
	yield := func(work.Progress) error {
		now := s.clock.Now()
		gaps.at(now)
		if now.Before(nextTurn) {
			return nil
		}
		if paced {
			// Before the swap the host page decides whether the figure goes live (its dwell,
			// the pointer's moves), in frames that this turn gives it.
			s.yielder.Turn()
		} else {
			// After it, the figure is not shown until its answer is drawn: the page needs no
			// frame but the one its Update asks for.
			s.yielder.Aside()
		}
		nextTurn = s.clock.Now().Add(SimulateYieldEvery)
		gaps.resume(nextTurn.Add(-SimulateYieldEvery))
		return s.goOn(j, pace)
	}
	var (
		res *timeline.Result
		ans *panel.Result
		err error
	)
	if p.view == "timeline" {
		res, err = s.tl.Run(p.key, yield)
		if errors.Is(err, ErrStale) {
			return
		}
		if err == nil {
			s.tlKept = p.key
		}
	} else if ans, err = s.eng.Answer(p.p, panel.Shown, yield); err != nil {
		return // stopped: only yield's error stops a panel's answer
	}
	gaps.at(s.clock.Now())
	s.trace(gaps.String())
	s.mu.Lock()
	adopted := false
	if s.prep.seq == j.gen {
		s.prep.done = true
		s.prep.sim = Simulation{Key: p.key, Result: res, Err: err}
		s.prep.result, s.prep.ms = ans, s.since(start)
		adopted = s.adopt() // the swap's Ask came while it ran
	}
	notify := adopted && s.waiting == 0
	s.mu.Unlock()
	if notify && s.Notify != nil {
		s.Notify()
	}
}

// cutTurn ends the turn of the preparation under way (Yielder.Cut): an Ask (the swap to it, or
// a move of the figure shown) or another Prepare changed what it runs for, and its next turn
// decides what it does (goOn). Before the swap a turn waits for a painted frame every PaintEvery
// (Turn), and a busy renderer gave one 0.65 s after the swap had come (BenchmarkSwitch, figure
// 5, a turn of 867 ms: the figure live 1.4 s after the touch). Callers hold mu.
func (s *Scheduler) cutTurn() {
	if s.prep.on && !s.prep.done {
		s.yielder.Cut()
	}
}

// goOn decides, at a turn of the preparation j, whether it goes on: not when another is prepared
// or the figure shown asks for work (ErrStale). Once the swap to the figure prepared has come,
// the run is that figure's alone: the figure before is forgotten here (Forget's engines' stores,
// as Step does), not after the run, and the collector's usual pace comes back (pace). Before the
// swap, past half the runtime's soft memory limit in heap objects, it waits, its work kept, for
// the swap (or a move, or another figure): the page's memory never grows for a figure the mouse
// may only have passed by, beside the one shown.
func (s *Scheduler) goOn(j *job, pace func()) error {
	for paused := false; ; paused = true {
		s.mu.Lock()
		if s.prep.seq != j.gen || s.shownAsks() {
			s.mu.Unlock()
			return ErrStale
		}
		if s.prepWanted() {
			forget, nf := s.forget, s.forgetFor
			s.forget = false
			s.mu.Unlock()
			pace()
			if forget {
				s.forgetEngines(nf)
				runtime.GC()
				s.trace("collected")
			}
			return nil
		}
		s.mu.Unlock()
		if heapObjects() < debug.SetMemoryLimit(-1)/2 {
			return nil
		}
		if !paused {
			s.trace("paused")
		}
		<-s.wake // a swap, a Prepare, a move: each signals
	}
}

// heapObjects is the bytes of the heap's objects, live or not yet swept.
func heapObjects() int64 { return int64(runtimeMetric("/memory/classes/heap/objects:bytes")) }

// runtimeMetric reads one of runtime/metrics' counters (0 where the runtime has none by that
// name).
func runtimeMetric(name string) uint64 {
	m := [...]metrics.Sample{{Name: name}}
	metrics.Read(m[:])
	if m[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return m[0].Value.Uint64()
}

// prepWanted reports whether the newest Ask is answered by the preparation under way (not done):
// the swap came before its run ended. Callers hold mu.
func (s *Scheduler) prepWanted() bool {
	p := &s.prep
	if !p.on || p.done || s.gen == 0 {
		return false
	}
	if s.want.View == "timeline" {
		key := s.want.Timeline
		key.Day = 0
		return p.same("timeline", key, nil) && s.sim.Gen < s.simGen
	}
	if s.answer.Gen >= s.gen {
		return false
	}
	enc, _ := s.want.Panel.MarshalMsg(nil)
	return p.same(s.want.View, scenario.Timeline{}, enc)
}

// shownAsks reports whether the scenario shown asks for work that the preparation under way does
// not answer: a reader's move comes first, and the preparation starts again after it. Callers
// hold mu.
func (s *Scheduler) shownAsks() bool {
	if s.prepWanted() {
		return false
	}
	if s.want.View == "timeline" {
		return s.sim.Gen < s.simGen
	}
	return s.answer.Gen < s.gen
}

// roomToPrepare reports whether the preparation j may go on: the live heap (what the last
// collection marked, runtime/metrics) is under half the runtime's soft memory limit
// (debug.SetMemoryLimit; the widget's is its budget, wasm/main.go), or the swap to that figure
// came, whose run it now is. Otherwise the preparation is dropped: computed beside the figure
// shown, the next figure's work must not grow the instance's memory past what a figure alone
// may (it never shrinks), nor run the collector near the limit, where it collects again and
// again on the page's one thread (the host's dwell waits); the swap then runs it, the figure
// before forgotten. The live heap, not the memory mapped: the mapped memory is the peak of
// every figure the frame showed (it never shrinks), and says nothing of the room left in it.
func (s *Scheduler) roomToPrepare(j *job) bool {
	if markedLive() < debug.SetMemoryLimit(-1)/2 {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.prep.seq != j.gen || s.prepWanted() {
		return s.prep.seq == j.gen
	}
	s.prep.on = false
	s.trace("dropped")
	s.counts.PreparesDropped++
	s.countsNew = true
	return false
}

// markedLive is the heap the last collection found live, in bytes (0 before the first).
func markedLive() int64 { return int64(runtimeMetric("/gc/heap/live:bytes")) }

// prepareGCPercent is the collector's pace (GOGC) while a preparation runs beside the figure
// shown: off. Its heap is bounded by goOn's pause instead. BenchmarkSwitch, every figure in
// turn: the frame peaked at 133-152 MiB with GOGC 25 there, 130-140 MiB off (main: 130).
const prepareGCPercent = -1

func (s *Scheduler) trace(step string) {
	if s.Trace != nil {
		s.Trace(step)
	}
}
