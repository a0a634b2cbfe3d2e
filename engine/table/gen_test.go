package table

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"layoutlab/engine/work"
)

func distinctInts(c *Column) int {
	m := map[int64]bool{}
	for i := range c.Len() {
		if !c.IsNull(i) {
			m[c.Int(i)] = true
		}
	}
	return len(m)
}

// ints returns an integer-kind column's values, decoded.
func ints(c *Column) []int64 {
	out := make([]int64, c.Len())
	for i := range out {
		out[i] = c.Int(i)
	}
	return out
}

func TestGenerateDeterministic(t *testing.T) {
	a, err := Generate(DefaultPanelSpec(), 20_000, 42)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(DefaultPanelSpec(), 20_000, 42)
	if !reflect.DeepEqual(a.Cols, b.Cols) {
		t.Fatal("same seed gave different columns")
	}
	c, _ := Generate(DefaultPanelSpec(), 20_000, 43)
	for i := range a.Cols {
		// event_date is a pure function of the row by design; every other column must change.
		name := a.Leaves[i].Name()
		if name == "event_date" {
			continue
		}
		if reflect.DeepEqual(a.Cols[i], c.Cols[i]) {
			t.Errorf("column %s identical under a different seed", name)
		}
	}
}

// A column's values depend only on the seed and its own name, not on its neighbours.
func TestGenerateColumnsIndependent(t *testing.T) {
	full, _ := Generate(DefaultPanelSpec(), 5000, 7)
	one := Spec{Columns: []ColumnSpec{DefaultPanelSpec().Columns[3]}}
	alone, err := Generate(one, 5000, 7)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(alone.Cols[0], full.Cols[full.LeafIndex("region_id")]) {
		t.Fatal("region_id differs when generated alone")
	}
}

// checkEventTime checks the panel table's event time: every one of PanelDays days from
// 2024-01-01 holds rows(tb)/PanelDays rows, give or take one (or is empty when there are fewer
// rows than days), and event_ts and ingest_ts fall on their row's event_date, ascending.
func checkEventTime(t *testing.T, tb *Table) {
	t.Helper()
	ed := ints(&tb.Cols[tb.LeafIndex("event_date")])
	first := int64(DaysOf(2024, time.January, 1))
	perDay := map[int64]int{}
	for i, d := range ed {
		if d < first || d >= first+PanelDays || i > 0 && d < ed[i-1] {
			t.Fatalf("%d rows: event_date of row %d is day %d, outside [%d, %d) or before its predecessor", tb.NumRows, i, d, first, first+PanelDays)
		}
		perDay[d]++
	}
	lo, hi := tb.NumRows/PanelDays, (tb.NumRows+PanelDays-1)/PanelDays
	for d, n := range perDay {
		if n < max(lo, 1) || n > hi {
			t.Fatalf("%d rows: day %d holds %d rows, want %d..%d", tb.NumRows, d, n, lo, hi)
		}
	}
	if want := min(tb.NumRows, PanelDays); len(perDay) != want {
		t.Errorf("%d rows: %d distinct event_date values, want %d", tb.NumRows, len(perDay), want)
	}
	if tb.NumRows >= PanelDays && (ed[0] != first || ed[len(ed)-1] != first+PanelDays-1) {
		t.Errorf("%d rows: event_date runs %d..%d, want %d..%d", tb.NumRows, ed[0], ed[len(ed)-1], first, first+PanelDays-1)
	}
	for _, name := range []string{"event_ts", "ingest_ts"} {
		ts := ints(&tb.Cols[tb.LeafIndex(name)])
		for i := range ts {
			if i > 0 && ts[i] < ts[i-1] {
				t.Fatalf("%d rows: %s decreases at row %d", tb.NumRows, name, i)
			}
			if ts[i]/86_400_000_000 != ed[i] {
				t.Fatalf("%d rows: %s of row %d is not on its event_date", tb.NumRows, name, i)
			}
		}
	}
}

// The event time covers the same PanelDays days at every row count: fewer rows than days, a
// few per day, and the panel's limit's order of magnitude.
func TestPanelEventTimeSpan(t *testing.T) {
	for _, rows := range []int{1, 500, PanelDays, 10_000, 1_000_000} {
		tb, err := GenerateLazily(DefaultPanelSpec(), rows, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"event_date", "event_ts", "ingest_ts"} {
			if err := tb.Fill(tb.LeafIndex(name)); err != nil {
				t.Fatal(err)
			}
		}
		checkEventTime(t, tb)
	}
}

