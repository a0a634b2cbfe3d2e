//go:build !unix

package advise

// cpuSeconds is 0 where the process's CPU time is not known (js/wasm).
func cpuSeconds() float64 { return 0 }
