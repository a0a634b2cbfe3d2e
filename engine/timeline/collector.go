package timeline

import "runtime"

// letCollectorRun lets the garbage collector's background mark worker run, once a day of the
// run. Under js/wasm there is one thread and nothing preempts a goroutine that never blocks
// (no sysmon), so a run that never yields leaves each collection's marking to its allocations'
// assists: cycles drag on while the heap grows, and the linear memory, which never shrinks,
// grows run after run, each memory.grow costing V8 a garbage collection of its own. Measured
// under Node on ten runs of the zorder-full preset: without it, 675 grows to 407 MB of linear
// memory and 440 to 590 CPU ms a run; with it, about 130 grows to 90 MB and 260 to 290 ms.
// Natively, where the worker has threads to run on, it costs a scheduler call a day.
func letCollectorRun() { runtime.Gosched() }
