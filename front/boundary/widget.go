package boundary

import "sync"

// WidgetBoundary is window.layoutlab: what the widget (wasm/) and its page (site/loader.js,
// which makes the object before the program starts; embed.js and the browser tests read it)
// exchange.
type WidgetBoundary struct {
	Program
	// The page's, for Go to call.
	SetReadouts, FrameDrawn, Hold In
	// Go's, made when the first answer is on screen.
	Ready, ReadyAt, FirstPaint, FirstFrame, EngineMs, FirstRunInInitMs, Frames, Scenarios Out
	Updates, Draws                                                                        Out
	GCCycles, LabelRasters, DigitWarmup                                                   Out
	// The scheduler's counts (schedule.Counts).
	AheadHits, AheadRuns, AheadMs, AheadSyncs, Rehearsals, RehearsalsDue, Adopted Out
	RehearsalRounds, TimelinePrepared, Settled                                    Out
	// Set on later events.
	IdleHeld, LastExport, LastCopy Out
	// Go's, for the page to call.
	Prepare Out
}

// Widget is window.layoutlab.
//
// It is built on first use, so that a program which never asks for it (the widget for the
// table page's, the table page for the widget's) does not carry its declarations: Go's wasm
// code for them is tens of KB.
func Widget() *WidgetBoundary {
	widgetOnce.Do(func() { widget = newWidget() })
	return widget
}

var (
	widgetOnce sync.Once
	widget     *WidgetBoundary
)

func newWidget() *WidgetBoundary {
	b := &WidgetBoundary{Program: Program{Global: "layoutlab", Main: "wasm/", Script: "site/loader.js",
		Ready: "`ready` turns true, and the window gets a `layoutlab:ready` event, when the first answer is on screen and the controls answer."}}
	b.declare(widgetProps[:])
	bind(b, &b.Program)
	return b
}

