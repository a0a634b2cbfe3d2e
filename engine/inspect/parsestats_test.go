package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"runtime"
	"testing"
	"testing/fstest"
	"time"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/engine/stats"
	"layoutlab/engine/work"
)

// oddStatsTable is a one-commit table of n files whose statistics are of every kind readAll
// meets: none, unparseable, a negative numRecords, min above max, a nullCount above
// numRecords, a string to unescape, and ordinary ones.
func oddStatsTable(t *testing.T, n int) fstest.MapFS {
	t.Helper()
	acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "odd", Format: deltalog.Format{Provider: "parquet"}, SchemaString: inspecttest.Schema,
			PartitionColumns: []string{}, Configuration: map[string]string{}}}
	for i := range n {
		a := inspecttest.Add(i)
		switch {
		case i%97 == 0:
			a.Stats = ""
		case i%89 == 0:
			a.Stats = `{"numRecords":10,"minValues":{"id":`
		case i%83 == 0:
			a.Stats = `{"numRecords":-3}`
		case i%79 == 0:
			a.Stats = fmt.Sprintf(`{"numRecords":5,"minValues":{"id":%d},"maxValues":{"id":%d},"nullCount":{"id":9}}`, i+1, i)
		case i%73 == 0:
			a.Stats = fmt.Sprintf(`{"numRecords":5,"minValues":{"name":"a\u00e9%d"},"maxValues":{"name":"b\n%d"}}`, i, i)
		}
		acts = append(acts, a)
	}
	var b bytes.Buffer
	if err := deltalog.WriteCommit(&b, deltalog.Commit{Version: 0, Actions: acts}); err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{path.Join(deltalog.LogDir, deltalog.CommitFileName(0)): &fstest.MapFile{Data: b.Bytes()}}
}

// TestReadAllOnCores: the statistics parsed on two cores make the Report that one core makes,
// byte for byte (values, notes, order), with and without a WHERE, and a Yield's error stops the
// parallel read with that error and leaves no goroutine behind.
func TestReadAllOnCores(t *testing.T) {
	m := oddStatsTable(t, 5*progressEvery+123)
	report := func(procs int, where string) []byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		r, err := Inspect(m, "odd", Options{Version: -1, Where: where})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, where := range []string{"", "id < 40000", "name >= 'n000100'"} {
		one, two := report(1, where), report(2, where)
		if !bytes.Equal(one, two) {
			t.Errorf("WHERE %q: the Report read on two cores differs from one core's", where)
		}
		if !bytes.Contains(one, []byte("is above maxValues")) || !bytes.Contains(one, []byte("are not used")) {
			t.Fatalf("WHERE %q: the table's odd statistics left no notes", where)
		}
	}

	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	before := runtime.NumGoroutine()
	stop := errors.New("stop")
	ticks := 0
	yield := func(p work.Progress) error {
		if p.Step == statisticsStep {
			if ticks++; ticks == 3 {
				return stop
			}
		}
		return nil
	}
	if _, err := Inspect(m, "odd", Options{Version: -1, Yield: yield}); err != stop {
		t.Fatalf("a Yield that stops the statistics: %v", err)
	}
	for wait := 0; runtime.NumGoroutine() > before && wait < 100; wait++ {
		time.Sleep(10 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > before {
		t.Errorf("%d goroutines after a stopped read, %d before", g, before)
	}
}

// TestParseBlockMakesHealthKeys: readAll's workers make the health's prefix keys of each file's
// string bounds as they parse (healthCollector.prefixKeys), so that the goroutine recording the
// files reads no statistics' text: there each key was a cache miss on text parsed on another
// core. The keys are those add would make, in its order of the columns.
func TestParseBlockMakesHealthKeys(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "t", Options{Version: -1, PlanLater: true, HealthLater: true})
	if err != nil {
		t.Fatal(err)
	}
	var strs []int // the string columns the health gathers
	if in.hc != nil {
		for _, c := range in.hc.cols {
			if c.store == 's' {
				strs = append(strs, c.leaf)
			}
		}
	}
	if len(strs) == 0 {
		t.Fatal("the health gathers no string column: nothing to check")
	}
	files := in.s.AllFiles()
	fr := &fileReader{in: in, files: files}
	parser := stats.NewJSONParser(in.pleaves, progressEvery)
	parser.ReuseValues()
	var buf parsedBlock
	fr.parseBlock(parser, &buf, 0, min(progressEvery, len(files)))
	for i, p := range buf.parsed {
		if len(p.keys) != 2*len(strs) {
			t.Fatalf("file %d: %d keys, want 2 for each of %d string columns", i, len(p.keys), len(strs))
		}
		for k, l := range strs {
			lo, hi := p.st.MinValues[l].S, p.st.MaxValues[l].S
			if lo == "" || p.keys[2*k] != prefixKey(lo) || p.keys[2*k+1] != prefixKey(hi) {
				t.Fatalf("file %d: keys %x, want those of %q and %q", i, p.keys[2*k:2*k+2], lo, hi)
			}
		}
	}
}
