package skipping

import (
	"testing"

	"layoutlab/engine/table"
)

var decLeaves = []table.Leaf{
	{Path: []string{"price"}, Type: table.Type{Kind: table.Decimal, Precision: 10, Scale: 1}},
	{Path: []string{"big"}, Type: table.Type{Kind: table.Decimal, Precision: 38, Scale: 0}, Top: 1},
	{Path: []string{"w"}, Type: table.Type{Kind: table.Decimal, Precision: 38, Scale: 10}, Top: 2},
	{Path: []string{"n"}, Type: table.Type{Kind: table.Int}, Top: 3},
	{Path: []string{"b"}, Type: table.Type{Kind: table.Bigint}, Top: 4},
	{Path: []string{"x"}, Type: table.Type{Kind: table.Double}, Top: 5},
}

// TestDecimalArithTypes: the type Spark's analyzer gives arithmetic with a decimal side,
// derived by hand: integers are cast first (DecimalPrecision: a literal to its own digits, an
// int to decimal(10,0), a bigint to decimal(20,0)), then resultDecimalType and
// adjustPrecisionScale apply.
func TestDecimalArithTypes(t *testing.T) {
	for expr, want := range map[string]string{
		"0.1 + 0.2":          "decimal(2,1)",  // scale 1, max(0,0)+1+1
		"price + 0.1":        "decimal(11,1)", // max(9,0)+1+1
		"price * 2":          "decimal(12,1)", // 2 is decimal(1,0): 10+1+1
		"price * -12":        "decimal(13,1)", // -12 is decimal(2,0)
		"price * -(12)":      "decimal(21,1)", // UnaryMinus(12) is an int expression: decimal(10,0)
		"w * -2":             "decimal(38,8)",
		"w * -(2)":           "decimal(38,6)",
		"w * - -2":           "decimal(38,6)",
		"price * n":          "decimal(21,1)", // int column: decimal(10,0)
		"price * b":          "decimal(31,1)", // bigint column: decimal(20,0)
		"price * (n+1)":      "decimal(21,1)", // n + 1 is an int expression, not a literal
		"price * 3000000000": "decimal(21,1)", // a bigint literal of 10 digits
		"n + price":          "decimal(12,1)", // decimal(10,0) + decimal(10,1): max(10,9)+1+1
		"-price * 2":         "decimal(12,1)",
		"price + NULL":       "decimal(11,1)",  // NULL takes price's type
		"w * w":              "decimal(38,6)",  // 77 digits, 57 integer: scale max(-19, 6)
		"w * 2":              "decimal(38,8)",  // 40 digits, 30 integer: max(8, 6)
		"w * n":              "decimal(38,6)",  // 49 digits, 39 integer: max(-1, 6)
		"big + 1":            "decimal(38,0)",  // 39 digits, scale 0 stays 0
		"price / 3":          "decimal(15,6)",  // scale max(6, 1+1+1); 9+0+6
		"price / price":      "decimal(22,12)", // scale max(6, 1+10+1) = 12; 10-1+1+12
		"price % 3":          "decimal(2,1)",   // min(9,1)+1
		"price % w":          "decimal(19,10)", // min(9,28)+10
		"price + x":          "double",         // a decimal meeting a double is a double
		"n / 2":              "double",         // integers divide as doubles
		"n % 2":              "int",
		"b * 2":              "bigint",
	} {
		e, err := Parse(expr+" IS NULL", decLeaves)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		checkRoundTrip(t, e, decLeaves)
		if got := e.(*IsNull).X.Type().String(); got != want {
			t.Errorf("%s: %s, want %s", expr, got, want)
		}
	}
}

