package datafiles

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// The checkpointed tables are read from their checkpoints, as Delta Kernel reads them.

const logTables = "../deltalog/testdata/tables/"

// realTables ship their data files (provenance: ../deltalog/testdata/tables/PROVENANCE.md and
// ../skipping/testdata/tables). Not delta-kernel-rs/parsed-stats: its statistics are made up
// (ts_col has bounds in the log and is in none of its data files). basic-decimal-table's
// decimal(20,10) values pass 64 bits (TestWideDecimalReadsExactly).
var realTables = []string{
	logTables + "dat/basic_append/delta",
	logTables + "dat/basic_partitioned/delta",
	logTables + "dat/multi_partitioned/delta",
	logTables + "dat/with_schema_change/delta",
	logTables + "delta/data-skipping-basic-stats-all-types",
	logTables + "delta/data-skipping-basic-stats-all-types-columnmapping-id",
	logTables + "delta/data-skipping-basic-stats-all-types-columnmapping-name",
	logTables + "delta/data-skipping-change-stats-collected-across-versions",
	logTables + "delta/data-skipping-partition-and-data-column",
	logTables + "delta/basic-with-inserts-deletes-checkpoint",
	logTables + "delta/dv-partitioned-with-checkpoint",
	logTables + "delta/kernel-defaults-basic-dv-with-checkpoint",
	logTables + "delta/multi-part-checkpoint",
	logTables + "delta/spark-delta-1.2.1",
	logTables + "delta-kernel-rs/compacted-log-files-table",
	logTables + "delta-rs/table_with_deletion_logs",
	logTables + "delta-rs/table_with_liquid_clustering",
	logTables + "delta-rs/table_with_partitioning_mapping",
	logTables + "delta-rs/delta-1.2.1-only-struct-stats",
	logTables + "delta-rs/table_with_null_stats_in_notnull_struct",
	logTables + "delta-kernel-rs/v1-single-part-struct-stats-only",
	logTables + "delta-kernel-rs/v1-multi-part-partitioned-struct-stats-only",
	"../skipping/testdata/tables/delta-kernel-rs/timestamp-truncation-stats",
	"../skipping/testdata/tables/delta-kernel-rs/type-widening",
	"../skipping/testdata/tables/delta/basic-decimal-table",
	"../skipping/testdata/tables/delta-kernel-rs/timestamp-partitioned-table",
	"../skipping/testdata/tables/layoutlab/datetime-range",
	"../skipping/testdata/tables/layoutlab/datetime-range-partitioned",
}

