package datafiles

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"layoutlab/engine/datafiles/datafilestest"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/table"
)

// sortedSplit orders rows by leaf col (Spark's order, NULLs first) and cuts them into n files of
// nearly equal rows: a re-layout as ORDER BY col into n files.
func sortedSplit(tb *table.Table, col, n int) [][]int32 {
	order := make([]int32, tb.NumRows)
	for i := range order {
		order[i] = int32(i)
	}
	c := &tb.Cols[col]
	slices.SortStableFunc(order, func(a, b int32) int {
		switch {
		case c.Less(int(a), int(b)):
			return -1
		case c.Less(int(b), int(a)):
			return 1
		}
		return 0
	})
	var files [][]int32
	for i := 0; i < n; i++ {
		lo, hi := i*len(order)/n, (i+1)*len(order)/n
		if hi > lo {
			files = append(files, order[lo:hi])
		}
	}
	return files
}

// TestWriteProof re-lays out real tables (with deletion vectors, partitions, column mapping, all
// types) and checks the copy: inspect opens it as `layoutlab inspect` does and counts the same
// live rows; read back, it holds the same values (ColumnChecksums); and each file's statistics
// in its log equal those of the rows read back from that file.
func TestWriteProof(t *testing.T) {
	cases := []struct {
		dir       string
		sortBy    string
		partition []string // nil: the source's; empty: none
	}{
		{logTables + "delta/dv-partitioned-with-checkpoint", "col1", []string{}},
		{logTables + "delta/dv-partitioned-with-checkpoint", "col1", nil},
		{logTables + "delta/kernel-defaults-basic-dv-with-checkpoint", "id", nil},
		{logTables + "delta-rs/table_with_deletion_logs", "age", nil},
		{logTables + "delta/data-skipping-basic-stats-all-types-columnmapping-name", "as_int", nil},
		{logTables + "delta/data-skipping-basic-stats-all-types-columnmapping-id", "as_int", nil},
		{logTables + "dat/multi_partitioned/delta", "number", []string{}},
		{logTables + "dat/multi_partitioned/delta", "number", nil},
		{logTables + "dat/basic_partitioned/delta", "number", nil},
		{logTables + "delta/data-skipping-partition-and-data-column", "id", nil},
		{"../skipping/testdata/tables/delta-kernel-rs/timestamp-partitioned-table", "id", nil},
		{logTables + "dat/with_schema_change/delta", "num1", nil},
		{"../skipping/testdata/tables/delta-kernel-rs/type-widening", "int_long", nil},
		{"../skipping/testdata/tables/layoutlab/datetime-range-partitioned", "ts", nil},
		{logTables + "delta-kernel-rs/compacted-log-files-table", "id", nil},
		{logTables + "delta-rs/table_with_liquid_clustering", "id", nil},
		{logTables + "delta-rs/table_with_partitioning_mapping", "newid", nil},
		{logTables + "delta-rs/table_with_null_stats_in_notnull_struct", "s.l", nil},
		{logTables + "delta-kernel-rs/v1-single-part-struct-stats-only", "id", nil},
		{"../skipping/testdata/tables/delta-kernel-rs/timestamp-truncation-stats", "id", nil},
		{"../skipping/testdata/tables/delta/basic-decimal-table", "col3", []string{}}, // decimal(20,10) past 64 bits
		{"../skipping/testdata/tables/delta/basic-decimal-table", "col3", nil},
	}
	for _, tc := range cases {
		name := strings.TrimPrefix(tc.dir, "../") + "/by-" + tc.sortBy
		if tc.partition != nil {
			name += "/unpartitioned"
		}
		t.Run(name, func(t *testing.T) {
			snap, rows := readTable(t, tc.dir, Options{})
			tb := rows.Table
			col := tb.LeafIndex(tc.sortBy)
			if col < 0 {
				t.Fatalf("no column %s", tc.sortBy)
			}
			parts := snap.Metadata().PartitionColumns
			if tc.partition != nil {
				parts = tc.partition
			}
			var files [][]int32
			if len(parts) == 0 {
				files = sortedSplit(tb, col, 3)
			} else {
				files = splitByPartitions(tb, parts)
			}
			dir2 := t.TempDir()
			if err := Write(dir2, snap, rows, files, CommitInfo{PartitionColumns: tc.partition, Seed: 1}); err != nil {
				t.Fatal(err)
			}
			rep, err := inspect.Inspect(os.DirFS(dir2), dir2, inspect.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.RowsTotal == nil || *rep.RowsTotal != int64(tb.NumRows) || rep.FilesTotal != len(files) {
				t.Fatalf("inspect: %v rows in %d files; wrote %d rows in %d", rep.RowsTotal, rep.FilesTotal, tb.NumRows, len(files))
			}
			snap2, rows2 := readTable(t, dir2, Options{})
			if rows2.Table.NumRows != tb.NumRows {
				t.Fatalf("read back %d rows, wrote %d", rows2.Table.NumRows, tb.NumRows)
			}
			want, got := datafilestest.ColumnChecksums(tb), datafilestest.ColumnChecksums(rows2.Table)
			for k, v := range want {
				if got[k] != v {
					t.Errorf("column %s: checksum %x, source %x", k, got[k], v)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d columns read back, %d in the source", len(got), len(want))
			}
			checkFileStats(t, snap2, rows2)
			checkRowTracking(t, snap2)
			for _, add := range snap2.AllFiles() {
				// StatisticsCollection writes tightBounds on a table that supports DVs.
				if tight := strings.Contains(add.Stats, `"tightBounds":true`); tight != snap.Protocol().IsFeatureSupported("deletionVectors") {
					t.Errorf("%s: stats %s", add.Path, add.Stats)
				}
			}
			if !slices.Equal(snap2.Metadata().PartitionColumns, parts) && len(parts)+len(snap2.Metadata().PartitionColumns) > 0 {
				t.Errorf("partition columns %v, want %v", snap2.Metadata().PartitionColumns, parts)
			}
		})
	}
}

// splitByPartitions groups rows into one file per tuple of partition values.
func splitByPartitions(tb *table.Table, parts []string) [][]int32 {
	files := [][]int32{nil}
	for r := 0; r < tb.NumRows; r++ {
		files[0] = append(files[0], int32(r))
	}
	for _, p := range parts {
		var next [][]int32
		col := tb.LeafIndex(p)
		for _, f := range files {
			idx := map[table.Value]int{}
			var groups [][]int32
			for _, r := range f {
				v := tb.Cols[col].Value(int(r))
				i, ok := idx[v]
				if !ok {
					i = len(groups)
					idx[v] = i
					groups = append(groups, nil)
				}
				groups[i] = append(groups[i], r)
			}
			next = append(next, groups...)
		}
		files = next
	}
	return files
}

// TestWriteClustering: a clustered source keeps its clustering domain; clustering columns given
// set the domain and upgrade the protocol; the files of an OPTIMIZE on a clustered table carry
// clusteringProvider "liquid" and the tags given; inspect reads the clustering columns back.
func TestWriteClustering(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		cluster []string
		want    []string
	}{
		{logTables + "delta-rs/table_with_liquid_clustering", nil, []string{"id"}},
		{logTables + "dat/basic_append/delta", []string{"number", "letter"}, []string{"number", "letter"}},
	} {
		snap, rows := readTable(t, tc.dir, Options{})
		files := sortedSplit(rows.Table, 0, 2)
		tags := make([]map[string]string, len(files))
		for i := range tags {
			tags[i] = map[string]string{"ZCUBE_ID": fmt.Sprintf("cube-%d", i), "ZCUBE_ZORDER_BY": `["` + tc.want[0] + `"]`}
		}
		dir2 := t.TempDir()
		err := Write(dir2, snap, rows, files, CommitInfo{ClusteringColumns: tc.cluster, Tags: tags, ZOrderBy: []string{tc.want[0]}, Timestamp: 1700000000000})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := inspect.Inspect(os.DirFS(dir2), dir2, inspect.Options{})
		if err != nil || !slices.Equal(rep.ClusteringColumns, tc.want) {
			t.Fatalf("%s: clustering columns %v (%v), want %v", tc.dir, rep.ClusteringColumns, err, tc.want)
		}
		snap2 := openTable(t, dir2)
		for i, add := range snap2.AllFiles() {
			if add.ClusteringProvider() != "liquid" || add.Tags()["ZCUBE_ID"] == "" {
				t.Errorf("%s: file %d: provider %q, tags %v", tc.dir, i, add.ClusteringProvider(), add.Tags())
			}
		}
		if ci, ok := snap2.CommitInfo(); !ok || ci.Operation != "OPTIMIZE" || ci.OperationParameters["zOrderBy"] != `["`+tc.want[0]+`"]` || ci.Timestamp != 1700000000000 {
			t.Errorf("%s: commitInfo %+v", tc.dir, ci)
		}
	}
}

// TestWriteRefuses: what Write cannot write faithfully is an error, and nothing is committed.
func TestWriteRefuses(t *testing.T) {
	dir := logTables + "delta/dv-partitioned-with-checkpoint"
	snap, rows := readTable(t, dir, Options{})
	all := [][]int32{make([]int32, rows.Table.NumRows)}
	for i := range all[0] {
		all[0][i] = int32(i)
	}
	_, subset := readTable(t, dir, Options{Columns: []string{"col1"}})
	_, sampled := readTable(t, dir, Options{MaxRows: 10})
	for what, c := range map[string]struct {
		rows   *Rows
		commit CommitInfo
		want   string
	}{
		"mixed partition values": {rows, CommitInfo{}, "partition column part"},
		"a subset of columns":    {subset, CommitInfo{PartitionColumns: []string{}}, "every column"},
		"tags per file":          {rows, CommitInfo{PartitionColumns: []string{}, Tags: []map[string]string{{}, {}}}, "2 tag sets for 1 files"},
		"unknown clustering":     {rows, CommitInfo{PartitionColumns: []string{}, ClusteringColumns: []string{"nope"}}, `"nope"`},
		"clustered partitions":   {rows, CommitInfo{ClusteringColumns: []string{"col1"}}, "cannot be partitioned"},
		"a sample":               {sampled, CommitInfo{PartitionColumns: []string{}}, "are a sample"},
	} {
		dir2 := t.TempDir()
		err := Write(dir2, snap, c.rows, all, c.commit)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", what, err)
		}
		if _, serr := os.Stat(dir2 + "/_delta_log"); serr == nil {
			t.Errorf("%s: a log was written", what)
		}
	}
	dir2 := t.TempDir()
	if err := Write(dir2, snap, rows, all, CommitInfo{PartitionColumns: []string{}}); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir2, snap, rows, all, CommitInfo{PartitionColumns: []string{}}); err == nil || !strings.Contains(err.Error(), "already holds a Delta log") {
		t.Errorf("over a table: %v", err)
	}
}

