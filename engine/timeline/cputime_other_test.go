//go:build !js

package timeline

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time, steadier than wall time on a shared machine
// (benchmarks run with GOMAXPROCS=1, as the page has one thread).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// hostCPUTime is 0 natively, where no host runs beside the process: report leaves it out.
func hostCPUTime() time.Duration { return 0 }