func openTable(t testing.TB, dir string) *deltalog.Snapshot {
	t.Helper()
	snap, err := deltalog.OpenSnapshot(os.DirFS(dir), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return snap
}

func readTable(t *testing.T, dir string, opt Options) (*deltalog.Snapshot, *Rows) {
	t.Helper()
	snap := openTable(t, dir)
	rows, err := Read(os.DirFS(dir), snap, opt)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return snap, rows
}

// liveFromLog is the table's live row count by its log alone: numRecords less DV cardinality.
func liveFromLog(t *testing.T, snap *deltalog.Snapshot) int64 {
	var n int64
	for _, f := range snap.AllFiles() {
		m := regexp.MustCompile(`"numRecords":(\d+)`).FindStringSubmatch(f.Stats)
		if m == nil {
			return -1 // statistics only in the checkpoint's stats_parsed
		}
		k, _ := strconv.ParseInt(m[1], 10, 64)
		n += k
		if f.DeletionVector() != nil {
			n -= f.DeletionVector().Cardinality
		}
	}
	return n
}

// TestReadMatchesStatistics reads every table with data files and checks, per file, the rows
// read against the statistics its writer put in the log: numRecords less the DV's cardinality,
// and for files without a DV the nullCount, min and max of every leaf, recomputed from the rows
// with engine/stats. A value misread (a wrong scale, unit, mapping or row) changes them.
func TestReadMatchesStatistics(t *testing.T) {
	for _, dir := range realTables {
		t.Run(strings.TrimPrefix(filepath.ToSlash(dir), "../"), func(t *testing.T) {
			snap, rows := readTable(t, dir, Options{})
			if got, want := rows.Sample.RowsRead, liveFromLog(t, snap); want >= 0 && got != want || rows.Sample.RowsTotal != got || rows.Sample.Fraction != 1 {
				t.Fatalf("read %+v, the log's numRecords less DV cardinalities: %d", rows.Sample, want)
			}
			checkFileStats(t, snap, rows)
		})
	}
}

func checkFileStats(t *testing.T, snap *deltalog.Snapshot, rows *Rows) {
	tb := rows.Table
	byFile := map[int32][]int32{}
	for r, f := range rows.File {
		byFile[f] = append(byFile[f], int32(r))
	}
	all := make([]bool, len(tb.Leaves))
	for i := range all {
		all[i] = true
	}
	// Statistics are keyed by physical names under column mapping.
	st, err := deltalog.ParseSchema(snap.Metadata().SchemaString)
	if err != nil {
		t.Fatal(err)
	}
	_, ps := st.SkippingSchema()
	physical := ps.Leaves()
	if len(physical) != len(tb.Leaves) {
		t.Fatalf("%d physical leaves, %d read", len(physical), len(tb.Leaves))
	}
	compared := 0
	for fi, add := range snap.AllFiles() {
		if add.DeletionVector() != nil || add.Stats == "" {
			continue
		}
		var p stats.Parsed
		err := stats.NewJSONParser(physical, 1).Parse(add.Stats, &p)
		if err != nil {
			t.Fatalf("%s: %v", add.Path, err)
		}
		got := stats.Collect(tb, byFile[int32(fi)], all, stats.DefaultConfig())
		want := p.FileStats
		if got.NumRecords != want.NumRecords {
			t.Errorf("%s: %d rows read, numRecords %d", add.Path, got.NumRecords, want.NumRecords)
		}
		for i, l := range tb.Leaves {
			if i < len(want.NullCount) && want.NullCount[i] >= 0 && got.NullCount[i] != want.NullCount[i] {
				t.Errorf("%s: %s: %d nulls read, nullCount %d", add.Path, l.Name(), got.NullCount[i], want.NullCount[i])
			}
			for side, pair := range [][2][]table.Value{{got.MinValues, want.MinValues}, {got.MaxValues, want.MaxValues}} {
				if i >= len(pair[1]) || pair[1][i].Absent() {
					continue
				}
				compared++
				g, w := pair[0][i], pair[1][i]
				if l.Type.FromFloat && !g.Absent() && float32(g.F) == float32(w.F) {
					continue // a float's statistics, read as the widened double's bound
				}
				if g.Absent() || table.Compare(g, w) != 0 {
					t.Errorf("%s: %s: %s of rows read %v, statistics say %v", add.Path, l.Name(), []string{"min", "max"}[side], g, w)
				}
			}
		}
	}
	t.Logf("%d rows, %d leaves, %d bounds compared", tb.NumRows, len(tb.Leaves), compared)
}

// deletedByHistory are the values of col that the table's DELETE commits removed, read from
// their predicates ("(id#378L = 0)"): what the deletion vectors must remove, known without them.
func deletedByHistory(t *testing.T, snap *deltalog.Snapshot, col string) map[int64]bool {
	re := regexp.MustCompile(`\(` + col + `#\d+L? = (\d+)\)`)
	out := map[int64]bool{}
	for _, c := range snap.History() {
		if c.Operation != "DELETE" {
			continue
		}
		m := re.FindStringSubmatch(c.OperationParameters["predicate"])
		if m == nil {
			t.Fatalf("DELETE predicate %q", c.OperationParameters["predicate"])
		}
		v, _ := strconv.ParseInt(m[1], 10, 64)
		out[v] = true
	}
	return out
}

// TestDeletionVectorsRemoveDeletedRows: two Delta tables written as range(0, n) and then cut by
// one DELETE per commit, each leaving a deletion vector: the rows read must be exactly the range
// less the deleted values, with the other columns intact.
func TestDeletionVectorsRemoveDeletedRows(t *testing.T) {
	for _, tc := range []struct {
		dir, col string
		n        int64
	}{
		{logTables + "delta/kernel-defaults-basic-dv-with-checkpoint", "id", 500},
		{logTables + "delta/dv-partitioned-with-checkpoint", "col1", 50},
	} {
		snap, rows := readTable(t, tc.dir, Options{})
		deleted := deletedByHistory(t, snap, tc.col)
		var want []int64
		for v := int64(0); v < tc.n; v++ {
			if !deleted[v] {
				want = append(want, v)
			}
		}
		tb := rows.Table
		c := &tb.Cols[tb.LeafIndex(tc.col)]
		var got []int64
		for r := 0; r < tb.NumRows; r++ {
			got = append(got, c.Int(r))
			if s := tb.LeafIndex("col2"); s >= 0 && tb.Cols[s].Str(r) != "foo"+strconv.FormatInt(c.Int(r)%5, 10) {
				t.Errorf("%s: row %d: col1 %d, col2 %q", tc.dir, r, c.Int(r), tb.Cols[s].Str(r))
			}
		}
		slices.Sort(got)
		if len(deleted) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s: %d deletes in history; read %v, want %v", tc.dir, len(deleted), got, want)
		}
	}
}

// TestColumnMappingReadsAlike: the same rows written without column mapping, with name mapping
// (physical names col-<uuid>) and with id mapping (field ids) read the same.
func TestColumnMappingReadsAlike(t *testing.T) {
	_, plain := readTable(t, logTables+"delta/data-skipping-basic-stats-all-types", Options{})
	for _, mode := range []string{"id", "name"} {
		_, mapped := readTable(t, logTables+"delta/data-skipping-basic-stats-all-types-columnmapping-"+mode, Options{})
		if plain.Table.NumRows != mapped.Table.NumRows || len(plain.Table.Leaves) != len(mapped.Table.Leaves) {
			t.Fatalf("%s: %d rows, %d leaves; plain %d, %d", mode, mapped.Table.NumRows, len(mapped.Table.Leaves), plain.Table.NumRows, len(plain.Table.Leaves))
		}
		for i, l := range plain.Table.Leaves {
			for r := 0; r < plain.Table.NumRows; r++ {
				a, b := plain.Table.Cols[i].Value(r), mapped.Table.Cols[i].Value(r)
				if a != b {
					t.Errorf("%s: %s row %d: %v, plain %v", mode, l.Name(), r, b, a)
				}
			}
		}
	}
}

// TestReadOnlyAskedColumns: a subset names only those leaves, case-insensitively, and an unknown
// name is an error naming it.
func TestReadOnlyAskedColumns(t *testing.T) {
	dir := logTables + "delta/dv-partitioned-with-checkpoint"
	_, rows := readTable(t, dir, Options{Columns: []string{"COL2", "part"}})
	var names []string
	for _, l := range rows.Table.Leaves {
		names = append(names, l.Name())
	}
	if !slices.Equal(names, []string{"part", "col2"}) || rows.Table.NumRows != 35 {
		t.Errorf("leaves %v, %d rows", names, rows.Table.NumRows)
	}
	_, err := Read(os.DirFS(dir), openTable(t, dir), Options{Columns: []string{"nope"}})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown column: %v", err)
	}
}
