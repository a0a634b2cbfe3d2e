//go:build js && wasm

// Package firstrun computes the widget's first answer while Go initialises the program, before
// Ebiten's packages are initialised. Go initialises packages in import-path order, each once all
// it imports are (the spec's "Package initialization"). Ebiten's internal/restorable imports
// packages whose paths sort after "layoutlab/" (text/template, regexp, path/filepath, through its
// builtinshader and shader packages), while this package's imports are ready before them: its
// init runs first. TestFirstRunBeforeEbiten (wasm/firstrun_test.go) checks the order.
//
// restorable's init compiles Ebiten's built-in shaders from Kage source, with go/parser and
// Ebiten's shader compiler, all still running V8's baseline code, and V8 then compiles that code
// again, optimised, on background threads. Run after it, the engine's first run of the default
// scenario shared the two cores with those compiles; run before it, it leaves the runtime's
// allocator and copying code warm for the shader compiler. Measured in headless Chromium here,
// fresh browser contexts, 8 loads of each build alternating: the first frame with the answer at
// 1,542 ms after navigation (median), against 1,788 ms with the run after Ebiten's init; the run
// itself took 260-420 ms before, 370-630 ms after.
package firstrun

import (
	"reflect"
	"runtime/debug"
	"syscall/js"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// MaxRows is the largest panel table run here: twice the default. Until init is done the page
// shows only its loading notice, with no frame and no progress; a larger table is left to the
// widget, which paints the page first when a run is long and names each of its steps
// (wasm/panelrun.go).
const MaxRows = 200_000

// The first run: res is nil until init has run the engine, and again once Take has handed the
// run over; took is 0 unless init ran it.
var (
	ran  scenario.Panel
	eng  Engine
	res  *panel.Result
	took time.Duration
)

func init() {
	loc := js.Global().Get("location")
	if !loc.Truthy() {
		return // not a page: the program run under Node by a test
	}
	run(loc.Get("hash").String())
}

// run computes the first answer for the page's URL fragment, read as the widget reads it (url.go).
func run(fragment string) {
	sc, err := scenario.FromFragment(fragment)
	if err != nil {
		return // the widget names what was wrong, and runs the defaults itself
	}
	if sc.View != "panel" || sc.Panel.Rows > MaxRows {
		return
	}
	start := time.Now()
	// The collector is off for the run, and back to its setting after it. The default scenario's
	// run allocates about 17 MB (at most twice that here: MaxRows), most of it kept for the
	// answer; from the runtime's 4 MB start the heap's growth set off three cycles, each on the
	// page's one thread, in collector code V8 had not yet optimised. Measured in headless
	// Chromium here, fresh browser contexts, 8 loads of each build alternating: the run took
	// 225 ms (median) without them, 309 ms with; the first frame came at 1,243 ms against 1,363.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	eng = Engine{}
	res = eng.Run(sc.Panel)
	took = time.Since(start)
	ran = sc.Panel
}

// Take returns, once, the first run's engine, answer and duration if the run was of p: the
// engine's caches are the caller's from then on.
func Take(p scenario.Panel) (Engine, *panel.Result, time.Duration, bool) {
	if res == nil || !reflect.DeepEqual(p, ran) {
		return Engine{}, nil, 0, false
	}
	e, r := eng, res
	eng, res = Engine{}, nil
	return e, r, took, true
}

// Taken is how long the first run took if Take handed it over, and 0 if the widget made its
// first answer itself.
func Taken() time.Duration {
	if res != nil { // run, not handed over
		return 0
	}
	return took
}