// checkRowTracking: where the protocol supports row tracking, the files' baseRowIds number the
// rows from 0 without gaps or overlaps and the delta.rowTracking high water mark is the last.
func checkRowTracking(t *testing.T, snap *deltalog.Snapshot) {
	if !snap.Protocol().IsFeatureSupported(deltalog.FeatureRowTracking) {
		return
	}
	type span struct{ base, n int64 }
	var spans []span
	for _, add := range snap.AllFiles() {
		m := regexp.MustCompile(`"numRecords":(\d+)`).FindStringSubmatch(add.Stats)
		n, _ := strconv.ParseInt(m[1], 10, 64)
		if add.BaseRowID() == nil || add.DefaultRowCommitVersion() == nil {
			t.Fatalf("%s: no baseRowId or defaultRowCommitVersion", add.Path)
		}
		spans = append(spans, span{*add.BaseRowID(), n})
	}
	slices.SortFunc(spans, func(a, b span) int { return int(a.base - b.base) })
	next := int64(0)
	for _, s := range spans {
		if s.base != next {
			t.Fatalf("baseRowIds %v", spans)
		}
		next += s.n
	}
	d, ok := snap.DomainMetadata("delta.rowTracking")
	if !ok || !strings.Contains(d.Configuration, `"rowIdHighWaterMark":`+strconv.FormatInt(next-1, 10)+",") {
		t.Errorf("rowTracking domain %+v, %d rows", d, next)
	}
}

