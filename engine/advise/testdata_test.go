package advise

import (
	"flag"
	"os"
	"reflect"
	"testing"

	"layoutlab/engine/datafiles"
	"layoutlab/engine/datafiles/datafilestest"
	"layoutlab/engine/inspect"
)

var update = flag.Bool("update", false, "regenerate testdata/events")

// eventsDir is a generated append-ordered event table with Parquet data files, for the README's
// run of `layoutlab advise` and the CLI's tests: eventSpec(365), 20,000 rows, seed 3, in 16
// files of consecutive rows, written by datafiles.Write. go test -run TestEventsTestdata -update
// writes it again.
const eventsDir = "testdata/events"

func TestEventsTestdata(t *testing.T) {
	tab := genTable(t, eventSpec(365), 20_000, 3)
	src := writeTable(t, tab, 16, map[string]string{}, nil)
	if *update {
		os.RemoveAll(eventsDir)
		if err := datafiles.Write(eventsDir, src.in.Snapshot(), &datafiles.Rows{Table: tab, File: src.file}, byFileRows(src),
			datafiles.CommitInfo{Operation: "WRITE", Seed: 3, Timestamp: dayTS(0)}); err != nil {
			t.Fatal(err)
		}
	}
	_, in, err := inspect.Open(os.DirFS(eventsDir), eventsDir, inspect.Options{Version: -1})
	if err != nil || in == nil {
		t.Fatalf("open %s: %v (go test -run TestEventsTestdata -update writes it)", eventsDir, err)
	}
	rows, err := datafiles.Read(os.DirFS(eventsDir), in.Snapshot(), datafiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rows.Sample.RowsTotal != int64(tab.NumRows) || !reflect.DeepEqual(datafilestest.ColumnChecksums(rows.Table), datafilestest.ColumnChecksums(tab)) {
		t.Errorf("%s holds %d rows, or other values than the generator's: go test -run TestEventsTestdata -update", eventsDir, rows.Sample.RowsTotal)
	}
	for r, f := range rows.File {
		if src.file[r] != f {
			t.Fatalf("row %d is in file %d, the generator's %d", r, f, src.file[r])
		}
	}
}