func TestDefaultPanelSpec(t *testing.T) {
	tb, err := Generate(DefaultPanelSpec(), 100_000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tb.Leaves); n != 36 {
		t.Errorf("leaves = %d, want 36", n)
	}
	if got := tb.LeafIndex("device_model_id") + 1; got != 33 {
		t.Errorf("device_model_id is leaf #%d, want 33", got)
	}
	// The struct must be counted by leaves: it has more than one, and sits before leaf 33.
	if s := tb.Schema.FieldIndex("device"); s < 0 || s >= tb.Schema.FieldIndex("device_model_id") {
		t.Errorf("device struct at %d", s)
	}
	if n := tb.Schema.FieldIndex("device_model_id") + 1; n >= 33 {
		t.Errorf("device_model_id is top-level field #%d: the struct leaves should push it to leaf 33 from fewer fields", n)
	}
	if d := distinctInts(&tb.Cols[tb.LeafIndex("region_id")]); d != 6 {
		t.Errorf("region_id distinct = %d, want 6", d)
	}
	if d := distinctInts(&tb.Cols[tb.LeafIndex("device_model_id")]); d < 100 || d > 999 {
		t.Errorf("device_model_id distinct = %d, want hundreds", d)
	}
	if d := distinctInts(&tb.Cols[tb.LeafIndex("user_id")]); d < 99_000 {
		t.Errorf("user_id distinct = %d of 100000 rows, want nearly all distinct", d)
	}
	// Zipf skew: the most frequent device model is far above the uniform share (1/400).
	freq := map[int64]int{}
	dm := &tb.Cols[tb.LeafIndex("device_model_id")]
	for i := range dm.Len() {
		freq[dm.Int(i)]++
	}
	top := 0
	for _, n := range freq {
		top = max(top, n)
	}
	if top < 10*100_000/400 {
		t.Errorf("top device_model_id count %d: not skewed", top)
	}
	// event_date spreads the rows evenly over PanelDays days from 2024-01-01; event_ts falls
	// on its row's event_date and never goes back.
	checkEventTime(t, tb)
	// Long strings, non-ASCII, nulls near the requested fractions.
	long, nonASCII := 0, 0
	pu := &tb.Cols[tb.LeafIndex("page_url")]
	for i := range pu.Len() {
		s := pu.Str(i)
		if utf8.RuneCountInString(s) > 32 {
			long++
		}
		if len(s) != utf8.RuneCountInString(s) {
			nonASCII++
		}
	}
	if long != 100_000 || nonASCII == 0 {
		t.Errorf("page_url: %d longer than 32, %d non-ASCII", long, nonASCII)
	}
	nulls := 0
	c := &tb.Cols[tb.LeafIndex("rating")]
	for i := range c.Len() {
		if c.IsNull(i) {
			nulls++
			if c.Code(i) != 0 {
				t.Fatal("null slot holds a value")
			}
		}
	}
	if nulls < 49_000 || nulls > 51_000 {
		t.Errorf("rating nulls = %d, want about 50000", nulls)
	}
	if tb.Cols[tb.LeafIndex("user_id")].Nulls != nil {
		t.Error("user_id has a null mask without a null fraction")
	}
}

