//go:build unix

package main

import (
	"os"
	"syscall"
	"time"
)

// cpuTime is the CPU time, user and system, that this process has used so far: on a shared
// machine a benchmark's wall time measures the other processes too.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// childCPUTime is a finished child process's CPU time, user and system.
func childCPUTime(p *os.ProcessState) (time.Duration, bool) {
	return p.UserTime() + p.SystemTime(), true
}
