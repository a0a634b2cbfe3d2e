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
// allocator and copying code warm for the shader compiler (./build.sh bench's first-frame line).
package firstrun

import (
	"runtime/debug"
	"syscall/js"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// MaxRows is the largest panel table run here: twice the default. Until init is done the page
// shows only its loading notice, with no frame and no progress; a larger table is left to the
// widget, which paints the page first when a run is long and names each of its steps
// (front/schedule).
const MaxRows = 200_000

// The first run: res is nil until init has run the engine, and again once Take has handed the
// run over.
var (
	ran  scenario.Panel
	eng  *panel.Store
	res  *panel.Result
	took time.Duration
)

func init() {
	loc := js.Global().Get("location")
	if !loc.Truthy() {
		return // not a page: the program run under Node by a test
	}
	if js.Global().Get("name").String() == "layoutlab-warm" {
		// A frame site/embed.js made warm ahead of a touch (loader.js reads the same name): its
		// figure is not known until main goes on (wasm/hold.go), and its fragment, for now, may
		// be another figure's.
		return
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
	// The collector is off for the run, and back to its setting after it: most of what the run
	// allocates is kept for the answer, and the heap's growth from the runtime's start would
	// set off collections on the page's one thread, in collector code V8 has not optimised yet.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	eng = panel.NewStore()
	res, _ = eng.Answer(sc.Panel, panel.Shown, nil)
	took = time.Since(start)
	ran = sc.Panel
}

// Take returns, once, the Store that ran the first answer, the scenario it ran, the answer
// and its duration; a new Store and a nil answer when init ran none.
func Take() (*panel.Store, scenario.Panel, *panel.Result, time.Duration) {
	e, p, r, d := eng, ran, res, took
	if e == nil {
		e = panel.NewStore()
	}
	eng, res = nil, nil
	return e, p, r, d
}
