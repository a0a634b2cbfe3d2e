package layout

import "testing"

// BenchmarkAppendName names a bin's thousand files into one buffer, as the timeline's nightly
// rewrite names every bin's files (FileNamer.AppendName). Run natively and under js/wasm.
func BenchmarkAppendName(b *testing.B) {
	f := NewFileNamer(3)
	var buf []byte
	for b.Loop() {
		buf = buf[:0]
		for split := range 1000 {
			buf = f.AppendName(buf, "event_date=2026-02-03", split)
		}
	}
}
