// Package schedule decides the widget's work: what to compute now (the answer for the scenario
// the controls show, a hovered file's statistics, a timeline's simulation), what to compute
// ahead while the reader drags or is idle (the next file counts of a files-slider drag, the
// other layouts of the panel, the rest of the table's columns, the timeline's day grids), and
// when to hand the browser its turn. One goroutine runs the work (Work); the frame asks (Ask)
// and takes what is done (Panel, Timeline, Stats).
//
// It knows nothing of the browser (the Clock and the Yielder stand for it), so it builds and is
// tested natively. It holds no numbers of its own: each answer is the Engine's.
package schedule

import (
	"encoding/json"
	"errors"
	"sync"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/engine/work"
)

// Yield is told by the engines the step about to run and how far a long one has got. A non-nil
// error stops the run: what the run finished stays stored, and the run returns that error.
type Yield = work.Yield

// Engine is the panel engine as the scheduler uses it: engine/panel's Store (CONTRACT.md).
// Only the scheduler's worker calls it.
type Engine interface {
	// Answer runs the stages for p; the error is only ever the one yield returned.
	Answer(p scenario.Panel, prio panel.Priority, yield Yield) (*panel.Result, error)
	// Ready reports whether Answer(p, ...) would only read stored stages.
	Ready(p scenario.Panel) bool
	// Prepare computes one stage p needs that is not stored yet and reports whether any remain.
	Prepare(p scenario.Panel, prio panel.Priority, yield Yield) (remaining bool, err error)
	// FileStats returns file i's minValues, maxValues and nullCount in the answer res.
	FileStats(res *panel.Result, i int) (minValues, maxValues, nullCount json.RawMessage, err error)
	// Forget drops every stage stored.
	Forget()
}

// Timeline is the timeline's engine as the scheduler uses it.
type Timeline interface {
	// Run simulates s (Day aside); yield is told each day (Progress{Step: "day", Done: 3,
	// Total: 60}) and stops the run with its error.
	Run(s scenario.Timeline, yield Yield) (*timeline.Result, error)
	// PrepareDays builds res's day grids for every column its days look up.
	PrepareDays(res *timeline.Result)
	// Forget drops the run kept.
	Forget()
}

// Clock is the scheduler's time.
type Clock interface{ Now() time.Time }

// Yielder hands the browser its turn. The scheduler's worker calls it, never the frame.
type Yielder interface {
	// Turn lets the browser take input and paint, and returns when the work may go on.
	Turn()
	// Task lets the browser take the input queued meanwhile, without waiting for a frame.
	Task()
	// Aside is Turn for work the page does not show yet (a preparation): it waits for a painted
	// frame only when the page asked for one, and not long for the others.
	Aside()
	// Show names the work under way on the page ("" when none): a run past its quiet time.
	Show(step string)
	// Cut ends the turn under way at once (the next one when none is): the frame's, the one
	// method not the worker's, when what a preparation runs for changed (cutTurn).
	Cut()
}

const (
	// PanelWait is how long a move's run goes on before it first hands the browser its turn,
	// and how long the frame that asked waits for its answer before it is drawn without it.
	// A yield costs a browser frame, so moves a frame can answer are answered in it.
	PanelWait = 50 * time.Millisecond
	// FirstWait replaces PanelWait for the first answer: the page's first frame shows the
	// answer unless its run is long (a link to a million rows).
	FirstWait = time.Second
	// YieldEvery is how often a run past its quiet time hands the browser its turn: the page
	// paints and takes input about 20 times a second.
	YieldEvery = 50 * time.Millisecond
	// SimulateYieldEvery is YieldEvery for a timeline's simulation, whose days are short steps.
	SimulateYieldEvery = 10 * time.Millisecond
	// AheadMaxRun: the next file counts are run ahead only while a run takes less than a
	// frame, as a run ahead holds the page's thread, unable to take input, for as long.
	AheadMaxRun = 16 * time.Millisecond
	// IdleAfter is how long no input must come before idle work starts.
	IdleAfter = time.Second
	// IdleYieldEvery is how long idle work holds the page's thread before it yields: an input
	// that comes meanwhile waits for it.
	IdleYieldEvery = 8 * time.Millisecond
	// RehearseMaxRows is the largest table whose other layouts are rehearsed: layouts grow
	// with the rows.
	RehearseMaxRows = 300_000
)