// TestDecimalArithCompare: comparisons of decimal arithmetic with literals and columns, on one
// row: exact where double is not, NULL on overflow (so = is not TRUE and IS NULL is).
func TestDecimalArithCompare(t *testing.T) {
	big38 := func(s string) table.Value {
		v, err := table.ParseDecimal(s, decLeaves[1].Type)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	row := []table.Value{
		{Kind: table.Decimal, Scale: 1, I: 102}, // price 10.2
		big38("99999999999999999999999999999999999998"),
		{Kind: table.Decimal, Scale: 10, I: 50}, // w 0.0000000050
		{Kind: table.Int, I: 3},
		table.BigintValue(-7),
		table.DoubleValue(0.1),
	}
	for src, want := range map[string]tri{
		"price + 0.1 = 10.3":                               triTrue, // 10.299999999999999 in double
		"0.1 + 0.2 = 0.3":                                  triTrue,
		"price + 0.1 <> 10.3":                              triFalse,
		"price + 0.05 = 10.25":                             triTrue, // literal 10.25 against decimal(11,2): fits
		"price + 0.1 < 10.35":                              triTrue, // 10.35 does not fit decimal(11,1); compared exactly
		"price + 0.1 > 10.2999999999999999999":             triTrue,
		"price + x = 10.3E0":                               triFalse, // double: 10.2 + 0.1 is 10.299999999999999
		"big + 1 = 99999999999999999999999999999999999999": triTrue,
		"big + 1 = 99999999999999999999999999999999999998": triFalse, // equal in double
		"big + 2 = 0":                                      triNull,  // overflow: NULL
		"big + 2 IS NULL":                                  triTrue,
		"big + 2 IS NOT NULL":                              triFalse,
		"big + 2 <=> NULL":                                 triTrue,
		"price / 0 IS NULL":                                triTrue,
		"price % 0 IS NULL":                                triTrue,
		"price / n = 3.400000":                             triTrue, // decimal(10,1) / decimal(10,0): scale 12
		"price / 3 = 3.4":                                  triTrue,
		"b % 2.5 = -2.0":                                   triTrue, // -7 % 2.5 = -2.0, the dividend's sign
		"price * b = -71.4":                                triTrue,
		"w * w = 0":                                        triTrue, // 2.5·10^-17 at scale 6 rounds to 0
		"w * w * 1000000 = 0":                              triTrue,
		// w * 2 is decimal(38,8): 0.00000001 exactly; w * 5 = 0.000000025, HALF_UP at 8
		// digits. w * -(2) is decimal(38,6), as Spark types UnaryMinus(2): -0.00000001 is 0 there.
		"w * 2 = 0.00000001":   triTrue,
		"w * 5 = 0.00000003":   triTrue,
		"w * -2 = -0.00000001": triTrue,
		"w * -(2) = 0":         triTrue,
	} {
		e, err := Parse(src, decLeaves)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		checkRoundTrip(t, e, decLeaves)
		if got := evalBool(e, &partRow{vals: row}); got != want {
			t.Errorf("%s: %s, want %s", src, got, want)
		}
	}
}

// TestDecimalArithKeepAllocs: arithmetic on decimals that fit 64 bits, the common partition
// value, is done without math/big, so Keep stays allocation-free per file.
func TestDecimalArithKeepAllocs(t *testing.T) {
	leaves := []table.Leaf{{Path: []string{"p"}, Type: table.Type{Kind: table.Decimal, Precision: 12, Scale: 5}}}
	e := mustParseLeaves(t, "p * 3 > 0 AND p / 7 + 0.1 > 5 AND p % 2 - p < 1", leaves)
	f, err := Compile(e, Table{Leaves: leaves, PartitionColumns: []string{"p"}})
	if err != nil {
		t.Fatal(err)
	}
	pv := map[string]string{"p": "234.00000"}
	if !f.Keep(nil, pv) {
		t.Fatal("p = 234 pruned") // 702 > 0, 33.4285714 + 0.1 > 5, 0 - 234 < 1
	}
	if n := testing.AllocsPerRun(100, func() { f.Keep(nil, pv) }); n != 0 {
		t.Errorf("Filter.Keep allocates %v times", n)
	}
}

func mustParseLeaves(t *testing.T, src string, leaves []table.Leaf) Expr {
	t.Helper()
	e, err := Parse(src, leaves)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return e
}
