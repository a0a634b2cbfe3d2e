//go:build js && wasm

package main

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"honnef.co/go/js/dom/v2"

	deltalog "layoutlab/engine/log"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// timelineState caches a timeline run: moving only the day slider selects a day of the run
// already computed, so it answers at once.
type timelineState struct {
	key   scenario.Timeline // the scenario the run is for, Day zeroed
	run   *timeline.Result
	err   error
	day   int
	files *timeline.DayFiles // &dayFiles, or nil when the day has none to show
	// dayFiles holds the day under the slider, its array reused from day to day; filesGen
	// counts what it held (the game regroups the files when it changes).
	dayFiles timeline.DayFiles
	filesGen int
	pending  int // generation of the run under way; a newer knob move supersedes it

	// eng keeps the last run so a knob that leaves the rows alone reruns on them; simMu lets
	// one simulation use it at a time (a superseded run leaves at its next progress call).
	eng   timeline.Engine
	simMu sync.Mutex

	prepared     *timeline.Result // the run whose day grids prepareTimelineWhileIdle readied
	preparedRuns int

	snap    *deltalog.Snapshot // the log replayed to snapDay, for hover and the domain panel
	snapDay int
	snapRun *timeline.Result
}

// snapshot returns the table's state at the day under the slider, replaying the log once per
// (run, day) however often the pointer moves.
func (a *app) snapshot() (*deltalog.Snapshot, error) {
	if a.tl.snap != nil && a.tl.snapDay == a.tl.day && a.tl.snapRun == a.tl.run {
		return a.tl.snap, nil
	}
	snap, err := a.tl.run.Snapshot(a.tl.day)
	if err != nil {
		return nil, err
	}
	a.tl.snap, a.tl.snapDay, a.tl.snapRun = snap, a.tl.day, a.tl.run
	return snap, nil
}

// recomputeTimeline shows the day under the slider. A new scenario is simulated on its own
// goroutine that yields to the browser between days, so the page stays responsive and shows
// progress; until it finishes the previous run stays on screen. Callers hold a.mu.
func (a *app) recomputeTimeline() {
	key := a.sc.Timeline
	key.Day = 0
	if (a.tl.run == nil && a.tl.err == nil) || key != a.tl.key {
		a.tl.key = key
		a.tl.pending++
		go a.simulate(key, a.tl.pending)
		if a.tl.run == nil {
			return
		}
	}
	a.selectDay()
}

// simulate runs the timeline without holding a.mu, yielding every ~10 ms (browserYield).
func (a *app) simulate(key scenario.Timeline, gen int) {
	a.tl.simMu.Lock()
	defer a.tl.simMu.Unlock()
	a.mu.Lock()
	stale := gen != a.tl.pending
	a.mu.Unlock()
	if stale {
		return
	}
	last := time.Now()
	a.tl.eng.Progress = func(done, days int) {
		if time.Since(last) < 10*time.Millisecond {
			return
		}
		// Stopped when a newer simulation has been asked for.
		if a.giveWay("Simulating day "+strconv.Itoa(done)+" of "+strconv.Itoa(days)+"…", func() bool { return gen != a.tl.pending }) {
			runtime.Goexit() // the timeline's Engine keeps only finished runs
		}
		last = time.Now()
	}
	defer func() { a.tl.eng.Progress = nil }() // reports only for this run (panelRun.reportDuring)
	res, err := a.tl.eng.Run(key)
	a.mu.Lock()
	defer a.mu.Unlock()
	if gen != a.tl.pending {
		return
	}
	a.showProgress("")
	a.tl.run, a.tl.err = res, err
	a.redraw()
	a.selectDay()
}