// Errors with which the scheduler stops a run.
var (
	// ErrStale: a newer move needs another table (rows, seed) or another simulation.
	ErrStale = errors.New("schedule: a newer move needs other work")
	// ErrInput: input came while idle work ran; it resumes when the reader is idle again.
	ErrInput = errors.New("schedule: input came during idle work")
)

// Answer is the panel's answer for the scenario of an Ask.
type Answer struct {
	Gen    int // the Ask it answers
	Panel  scenario.Panel
	Result *panel.Result
	Ms     float64 // the engine's time on it; 0 when it was computed ahead
	// Kept: it was computed before its Ask (a file count run ahead, a rehearsal) and kept.
	Kept bool
	// Turns is how many times its run handed the browser its turn: 0 when the frame that
	// asked could show it.
	Turns int
}

// Simulation is the timeline's run for the scenario of an Ask (Day aside).
type Simulation struct {
	Gen    int
	Key    scenario.Timeline // Day zero
	Result *timeline.Result
	Err    error
}

// FileStats is a file's statistics in an answer, as Delta writes them in its add action.
type FileStats struct {
	Result                          *panel.Result
	File                            int
	MinValues, MaxValues, NullCount json.RawMessage
	Err                             error
}

// Counts are the scheduler's figures for the browser tests and the timing script.
type Counts struct {
	AheadHits  int     // moves answered from an answer computed ahead
	AheadRuns  int     // file counts run ahead
	AheadMs    float64 // their engine time, in all
	Rehearsals int     // this round's layouts rehearsed
	Due        int     // this round's layouts to rehearse
	Rehearsed  int     // layouts rehearsed, in all
	Rounds     int     // rounds of rehearsals done
	Prepared   int     // timelines whose day grids were prepared
	StatsKept  int     // file statistics given for an answer computed before its Ask
	// SwapsPrepared: swaps to another figure answered from the answer Prepare computed.
	SwapsPrepared int
	// PreparesDropped: preparations dropped at the memory limit (roomToPrepare).
	PreparesDropped int
	// Settled: the worker has done everything asked and all its idle work, and waits for
	// input; what it keeps now is what the widget holds until the reader moves a control.
	Settled bool
}

// Scheduler is the widget's work. Ask, Panel, Timeline, Stats and Wait are the frame's; Work
// (or Step) is the worker's.
type Scheduler struct {
	eng     Engine
	tl      Timeline
	clock   Clock
	yielder Yielder
	// filesMax is the files slider's top: counts run ahead stay within it.
	filesMax int
	// Notify, when set, is called (by the worker) when an answer, a simulation or a file's
	// statistics is ready and no frame waits for it (Wait): the page needs a frame.
	Notify func()
	// Counted, when set, is called (by the worker) with the figures after each piece of work.
	Counted func(Counts)
	// Trace, when set, is told the steps of a swap to another figure (the timing script's
	// marks): "adopted", "dropped", "forgot", "collected"; and a preparation's and a
	// simulation's turns (gapMeter).
	Trace func(step string)
	// Unseen: the page is not seen until its first answer is drawn (a docs figure, whose frame
	// site/embed.css keeps transparent over its poster until then). Its first simulation's turns
	// are then the Yielder's Aside, as a preparation's after the swap are: no frame of it is
	// seen, and a busy renderer held each frame waited for hundreds of ms (a phone's tap).
	Unseen bool
	// Given, when set, is a timeline's answer given ahead of its run, for the timeline and day
	// asked (front/givenanswer: the first frame computed at build time), nil when none is. A new
	// simulation asked for is published from it at its Ask; once the page shows it (Shown) the
	// run goes on behind it, its turns Aside, and replaces it when done (same Gen, another
	// Result). A phone's tap on the explainer's first figure waited 1.4-4.4 s for that run
	// (issue #52).
	Given func(scenario.Timeline) *timeline.Result

	wake chan struct{} // the worker has work

	// mu guards what follows, up to runLock.
	mu   sync.Mutex
	done chan struct{} // closed, and replaced, whenever something is published (Wait)

	// What the frame asked for.
	want      scenario.Scenario
	gen       int       // Ask's generation of want
	lastInput time.Time // the last Ask or Touch: idle work waits IdleAfter past it
	simGen    int       // the generation of the simulation asked for
	simKey    scenario.Timeline
	statsWant FileStats // the file whose statistics are asked for (Result nil: none)
	waiting   int       // frames waiting in Wait

	// What is published.
	answer Answer
	sim    Simulation
	stats  FileStats

	// The work's own state.
	kept         kept             // answers computed ahead
	next         []scenario.Panel // file counts to run ahead, nearest first
	lastMs       float64          // the engine's time on its last run for a move or ahead
	round        round            // the idle rehearsals of the answer shown
	filled       tableOf          // the table whose every column is generated
	prepared     *timeline.Result // the simulation whose day grids are prepared
	counts       Counts
	inputPending bool              // a control moved and its Ask has not come yet (Moved)
	started      bool              // work ahead and idle work may run (Start)
	shown        bool              // the page showed its first answer (Shown): a given answer's run may start
	forget       bool              // Forget asked: the worker drops the engines' stores before its next work
	prep         prepared          // the answer for the figure the page may swap to next
	forgetFor    prepared          // what was prepared when Forget was asked
	countsNew    bool              // counts changed outside the worker's work (Counted is due)
	tlKept       scenario.Timeline // the timeline engine's last run (it keeps it), Day zero

	runLock sync.Mutex // a simulation's lazily built views (timeline.Result's day grids)
	step    string     // the step the Yielder shows (show): the worker's alone
}

