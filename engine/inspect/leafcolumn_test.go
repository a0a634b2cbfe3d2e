package inspect

import (
	"fmt"
	"testing"

	"layoutlab/engine/table"
)

// TestLeafColumnRoundTrip: whatever is recorded in a column is what get gives back, whether the
// column keeps int64s or has turned into table.Values on a bound int64s cannot hold; an integer
// column of plain bounds stays pointer-free.
func TestLeafColumnRoundTrip(t *testing.T) {
	dec := table.Type{Kind: table.Decimal, Precision: 10, Scale: 2}
	for _, tc := range []struct {
		typ    table.Type
		vals   []table.Value
		asInts bool // the column still holds int64s at the end
	}{
		{table.Type{Kind: table.Bigint}, []table.Value{table.BigintValue(-5), {}, table.BigintValue(1 << 62)}, true},
		{table.Type{Kind: table.Date}, []table.Value{table.DateValue(19000), table.DateValue(-1)}, true},
		{dec, []table.Value{{Kind: table.Decimal, Scale: 2, I: 12345}, {}}, true},
		// A NULL, another kind, another scale, a stray field: each turns the column into values.
		{table.Type{Kind: table.Bigint}, []table.Value{table.BigintValue(3), table.NullValue(table.Bigint), table.BigintValue(4)}, false},
		{table.Type{Kind: table.Timestamp}, []table.Value{{Kind: table.Timestamp, I: 7}, table.DateValue(3)}, false},
		{dec, []table.Value{{Kind: table.Decimal, Scale: 2, I: 1}, {Kind: table.Decimal, Scale: 3, I: 1}}, false},
		{table.Type{Kind: table.Int}, []table.Value{table.BigintValue(1), {Kind: table.Int, I: 2, S: "x"}}, false},
		{table.Type{Kind: table.String}, []table.Value{table.StringValue("a"), {}}, false},
	} {
		n := len(tc.vals)
		c := newLeafColumn(tc.typ, n+1)
		for i, v := range tc.vals {
			c.set(0, i, v)
			c.set(1, n-1-i, v)
		}
		for i, v := range tc.vals {
			if got := c.get(0, i); got != v {
				t.Errorf("%s: min %d is %+v, recorded %+v", tc.typ, i, got, v)
			}
			if got := c.get(1, n-1-i); got != v {
				t.Errorf("%s: max %d is %+v, recorded %+v", tc.typ, n-1-i, got, v)
			}
		}
		if got := c.get(0, n); !got.Absent() || c.nulls[n] != -1 {
			t.Errorf("%s: a file never recorded has %+v, null count %d", tc.typ, got, c.nulls[n])
		}
		if (c.ints[0] != nil) != tc.asInts || (c.vals[0] != nil) == tc.asInts {
			t.Errorf("%s: int64s %t, values %t; want int64s %t", tc.typ, c.ints[0] != nil, c.vals[0] != nil, tc.asInts)
		}
	}
}

// TestPageKeepsIntsPointerFree: the page's open of the benchmark table keeps its colouring
// column (id, a bigint) as int64s, and its spans are those of the values.
func TestPageKeepsIntsPointerFree(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "bench", Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	col := in.DefaultSpanColumn()
	c := in.cols.leaves[in.spanLeaf(col)]
	if col != "id" || c == nil || c.ints[0] == nil || c.vals[0] != nil {
		t.Fatalf("the colouring column %q is kept as int64s: %t", col, c != nil && c.ints[0] != nil)
	}
	files := in.s.AllFiles()
	for i, f := range files {
		var g, k int64 // inspecttest.Add(k) writes part-<k%1000>-<k>: ids k*1000 to k*1000+999
		if _, err := fmt.Sscanf(f.Path, "part-%05d-%08d.snappy.parquet", &g, &k); err != nil {
			t.Fatal(err)
		}
		if lo, hi := c.get(0, i), c.get(1, i); lo != table.BigintValue(k*1000) || hi != table.BigintValue(k*1000+999) {
			t.Fatalf("%s: bounds %+v, %+v", f.Path, lo, hi)
		}
	}
}
