//go:build browser

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// browserCPU sums the CPU time, user and system, in seconds, that ctx's browser and every
// process under it have used so far (/proc/PID/stat's utime and stime, at USER_HZ = 100): on a
// shared machine a step's CPU time moves less with the other work than its wall time.
func browserCPU(ctx context.Context) (float64, error) {
	_, pids, err := browserProcesses(ctx)
	if err != nil {
		return 0, err
	}
	var ticks int64
	for _, pid := range pids {
		b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
		if err != nil {
			continue // the process ended
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 13 {
			continue
		}
		// After the command name: state is field 3 of stat, utime 14 and stime 15.
		u, _ := strconv.ParseInt(f[11], 10, 64)
		k, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + k
	}
	return float64(ticks) / 100, nil
}
