//go:build js && wasm

package main

import "runtime/metrics"

// peakSamples are what notePeak reads: the heap's objects (live and not yet collected), what
// the last collection marked live, and all the memory the runtime holds, which the module's
// linear memory (never shrinking) must hold too.
var peakSamples = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/total:bytes"}}

// heapPeak is the most the heap's objects have been at a yield, and held what the runtime held
// at the last yield, for the timing script's breakdown of the page's peak
// (figures.Table.HeapPeak).
var heapPeak, held uint64

// heldGrew is the status line shown as the runtime's memory last grew: the stretch that
// ended then took the module's memory to what it is.
var heldGrew string

// notePeak reads the heap at a yield and tells the figures when its objects are the most yet or
// the runtime holds more memory than at the last yield.
func (a *app) notePeak() {
	metrics.Read(peakSamples)
	o, t := peakSamples[0].Value.Uint64(), peakSamples[2].Value.Uint64()
	if o <= heapPeak && t <= held {
		return
	}
	if t > held {
		held, heldGrew = t, a.statusShown
	}
	heapPeak = max(heapPeak, o)
	a.fig.HeapPeak(heapPeak, peakSamples[1].Value.Uint64(), held, heldGrew)
}
