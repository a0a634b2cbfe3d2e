package datafiles

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/datafiles/datafilestest"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/layout"
	"layoutlab/engine/table"
)

// Spark's decimal(20,10) values of the golden basic-decimal-table (provenance:
// ../skipping/testdata/tables/PROVENANCE.md) pass 64 bits: read exactly, they give each file the
// min and max its writer put in the log (TestReadMatchesStatistics reads the whole table too).
func TestWideDecimalReadsExactly(t *testing.T) {
	_, rows := readTable(t, "../skipping/testdata/tables/delta/basic-decimal-table", Options{})
	c := rows.Table.LeafIndex("col3")
	var got []string
	for r := 0; r < rows.Table.NumRows; r++ {
		got = append(got, rows.Table.Cols[c].Value(r).DecimalText())
	}
	slices.Sort(got)
	want := []string{"-9999999999.9999999999", "0.0000000000", "3.0000000000", "3333333333.3333333333"}
	if !slices.Equal(got, want) {
		t.Errorf("col3 reads %v, want %v", got, want)
	}
	if rows.Table.Cols[c].Wide == nil {
		t.Error("col3's 20-digit values were read without their high words")
	}
}

// A value past 38 digits, Delta's largest decimal, is refused, never rounded.
func TestDecimalPast38DigitsIsRefused(t *testing.T) {
	u, _ := new(big.Int).SetString(strings.Repeat("9", 39), 10)
	_, _, err := rescale(u, 0, table.Type{Kind: table.Decimal, Precision: 38})
	if err == nil || !strings.Contains(err.Error(), "38 digits") {
		t.Errorf("got %v", err)
	}
}

// wideDecimalTable is a decimal(38,2) column of 60 values around ±10^30 that differ in their
// last digit (a double holds 16 digits: it would merge them all), in a shuffled order, beside an
// id; snap is a Delta table of its schema for Write.
func wideDecimalTable(t *testing.T) (*deltalog.Snapshot, *Rows, []table.Value) {
	typ := table.Type{Kind: table.Decimal, Precision: 38, Scale: 2}
	var vals []table.Value
	for k := 0; k < 30; k++ {
		for _, sign := range []string{"", "-"} {
			v, err := table.ParseDecimal(fmt.Sprintf("%s1%029d.%02d", sign, 0, k), typ)
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, v)
		}
	}
	rand.New(rand.NewPCG(5, 5)).Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	his := make(table.HighWords, len(vals))
	col := table.Column{Kind: table.Decimal, Scale: 2, Ints: make([]int64, len(vals)), Wide: his}
	ids := table.Column{Kind: table.Bigint, Ints: make([]int64, len(vals))}
	for i, v := range vals {
		col.Ints[i], his[i], ids.Ints[i] = v.I, v.Hi, int64(i)
	}
	schema := table.Schema{Fields: []table.Field{{Name: "id", Type: table.Type{Kind: table.Bigint}}, {Name: "d", Type: typ}}}
	tb := &table.Table{Schema: schema, Leaves: schema.Leaves(), Cols: []table.Column{ids, col}, NumRows: len(vals)}
	src := t.TempDir()
	md := deltalog.Metadata{ID: "wide", Format: deltalog.Format{Provider: "parquet"}, PartitionColumns: []string{},
		SchemaString: `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"d","type":"decimal(38,2)","nullable":true,"metadata":{}}]}`}
	if err := deltalog.ExportDir(src, []deltalog.Commit{{Version: 0, Actions: []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, md}}}); err != nil {
		t.Fatal(err)
	}
	return openTable(t, src), &Rows{Table: tb, File: make([]int32, len(vals))}, vals
}

// Decimals past 18 digits are ranked, bounded, written and read back exactly: ordered by d into
// three files, each file's statistics are the exact min and max of its 20 values (engine/stats
// over table.HighWords), the copy reads back the same values, and inspect --where d = v reads
// the one file that holds v, for every v.
func TestWideDecimalRoundTrip(t *testing.T) {
	snap, rows, vals := wideDecimalTable(t)
	tb := rows.Table
	r := layout.RankRows(&tb.Cols[1], layout.AllRows(tb.NumRows))
	if r.Distinct != len(vals) {
		t.Fatalf("%d distinct ranks for %d distinct values", r.Distinct, len(vals))
	}
	for i := range vals {
		for j := range vals {
			if (r.R[i] < r.R[j]) != (table.Compare(vals[i], vals[j]) < 0) {
				t.Fatalf("ranks %d, %d for %s, %s", r.R[i], r.R[j], vals[i].DecimalText(), vals[j].DecimalText())
			}
		}
	}
	files := sortedSplit(tb, 1, 3)
	dir := t.TempDir()
	if err := Write(dir, snap, rows, files, CommitInfo{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	snap2, back := readTable(t, dir, Options{})
	if !reflect.DeepEqual(datafilestest.ColumnChecksums(back.Table), datafilestest.ColumnChecksums(tb)) {
		t.Error("the values read back differ from those written")
	}
	checkFileStats(t, snap2, back)
	sorted := slices.Clone(vals)
	slices.SortFunc(sorted, table.Compare)
	for i, add := range snap2.AllFiles() {
		lo, hi := sorted[20*i].DecimalText(), sorted[20*i+19].DecimalText()
		if !strings.Contains(add.Stats, `"d":`+lo+`}`) || !strings.Contains(add.Stats, `"d":`+hi+`}`) {
			t.Errorf("file %d: stats %s, want min %s and max %s", i, add.Stats, lo, hi)
		}
	}
	for _, v := range vals {
		q := "d = " + v.DecimalText()
		rep, err := inspect.Inspect(os.DirFS(dir), dir, inspect.Options{Version: -1, Where: q})
		if err != nil || rep.Error != nil {
			t.Fatalf("%s: %v %+v", q, err, rep.Error)
		}
		if rep.FilesRead != 1 {
			t.Errorf("%s reads %d files, want the one that holds it", q, rep.FilesRead)
		}
	}
}

// The golden table rewritten (one file per partition, as its writer left it) gets, for its
// decimal(20,10) column, the very statistics text Spark wrote: BigDecimal.toString of the exact
// bounds ("-9999999999.9999999999", "0E-10").
func TestWideDecimalStatsTextIsSparks(t *testing.T) {
	const dir = "../skipping/testdata/tables/delta/basic-decimal-table"
	snap, rows := readTable(t, dir, Options{})
	out := t.TempDir()
	if err := Write(out, snap, rows, splitByPartitions(rows.Table, []string{"part"}), CommitInfo{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	col3 := regexp.MustCompile(`"col3":([^,}]+)`)
	want := map[string][]string{}
	for _, add := range snap.AllFiles() {
		for _, m := range col3.FindAllStringSubmatch(add.Stats, -1) {
			want[add.PartitionValues["part"]] = append(want[add.PartitionValues["part"]], m[1])
		}
	}
	snap2 := openTable(t, out)
	for _, add := range snap2.AllFiles() {
		var got []string
		for _, m := range col3.FindAllStringSubmatch(add.Stats, -1) {
			got = append(got, m[1])
		}
		// minValues, maxValues and nullCount, in that order in both.
		if w := want[add.PartitionValues["part"]]; !slices.Equal(got[:2], w[:2]) {
			t.Errorf("part=%s: col3 bounds %v, Spark wrote %v", add.PartitionValues["part"], got, w)
		}
	}
	if len(snap2.AllFiles()) != 4 {
		t.Errorf("%d files written, want 4", len(snap2.AllFiles()))
	}
}