// round is a round of rehearsals: the other layouts of the answer shown, run while idle.
type round struct {
	of    *panel.Result
	moves []scenario.Panel
	done  int
}

// New returns a scheduler over the panel's and the timeline's engines. filesMax is the files
// slider's top.
func New(eng Engine, tl Timeline, clock Clock, y Yielder, filesMax int) *Scheduler {
	return &Scheduler{eng: eng, tl: tl, clock: clock, yielder: y, filesMax: filesMax,
		wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// Ask asks for the answer to s (the controls' scenario) and returns its generation. A panel
// move whose answer was computed ahead is answered at once (Panel), unless a run for an earlier
// move is under way: its progress stays until a run for the controls' scenario ends.
func (s *Scheduler) Ask(sc scenario.Scenario) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	s.want = sc.Clone() // the worker reads it while the controls make the next
	s.lastInput = s.clock.Now()
	s.inputPending = false
	s.statsWant = FileStats{}
	s.counts.Settled = false
	if sc.View == "timeline" {
		key := sc.Timeline
		key.Day = 0
		if s.simGen == 0 || key != s.simKey {
			s.simGen++
			s.simKey = key
			s.give(key, sc.Timeline)
		}
	} else if res := s.kept.take(s.want.Panel); res != nil && s.answer.Gen == s.gen-1 {
		s.counts.AheadHits++
		s.publishAnswer(Answer{Gen: s.gen, Panel: s.want.Panel, Result: res, Kept: true})
	}
	s.cutTurn()
	s.adopt()
	s.signal()
	return s.gen
}

// give publishes the answer given ahead for the simulation key just asked for (t, at its day),
// when there is one and no preparation for it is under way or done (adopt publishes that, a run
// already here). Callers hold mu.
func (s *Scheduler) give(key, t scenario.Timeline) {
	if s.Given == nil || (s.prep.on && s.prep.same("timeline", key, nil)) {
		return
	}
	if res := s.Given(t); res != nil {
		s.sim = Simulation{Gen: s.simGen, Key: key, Result: res}
		s.published()
	}
}

// givenShown reports whether the simulation published for the newest timeline asked for is
// given ahead: its run is still due. Callers hold mu.
func (s *Scheduler) givenShown() bool {
	return s.sim.Gen == s.simGen && s.sim.Result != nil && s.sim.Result.IsGiven()
}

// Touch notes input that asks for nothing (the pointer moving over the canvas): idle work waits.
func (s *Scheduler) Touch() {
	s.mu.Lock()
	s.lastInput = s.clock.Now()
	s.mu.Unlock()
}

// Start lets work ahead and idle work run, IdleAfter from now for the latter: the page is
// ready (its first answer shown, its controls bound).
func (s *Scheduler) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started = true
	s.lastInput = s.clock.Now()
	s.signal()
}

// Hold stops work ahead and idle work again until the next Start: the page swapped to another
// scenario (wasm/swap.go), whose idle work waits for the reader as the first one's did; and
// the run behind an answer given ahead until the next Shown.
func (s *Scheduler) Hold() {
	s.mu.Lock()
	s.started, s.shown = false, false
	s.mu.Unlock()
}

