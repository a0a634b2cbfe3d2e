//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// pssSample is the browser's PSS at one moment and what made it: each process's PSS, largest
// first, named by its --type= (the renderer, the GPU process, ...; the browser's own has none).
type pssSample struct {
	total int64
	procs []procPSS
}

type procPSS struct {
	kind string
	pss  int64
}

// samplePSS reads every browser process's PSS (browserProcesses, pssKB).
func samplePSS(ctx context.Context) (pssSample, error) {
	_, pids, err := browserProcesses(ctx)
	if err != nil {
		return pssSample{}, err
	}
	var s pssSample
	for _, pid := range pids {
		kb, ok := pssKB(pid)
		if !ok {
			continue
		}
		s.total += kb << 10
		s.procs = append(s.procs, procPSS{processKind(pid), kb << 10})
	}
	if len(s.procs) == 0 {
		return s, fmt.Errorf("no smaps_rollup readable")
	}
	slices.SortFunc(s.procs, func(a, b procPSS) int { return int(b.pss - a.pss) })
	return s, nil
}

// processKind is a Chromium process's --type= (renderer, gpu-process, utility, zygote), or
// "browser" for the one with none.
func processKind(pid int) string {
	b, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	for _, a := range strings.FieldsFunc(string(b), func(r rune) bool { return r == 0 || r == ' ' }) { // Chromium rewrites its title: one string
		if t, ok := strings.CutPrefix(a, "--type="); ok {
			return t
		}
	}
	return "browser"
}

// String is the sample in MiB: the total, then the three largest processes.
func (s pssSample) String() string {
	var parts []string
	for _, p := range s.procs[:min(3, len(s.procs))] {
		parts = append(parts, fmt.Sprintf("%s %.0f", p.kind, mib(float64(p.pss))))
	}
	return fmt.Sprintf("%.0f MiB (%s, %d processes)", mib(float64(s.total)), strings.Join(parts, ", "), len(s.procs))
}
