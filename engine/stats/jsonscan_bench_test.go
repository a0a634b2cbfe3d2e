package stats

import (
	"fmt"
	"strconv"
	"testing"

	"layoutlab/engine/table"
)

// BenchmarkJSONParser parses 4,096 files' statistics as engine/inspect/inspecttest writes them
// (three leaves: a bigint, a date and a string), the statistics of a table's open. Under js/wasm
// (GOOS=js GOARCH=wasm, run by Node's V8) it is the page's cost.
func BenchmarkJSONParser(b *testing.B) {
	leaves := table.Schema{Fields: []table.Field{
		{Name: "id", Type: table.Type{Kind: table.Bigint}},
		{Name: "day", Type: table.Type{Kind: table.Date}},
		{Name: "name", Type: table.Type{Kind: table.String}},
	}}.Leaves()
	texts := make([]string, 4096)
	for i := range texts {
		texts[i] = fmt.Sprintf(`{"numRecords":1000,"minValues":{"id":%d,"day":"2024-01-%02d","name":"n%06d"},"maxValues":{"id":%d,"day":"2024-01-%02d","name":"n%06d"},"nullCount":{"id":0,"day":0,"name":0}}`,
			i*1000, 1+i%28, i, i*1000+999, 1+i%28, i+1)
	}
	p := NewJSONParser(leaves, len(texts))
	p.ReuseValues()
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range texts {
			if st, err := parse(p, s); err != nil || st.NumRecords != 1000 || st.MaxValues[2].S == "" {
				b.Fatal(err, st)
			}
		}
	}
}

// TestParseInt: parseInt is strconv.ParseInt on every kind of text, its errors included.
func TestParseInt(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-7", "123456789012345678", "-123456789012345678",
		"1234567890123456789", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"-9223372036854775809", "", "-", "+5", "1.5", "1e3", "12a", " 1", "00012", "--1"} {
		n, err := parseInt(s)
		m, err2 := strconv.ParseInt(s, 10, 64)
		if n != m || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
			t.Errorf("parseInt(%q) = %d, %v; strconv.ParseInt gives %d, %v", s, n, err, m, err2)
		}
	}
}
