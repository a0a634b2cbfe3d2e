package skipping

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/table"
)

// layoutlabScan runs src on the layoutlab numeric table and returns the files kept and the files
// holding a matching row, each as its number in the generator (part-0000N).
func layoutlabScan(t *testing.T, rt *realTable, src string) (kept, match []int) {
	t.Helper()
	k, m := rt.scan(t, src)
	num := func(idx []int) []int {
		out := []int{}
		for _, i := range idx {
			out = append(out, int(rt.files[i].Path[len("part-0000")]-'0'))
		}
		slices.Sort(out)
		return out
	}
	return num(k), num(m)
}

// Issue #48: a FLOAT column's statistic is the float's own text. Read as a double, "46.566" is
// below the 46.566001892089844 file 0 holds, and `f > 46.566` (Spark: CAST(f AS double) >
// 46.566) skipped it; "0.7" is above the 0.699999988079071 file 1 holds, and `f < 0.7` skipped
// it.
func TestFloatStatisticsAreFloats(t *testing.T) {
	rt := loadByName(t, "layoutlab/numeric-widening")
	for _, tc := range []struct {
		src         string
		kept, match []int
	}{
		{"f > 46.566", []int{0, 1, 3}, []int{0, 1, 3}},
		{"f < 0.7", []int{0, 1, 2, 3}, []int{0, 1, 2, 3}},
		{"f <= -1.5", []int{0}, []int{0}},
		// No float is 46.566: Spark makes it f IS NULL AND NULL, and Delta reads the files with a
		// NULL f (its null count), which hold no match.
		{"f = 46.566", []int{0, 2}, []int{}},
		{"f = 4.6566001892089844E1", []int{0, 1, 3}, []int{0}},
		{"f = 16777217", []int{1}, []int{1}}, // 16777217 is 16777216 as a float
	} {
		kept, match := layoutlabScan(t, rt, tc.src)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: kept %v matching %v, want kept %v matching %v", tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// Issue #48: w was a float when files 0 and 1 were written and a double after. Delta Spark reads
// every w statistic as a double (from_json over the current statsSchema), so file 0's "3.4" (it
// holds 3.4000000953674316) made `w > 3.4` skip it, and file 1's "0.7" made `w < 0.7` skip it.
// Layout Lab reads each bound as the wider of its float and double readings. That costs one
// pruning Delta Spark makes: file 2, written after the change, has the double max 46.566, which
// as a float would be 46.566001892089844, so `w > 46.566` reads it though no row matches.
func TestWidenedFloatStatistics(t *testing.T) {
	rt := loadByName(t, "layoutlab/numeric-widening")
	for _, tc := range []struct {
		src         string
		kept, match []int
	}{
		{"w > 3.4", []int{0, 1, 2, 3}, []int{0, 1, 2, 3}},
		{"w < 0.7", []int{0, 1, 2, 3}, []int{0, 1, 2, 3}},
		{"w > 3.4000000953674316E0", []int{1, 2, 3}, []int{1, 2, 3}},
		{"w > 46.566", []int{1, 2, 3}, []int{1, 3}}, // file 2: the pruning Delta Spark makes
		{"w >= 1e300", []int{3}, []int{3}},
	} {
		kept, match := layoutlabScan(t, rt, tc.src)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: kept %v matching %v, want kept %v matching %v", tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// Issue #48: a void column is a column (it was left out of the schema, so a predicate naming it
// was refused as naming an unknown column); every row holds NULL, and Delta skips on it nowhere.
func TestVoidColumn(t *testing.T) {
	rt := loadByName(t, "layoutlab/numeric-widening")
	for _, tc := range []struct {
		src         string
		kept, match []int
	}{
		{"v IS NULL", []int{0, 1, 2, 3}, []int{0, 1, 2, 3}},
		{"v IS NOT NULL", []int{0, 1, 2, 3}, []int{}},
		{"v = 5 OR id = 20", []int{0, 1, 2, 3}, []int{3}},
		{"v IS NULL AND id = 20", []int{3}, []int{3}},
	} {
		kept, match := layoutlabScan(t, rt, tc.src)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: kept %v matching %v, want kept %v matching %v", tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// Issue #48: predicates Spark runs that were refused (a fraction against an int, a literal past
// bigint, decimals finer or wider than the column, strings against numbers), on the table's
// rows: each parses, and Delta's pruning as modelled keeps every file with a match.
func TestCoercedPredicatesOnRows(t *testing.T) {
	rt := loadByName(t, "layoutlab/numeric-widening")
	for _, tc := range []struct {
		src         string
		kept, match []int
	}{
		{"id > 3.5", []int{1, 2, 3}, []int{1, 2, 3}},
		{"id = 3.5", []int{0, 2}, []int{}},
		{"id <= 2.5", []int{0, 1}, []int{0, 1}},
		{"big >= 9223372036854775807.5", []int{0, 2}, []int{}},
		{"big < -9223372036854775808.5", []int{0, 2}, []int{}},
		{"big > 5000000000.0", []int{0, 3}, []int{0, 3}},
		{"d18 > 12.34565", []int{0, 2}, []int{0, 2}},
		{"d18 = 12.34565", []int{0, 2}, []int{}},
		{"d30 > 99999999999999999999999.9999995", []int{0}, []int{0}}, // d30 >= 1E23
		{"d30 >= 123456789012345678901234.1234565", []int{}, []int{}}, // d30 >= ….123457
		{"id = '3.9'", []int{0, 1}, []int{0}},                         // id = 3
		{"id = 'x'", []int{}, []int{}},
		{"d18 = '12.3456'", []int{0, 1, 2, 3}, []int{2}},
		{"big IN ('1', 8)", []int{0, 1, 2, 3}, []int{1, 2}},
	} {
		kept, match := layoutlabScan(t, rt, tc.src)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: kept %v matching %v, want kept %v matching %v", tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// SkippingSchema, what `inspect` reads a table with, keeps float as float, marks a double widened
// from float, and keeps a void column.
func TestSkippingSchemaNumericKinds(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(layoutlabNumericDir, "_delta_log", "00000000000000000001.json"))
	if err != nil {
		t.Fatal(err)
	}
	var schemaString string
	for _, line := range strings.Split(string(b), "\n") {
		var a struct {
			MetaData *struct {
				SchemaString string `json:"schemaString"`
			} `json:"metaData"`
		}
		if json.Unmarshal([]byte(line), &a) == nil && a.MetaData != nil {
			schemaString = a.MetaData.SchemaString
		}
	}
	s, err := deltalog.ParseSchema(schemaString)
	if err != nil {
		t.Fatal(err)
	}
	logical, _ := s.SkippingSchema()
	got := map[string]table.Type{}
	for _, l := range logical.Leaves() {
		got[l.Name()] = l.Type
	}
	if k := got["f"].Kind; k != table.Float {
		t.Errorf("f: %v, want float", k)
	}
	if w := got["w"]; w.Kind != table.Double || !w.FromFloat {
		t.Errorf("w: %v (from float %v), want a double widened from float", w.Kind, w.FromFloat)
	}
	if k := got["v"].Kind; k != table.Void {
		t.Errorf("v: %v, want void", k)
	}
	if d := got["d30"]; d.Precision != 30 || d.Scale != 6 {
		t.Errorf("d30: %v", d)
	}
}

// Issue #48: a double literal past ±1.8e308 is ±Infinity in Spark (Double.parseDouble in
// AstBuilder), not a refusal. Every finite value is below 1e309; NaN alone is above it.
func TestInfiniteDoubleLiteralsOnRows(t *testing.T) {
	rt := loadByName(t, "delta/data-skipping-basic-stats-all-types")
	for _, tc := range []struct {
		src         string
		kept, match []int
	}{
		{"as_double < 1e309", []int{0}, []int{0}},
		{"as_double > 1e309", nil, nil},
		{"as_double > -1E309", []int{0}, []int{0}},
		{"as_double = -1e309", nil, nil},
		{"as_double <> 1e309", []int{0}, []int{0}},
		{"as_float < 1e309", []int{0}, []int{0}},
		{"as_int > 1e309", nil, nil},
		{"as_big_decimal < 1e309", []int{0}, []int{0}},
	} {
		kept, match := rt.scan(t, tc.src)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: kept %v matching %v, want kept %v matching %v", tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// Issue #48: binary values and columns compared with other types are answered as Spark 3.5's
// analyzer types them, not refused. Delta keeps no min/max for a binary column
// (SkippingEligibleDataType), so only a partition value decides; bytes compare unsigned, so
// "😈" (F0 9F 98 88) is above X'80' and "hello" below it. A string column compared with a number
// is cast to it (to double against a decimal), and Delta cannot skip on the cast column.
func TestImplicitCastsOnRows(t *testing.T) {
	for _, tc := range []struct {
		table, src  string
		kept, match []int
	}{
		{"dat/multi_partitioned/delta", "data = X'68656C6C6F'", []int{0}, []int{0}},
		{"dat/multi_partitioned/delta", "data > X'80'", []int{1}, []int{1}},
		{"dat/multi_partitioned/delta", "data < x'8'", []int{}, []int{}},
		{"dat/multi_partitioned/delta", "data = 'hello'", []int{0}, []int{0}},
		{"dat/multi_partitioned/delta", "data IN (X'F09F9888', X'00')", []int{1}, []int{1}},
		{"dat/multi_partitioned/delta", "data LIKE 'h%'", []int{0}, []int{0}},
		{"dat/multi_partitioned/delta", "letter = X'62'", []int{1}, []int{1}},
		{"dat/multi_partitioned/delta", "number = letter", []int{0, 1}, []int{}},
		{"delta/data-skipping-basic-stats-all-types", "as_string = as_int", []int{0}, []int{0}},
		{"delta/data-skipping-basic-stats-all-types", "as_big_decimal = as_string", []int{0}, []int{0}},
		{"delta/data-skipping-basic-stats-all-types", "as_string < as_double", []int{0}, []int{}},
		{"delta/data-skipping-basic-stats-all-types", "as_string <=> as_date", []int{0}, []int{}},
		// Typed number literals: L, D and BD, as AstBuilder reads them.
		{"delta/data-skipping-basic-stats-all-types", "as_long = 0L AND as_int < 1l", []int{0}, []int{0}},
		{"delta/data-skipping-basic-stats-all-types", "as_double > -0.5D AND as_big_decimal = 0BD", []int{0}, []int{0}},
		{"delta/data-skipping-basic-stats-all-types", "as_double > 0.5d", []int{}, []int{}},
		{"delta/data-skipping-basic-stats-all-types", "as_float = 0F AND as_big_decimal < 0.1f AND -(0.5F) < as_double", []int{0}, []int{0}},
		{"delta/data-skipping-basic-stats-all-types", "as_int > 0.5F", []int{0}, []int{}}, // CAST(as_int AS float) stays: no skipping
		// PromoteStrings: arithmetic casts a string to double ('0' is 0.0).
		{"delta/data-skipping-basic-stats-all-types", "as_string + 1 = 1", []int{0}, []int{0}},
		{"delta/data-skipping-basic-stats-all-types", "-as_string < as_int OR as_string * 2 <> 0", []int{0}, []int{}},
		{"dat/basic_partitioned/delta", "letter + 0 IS NULL", []int{0, 1, 2, 3, 4, 5}, []int{0, 1, 2, 3, 4, 5}},
		{"dat/basic_partitioned/delta", "-letter = 1", []int{}, []int{}},
	} {
		rt := loadByName(t, tc.table)
		kept, match := rt.scan(t, tc.src)
		if kept == nil {
			kept = []int{}
		}
		if match == nil {
			match = []int{}
		}
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: %s: kept %v matching %v, want kept %v matching %v", tc.table, tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// Issue #48: Spark's lexer takes the longest match, so 12a is the IDENTIFIER 12a, not a malformed
// number (SqlBaseLexer.g4); it names a column when one has that name.
func TestDigitLedIdentifiers(t *testing.T) {
	leaves := table.Schema{Fields: []table.Field{{Name: "a", Type: table.Type{Kind: table.Int}}, {Name: "12a", Type: table.Type{Kind: table.Int}}}}.Leaves()
	for src, want := range map[string]string{
		"12a = 1":    "`12a` = 1",
		"a = 12A":    "a = `12a`",
		"a = 12e3":   "a = 12000E0",
		"a > 12a+1":  "a > `12a` + 1",
		"a = 1e-1+a": "a = 0.1E0 + a",
	} {
		e, err := Parse(src, leaves)
		if err != nil || e.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", src, e, err, want)
		}
	}
}
