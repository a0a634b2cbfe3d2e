package stats

import (
	"math"
	"reflect"
	"testing"
	"time"

	"layoutlab/engine/table"
	"layoutlab/engine/table/tabletest"
)

// handTable is a small table whose statistics are worked out by hand below.
func handTable() *table.Table {
	s := table.Schema{Fields: []table.Field{
		{Name: "id", Type: table.Type{Kind: table.Int}, Nullable: true},
		{Name: "name", Type: table.Type{Kind: table.String}, Nullable: true},
		{Name: "ts", Type: table.Type{Kind: table.Timestamp}, Nullable: true},
		{Name: "ntz", Type: table.Type{Kind: table.TimestampNTZ}, Nullable: true},
		{Name: "d", Type: table.Type{Kind: table.Date}, Nullable: true},
		{Name: "price", Type: table.Type{Kind: table.Decimal, Precision: 10, Scale: 2}, Nullable: true},
		{Name: "amt", Type: table.Type{Kind: table.Double}, Nullable: true},
		{Name: "flag", Type: table.Type{Kind: table.Boolean}, Nullable: true},
		{Name: "s", Type: table.Type{Kind: table.Struct, Fields: []table.Field{
			{Name: "a", Type: table.Type{Kind: table.Bigint}, Nullable: true},
			{Name: "b", Type: table.Type{Kind: table.Binary}, Nullable: true},
			{Name: "z", Type: table.Type{Kind: table.Int}, Nullable: true},
		}}, Nullable: true},
	}}
	ts := func(y int, mo time.Month, d, h, mi, sec, us int) int64 {
		return time.Date(y, mo, d, h, mi, sec, us*1000, time.UTC).UnixMicro()
	}
	long := "ab\"c\\d\tefghijklmnopqrstuvwxyz0123456789" // 39 chars, with characters to escape
	cols := []table.Column{
		{Kind: table.Int, Ints: []int64{5, -3, 7, 0}, Nulls: []bool{false, false, false, true}},
		{Kind: table.String, Strs: []string{"b", long, "ünï", ""}, Nulls: []bool{false, false, false, true}},
		{Kind: table.Timestamp, Ints: []int64{ts(2024, 1, 1, 10, 0, 0, 999), ts(2024, 1, 2, 23, 59, 59, 123999), ts(2024, 1, 1, 12, 0, 0, 0), ts(2024, 1, 1, 12, 0, 0, 0)}},
		{Kind: table.TimestampNTZ, Ints: []int64{ts(2024, 3, 1, 0, 0, 0, 500), ts(2024, 3, 1, 0, 0, 1, 0), ts(2024, 3, 1, 0, 0, 0, 0), ts(2024, 3, 1, 0, 0, 0, 0)}},
		{Kind: table.Date, Ints: []int64{int64(table.DaysOf(2024, 2, 29)), int64(table.DaysOf(1969, 12, 31)), 0, 0}},
		{Kind: table.Decimal, Scale: 2, Ints: []int64{12345, -5, 100, 0}},
		{Kind: table.Double, Floats: []float64{1.5, 2.5e7, -0.001, 0}},
		{Kind: table.Boolean, Ints: []int64{1, 0, 1, 0}, Nulls: []bool{false, true, false, false}},
		{Kind: table.Bigint, Ints: []int64{1 << 40, 2, 3, 4}},
		{Kind: table.Binary, Strs: []string{"\x00", "\x01", "", ""}, Nulls: []bool{true, false, true, true}},
		{Kind: table.Int, Ints: []int64{0, 0, 0, 0}, Nulls: []bool{true, true, true, true}},
	}
	return &table.Table{Schema: s, Leaves: s.Leaves(), Cols: cols, NumRows: 4}
}

