package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
)

// duckdbReference is DuckDB's decode of the same checkpoint and commits (its header says how
// to install it); BenchmarkInspect1M runs it when LAYOUTLAB_DUCKDB=1.
const duckdbReference = "../../engine/inspect/testdata/duckdb/open.mjs"

// BenchmarkInspect1M is `layoutlab inspect` on a table of a million files (inspecttest.Table:
// 100 commits, a Parquet checkpoint at the last, one commit after it) on disk: the open and
// report alone, the text output and the JSON output, and, with LAYOUTLAB_DUCKDB=1, DuckDB
// reading the same checkpoint and commits (duckdb-s/op, timed inside node, so without node's
// start), side by side in one run; cpu-s/op is each one's CPU time, user and system. The
// command's memory policy (setMemoryPolicy) is set as main sets it: the collector's work
// depends on it.
//
//	LAYOUTLAB_DUCKDB=1 go test -run XXX -bench Inspect1M -benchtime 3x ./cmd/layoutlab
func BenchmarkInspect1M(b *testing.B) {
	dir := b.TempDir()
	m, err := inspecttest.Table(1_000_000)
	if err != nil {
		b.Fatal(err)
	}
	for name, f := range m {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	m = nil
	defer setMemoryPolicy()()
	b.Run("open", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := inspect.Inspect(os.DirFS(dir), dir, inspect.Options{Version: -1}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The output goes to a file, as main writes it, so that its write calls count.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer null.Close()
	for _, format := range []string{"text", "json"} {
		b.Run(format, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				var errb bytes.Buffer
				if code := runBuffered([]string{"inspect", dir, "--format", format}, null, &errb); code != 0 {
					b.Fatalf("exit %d: %s", code, errb.String())
				}
			}
		})
	}
	b.Run("duckdb", func(b *testing.B) {
		if os.Getenv("LAYOUTLAB_DUCKDB") != "1" {
			b.Skip("set LAYOUTLAB_DUCKDB=1 once npm install has run in ../../engine/inspect/testdata/duckdb")
		}
		var total float64
		var cpu time.Duration
		cpuKnown := true
		for b.Loop() {
			cmd := exec.Command("node", duckdbReference, dir)
			out, err := cmd.Output()
			if err != nil {
				b.Fatalf("%s: %v", duckdbReference, err)
			}
			d, ok := childCPUTime(cmd.ProcessState)
			cpu, cpuKnown = cpu+d, cpuKnown && ok
			var r struct {
				Seconds float64
				Files   int
			}
			if err := json.Unmarshal(out, &r); err != nil || r.Files != 1_000_000 {
				b.Fatalf("%s: %q (%v)", duckdbReference, out, err)
			}
			total += r.Seconds
		}
		b.ReportMetric(total/float64(b.N), "duckdb-s/op")
		if cpuKnown {
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op") // node's whole process
		}
	})
}

// reportCPU, deferred at a benchmark's start, reports the process's CPU time (user and system,
// the collector's threads included) per op as cpu-s/op, where the system can tell it: the wall
// time of a run on a busy machine also counts the other processes.
func reportCPU(b *testing.B) func() {
	start, ok := cpuTime()
	return func() {
		if end, ok2 := cpuTime(); ok && ok2 && b.N > 0 {
			b.ReportMetric((end-start).Seconds()/float64(b.N), "cpu-s/op")
		}
	}
}
