//go:build js

package timeline

import (
	"os"
	"strconv"
	"strings"
	"syscall/js"
	"time"
)

// cpuTime is, under Node (go_js_wasm_exec) on Linux, the CPU time of the thread wasm runs on
// (/proc/<pid>/task/<pid>/schedstat, in nanoseconds): engine/panel's benchmarks count the same
// thread (in 10 ms ticks), so the two packages' wasm-against-native ratios compare. It leaves
// out V8's background threads (compiling the module's hot functions, its own heap's collector),
// which ran beside a page's main thread rather than on it. 0 where there is no such file.
func cpuTime() time.Duration {
	p := js.Global().Get("process")
	if !p.Truthy() || p.Get("pid").Type() != js.TypeNumber {
		return 0
	}
	pid := strconv.Itoa(p.Get("pid").Int())
	b, err := os.ReadFile("/proc/" + pid + "/task/" + pid + "/schedstat")
	if err != nil {
		return 0
	}
	ns, err := strconv.ParseInt(strings.Fields(string(b) + " x")[0], 10, 64)
	if err != nil {
		return 0
	}
	return time.Duration(ns)
}

// hostCPUTime is the Node process's user+system CPU time (process.cpuUsage()), V8's
// background threads included; 0 where there is none.
func hostCPUTime() time.Duration {
	p := js.Global().Get("process")
	if !p.Truthy() || p.Get("cpuUsage").Type() != js.TypeFunction {
		return 0
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