func TestCollectAndJSONByHand(t *testing.T) {
	tb := handTable()
	idx, err := StatsSchema(tb.Schema, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	fs := Collect(tb, []int32{0, 1, 2, 3}, idx, DefaultConfig())
	// Expected by hand: the name max is 39 chars > 32, cut after 32 UTF-16 units and, the next
	// char 'x' being ASCII, padded with U+007F; the min "b"... no: "" is NULL, so the min over
	// {"b", long, "ünï"} is long ("ab..." < "b"), cut to 32 code points; the max is "ünï" (0xC3 >
	// 'b'). Timestamps floor to ms; s.z is all NULL (no min/max, nullCount 4); s.b and flag have
	// only nullCount; the first three rows of ts give min 10:00:00.000.
	want := `{"numRecords":4,` +
		`"minValues":{"id":-3,"name":"ab\"c\\d\tefghijklmnopqrstuvwxyz012","ts":"2024-01-01T10:00:00.000Z","ntz":"2024-03-01T00:00:00.000","d":"1969-12-31","price":-0.05,"amt":-0.001,"s":{"a":2}},` +
		`"maxValues":{"id":7,"name":"ünï","ts":"2024-01-02T23:59:59.123Z","ntz":"2024-03-01T00:00:01.000","d":"2024-02-29","price":123.45,"amt":2.5E7,"s":{"a":1099511627776}},` +
		`"nullCount":{"id":1,"name":1,"ts":0,"ntz":0,"d":0,"price":0,"amt":0,"flag":1,"s":{"a":0,"b":3,"z":4}}}`
	if got := fs.JSON(tb.Leaves); got != want {
		t.Errorf("JSON =\n%s\nwant\n%s", got, want)
	}
	// Only rows 0 and 2, with a 2-character prefix: max "ünï" is 3 units, > 2: cut to "ün" then
	// 'ï' >= U+007F, so U+10FFFF is appended; min "b" stays.
	cfg := DefaultConfig()
	cfg.StringPrefixLength = 2
	fs = Collect(tb, []int32{2, 0}, idx, cfg)
	if fs.MaxValues[1].S != "ün\U0010FFFF" || fs.MinValues[1].S != "b" {
		t.Errorf("prefix 2: min %q max %+q", fs.MinValues[1].S, fs.MaxValues[1].S)
	}
	// numIndexedCols 0: numRecords only.
	idx0, _ := StatsSchema(tb.Schema, Config{NumIndexedCols: 0})
	if got := Collect(tb, []int32{0, 1}, idx0, DefaultConfig()).JSON(tb.Leaves); got != `{"numRecords":2}` {
		t.Errorf("0 indexed: %s", got)
	}
	// Only a binary (allowed inside a struct; at top level Delta refuses it): no min/max objects
	// at all, a nullCount; tightBounds when set.
	idxB, err := StatsSchema(tb.Schema, Config{StatsColumns: []string{"s.b"}})
	if err != nil {
		t.Fatal(err)
	}
	fs = Collect(tb, []int32{0, 1}, idxB, DefaultConfig())
	tight := true
	fs.TightBounds = &tight
	if got := fs.JSON(tb.Leaves); got != `{"numRecords":2,"nullCount":{"s":{"b":1}},"tightBounds":true}` {
		t.Errorf("boolean only: %s", got)
	}
	// A struct whose min/max leaves are all NULL in the file still prints as {} (Spark's to_json
	// of a non-null struct of nulls).
	idxZ, err := StatsSchema(tb.Schema, Config{StatsColumns: []string{"s.z"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := Collect(tb, []int32{0}, idxZ, DefaultConfig()).JSON(tb.Leaves); got != `{"numRecords":1,"minValues":{"s":{}},"maxValues":{"s":{}},"nullCount":{"s":{"z":1}}}` {
		t.Errorf("all-null struct leaf: %s", got)
	}
}

func TestJavaFormats(t *testing.T) {
	for f, want := range map[float64]string{0: "0.0", 1: "1.0", 0.001: "0.001", 0.0001: "1.0E-4", 1e7: "1.0E7", 9999999.5: "9999999.5",
		123456789.25: "1.2345678925E8", -2.5: "-2.5", math.NaN(): `"NaN"`, math.Inf(-1): `"-Infinity"`} {
		if got := JavaDouble(f); got != want {
			t.Errorf("JavaDouble(%v) = %s, want %s", f, got, want)
		}
	}
	for _, c := range []struct {
		u    int64
		s    uint8
		want string
	}{{0, 0, "0"}, {0, 2, "0.00"}, {-5, 2, "-0.05"}, {1, 10, "1E-10"}, {123, 10, "1.23E-8"}, {1, 6, "0.000001"}, {1, 7, "1E-7"}, {12345, 2, "123.45"}} {
		if got := javaBigDecimal(table.Value{Kind: table.Decimal, I: c.u, Scale: c.s}); got != c.want {
			t.Errorf("javaBigDecimal(%d, %d) = %s, want %s", c.u, c.s, got, c.want)
		}
	}
	// Wide decimals as Spark 3.5 wrote them into the stats of Delta's golden table
	// decimal-various-scale-precision (engine/skipping/testdata/tables/delta/): read, then written
	// back the same.
	for _, c := range []struct {
		text string
		p, s uint8
	}{{"-2.9546424000000000000E-17", 38, 36}, {"-32805.309000000000000000000000000000", 35, 30},
		{"-22827907.000000000000000000000000", 35, 24}, {"234942.000000000000000000", 25, 18},
		{"-9999999999.9999999999", 20, 10}, {"0E-10", 20, 10}, {"-1.36744000E-10", 35, 18}} {
		typ := table.Type{Kind: table.Decimal, Precision: c.p, Scale: c.s}
		v, err := parseScalar(scalar{'n', c.text}, typ)
		if err != nil {
			t.Errorf("%s as %v: %v", c.text, typ, err)
			continue
		}
		if got := javaBigDecimal(v); got != c.text {
			t.Errorf("javaBigDecimal(%s as %v) = %s", c.text, typ, got)
		}
	}
}

// Collect must agree with a slow reference that goes through Column.Value and table.Compare
// (code Collect does not use), over a generated panel table cut into 32 files of shuffled rows.
func TestCollectMatchesReference(t *testing.T) {
	tb, err := tabletest.Generate(table.DefaultPanelSpec(), 20_000, 3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{NumIndexedCols: -1, StringPrefixLength: 32}
	idx, _ := StatsSchema(tb.Schema, cfg)
	files := splitRows(tb.NumRows, 32, 99)
	enc := NewCollector(tb)
	for _, rows := range files {
		fs := Collect(tb, rows, idx, cfg)
		if fast := enc.Collect(rows, idx, cfg); !reflect.DeepEqual(fast, fs) {
			t.Fatalf("Collector.Collect differs from Collect")
		}
		for i, l := range tb.Leaves {
			col := &tb.Cols[i]
			var lo, hi table.Value
			var nulls int64
			for _, r := range rows {
				v := col.Value(int(r))
				if v.Null {
					nulls++
					continue
				}
				if lo.Kind == table.Invalid || table.Compare(v, lo) < 0 {
					lo = v
				}
				if hi.Kind == table.Invalid || table.Compare(v, hi) > 0 {
					hi = v
				}
			}
			if fs.NullCount[i] != nulls {
				t.Fatalf("%s nullCount %d, want %d", l.Name(), fs.NullCount[i], nulls)
			}
			if !l.Type.SkippingEligible() || lo.Kind == table.Invalid {
				if !fs.MinValues[i].Absent() || !fs.MaxValues[i].Absent() {
					t.Fatalf("%s has min/max", l.Name())
				}
				continue
			}
			switch l.Type.Kind {
			case table.String:
				lo.S = MinStringPrefix(lo.S, 32)
				hi.S, _ = TruncateMaxString(hi.S, 32)
			case table.Timestamp, table.TimestampNTZ:
				lo.I, hi.I = floorMillis(lo.I), floorMillis(hi.I)
			}
			if !reflect.DeepEqual(fs.MinValues[i], lo) || !reflect.DeepEqual(fs.MaxValues[i], hi) {
				t.Fatalf("%s: min/max %v/%v, want %v/%v", l.Name(), fs.MinValues[i], fs.MaxValues[i], lo, hi)
			}
		}
	}
}

// splitRows shuffles 0..n-1 and cuts it into k files.
func splitRows(n, k int, seed uint64) [][]int32 {
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = int32(i)
	}
	x := seed | 1
	for i := n - 1; i > 0; i-- {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		j := int(x % uint64(i+1))
		perm[i], perm[j] = perm[j], perm[i]
	}
	var out [][]int32
	for f := 0; f < k; f++ {
		out = append(out, perm[f*n/k:(f+1)*n/k])
	}
	return out
}

func TestJSONRoundTrip(t *testing.T) {
	tb, err := tabletest.Generate(table.DefaultPanelSpec(), 10_000, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []Config{DefaultConfig(), {NumIndexedCols: -1, StringPrefixLength: 8}, {NumIndexedCols: 14}, {StatsColumns: []string{"device", "notes"}}} {
		idx, err := StatsSchema(tb.Schema, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, rows := range splitRows(tb.NumRows, 8, 1) {
			fs := Collect(tb, rows, idx, cfg)
			s := fs.JSON(tb.Leaves)
			back, err := ParseJSON(s, tb.Leaves)
			if err != nil {
				t.Fatalf("%v\n%s", err, s)
			}
			if !reflect.DeepEqual(back, fs) {
				for i := range fs.MinValues {
					if !reflect.DeepEqual(back.MinValues[i], fs.MinValues[i]) || !reflect.DeepEqual(back.MaxValues[i], fs.MaxValues[i]) || back.NullCount[i] != fs.NullCount[i] {
						t.Errorf("%s: %v %v %d -> %v %v %d", tb.Leaves[i].Name(), fs.MinValues[i], fs.MaxValues[i], fs.NullCount[i], back.MinValues[i], back.MaxValues[i], back.NullCount[i])
					}
				}
				t.Fatalf("round trip differs for %s", s)
			}
			if again := back.JSON(tb.Leaves); again != s {
				t.Fatalf("re-encoding differs:\n%s\n%s", s, again)
			}
		}
	}
	// Missing fields are absent, unknown columns ignored.
	fs, err := ParseJSON(`{"minValues":{"nope":1,"region_id":3}}`, tb.Leaves)
	if err != nil || fs.NumRecords != -1 || fs.MinValues[3] != (table.Value{Kind: table.Int, I: 3}) || fs.NullCount[3] != -1 || !fs.MaxValues[3].Absent() {
		t.Errorf("partial parse: %+v %v", fs.MinValues[3], err)
	}
	if _, err := ParseJSON(`{"numRecords":"x"}`, tb.Leaves); err == nil {
		t.Error("bad numRecords accepted")
	}
}

func BenchmarkCollect32Files(b *testing.B) {
	tb, err := tabletest.Generate(table.DefaultPanelSpec(), 100_000, 1)
	if err != nil {
		b.Fatal(err)
	}
	cfg := Config{NumIndexedCols: -1, StringPrefixLength: 32}
	idx, _ := StatsSchema(tb.Schema, cfg)
	files := splitRows(tb.NumRows, 32, 7)
	b.Run("Collect", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, rows := range files {
				Collect(tb, rows, idx, cfg)
			}
		}
	})
	// Contiguous row ranges: a layout that materialises its row order once reads sequentially.
	var ranges [][]int32
	for f := 0; f < 32; f++ {
		var rows []int32
		for r := f * tb.NumRows / 32; r < (f+1)*tb.NumRows/32; r++ {
			rows = append(rows, int32(r))
		}
		ranges = append(ranges, rows)
	}
	b.Run("CollectorContiguous", func(b *testing.B) {
		enc := NewCollector(tb)
		b.ReportAllocs()
		for b.Loop() {
			for _, rows := range ranges {
				enc.Collect(rows, idx, cfg)
			}
		}
	})
	b.Run("Collector", func(b *testing.B) {
		enc := NewCollector(tb)
		b.ReportAllocs()
		for b.Loop() {
			for _, rows := range files {
				enc.Collect(rows, idx, cfg)
			}
		}
	})
}

func BenchmarkNewCollector(b *testing.B) {
	tb, err := tabletest.Generate(table.DefaultPanelSpec(), 100_000, 1)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		NewCollector(tb)
	}
}
