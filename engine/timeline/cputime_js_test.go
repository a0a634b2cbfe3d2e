//go:build js

package timeline

import (
	"syscall/js"
	"time"
)

// cpuTime is, under Node (go_js_wasm_exec), the process's user+system CPU time from
// process.cpuUsage(), V8's compiler threads included; 0 (wall time only) where there is none.
func cpuTime() time.Duration {
	p := js.Global().Get("process")
	if !p.Truthy() || p.Get("cpuUsage").Type() != js.TypeFunction {
		return 0
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
