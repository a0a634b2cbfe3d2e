//go:build js && wasm

package main

import (
	"runtime/metrics"
	"strconv"
	"syscall/js"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/schedule"
)

// mark notes a stage of a switch to another figure on the page's performance timeline
// ("layoutlab:" + name): the timing script (site/e2e BenchmarkSwitch) reads them to say what a
// switch spends its time on. Only from a start or a switch until the figure is ready (marking):
// a handful each, none while a figure is used.
func mark(name string) {
	if marking {
		if n := gcCycles(); n != lastGC {
			// The collections completed since the last mark: on the page's one thread a
			// collection's marking holds the frames and the host's timers.
			js.Global().Get("performance").Call("mark", "layoutlab:gc+"+strconv.FormatUint(n-lastGC, 10))
			lastGC = n
		}
		if m := mappedMiB(); m > lastMiB {
			// The runtime's memory grew since the last mark (wasm's linear memory with it, which
			// never shrinks): where a switch sets the frame's peak.
			js.Global().Get("performance").Call("mark", "layoutlab:mem"+strconv.FormatUint(m, 10))
			lastMiB = m
		}
		js.Global().Get("performance").Call("mark", "layoutlab:"+name)
	}
}

// lastGC is the collections completed at the last mark.
var lastGC uint64

// gcCycles is the collections completed so far.
func gcCycles() uint64 {
	m := [...]metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(m[:])
	return m[0].Value.Uint64()
}

// lastMiB is the runtime's memory at the last mark that noted it, in MiB.
var lastMiB uint64

// mappedMiB is the memory the runtime has mapped (the heap, stacks, its own metadata), in MiB.
func mappedMiB() uint64 {
	m := [...]metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(m[:])
	return m[0].Value.Uint64() >> 20
}

// marking: the page is starting or switching to another figure, not yet ready.
var marking = true

// markedTimeline is the timeline's engine with its runs and its forgetting marked.
type markedTimeline struct{ schedule.TimelineEngine }

func (e *markedTimeline) Run(s scenario.Timeline, yield schedule.Yield) (*timeline.Result, error) {
	mark("run")
	defer mark("ran")
	return e.TimelineEngine.Run(s, yield)
}

func (e *markedTimeline) Forget() {
	mark("forget")
	e.TimelineEngine.Forget()
}
