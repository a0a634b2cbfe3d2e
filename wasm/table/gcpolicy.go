//go:build js && wasm

package main

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// collectSlack is how much the heap may hold beyond what the last collection marked live as a
// step that allocates much begins, before collectBefore collects. Measured on the 1M-file table
// (BenchmarkTableOpen1M, heapPeak): the module's memory went 861-876 MiB without to 828-835 MiB
// with it, for one collection more (0.5-1.6 s on 2 busy cores). A smaller headroom everywhere
// did not lower it: GOGC 50 left it at 875 MiB, collecting at 30% of the way to the goal
// (collectDue) at 888 MiB, each with 3 to 6 more collections.
const collectSlack = 64 << 20

// collectFrom is the heap below which collectBefore leaves the collecting to collectDue: the
// 100,000-file table's heap stays under 128 MiB, its module's memory at 113 MiB, and a collection
// before its plans made them 0.86-0.96 s where main's build took 0.22-0.47 s; with collectFrom,
// 0.21-0.44 s beside main's 0.21-0.39 s (3 opens each, side by side).
const collectFrom = 256 << 20

// collectBefore collects, in a task of its own, when the heap holds more than collectSlack
// beyond what the last collection marked live: called as a step that allocates much begins
// (the files' statistics and their text's compaction, through tablepage.Shown.Collect; the
// views and the plans collect first, collectFirst), so that its large arrays are placed in the
// room the steps before it leave, rather than in memory the runtime takes from the browser for
// them (which it never gives back).
func (a *app) collectBefore() {
	metrics.Read(gcSamples)
	live, heap := gcSamples[0].Value.Uint64(), gcSamples[2].Value.Uint64()
	if heap < collectFrom || heap < live+collectSlack {
		return
	}
	a.collect()
}

// collectFirst collects, in a task of its own, when the heap holds collectFrom or more, however
// near it is to what the last collection marked live: called as the views begin, which draw the
// grid in one stretch without a collection, all they allocate (a million files' spans and
// cells, 136 MB) on top of what the heap holds then. The last collection, the open's, marked
// the health's bounds live, which the health has let go since, so collectBefore's test did not
// collect once the health's sorts stopped leaving garbage (inspect's boundsSorter): the
// 1,000,000-file table's Go heap grew to 679 MiB in the views, against 587 as main's health
// made a collection run before them. The plans collect first too: the compaction before them
// leaves its text garbage, and a collection in it may have marked the heap late enough that
// collectBefore's test did not collect (688 MiB, the plans on top of it).
func (a *app) collectFirst() {
	metrics.Read(gcSamples)
	if gcSamples[2].Value.Uint64() < collectFrom {
		return
	}
	a.collect()
}

// collect collects in a task of its own, and tells the figures how long it took.
func (a *app) collect() {
	t0 := time.Now()
	runtime.GC()
	a.fig.Collected(time.Since(t0))
	a.endTask()
	a.lastYield = time.Now()
}
