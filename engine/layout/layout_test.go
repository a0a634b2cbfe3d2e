package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/table"
	"layoutlab/engine/table/tabletest"
)

// mkTable builds a table from columns of ints or strings.
func mkTable(names []string, cols ...any) *table.Table {
	t := &table.Table{}
	for i, n := range names {
		var c table.Column
		switch v := cols[i].(type) {
		case []int64:
			c = table.Column{Kind: table.Int, Ints: v}
			t.NumRows = len(v)
		case []string:
			c = table.Column{Kind: table.String, Strs: v}
			t.NumRows = len(v)
		}
		t.Schema.Fields = append(t.Schema.Fields, table.Field{Name: n, Type: table.Type{Kind: c.Kind}, Nullable: true})
		t.Cols = append(t.Cols, c)
	}
	t.Leaves = t.Schema.Leaves()
	return t
}

// OPTIMIZE ZORDER BY (c1, c2, c3) on 100 rows (i, 99-i, (i+50)%100) into 4 files
// (T/optimize/OptimizeZOrderSuite.scala "optimize command: interleaving").
func TestZOrderInterleavingVector(t *testing.T) {
	var c1, c2, c3 []int64
	for i := range int64(100) {
		c1, c2, c3 = append(c1, i), append(c2, 99-i), append(c3, (i+50)%100)
	}
	tb := mkTable([]string{"c1", "c2", "c3"}, c1, c2, c3)
	for _, noNoise := range []bool{false, true} {
		files, err := Files(tb, AllRows(100), []int{0, 1, 2}, ZOrder, 4, Options{NoNoise: noNoise, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range files {
			lo, hi := [3]int64{999, 999, 999}, [3]int64{-1, -1, -1}
			for _, r := range f {
				for j := range 3 {
					v := tb.Cols[j].Ints[r]
					lo[j], hi[j] = min(lo[j], v), max(hi[j], v)
				}
			}
			got = append(got, fmt.Sprintf("%d,(%d,%d,%d),(%d,%d,%d)", len(f), lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]))
		}
		slices.Sort(got)
		want := []string{"25,(0,50,50),(49,99,99)", "25,(16,20,18),(79,83,85)", "25,(36,36,0),(63,63,96)", "25,(64,0,14),(99,35,49)"}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("noNoise=%v:\n got %v\nwant %v", noNoise, got, want)
		}
	}
}

// The MultiDimClusteringSuite data: rangeId.max = 4, noise off.
func mdcTable(seed uint64) *table.Table {
	type row struct {
		c1 string
		c2 int64
	}
	data := []row{{"a", 20}, {"a", 20}, {"b", 20}, {"c", 30}, {"d", 70}, {"e", 90}, {"e", 90}, {"e", 90}, {"f", 200}, {"g", 10}, {"h", 20}}
	rand.New(rand.NewPCG(seed, 0)).Shuffle(len(data), func(i, j int) { data[i], data[j] = data[j], data[i] })
	var c1 []string
	var c2 []int64
	for _, r := range data {
		c1, c2 = append(c1, r.c1), append(c2, r.c2)
	}
	return mkTable([]string{"c1", "c2"}, c1, c2)
}

func fileGroups(tb *table.Table, files [][]int32) string {
	var out []string
	for _, f := range files {
		var s []string
		for _, r := range f {
			s = append(s, tb.Cols[0].Strs[r])
		}
		slices.Sort(s)
		out = append(out, strings.Join(s, ""))
	}
	return strings.Join(out, " ")
}

