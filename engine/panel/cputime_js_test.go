//go:build js

package panel

import (
	"os"
	"strconv"
	"strings"
	"syscall/js"
	"time"
)

// cpuTime is the CPU time of the JS host's main thread, the one wasm runs on, where the host is
// node on Linux (/proc/<pid>/task/<pid>/stat, 10 ms ticks): steadier than wall time on a shared
// machine, and without the engine's background compilation threads. It is 0 in a browser,
// where benchmarks report wall time only.
func cpuTime() time.Duration {
	proc := js.Global().Get("process")
	if proc.Type() != js.TypeObject || proc.Get("pid").Type() != js.TypeNumber {
		return 0
	}
	pid := strconv.Itoa(proc.Get("pid").Int())
	b, err := os.ReadFile("/proc/" + pid + "/task/" + pid + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // fields from the 3rd (state) on
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64) // utime, field 14
	k, _ := strconv.ParseInt(f[12], 10, 64) // stime, field 15
	return time.Duration(u+k) * 10 * time.Millisecond
}
