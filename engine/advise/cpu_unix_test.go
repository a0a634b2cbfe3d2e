//go:build unix

package advise

import "syscall"

// cpuSeconds is the CPU time, user and system, the process has used so far: on shared cores an
// advice's CPU time moves less with the other work than its wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
