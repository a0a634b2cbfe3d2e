package main

import (
	"bufio"
	"io"
	"testing"

	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
)

// BenchmarkFilesJSON200k is the files' part of `inspect --format json` (writeFilesJSON) on the
// report of inspecttest.Table(200_000), alone: the part of BenchmarkInspect1M/json after the
// open that grows with the files, without the open's noise. cpu-s/op is every goroutine's.
func BenchmarkFilesJSON200k(b *testing.B) {
	m, err := inspecttest.Table(200_000)
	if err != nil {
		b.Fatal(err)
	}
	r, err := inspect.Inspect(m, "bench", inspect.Options{Version: -1})
	if err != nil {
		b.Fatal(err)
	}
	bw := bufio.NewWriterSize(io.Discard, 256<<10)
	defer reportCPU(b)()
	for b.Loop() {
		if err := writeFilesJSON(bw, r.Files); err != nil {
			b.Fatal(err)
		}
	}
}