// parquetSchemaLines is a data file's Parquet schema, one line per leaf, sorted (Write orders
// columns by name, Spark by schema).
func parquetSchemaLines(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(pf.Schema().String(), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "optional") || strings.HasPrefix(l, "required") {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// TestWriteSchemaAsSpark: Write's Parquet types, annotations and field ids are those of the
// files Spark wrote for the same Delta schema (under id column mapping), but for timestamps,
// which Write stores as INT64 TIMESTAMP(MICROS) where this Spark used INT96.
func TestWriteSchemaAsSpark(t *testing.T) {
	dir := logTables + "delta/data-skipping-basic-stats-all-types-columnmapping-id"
	snap, rows := readTable(t, dir, Options{})
	dir2 := t.TempDir()
	if err := Write(dir2, snap, rows, [][]int32{{0}}, CommitInfo{}); err != nil {
		t.Fatal(err)
	}
	src, _ := filepath.Glob(dir + "/*.parquet")
	out, _ := filepath.Glob(dir2 + "/*.parquet")
	want := parquetSchemaLines(t, src[0])
	for i, l := range want {
		if strings.HasPrefix(l, "optional int96 ") {
			name, id, _ := strings.Cut(strings.TrimPrefix(l, "optional int96 "), " = ")
			want[i] = "optional int64 " + name + " (TIMESTAMP(isAdjustedToUTC=true,unit=MICROS)) = " + id
		}
	}
	slices.Sort(want)
	if got := parquetSchemaLines(t, out[0]); !slices.Equal(got, want) {
		t.Errorf("written:\n%s\nSpark's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWriteRefusesUnreadColumns: a table with arrays and maps reads without them (Rows.Unread
// names them), and Write refuses to copy it rather than drop their values.
func TestWriteRefusesUnreadColumns(t *testing.T) {
	dir := logTables + "delta-rs/delta-1.2.1-only-struct-stats"
	snap, rows := readTable(t, dir, Options{})
	want := []string{"map (map)", "array (array)", "struct_of_array_of_map.struct_element (array)"}
	for _, w := range want {
		if !slices.Contains(rows.Unread, w) {
			t.Errorf("Unread %v lacks %q", rows.Unread, w)
		}
	}
	err := Write(t.TempDir(), snap, rows, [][]int32{{0}}, CommitInfo{})
	if err == nil || !strings.Contains(err.Error(), "array (array)") {
		t.Errorf("Write: %v", err)
	}
}
