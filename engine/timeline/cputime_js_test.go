//go:build js

package timeline

import "time"

// cpuTime is unavailable under wasm; benchmarks report wall time only.
func cpuTime() time.Duration { return 0 }
