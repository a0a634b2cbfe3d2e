package inspect_test

import (
	"encoding/json"
	"runtime"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
)

// TestCompactStatsBytesPerFile: the page's Inspector of the synthetic table (statistics of
// about 190 bytes a file) keeps the text's values (about 70), not the text, once parsed: 93
// bytes a file less than the CLI's (a million files' text was 178 MB of the page's peak). Every file's add
// action comes back byte for byte, and a WHERE on a column not read at first (parsed again
// from the texts given back) has the same verdicts.
func TestCompactStatsBytesPerFile(t *testing.T) {
	// One core, as js/wasm has: the files' statistics are parsed in turn (readAll), not by workers.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const n = 100_000
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	objects := inspecttest.HeapObjects
	open := func(from int) (*inspect.Report, *inspect.Inspector, float64) {
		before := objects()
		r, in, err := inspect.Open(m, "t", inspect.Options{Version: -1, PlanLater: true, CompactStatsFrom: from})
		if err != nil {
			t.Fatal(err)
		}
		if err := in.CompactStats(nil); err != nil { // nothing without CompactStatsFrom
			t.Fatal(err)
		}
		held := (objects() - before) / n
		return r, in, held
	}
	full, fullIn, fullHeld := open(0)
	compact, in, held := open(n)
	t.Logf("%.1f bytes a file held compacted, %.1f not", held, fullHeld)
	if held > fullHeld-85 {
		t.Errorf("compacted, the Inspector holds %.1f bytes a file, not 85 less than %.1f", held, fullHeld)
	}
	if len(compact.Files) != n {
		t.Fatalf("%d files, want %d", len(compact.Files), n)
	}
	for i, f := range fullIn.Snapshot().AllFiles() {
		want, err := deltalog.EncodeAction(*f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := deltalog.EncodeAction(in.AddAction(i))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("file %d's add action given back:\n%s\nwant\n%s", i, got, want)
		}
	}
	// name is not the first colouring column: its statistics are parsed again.
	for _, where := range []string{"name = 'n050000'", "name < 'n000100' OR id = 77777"} {
		a, err := json.Marshal(in.Report(where))
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(fullIn.Report(where))
		if err != nil {
			t.Fatal(err)
		}
		var ra, rb inspect.Report
		_ = json.Unmarshal(a, &ra)
		_ = json.Unmarshal(b, &rb)
		if ra.FilesRead != rb.FilesRead || ra.FilesRead == 0 || ra.FilesRead == n {
			t.Errorf("%s: %d files read compacted, %d not", where, ra.FilesRead, rb.FilesRead)
		}
		for i := range ra.Files {
			if ra.Files[i].Read != rb.Files[i].Read || ra.Files[i].Reason != rb.Files[i].Reason {
				t.Fatalf("%s: file %d %v %q compacted, %v %q not", where, i, ra.Files[i].Read, ra.Files[i].Reason, rb.Files[i].Read, rb.Files[i].Reason)
			}
		}
	}
	runtime.KeepAlive(full)
	runtime.KeepAlive(m)
}