func TestMultiDimClusteringSuiteVectors(t *testing.T) {
	for seed := range uint64(5) {
		tb := mdcTable(seed)
		opt := Options{NumRanges: 4, NoNoise: true}
		z, err := Files(tb, AllRows(tb.NumRows), []int{0, 1}, ZOrder, 4, opt)
		if err != nil {
			t.Fatal(err)
		}
		// part-00000 … part-00003 in order.
		if got, want := fileGroups(tb, z), "aab cdeee gh f"; got != want {
			t.Errorf("zorder seed %d: got %q want %q", seed, got, want)
		}
		h, err := Files(tb, AllRows(tb.NumRows), []int{0, 1}, Hilbert, 2, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fileGroups(tb, h), "aabcgh deeef"; got != want {
			t.Errorf("hilbert seed %d: got %q want %q", seed, got, want)
		}
	}
}

// "noise is helpful in skew handling": 100 identical rows into 4 partitions give 4 files with
// noise and 1 without, for both curves.
func TestNoiseSplitsSkew(t *testing.T) {
	c := make([]int64, 100)
	for i := range c {
		c[i] = 20
	}
	tb := mkTable([]string{"c1", "c2"}, c, c)
	for _, k := range []Kind{ZOrder, Hilbert} {
		for _, noNoise := range []bool{false, true} {
			files, err := Files(tb, AllRows(100), []int{0, 1}, k, 4, Options{NumRanges: 4, NoNoise: noNoise, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			want := 4
			if noNoise {
				want = 1
			}
			if len(files) != want {
				t.Errorf("%s noNoise=%v: %d files, want %d", k, noNoise, len(files), want)
			}
		}
	}
}

// Noise is Delta's skew-splitting byte, (rand()*255 - 128).cast(ByteType), as written: a
// uniform double in [0, 1) scaled to [-128, 127) and truncated toward zero, so -128 only when
// rand() is exactly 0, and -127..126 otherwise (0 is twice as likely as any other value, from
// (-1, 1)). cellNoise computes it in integers; the tests hold it to this.
func Noise(u float64) int8 { return int8(u*255 - 128) }

func TestNoise(t *testing.T) {
	for _, c := range []struct {
		u    float64
		want int8
	}{{0, -128}, {1e-9, -127}, {0.5, 0}, {0.999999, 126}, {0.49, -3}, {0.51, 2}} {
		if got := Noise(c.u); got != c.want {
			t.Errorf("Noise(%v) = %d, want %d", c.u, got, c.want)
		}
	}
}

func TestAppendAndOrderBy(t *testing.T) {
	v := []int64{5, 3, 9, 1, 7, 3, 8, 2, 6, 4}
	tb := mkTable([]string{"x"}, v)
	files, _ := Files(tb, AllRows(10), nil, Append, 3, Options{})
	if fmt.Sprint(files) != "[[0 1 2 3] [4 5 6] [7 8 9]]" {
		t.Errorf("append: %v", files)
	}
	files, _ = Files(tb, AllRows(10), []int{0}, OrderBy, 3, Options{})
	var got [][]int64
	for _, f := range files {
		var vs []int64
		for _, r := range f {
			vs = append(vs, v[r])
		}
		got = append(got, vs)
	}
	if fmt.Sprint(got) != "[[1 2 3 3] [4 5 6] [7 8 9]]" {
		t.Errorf("orderby: %v", got)
	}
	if files, _ := Files(tb, AllRows(10), nil, Append, 50, Options{}); len(files) != 10 {
		t.Errorf("more files than rows: %d files", len(files))
	}
}

func TestApproxNumFiles(t *testing.T) {
	for _, c := range []struct {
		b, m int64
		want int
	}{{0, 0, 1}, {2*DefaultMaxFileSize - 1, 0, 1}, {29 * DefaultMaxFileSize / 10, DefaultMaxFileSize, 2}, {100, 10, 10}} {
		if got := ApproxNumFiles(c.b, c.m); got != c.want {
			t.Errorf("ApproxNumFiles(%d, %d) = %d, want %d", c.b, c.m, got, c.want)
		}
	}
}

func TestRankRows(t *testing.T) {
	tb := mkTable([]string{"x"}, []int64{5, -3, 5, 1 << 40, -1 << 40, 0})
	tb.Cols[0].Nulls = []bool{false, false, false, false, false, true}
	r := RankRows(&tb.Cols[0], AllRows(6))
	if fmt.Sprint(r.R) != "[2 1 2 3 0 -1]" || r.Distinct != 4 {
		t.Errorf("ranks %v distinct %d", r.R, r.Distinct)
	}
	// the radix path (a range too wide to mark)
	big := make([]int64, 5000)
	for i := range big {
		big[i] = (int64((i*7919)%1000) - 500) * 1_000_003
	}
	tb = mkTable([]string{"x"}, big)
	r = RankRows(&tb.Cols[0], AllRows(len(big)))
	want, d := tb.Cols[0].DenseRanks()
	if !slices.Equal(r.R, want) || r.Distinct != d {
		t.Errorf("radix ranks differ from DenseRanks")
	}
}

func TestBinsAndNames(t *testing.T) {
	tb := mkTable([]string{"d", "x"}, []string{"b", "a", "b", "a/x"}, []int64{1, 2, 3, 4})
	bins := Bins(tb, []int{0})
	var got []string
	for _, b := range bins {
		got = append(got, fmt.Sprint(b.Dir, b.Rows))
	}
	if strings.Join(got, " ") != "d=a[1] d=a%2Fx[3] d=b[0 2]" {
		t.Errorf("bins %v", got)
	}
	n1, n2 := NewFileNamer(1), NewFileNamer(1)
	a, b := n1.Name("d=a", 0), n2.Name("d=a", 0)
	if a != b || !strings.HasPrefix(a, "d=a/part-00000-") || !strings.HasSuffix(a, "-c000.snappy.parquet") {
		t.Errorf("names %q %q", a, b)
	}
}

// TestFileNamerFormat: the hand-formatted names are the printf ones, part-%05d-<UUID>-c000, with
// the UUID's version and variant bits set, splits past five digits and directories included.
func TestFileNamerFormat(t *testing.T) {
	n := NewFileNamer(7)
	ref := rand.New(rand.NewPCG(7, 0x66696c656e616d65))
	for _, split := range []int{0, 7, 42, 12345, 123456, 99999999} {
		for _, dir := range []string{"", "event_date=2026-01-01"} {
			hi, lo := ref.Uint64(), ref.Uint64()
			hi = hi&^0xf000 | 0x4000
			lo = lo&^(0xc<<60) | 0x8<<60
			want := fmt.Sprintf("part-%05d-%08x-%04x-%04x-%04x-%012x-c000.snappy.parquet",
				split, hi>>32, (hi>>16)&0xffff, hi&0xffff, lo>>48, lo&0xffffffffffff)
			if dir != "" {
				want = dir + "/" + want
			}
			if got := n.Name(dir, split); got != want {
				t.Errorf("Name(%q, %d) = %q, want %q", dir, split, got, want)
			}
		}
	}
}

func TestRankStringsAndRep(t *testing.T) {
	tb := mkTable([]string{"s"}, []string{"b", "a", "", "b", "é", "a"})
	tb.Cols[0].Nulls = []bool{false, false, false, false, false, true}
	r := RankRows(&tb.Cols[0], AllRows(6))
	if fmt.Sprint(r.R) != "[2 1 0 2 3 -1]" || r.Distinct != 4 {
		t.Errorf("ranks %v distinct %d", r.R, r.Distinct)
	}
	for k, p := range r.Rep {
		if r.R[p] != int32(k) {
			t.Errorf("Rep[%d] = %d holds rank %d", k, p, r.R[p])
		}
	}
}

// RankRows, on every path (dictionary codes, marked small ranges, radix sort, strings, doubles),
// with and without NULLs, over the whole table and over a subset of rows, gives the dense ranks
// of a reference sort by table.Compare, and Rep[k] is the first ranked row of rank k.
func TestRankRowsEveryPath(t *testing.T) {
	tb, err := tabletest.Generate(table.DefaultPanelSpec(), 20_000, 11)
	if err != nil {
		t.Fatal(err)
	}
	var subset []int32
	for r := int32(0); r < int32(tb.NumRows); r += 3 {
		subset = append(subset, r)
	}
	// The same values as plain strings, to cover rankStrings too.
	var extra []table.Column
	for i := range tb.Cols {
		c := &tb.Cols[i]
		if c.Dict != nil {
			s := table.Column{Kind: c.Kind, Nulls: c.Nulls, Strs: make([]string, c.Len())}
			for r := range s.Strs {
				if !c.IsNull(r) {
					s.Strs[r] = c.Str(r)
				}
			}
			extra = append(extra, s)
		}
	}
	cols := append(slices.Clone(tb.Cols), extra...)
	for ci := range cols {
		c := &cols[ci]
		for _, rows := range [][]int32{AllRows(tb.NumRows), subset} {
			got := RankRows(c, rows)
			var vals []table.Value
			for _, r := range rows {
				if !c.IsNull(int(r)) {
					vals = append(vals, c.Value(int(r)))
				}
			}
			slices.SortFunc(vals, table.Compare)
			vals = slices.CompactFunc(vals, func(a, b table.Value) bool { return table.Compare(a, b) == 0 })
			if got.Distinct != len(vals) || len(got.Rep) != len(vals) {
				t.Fatalf("column %d (%s): distinct %d rep %d, want %d", ci, c.Kind, got.Distinct, len(got.Rep), len(vals))
			}
			seen := make([]bool, len(vals))
			for i, r := range rows {
				k := got.R[i]
				if c.IsNull(int(r)) {
					if k != -1 {
						t.Fatalf("column %d: NULL row ranked %d", ci, k)
					}
					continue
				}
				if table.Compare(c.Value(int(r)), vals[k]) != 0 {
					t.Fatalf("column %d row %d: rank %d holds %v, row has %v", ci, r, k, vals[k], c.Value(int(r)))
				}
				if !seen[k] {
					seen[k] = true
					if got.Rep[k] != int32(i) {
						t.Fatalf("column %d: Rep[%d] = %d, first row of the rank is %d", ci, k, got.Rep[k], i)
					}
				}
			}
		}
	}
}
