package boundary

// WidgetBoundary is window.layoutlab: what the widget (wasm/) and its page (site/loader.js,
// which makes the object before the program starts; embed.js and the browser tests read it)
// exchange.
type WidgetBoundary struct {
	Program
	// The page's, for Go to call.
	SetReadouts, FrameDrawn In
	// Go's, made when the first answer is on screen.
	Ready, ReadyAt, FirstPaint, FirstFrame, EngineMs, FirstRunInInitMs, Frames, Scenarios Out
	Updates, Draws                                                                        Out
	GCCycles, LabelRasters, DigitWarmup                                                   Out
	// The scheduler's counts (schedule.Counts).
	AheadHits, AheadRuns, AheadMs, AheadSyncs, Rehearsals, RehearsalsDue, Adopted Out
	RehearsalRounds, TimelinePrepared, Settled                                    Out
	// Set on later events.
	IdleHeld, LastExport, LastCopy Out
}

// Widget is window.layoutlab.
var Widget = newWidget()

func newWidget() *WidgetBoundary {
	w := &WidgetBoundary{Program: Program{Global: "layoutlab", Main: "wasm/", Script: "site/loader.js",
		Ready: "`ready` turns true, and the window gets a `layoutlab:ready` event, when the first answer is on screen and the controls answer."}}
	p := &w.Program
	w.Ready = p.out("ready", GoAndPage, Boolean, "the first answer is on screen and the controls answer (false from loader.js until then, and again while a swapped-in scenario computes)")
	p.page("loadStart", Number, "performance.now() when loader.js began")
	p.page("wasmFrom", String, `the copy of layoutlab.wasm compiled: "sw" (the service worker's), "gzip" or "plain"`)
	p.page("wasmLoaded", Number, "ms from loadStart until the module was instantiated")
	p.page("wasmMemory", Function, "() → bytes of the module's linear memory, which holds the Go heap and never shrinks")
	w.SetReadouts = p.in("setReadouts", Function, "(list, batch): writes the readouts that changed (wasm/readouts.go): for each, its index among list's span[data-metric], its text and its exact value, each followed by a NUL")
	w.FrameDrawn = p.in("frameDrawn", Function, "(updates, engineMs, drawMs): Go calls it for each frame drawn; it counts frames and sets updatesAtFrame, lastFrame, engineMs and drawMs")
	p.page("updatesAtFrame", Number, "Ebiten's Update calls run when the last frame was drawn")
	p.page("lastFrame", Number, "performance.now() when the last frame was drawn")
	p.page("drawMs", Number, "Go's ms issuing the last frame's draws")

	w.ReadyAt = p.out("readyAt", Go, Number, "performance.now() when ready last turned true")
	w.FirstPaint = p.out("firstPaint", Go, Number, "performance.now() at the first frame painted, which may come before the engine's answer")
	w.FirstFrame = p.out("firstFrame", Go, Number, "performance.now() at the first frame that shows the engine's answer (the timing script's first frame)")
	w.EngineMs = p.out("engineMs", GoAndPage, Number, "the engine's ms on the answer shown: the first answer's, then each frame's (frameDrawn)")
	w.FirstRunInInitMs = p.out("firstRunInInitMs", Go, Number, "the part of the first answer's engineMs package firstrun spent while Go initialised the program (0 when the widget ran it)")
	w.Frames = p.out("frames", GoAndPage, Number, "frames drawn since the first answer (Go sets 0 then; frameDrawn counts)")
	w.Scenarios = p.out("scenarios", Go, Number, "scenarios shown by this page so far: embed.js reuses a frame for another figure, and waits for this to change")
	w.Updates = p.out("updates", Go, Number, "Ebiten's Update calls so far: frames run, drawn or not")
	w.Draws = p.out("draws", Go, Number, "Ebiten's Draw calls so far")
	w.GCCycles = p.out("gcCycles", Go, Function, "() → Go's completed garbage collections")
	w.LabelRasters = p.out("labelRasters", Go, Function, "() → label images the canvas has rasterised (a drag should make none)")
	w.DigitWarmup = p.out("digitWarmup", Go, Function, "() → [digit images warmed ahead, ms spent warming them] (wasm/labels.go)")

	w.AheadHits = p.out("aheadHits", Go, Number, "moves answered from an answer computed ahead")
	w.AheadRuns = p.out("aheadRuns", Go, Number, "file counts run ahead")
	w.AheadMs = p.out("aheadMs", Go, Number, "the engine's ms on the runs ahead, in all")
	w.AheadSyncs = p.out("aheadSyncs", Go, Number, "file statistics given for an answer computed before it was asked for")
	w.Rehearsals = p.out("rehearsals", Go, Number, "this round's layouts rehearsed")
	w.RehearsalsDue = p.out("rehearsalsDue", Go, Number, "this round's layouts to rehearse")
	w.Adopted = p.out("adopted", Go, Number, "layouts rehearsed, in all")
	w.RehearsalRounds = p.out("rehearsalRounds", Go, Number, "rounds of rehearsals done")
	w.TimelinePrepared = p.out("timelinePrepared", Go, Number, "timelines whose day grids were prepared")
	w.Settled = p.out("settled", Go, Boolean, "the scheduler has done all it was asked and all its idle work, and waits for input")

	w.IdleHeld = p.out("idleHeld", Go, Boolean, "on a figure page, the scheduler's idle work waits for the reader's first touch (true until then)")
	p.later()
	w.LastExport = p.out("lastExport", Go, Object, "{name, bytes}: the last file exported, bytes a Uint8Array (an export)")
	p.later()
	w.LastCopy = p.out("lastCopy", Go, String, "the last text put on the clipboard (a copy)")
	p.later()
	return w
}
