package advise

import (
	"os"
	"reflect"
	"testing"

	"layoutlab/engine/datafiles"
	"layoutlab/engine/datafiles/datafilestest"
	"layoutlab/engine/inspect"
	"layoutlab/engine/table"
)

// The --write proof on a generated event table with real Parquet files: each candidate's table,
// written by datafiles.Write, gives under inspect --where exactly the files Advise predicted,
// and holds exactly the source's live rows (count and per-column checksums).
func TestWriteProof(t *testing.T) {
	proved := writeProof(t, genTable(t, eventSpec(120), 20_000, 12), map[string]string{}, func(tab *table.Table) string {
		return userLookups(tab, 2) + "event_date = '" + dateAt(tab, 7000) + "'\nregion_id = 4\n"
	}, func(*testing.T, Candidate, string) {})
	if len(proved) < 5 {
		t.Errorf("only %d candidates proved", len(proved))
	}
	t.Logf("%d candidates written and proved", len(proved))
}

// writeProof writes a generated table (tab) with real Parquet files under table properties
// conf, advises on it with the workload, and proves every candidate Delta runs: its written
// table read by inspect --where gives the files predicted, and holds the source's rows. check
// looks further at each written table (dir). It returns the candidates proved.
func writeProof(t *testing.T, tab *table.Table, conf map[string]string, workload func(*table.Table) string, check func(*testing.T, Candidate, string)) []Candidate {
	t.Helper()
	src := writeTable(t, tab, 16, conf, nil)
	dir := t.TempDir()
	err := datafiles.Write(dir, src.in.Snapshot(), &datafiles.Rows{Table: tab, File: src.file}, byFileRows(src), datafiles.CommitInfo{Operation: "WRITE", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := inspect.Open(os.DirFS(dir), dir, inspect.Options{Version: -1})
	if err != nil || in == nil {
		t.Fatalf("open: %v", err)
	}
	rows, err := datafiles.Read(os.DirFS(dir), in.Snapshot(), datafiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := rows.Sample.RowsTotal
	input := Input{Inspector: in, Workload: workload(tab),
		Rows: &Rows{Table: rows.Table, File: rows.File, Sample: Sample{RowsRead: n, RowsTotal: n, Fraction: 1}}}
	opt := Options{MaxFileSize: in.Snapshot().SizeInBytes() / 12, IngestBytesPerDay: 0}
	rep, err := Advise(input, opt)
	if err != nil {
		t.Fatal(err)
	}
	want := datafilestest.ColumnChecksums(rows.Table)
	var proved []Candidate
	for i, c := range rep.Candidates {
		if c.Error != nil || c.Layout == AsIs {
			continue
		}
		as, err := Relayout(input, opt, i)
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		if err := datafiles.Write(out, in.Snapshot(), rows, as.Files, as.Commit(7)); err != nil {
			t.Fatalf("%s: write: %v", Label(c), err)
		}
		for k, q := range c.Queries {
			r, err := inspect.Inspect(os.DirFS(out), out, inspect.Options{Version: -1, Where: q.Where})
			if err != nil || r.Error != nil {
				t.Fatalf("%s: inspect %s: %v %v", Label(c), q.Where, err, r.Error)
			}
			if r.FilesRead != q.FilesRead || len(as.Read[k]) != q.FilesRead {
				t.Errorf("%s, %s: inspect reads %d files, predicted %d", Label(c), q.Where, r.FilesRead, q.FilesRead)
			}
		}
		_, in2, _ := inspect.Open(os.DirFS(out), out, inspect.Options{Version: -1})
		back, err := datafiles.Read(os.DirFS(out), in2.Snapshot(), datafiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if back.Sample.RowsTotal != n || !reflect.DeepEqual(datafilestest.ColumnChecksums(back.Table), want) {
			t.Errorf("%s: %d rows, checksums differ: %v", Label(c), back.Sample.RowsTotal, !reflect.DeepEqual(datafilestest.ColumnChecksums(back.Table), want))
		}
		check(t, c, out)
		proved = append(proved, c)
	}
	return proved
}

// byFileRows is the test table's rows grouped by file.
func byFileRows(tt *testTable) [][]int32 {
	var out [][]int32
	for r, f := range tt.file {
		for int(f) >= len(out) {
			out = append(out, nil)
		}
		out[f] = append(out[f], int32(r))
	}
	return out
}