func TestGenerateErrors(t *testing.T) {
	ok := ColumnSpec{Name: "a", Type: "int", Dist: Uniform, Max: 10}
	cases := []struct {
		spec Spec
		rows int
		want string
	}{
		{Spec{Columns: []ColumnSpec{ok}}, MaxRows + 1, "4000000"},
		{Spec{Columns: []ColumnSpec{ok}}, -1, "rows"},
		{Spec{}, 10, "no columns"},
		{Spec{Columns: []ColumnSpec{{Name: "v", Type: "varchar"}}}, 10, `column "v": unknown type "varchar"`},
		{Spec{Columns: []ColumnSpec{{Name: "1a", Type: "int"}}}, 10, `invalid column name "1a"`},
		{Spec{Columns: []ColumnSpec{{Name: "a.b", Type: "int"}}}, 10, `invalid column name "a.b"`},
		{Spec{Columns: []ColumnSpec{ok, {Name: "A", Type: "int"}}}, 10, `duplicate column "A"`},
		{Spec{Columns: []ColumnSpec{{Name: "s", Type: "struct"}}}, 10, "struct has no fields"},
		{Spec{Columns: []ColumnSpec{{Name: "b", Type: "boolean", Dist: Zipf, K: 2}}}, 10, "not supported"},
		{Spec{Columns: []ColumnSpec{{Name: "r", Type: "int", Dist: LowCardinality}}}, 10, "K = 0"},
		{Spec{Columns: []ColumnSpec{{Name: "n", Type: "int", NullFraction: 1.5}}}, 10, "null fraction"},
		{Spec{Columns: []ColumnSpec{{Name: "i", Type: "int", Max: 1 << 40}}}, 10, "do not fit an int"},
		{Spec{Columns: []ColumnSpec{{Name: "d", Type: "decimal(40,2)"}}}, 10, "precision must be"},
		{Spec{Columns: []ColumnSpec{{Name: "d", Type: "decimal(4,2)", Max: 10000}}}, 10, "precision 4"},
		{Spec{Columns: []ColumnSpec{{Name: "s", Type: "string", MaxLen: 1000}}}, 10, "length"},
		{Spec{Columns: []ColumnSpec{{Name: "i", Type: "int", Dist: Sequential, Start: 1<<31 - 5}}}, 10, "int range"},
		{Spec{Columns: []ColumnSpec{{Name: "d", Type: "date", Dist: Sequential, Days: -1}}}, 10, "days -1"},
		{Spec{Columns: []ColumnSpec{{Name: "d", Type: "date", Dist: Sequential, Days: MaxDays + 1}}}, 10, "days 1048577"},
		{Spec{Columns: []ColumnSpec{{Name: "d", Type: "timestamp", Dist: Sequential, Days: 5, RowsPerDay: 5}}}, 10, "give one"},
	}
	many := Spec{}
	for i := 0; i < MaxLeaves+1; i++ {
		many.Columns = append(many.Columns, ColumnSpec{Name: "c" + strings.Repeat("x", i%5) + string(rune('a'+i%26)) + string(rune('a'+i/26)), Type: "int"})
	}
	cases = append(cases, struct {
		spec Spec
		rows int
		want string
	}{many, 10, "256"})
	for _, c := range cases {
		_, err := Generate(c.spec, c.rows, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Generate(%+v, %d) error = %v, want it to mention %q", c.spec.Columns, c.rows, err, c.want)
		}
	}
}

func TestTreeStringAndTypes(t *testing.T) {
	s := Schema{Fields: []Field{
		{Name: "a", Type: Type{Kind: Int}, Nullable: true},
		{Name: "s", Type: Type{Kind: Struct, Fields: []Field{
			{Name: "b", Type: Type{Kind: Bigint}, Nullable: false},
			{Name: "d", Type: Type{Kind: Decimal, Precision: 10, Scale: 2}, Nullable: true},
		}}, Nullable: true},
	}}
	// Spark: StructType.treeString.
	want := "root\n |-- a: integer (nullable = true)\n |-- s: struct (nullable = true)\n |    |-- b: long (nullable = false)\n |    |-- d: decimal(10,2) (nullable = true)\n"
	if got := TreeString(s.Fields); got != want {
		t.Errorf("TreeString =\n%q\nwant\n%q", got, want)
	}
	if got := s.Fields[1].Type.SQL(); got != "STRUCT<b: BIGINT, d: DECIMAL(10,2)>" {
		t.Errorf("SQL = %q", got)
	}
	kept := s.KeepLeaves([]bool{false, true, false})
	if got := TreeString(kept.Fields); got != "root\n |-- s: struct (nullable = true)\n |    |-- b: long (nullable = false)\n" {
		t.Errorf("KeepLeaves tree = %q", got)
	}
	for in, want := range map[string][]string{"a.b": {"a", "b"}, "`a.b`.c": {"a.b", "c"}, "`x``y`": {"x`y"}} {
		got, err := ParseMultipartName(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseMultipartName(%q) = %q, %v", in, got, err)
		}
	}
	if QuoteName([]string{"a.b", "c", "12"}) != "`a.b`.c.`12`" {
		t.Error(QuoteName([]string{"a.b", "c", "12"}))
	}
}