// Shown notes that the page shows its first answer and its controls answer (ready): the run
// behind an answer given ahead (Given) starts now, not before. Started at the Ask, it held the
// page's thread between the answer drawn and the controls bound: a phone's tap went live 0.5 s
// after its answer was drawn, where it otherwise does within a frame.
func (s *Scheduler) Shown() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shown = true
	s.signal()
}

// Forget drops what the scheduler and its engines hold for the scenarios shown so far: the page
// swapped to another figure (wasm/swap.go), and a reused frame should hold the work of the
// figure it shows, not of every figure it showed (issue #37). What the scheduler published and
// kept goes at once; the engines' stores go when the worker next looks for work, as only the
// worker calls the engines. The next Ask is answered as a first one, or from the answer
// prepared for it (Prepare), which Forget keeps, with the timeline engine's run when it is that
// answer's.
func (s *Scheduler) Forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answer = Answer{Gen: s.answer.Gen}
	s.sim = Simulation{}
	s.stats, s.statsWant = FileStats{}, FileStats{}
	s.kept = kept{}
	s.next, s.round, s.filled, s.prepared = nil, round{}, tableOf{}, nil
	s.forget = true
	s.forgetFor = s.prep
	s.signal()
}

// Moved notes that a control moved: its Ask comes with the next frame, and no work ahead or
// idle work starts before it.
func (s *Scheduler) Moved() {
	s.mu.Lock()
	s.lastInput = s.clock.Now()
	s.inputPending = true
	s.counts.Settled = false
	s.mu.Unlock()
}

// AskStats asks for file i's statistics in res, an answer published.
func (s *Scheduler) AskStats(res *panel.Result, i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.statsWant = FileStats{Result: res, File: i}
	if s.stats.Result == res && s.stats.File == i {
		return
	}
	s.counts.Settled = false
	s.signal()
}

// Panel is the newest panel answer published.
func (s *Scheduler) Panel() Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.answer
}

// Timeline is the newest simulation published.
func (s *Scheduler) Timeline() Simulation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sim
}

// Stats is the file statistics last published.
func (s *Scheduler) Stats() FileStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// Counts returns the figures.
func (s *Scheduler) Counts() Counts {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts
}

// Busy reports whether a panel run for an earlier move is under way (the answer published is
// not for the newest Ask).
func (s *Scheduler) Busy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.want.View != "timeline" && s.answer.Gen != s.gen
}

// DayFiles is res.DayFilesInto(df, day), which builds the day grids' sorted columns lazily, in
// turn with the idle preparation of those columns (the worker's).
func (s *Scheduler) DayFiles(res *timeline.Result, df *timeline.DayFiles, day int) error {
	s.runLock.Lock()
	defer s.runLock.Unlock()
	return res.DayFilesInto(df, day)
}

// Wait waits, in real time, up to d for the answer to Ask's generation gen, or (stats) for the
// file statistics asked for, and reports whether it came. What is published meanwhile is the
// waiting frame's to take: the worker asks for no frame of its own (Notify).
func (s *Scheduler) Wait(gen int, stats bool, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	s.mu.Lock()
	s.waiting++
	defer func() {
		s.mu.Lock()
		s.waiting--
		s.mu.Unlock()
	}()
	for {
		ok := s.answer.Gen >= gen
		if stats {
			ok = s.statsWant.Result == nil || (s.stats.Result == s.statsWant.Result && s.stats.File == s.statsWant.File)
		}
		done := s.done
		s.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-done:
		case <-t.C:
			return false
		}
		s.mu.Lock()
	}
}

// signal wakes the worker. Callers hold mu.
func (s *Scheduler) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// published wakes Wait. Callers hold mu.
func (s *Scheduler) published() {
	close(s.done)
	s.done = make(chan struct{})
}

// publishAnswer makes a the answer published and, when it answers the newest Ask, plans the
// file counts to run ahead of a drag. Callers hold mu.
func (s *Scheduler) publishAnswer(a Answer) {
	s.answer = a
	s.next = nil
	if a.Gen == s.gen {
		s.next = s.kept.showing(a.Panel, a.Result, s.filesMax)
		if time.Duration(s.lastMs*float64(time.Millisecond)) >= AheadMaxRun {
			s.next = nil
		}
	}
	s.published()
}
