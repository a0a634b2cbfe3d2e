package advise

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"layoutlab/engine/datafiles"
	"layoutlab/engine/inspect"
)

// TestWriteBigTable writes BenchmarkAdvise1M's table (the event table of 1,000,000 rows in
// 1,000 append files, seed 21) with its Parquet data files, its 10-query workload and its flags
// into $LAYOUTLAB_BIG_TABLE, for the table page's timing (site/e2e BenchmarkAdvisePage):
// LAYOUTLAB_BIG_TABLE=/tmp/big LAYOUTLAB_BIG_ROWS=1000000 go test -run TestWriteBigTable ./engine/advise.
// Without the variable it writes a 20,000-row, 20-file one to a temporary folder and checks it
// reads back, so that the writer the timing depends on stays tested.
func TestWriteBigTable(t *testing.T) {
	dir, rows, files := os.Getenv("LAYOUTLAB_BIG_TABLE"), 20_000, 20
	if dir == "" {
		dir = filepath.Join(t.TempDir(), "big")
	} else if n, err := strconv.Atoi(os.Getenv("LAYOUTLAB_BIG_ROWS")); err == nil && n > 0 {
		rows, files = n, max(1, n/1000)
	}
	tab := genTable(t, eventSpec(1000), rows, 21)
	tt := writeTable(t, tab, files, map[string]string{}, nil)
	table := filepath.Join(dir, "events_big")
	os.RemoveAll(table)
	if err := datafiles.Write(table, tt.in.Snapshot(), &datafiles.Rows{Table: tab, File: tt.file}, byFileRows(tt),
		datafiles.CommitInfo{Operation: "WRITE", Seed: 21, Timestamp: dayTS(0)}); err != nil {
		t.Fatal(err)
	}
	_, in, err := inspect.Open(os.DirFS(table), table, inspect.Options{Version: -1})
	if err != nil || in == nil {
		t.Fatalf("open %s: %v", table, err)
	}
	back, err := datafiles.Read(os.DirFS(table), in.Snapshot(), datafiles.Options{MaxRows: int64(rows)})
	if err != nil || back.Sample.RowsRead != int64(rows) {
		t.Fatalf("read back: %v, %d rows of %d", err, back.Sample.RowsRead, rows)
	}
	var wl strings.Builder
	wl.WriteString(userLookups(tab, 6))
	for _, r := range []int{rows / 10, rows / 2} {
		fmt.Fprintf(&wl, "2: event_date = '%s'\n", dateAt(tab, r))
	}
	wl.WriteString("region_id = 3\nevent_date >= '2027-01-01' AND region_id = 5\n")
	flags := fmt.Sprintf("--keys user_id,event_date,region_id --max-file-size %d\n", maxFileFor(rows, files))
	if err := os.WriteFile(filepath.Join(dir, "big.workload"), []byte(wl.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.flags"), []byte(flags), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Advise(Input{Inspector: tt.in, Workload: wl.String()}, Options{})
	if err != nil || len(rep.Today.Queries) != 10 {
		t.Fatalf("the workload: %v, %d queries", err, len(rep.Today.Queries))
	}
}
