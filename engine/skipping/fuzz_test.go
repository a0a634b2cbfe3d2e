package skipping

import (
	"os"
	"strings"
	"testing"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

var fuzzLeaves = []table.Leaf{
	{Path: []string{"a"}, Type: table.Type{Kind: table.Int}},
	{Path: []string{"b"}, Type: table.Type{Kind: table.Bigint}, Top: 1},
	{Path: []string{"s"}, Type: table.Type{Kind: table.String}, Top: 2},
	{Path: []string{"d"}, Type: table.Type{Kind: table.Date}, Top: 3},
	{Path: []string{"t"}, Type: table.Type{Kind: table.Timestamp}, Top: 4},
	{Path: []string{"dec"}, Type: table.Type{Kind: table.Decimal, Precision: 10, Scale: 2}, Top: 5},
	{Path: []string{"x"}, Type: table.Type{Kind: table.Double}, Top: 6},
	{Path: []string{"flag"}, Type: table.Type{Kind: table.Boolean}, Top: 7},
	{Path: []string{"dev", "model"}, Type: table.Type{Kind: table.Int}, Top: 8},
	{Path: []string{"p"}, Type: table.Type{Kind: table.String}, Top: 9},
}

// FuzzParse: Parse never panics; every error carries a position inside the input, a message and
// an error class (Spark's, or one of LayoutLabLimits);
// every success prints canonically (Parse(String(e)) == e, when String(e) is within
// MaxInputBytes) and compiles and evaluates.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"testdata/parse.txt", "testdata/rewrite.txt", "testdata/prune.txt", "testdata/decimal_arith.txt"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i := 0; i+1 < len(lines); i++ {
			if lines[i] == "parse" || lines[i] == "explain" || lines[i] == "prune" {
				f.Add(lines[i+1])
			}
		}
	}
	f.Add("dev.model = 3 AND `dev`.`model` IN (1, 2) OR p LIKE 'x%' AND dec > 1.5 AND x < 1e3")
	f.Add("dec * 99999999999999999999999999999999999999 IS NULL OR dec / 0.0001 % 7 < a - 2.5 OR dec + NULL = 1")
	fs := &stats.FileStats{NumRecords: 10,
		MinValues: make([]table.Value, len(fuzzLeaves)), MaxValues: make([]table.Value, len(fuzzLeaves)),
		NullCount: make([]int64, len(fuzzLeaves))}
	fs.MinValues[0], fs.MaxValues[0] = intValue(1), intValue(9)
	fs.MinValues[2], fs.MaxValues[2] = table.StringValue("ab"), table.StringValue("yz\x7f")
	fs.MinValues[4], fs.MaxValues[4] = table.Value{Kind: table.Timestamp, I: 0}, table.Value{Kind: table.Timestamp, I: 1 << 62}
	tbl := Table{Leaves: fuzzLeaves, PartitionColumns: []string{"p"}}
	pv := map[string]string{"p": "x1"}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src, fuzzLeaves)
		if err != nil {
			el, ok := err.(ErrorList)
			if !ok || len(el) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %#v", err)
			}
			for _, x := range el {
				if x.Pos.Line < 1 || x.Pos.Column < 1 || x.Pos.Offset > len(src) || x.Msg == "" {
					t.Fatalf("bad error %q for %q", x.Error(), src)
				}
				if !sparkRefusalClasses[x.Class] && LayoutLabLimits[x.Class] == "" {
					t.Fatalf("error %q for %q: class %q is neither Spark's nor a Layout Lab limit", x.Error(), src, x.Class)
				}
			}
			return
		}
		// Canonical spacing can lengthen compact input ("a=1" prints "a = 1"), so the round trip
		// is checked while the canonical text is within the input limit.
		if len(e.String()) <= MaxInputBytes {
			checkRoundTrip(t, e, fuzzLeaves)
		}
		_ = explainRewrite(e)
		flt, err := Compile(e, tbl)
		if err != nil {
			t.Fatal(err)
		}
		if flt.Keep(fs, pv) != flt.Explain(fs, pv).Kept() || flt.Keep(nil, nil) != flt.Explain(nil, nil).Kept() {
			t.Fatalf("Keep and Explain disagree on %q", src)
		}
		_ = flt.String()
	})
}