// prepareTimelineWhileIdle readies the shown run's day grids for every column its days look up
// (timeline.Result.PrepareDayFiles) once no control has moved for prepareAfterIdle: across a
// key change the lookup column changes, and the day slider's first move over it sorted that
// column in its frame (a 121-239 ms frame in the browser, and 63 MB for the collector). Not
// while a simulation runs: it may share the run's generated rows.
func (a *app) prepareTimelineWhileIdle() {
	for {
		time.Sleep(250 * time.Millisecond)
		if !a.tl.simMu.TryLock() {
			continue
		}
		a.mu.Lock()
		run := a.tl.run
		if a.sc.View == "timeline" && run != nil && run != a.tl.prepared && time.Since(a.lastInput) > prepareAfterIdle {
			run.PrepareDayFiles()
			a.tl.prepared = run
			a.tl.preparedRuns++
			figure("timelinePrepared", a.tl.preparedRuns) // read by the browser tests
		}
		a.mu.Unlock()
		a.tl.simMu.Unlock()
	}
}

// selectDay publishes the day under the slider of the current run.
func (a *app) selectDay() {
	t0 := time.Now()
	defer func() { a.engineMs = float64(time.Since(t0).Microseconds()) / 1000 }()
	a.tl.files = nil
	a.tl.filesGen++
	if a.tl.err == nil {
		a.tl.day = a.sc.Timeline.Day
		if a.tl.day == 0 || a.tl.day > len(a.tl.run.Days) {
			a.tl.day = len(a.tl.run.Days)
		}
		// Into the previous day's array: a move of the slider is a day of thousands of files.
		if a.tl.err = a.tl.run.DayFilesInto(&a.tl.dayFiles, a.tl.day); a.tl.err == nil {
			a.tl.files = &a.tl.dayFiles
		}
	}
	a.publishTimeline()
}

// publishTimeline writes the day's readouts, decision log and DESCRIBE output as text.
func (a *app) publishTimeline() {
	if a.tl.err != nil {
		a.renderReadouts(nil)
		a.deltaError("SIMULATION", a.tl.err.Error())
		a.showTimelineText(true)
		return
	}
	d := a.tl.run.Days[a.tl.day-1]
	a.renderReadouts([]readout{
		{Label: "Day", Metric: "day", Value: float64(d.Day)},
		{Label: "Files a lookup opens", Metric: "lookup_files", Value: d.LookupFiles, Digits: 2},
		{Label: "GiB written by OPTIMIZE that night", Metric: "optimize_written_gb", Value: d.OptimizeWrittenGB, Digits: 1, Unit: "GiB"},
		{Label: "Write amplification", Metric: "write_amplification", Value: d.WriteAmplification, Digits: 2, Unit: "x"},
		{Label: "GiB ingested that day", Metric: "ingested_gb", Value: d.IngestedGB, Digits: 1, Unit: "GiB"},
		{Label: "Table size", Metric: "table_gb", Value: d.TableGB, Digits: 1, Unit: "GiB"},
		{Label: "Files", Metric: "files", Value: float64(d.Files)},
		{Label: "ZCubes", Metric: "zcubes", Value: float64(d.ZCubes)},
		{Label: "Sealed ZCubes", Metric: "sealed_zcubes", Value: float64(d.SealedZCubes)},
	})
	a.deltaError("", "")
	gb, amp, lk := a.series().Maxima()
	caption := "Bars: GiB rewritten each night (top of scale " + strconv.FormatFloat(gb, 'f', 0, 64) +
		" GiB). Lines: write amplification (orange, top " + strconv.FormatFloat(amp, 'f', 2, 64) +
		"x), files a lookup on " + a.tl.files.LookupColumn + " opens (blue, top " + strconv.FormatFloat(lk, 'f', 1, 64) +
		"); red marks: key change, FULL, CLUSTER BY NONE. Below: the files on day " + strconv.Itoa(d.Day) +
		", grouped by ZCube or partition, coloured by their span of " + a.tl.files.LookupColumn +
		"; outlined files are opened by the lookup " + a.tl.files.LookupColumn + " = " + strconv.FormatInt(a.tl.files.ProbeValue, 10) + "."
	a.setText("caption", caption)
	a.showSelected()
	a.showTimelineText(true)
}