func BenchmarkGeneratePanel100k(b *testing.B) {
	spec := DefaultPanelSpec()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generate(spec, 100_000, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// Generated string and binary columns are dictionary-encoded: the dictionary strictly
// ascending, every code inside it, NULL rows coded 0; on both the ordered-ids path and the
// general one of HighCardinality strings.
func TestGenerateDictionaries(t *testing.T) {
	spec := DefaultPanelSpec()
	spec.Columns = append(spec.Columns,
		ColumnSpec{Name: "odd_ids", Type: "string", Dist: HighCardinality, Prefix: "u", Min: -50, Max: 5000, NullFraction: 0.2},
		ColumnSpec{Name: "neg_bin", Type: "binary", Dist: HighCardinality, Min: -1000, Max: 1000})
	tb, err := Generate(spec, 20_000, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tb.Cols {
		c := &tb.Cols[i]
		if c.Kind != String && c.Kind != Binary {
			continue
		}
		name := tb.Leaves[i].Name()
		if c.Dict == nil || c.Strs != nil || !c.Encoded() || c.Len() != tb.NumRows {
			t.Fatalf("%s: not dictionary-encoded", name)
		}
		for k := 1; k < c.Dict.Len(); k++ {
			if c.Dict.At(k-1) >= c.Dict.At(k) {
				t.Fatalf("%s: dictionary not strictly ascending at %d: %q, %q", name, k, c.Dict.At(k-1), c.Dict.At(k))
			}
		}
		for r := range c.Len() {
			code := c.Code(r)
			if int(code) >= c.Dict.Len() || c.IsNull(r) && code != 0 {
				t.Fatalf("%s row %d: code %d of %d (null %v)", name, r, code, c.Dict.Len(), c.IsNull(r))
			}
		}
	}
	odd := &tb.Cols[tb.LeafIndex("odd_ids")]
	if d := odd.Dict.Len(); d < 4000 {
		t.Errorf("odd_ids: %d distinct values", d)
	}
	if s := odd.Str(0); !strings.HasPrefix(s, "u") && !odd.IsNull(0) {
		t.Errorf("odd_ids value %q", s)
	}
}

// TestGenerateLazily: columns filled one at a time, in any order, hold what Generate draws.
func TestGenerateLazily(t *testing.T) {
	want, err := Generate(DefaultPanelSpec(), 3_000, 42)
	if err != nil {
		t.Fatal(err)
	}
	got, err := GenerateLazily(DefaultPanelSpec(), 3_000, 42)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got.Cols {
		if got.Filled(i) {
			t.Fatalf("column %d filled before it was asked for", i)
		}
	}
	for _, i := range rand.New(rand.NewPCG(1, 2)).Perm(len(got.Cols)) {
		if err := got.Fill(i); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Cols[i], want.Cols[i]) {
			t.Fatalf("column %d (%s) filled late differs from Generate's", i, got.Leaves[i].Name())
		}
	}
}

// TestGenerateColumnTicks: a column generated with a Yield reports every TickRows rows and
// holds exactly the rows Fill gives, for every column of the panel's table (ints, dates,
// timestamps, doubles, strings, binaries, NULLs).
func TestGenerateColumnTicks(t *testing.T) {
	rows := 2*TickRows + 5
	plain, err := GenerateLazily(DefaultPanelSpec(), rows, 7)
	if err != nil {
		t.Fatal(err)
	}
	ticked, _ := GenerateLazily(DefaultPanelSpec(), rows, 7)
	for i := range plain.Cols {
		var done []int
		col, ok, err := ticked.GenerateColumn(i, func(p work.Progress) error {
			if p.Step != "Generating column "+plain.Leaves[i].Name() || p.Total != rows || p.Unit != "rows" {
				t.Fatalf("progress %+v", p)
			}
			done = append(done, p.Done)
			return nil
		})
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		if err := plain.Fill(i); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(plain.Cols[i], col) {
			t.Fatalf("%s: GenerateColumn with a Yield generated other rows than Fill", plain.Leaves[i].Name())
		}
		for _, d := range done { // a column with NULLs passes over its rows twice
			if d%TickRows != 0 || d <= 0 || d >= rows {
				t.Fatalf("%s: ticks %v", plain.Leaves[i].Name(), done)
			}
		}
		if len(done) == 0 && plain.Leaves[i].Name() == "user_id" {
			t.Errorf("user_id: no tick over %d rows", rows)
		}
	}
}

// TestGenerateColumnStops: a Yield's error stops every column's generation at its first tick,
// is returned as it is, and leaves the table without the column.
func TestGenerateColumnStops(t *testing.T) {
	rows := 2*TickRows + 5
	tab, err := GenerateLazily(DefaultPanelSpec(), rows, 7)
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	for i := range tab.Cols {
		calls := 0
		_, ok, err := tab.GenerateColumn(i, func(work.Progress) error { calls++; return stop })
		if calls == 0 {
			continue // a column generated without a loop that ticks (sequential dates)
		}
		if err != stop || ok || calls != 1 {
			t.Errorf("%s: ok %v, err %v after %d calls; want the Yield's error at its first call", tab.Leaves[i].Name(), ok, err, calls)
		}
		if tab.Filled(i) {
			t.Errorf("%s: filled by a stopped generation", tab.Leaves[i].Name())
		}
	}
}
