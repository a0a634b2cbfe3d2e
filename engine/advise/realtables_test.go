package advise

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"layoutlab/engine/datafiles"
	"layoutlab/engine/datafiles/datafilestest"
	"layoutlab/engine/inspect"
	"layoutlab/engine/table"
)

const logTables = "../deltalog/testdata/tables/"

// realTables are public tables with data files, with their provenance in
// engine/deltalog/testdata/tables (README there): deletion vectors, partitions, column mapping,
// liquid clustering, many types.
var realTables = []string{
	logTables + "delta/dv-partitioned-with-checkpoint",
	logTables + "delta/kernel-defaults-basic-dv-with-checkpoint",
	logTables + "delta-rs/table_with_deletion_logs",
	logTables + "delta/data-skipping-basic-stats-all-types-columnmapping-name",
	logTables + "dat/multi_partitioned/delta",
	logTables + "dat/basic_append/delta",
	logTables + "delta-rs/table_with_liquid_clustering",
	logTables + "delta/data-skipping-partition-and-data-column",
	"../skipping/testdata/tables/layoutlab/datetime-range-partitioned",
}

// realWorkload makes a workload of equality lookups on up to three columns with statistics,
// each on values of real rows.
func realWorkload(tab *table.Table, indexed func(name string) bool) string {
	var b strings.Builder
	n := 0
	for i, l := range tab.Leaves {
		if n == 3 || !l.Type.SkippingEligible() || !indexed(l.Name()) || len(l.Path) != 1 {
			continue
		}
		c := &tab.Cols[i]
		for _, r := range []int{0, tab.NumRows / 2} {
			if r >= tab.NumRows || c.IsNull(r) {
				continue
			}
			v := c.Value(r)
			lit := v.String()
			switch v.Kind {
			case table.String, table.Date, table.Timestamp, table.TimestampNTZ:
				if strings.ContainsAny(lit, "'\\\n\r") { // one predicate a line
					continue
				}
				lit = "'" + lit + "'"
			case table.Double, table.Float:
				continue // an equality on a double's printed value need not round-trip
			}
			fmt.Fprintf(&b, "%d: `%s` = %s\n", r%3+1, strings.ReplaceAll(l.Name(), "`", "``"), lit)
		}
		n++
	}
	return b.String()
}

// On public tables with data files: the table as it is reads today's files (or a note names
// the query where the log's statistics are not the rows', as with deletion vectors), and every
// candidate written with datafiles.Write reads under inspect --where exactly the predicted
// files and holds the same live rows.
func TestRealTablesProof(t *testing.T) {
	for _, dir := range realTables {
		t.Run(strings.TrimPrefix(dir, "../"), func(t *testing.T) {
			fsys := os.DirFS(dir)
			_, in, err := inspect.Open(fsys, dir, inspect.Options{Version: -1})
			if err != nil || in == nil {
				t.Fatalf("open: %v", err)
			}
			rows, err := datafiles.Read(fsys, in.Snapshot(), datafiles.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ti, err := newTableInfo(in.Snapshot())
			if err != nil {
				t.Fatal(err)
			}
			wl := realWorkload(rows.Table, func(name string) bool { l := ti.leafOf(name); return l >= 0 && ti.indexed[l] })
			if wl == "" {
				t.Skip("no column with statistics to look up") // none of the listed tables
			}
			n := rows.Sample.RowsTotal
			input := Input{Inspector: in, Workload: wl, Rows: &Rows{Table: rows.Table, File: rows.File,
				Sample: Sample{RowsRead: n, RowsTotal: n, Fraction: 1}}}
			opt := Options{MaxFileSize: max(1, in.Snapshot().SizeInBytes()/4), IngestBytesPerDay: 0}
			rep, err := Advise(input, opt)
			if err != nil {
				t.Fatal(err)
			}
			asIs := rep.Candidates[0]
			if !reflect.DeepEqual(asIs.Queries, rep.Today.Queries) && len(asIs.Notes) == 0 {
				t.Errorf("as is %+v, today %+v, and no note says why", asIs.Queries, rep.Today.Queries)
			}
			want := datafilestest.ColumnChecksums(rows.Table)
			for i, c := range rep.Candidates {
				if c.Error != nil || c.Layout == AsIs {
					continue
				}
				proveCandidate(t, input, opt, i, c, rows, want)
			}
			t.Logf("%d candidates, recommended %s", len(rep.Candidates), rep.Recommendation.Label)
		})
	}
}

func proveCandidate(t *testing.T, input Input, opt Options, i int, c Candidate, rows *datafiles.Rows, want map[string]uint64) {
	t.Helper()
	as, err := Relayout(input, opt, i)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := datafiles.Write(out, input.Inspector.Snapshot(), rows, as.Files, as.Commit(3)); err != nil {
		t.Fatalf("%s: %v", Label(c), err)
	}
	for _, q := range c.Queries {
		r, err := inspect.Inspect(os.DirFS(out), out, inspect.Options{Version: -1, Where: q.Where})
		if err != nil || r.Error != nil {
			t.Fatalf("%s: %s: %v %v", Label(c), q.Where, err, r.Error)
		}
		if r.FilesRead != q.FilesRead {
			t.Errorf("%s: %s: inspect reads %d files, predicted %d", Label(c), q.Where, r.FilesRead, q.FilesRead)
		}
	}
	_, in2, err := inspect.Open(os.DirFS(out), out, inspect.Options{Version: -1})
	if err != nil || in2 == nil {
		t.Fatal(err)
	}
	back, err := datafiles.Read(os.DirFS(out), in2.Snapshot(), datafiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Sample.RowsTotal != rows.Sample.RowsTotal || !reflect.DeepEqual(datafilestest.ColumnChecksums(back.Table), want) {
		t.Errorf("%s: %d rows of %d, or the checksums differ", Label(c), back.Sample.RowsTotal, rows.Sample.RowsTotal)
	}
}