// showTimelineText fills the decision log and DESCRIBE panels (hidden outside the timeline).
func (a *app) showTimelineText(visible bool) {
	if !visible || a.tl.run == nil || a.tl.err != nil {
		a.setHidden("timeline-text", true)
		return
	}
	a.setHidden("timeline-text", false)
	d := a.tl.run.Days[a.tl.day-1]
	set := a.setText
	stmts, _ := a.tl.run.Statements(a.tl.day)
	logText := strings.Join(stmts, "\n")
	if len(d.DecisionLog) > 0 {
		logText += "\n\n" + strings.Join(d.DecisionLog, "\n")
	}
	set("decision-log", logText)
	if a.detailsOpen("run-stats") {
		var stats any = d.ClusteringStats
		name := "clusteringStats"
		if d.ClusteringStats == nil {
			stats, name = d.ZOrderStats, "zOrderStats"
		}
		set("run-stats", name+" "+indent(stats)+"\noperationMetrics "+indent(d.OperationMetrics))
	}
	// DESCRIBE and the domain replay the log up to the day: only for the panels that are open,
	// so the day slider stays within a frame. Opening one fills it (see bindDetails).
	if a.detailsOpen("describe-detail") || a.detailsOpen("describe-history") {
		detail, history, err := a.tl.run.Describe(a.tl.day)
		if err != nil {
			set("describe-detail", err.Error())
			return
		}
		set("describe-detail", indent(detail))
		set("describe-history", indent(history))
	}
	if a.detailsOpen("domain-metadata") {
		if snap, err := a.snapshot(); err == nil {
			if dm, ok := snap.DomainMetadata("delta.clustering"); ok {
				set("domain-metadata", indent(map[string]any{"domainMetadata": dm}))
			} else {
				set("domain-metadata", "(no delta.clustering domain on this day)")
			}
		}
	}
}

// detailsOpen reports whether the <details> around the element id is open.
func (a *app) detailsOpen(id string) bool {
	el := a.byID(id)
	return el.Truthy() && el.Get("parentElement").Get("open").Truthy()
}

// bindDetails refreshes the timeline text when a <details> panel is opened.
func (a *app) bindDetails() {
	for _, d := range a.doc.QuerySelectorAll("#timeline-text details") {
		d.AddEventListener("toggle", false, func(dom.Event) {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.showTimelineText(a.sc.View == "timeline")
		})
	}
}

// timelineSelected describes the hovered file of the day's grid.
func (a *app) timelineSelected() string {
	if a.tl.files == nil || a.selected < 0 || a.selected >= len(a.tl.files.Files) {
		return "Hover over or tap a file to see its add action."
	}
	f := a.tl.files.Files[a.selected]
	if snap, err := a.snapshot(); err == nil {
		if add, ok := snap.File(f.Path); ok {
			return indent(map[string]any{"add": add})
		}
	}
	return indent(f)
}

func indent(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// setHidden hides or shows an element unless it already is: like setText, a slider move then
// mutates no element whose state did not change, so the frame's forced layout (Ebiten reads the
// body's size in every frame it draws, internal/ui/ui_js.go outsideSize) has less to do.
func (a *app) setHidden(id string, hidden bool) {
	if was, ok := a.hidden[id]; ok && was == hidden {
		return
	}
	el := a.byID(id)
	if !el.Truthy() {
		return
	}
	if hidden {
		el.Call("setAttribute", "hidden", "")
	} else {
		el.Call("removeAttribute", "hidden")
	}
	a.hidden[id] = hidden
}

// setText sets an element's text unless it already shows it: a dragged day slider then leaves
// the panels whose text did not change alone (no DOM mutation, no re-layout).
func (a *app) setText(id, text string) {
	if old, ok := a.shown[id]; ok && old == text {
		return
	}
	if el := a.byID(id); el.Truthy() {
		el.Set("textContent", text)
		a.shown[id] = text
	}
}
