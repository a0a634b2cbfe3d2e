//go:build js && wasm

package main

import "runtime/metrics"

// peakSamples are what notePeak reads: the heap's objects (live and not yet collected), what
// the last collection marked live, and all the memory the runtime holds, which the module's
// linear memory (never shrinking) must hold too.
var peakSamples = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/total:bytes"}}

// heapPeak is the most the heap's objects have been at a yield, for the timing script's
// breakdown of the page's peak (figures.Table.HeapPeak).
var heapPeak uint64

// notePeak reads the heap at a yield and, when its objects are the most yet, tells the figures
// with the status line shown.
func (a *app) notePeak() {
	metrics.Read(peakSamples)
	if o := peakSamples[0].Value.Uint64(); o > heapPeak {
		heapPeak = o
		a.fig.HeapPeak(o, peakSamples[1].Value.Uint64(), peakSamples[2].Value.Uint64(), a.statusShown)
	}
}