// widgetProps is the declaration, as data: Go's wasm code for one call a property was 1 KB.
var widgetProps = [...]Prop{
	{Name: "ready", SetBy: GoAndPage, Type: Boolean, Means: "the first answer is on screen and the controls answer (false from loader.js until then, and again while a swapped-in scenario computes)"},
	{Name: "loadStart", SetBy: Page, Type: Number, Means: "performance.now() when loader.js began"},
	{Name: "wasmFrom", SetBy: Page, Type: String, Means: `the copy of layoutlab.wasm compiled: "sw" (the service worker's), "gzip" or "plain"`},
	{Name: "wasmLoaded", SetBy: Page, Type: Number, Means: "ms from loadStart until the module was instantiated"},
	{Name: "warm", SetBy: Page, Type: Boolean, Means: "embed.js made this frame warm (its name is layoutlab-warm): the module is compiled and Go started, and Go's main waits for go() (hold), its runtime and packages initialised"},
	{Name: "go", SetBy: Page, Type: Function, Means: "() → lets Go's main go on in a warm frame (embed.js calls it when the figure goes live, or starts ahead, after giving the frame its figure's fragment); does nothing in another"},
	{Name: "hold", SetBy: Page, Type: Function, Means: "(resume) → Go's main calls it first: true in a warm frame before go(), which then calls resume (main waits until it does); false elsewhere"},
	{Name: "wasmMemory", SetBy: Page, Type: Function, Means: "() → bytes of the module's linear memory, which holds the Go heap and never shrinks"},
	{Name: "setReadouts", SetBy: Page, Type: Function, Means: "(list, batch): writes the readouts that changed (wasm/readouts.go): for each, its index among list's span[data-metric], its text and its exact value, each followed by a NUL"},
	{Name: "frameDrawn", SetBy: Page, Type: Function, Means: "(updates, engineMs, drawMs): Go calls it for each frame drawn; it counts frames and sets updatesAtFrame, lastFrame, engineMs and drawMs"},
	{Name: "updatesAtFrame", SetBy: Page, Type: Number, Means: "Ebiten's Update calls run when the last frame was drawn"},
	{Name: "lastFrame", SetBy: Page, Type: Number, Means: "performance.now() when the last frame was drawn"},
	{Name: "drawMs", SetBy: Page, Type: Number, Means: "Go's ms issuing the last frame's draws"},
	{Name: "readyAt", SetBy: Go, Type: Number, Means: "performance.now() when ready last turned true"},
	{Name: "firstPaint", SetBy: Go, Type: Number, Means: "performance.now() at the first frame painted, which may come before the engine's answer"},
	{Name: "firstFrame", SetBy: Go, Type: Number, Means: "performance.now() at the first frame that shows the engine's answer (the timing script's first frame)"},
	{Name: "engineMs", SetBy: GoAndPage, Type: Number, Means: "the engine's ms on the answer shown: the first answer's, then each frame's (frameDrawn)"},
	{Name: "firstRunInInitMs", SetBy: Go, Type: Number, Means: "the part of the first answer's engineMs package firstrun spent while Go initialised the program (0 when the widget ran it)"},
	{Name: "frames", SetBy: GoAndPage, Type: Number, Means: "frames drawn since the first answer (Go sets 0 then; frameDrawn counts)"},
	{Name: "scenarios", SetBy: Go, Type: Number, Means: "scenarios shown by this page so far: embed.js reuses a frame for another figure, and waits for this to change"},
	{Name: "updates", SetBy: Go, Type: Number, Means: "Ebiten's Update calls so far: frames run, drawn or not"},
	{Name: "draws", SetBy: Go, Type: Number, Means: "Ebiten's Draw calls so far"},
	{Name: "gcCycles", SetBy: Go, Type: Function, Means: "() → Go's completed garbage collections"},
	{Name: "labelRasters", SetBy: Go, Type: Function, Means: "() → label images the canvas has rasterised (a drag should make none)"},
	{Name: "digitWarmup", SetBy: Go, Type: Function, Means: "() → [digit images warmed ahead, ms spent warming them] (wasm/labels.go)"},
	{Name: "aheadHits", SetBy: Go, Type: Number, Means: "moves answered from an answer computed ahead"},
	{Name: "aheadRuns", SetBy: Go, Type: Number, Means: "file counts run ahead"},
	{Name: "aheadMs", SetBy: Go, Type: Number, Means: "the engine's ms on the runs ahead, in all"},
	{Name: "aheadSyncs", SetBy: Go, Type: Number, Means: "file statistics given for an answer computed before it was asked for"},
	{Name: "rehearsals", SetBy: Go, Type: Number, Means: "this round's layouts rehearsed"},
	{Name: "rehearsalsDue", SetBy: Go, Type: Number, Means: "this round's layouts to rehearse"},
	{Name: "adopted", SetBy: Go, Type: Number, Means: "layouts rehearsed, in all"},
	{Name: "rehearsalRounds", SetBy: Go, Type: Number, Means: "rounds of rehearsals done"},
	{Name: "timelinePrepared", SetBy: Go, Type: Number, Means: "timelines whose day grids were prepared"},
	{Name: "prepare", SetBy: Go, Type: Function, Means: "(fragment): computes the answer for the scenario of a figure's fragment (\"#s=…\") before the page swaps to it (embed.js calls it when the pointer enters that figure); null drops it"},
	{Name: "settled", SetBy: Go, Type: Boolean, Means: "the scheduler has done all it was asked and all its idle work, and waits for input"},
	{Name: "idleHeld", SetBy: Go, Type: Boolean, Later: true, Means: "on a figure page, the scheduler's idle work waits for the reader's first touch (true until then)"},
	{Name: "lastExport", SetBy: Go, Type: Object, Later: true, Means: "{name, bytes}: the last file exported, bytes a Uint8Array (an export)"},
	{Name: "lastCopy", SetBy: Go, Type: String, Later: true, Means: "the last text put on the clipboard (a copy)"},
}
