package timeline

import (
	"testing"

	"layoutlab/engine/scenario"
)

// BenchmarkPresets runs every timeline preset of the explainer (scenario.Presets), each as its
// figure's first answer (a fresh Run: no table kept), after warm-up runs (benchRun). Run natively and under Node (GOOS=js GOARCH=wasm, go_js_wasm_exec)
// with the same -benchtime, the cpu-ms/op of the two are the wasm-against-native ratio per
// preset (natively with GOMAXPROCS=1, as the page has one thread: no statistics worker).
func BenchmarkPresets(b *testing.B) {
	for _, p := range scenario.Presets() {
		if p.Scenario.View != "timeline" {
			continue
		}
		b.Run(p.Name, func(b *testing.B) { benchRun(b, p.Scenario.Timeline) })
	}
}
