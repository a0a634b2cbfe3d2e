//go:build !js

package timeline

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time, steadier than wall time on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
