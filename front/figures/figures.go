// Package figures is where the browser programs put what they measure of themselves for the
// browser tests and the timing script (docs/benchmarks.md): one sink per program (Widget,
// Table), kept out of the programs' own state. Each figure goes to the page as it changes,
// through a Writer: in the browser the program's window object (wasm/browser.Global, as
// front/boundary declares it), in tests a recorder.
package figures

import (
	"time"

	"layoutlab/front/boundary"
)

// Writer takes the figures: it sets declared properties and calls the page's declared
// functions.
type Writer interface {
	Set(o boundary.Out, v any)
	Call(i boundary.In, args ...any)
}

// ms is d in milliseconds, to the microsecond, as the figures give durations.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
