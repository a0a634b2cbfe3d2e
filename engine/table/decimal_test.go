package table

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// bigOf is v's unscaled value through Hi·2^64 + I, the definition decimal.go implements.
func bigOf(v Value) *big.Int {
	x := new(big.Int).Lsh(big.NewInt(v.Hi), 64)
	return x.Add(x, big.NewInt(v.I))
}

func TestValueSizeUnchangedByHi(t *testing.T) {
	// The simulator keeps Values in big arrays; Hi must fit in what was padding.
	if got := unsafe.Sizeof(Value{}); got != 48 {
		t.Fatalf("sizeof(Value) = %d, want 48", got)
	}
}

func TestParseDecimalExact(t *testing.T) {
	for _, tc := range []struct {
		in   string
		typ  Type
		want string // DecimalText, or the error
	}{
		{"12345678901234567890.12", Type{Kind: Decimal, Precision: 38, Scale: 2}, "12345678901234567890.12"},
		{"-9999999999.9999999999", Type{Kind: Decimal, Precision: 20, Scale: 10}, "-9999999999.9999999999"},
		{"99999999999999999999999999999999999999", Type{Kind: Decimal, Precision: 38}, "99999999999999999999999999999999999999"},
		{"-99999999999999999999999999999999999999", Type{Kind: Decimal, Precision: 38}, "-99999999999999999999999999999999999999"},
		{"0E-10", Type{Kind: Decimal, Precision: 20, Scale: 10}, "0.0000000000"},
		{"-2.9546424000000000000E-17", Type{Kind: Decimal, Precision: 38, Scale: 36}, "-0.000000000000000029546424000000000000"},
		{"-32805.309000000000000000000000000000", Type{Kind: Decimal, Precision: 35, Scale: 30}, "-32805.309000000000000000000000000000"},
		{"1.5", Type{Kind: Decimal, Precision: 38, Scale: 3}, "1.500"},
		{"+.5", Type{Kind: Decimal, Precision: 3, Scale: 1}, "0.5"},
		{"1.50000000000000000000000000000000000000000000", Type{Kind: Decimal, Precision: 5, Scale: 1}, "1.5"},
		{"12E2", Type{Kind: Decimal, Precision: 10}, "1200"},
		{"9223372036854775808", Type{Kind: Decimal, Precision: 19}, "9223372036854775808"},
		{"-9223372036854775809", Type{Kind: Decimal, Precision: 19}, "-9223372036854775809"},
		{"18446744073709551616", Type{Kind: Decimal, Precision: 20}, "18446744073709551616"},
		// Beyond the type or Delta's 38 digits, or digits lost: errors, never a rounded value.
		{"100000000000000000000000000000000000000", Type{Kind: Decimal, Precision: 38}, ErrDecimalPrecision.Error()},
		{"1E38", Type{Kind: Decimal}, ErrDecimalPrecision.Error()},
		{"123.45", Type{Kind: Decimal, Precision: 4, Scale: 2}, ErrDecimalPrecision.Error()},
		{"1.234", Type{Kind: Decimal, Precision: 38, Scale: 2}, ErrDecimalScale.Error()},
		{"1e-2147483649", Type{Kind: Decimal, Precision: 38, Scale: 2}, ErrDecimalSyntax.Error()},
		{"12a", Type{Kind: Decimal, Precision: 38}, ErrDecimalSyntax.Error()},
		{"1.2.3", Type{Kind: Decimal, Precision: 38}, ErrDecimalSyntax.Error()},
		{"", Type{Kind: Decimal, Precision: 38}, ErrDecimalSyntax.Error()},
		{"-", Type{Kind: Decimal, Precision: 38}, ErrDecimalSyntax.Error()},
		{"1e", Type{Kind: Decimal, Precision: 38}, ErrDecimalSyntax.Error()},
		{"1e+-5", Type{Kind: Decimal, Precision: 38}, ErrDecimalSyntax.Error()},
	} {
		v, err := ParseDecimal(tc.in, tc.typ)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = v.DecimalText()
			if v.String() != got {
				t.Errorf("%q: String %q, DecimalText %q", tc.in, v.String(), got)
			}
		}
		if got != tc.want {
			t.Errorf("ParseDecimal(%q, %v) = %s, want %s", tc.in, tc.typ, got, tc.want)
		}
	}
}

// CastDecimal is Spark's non-ANSI cast of a string: HALF_UP to the scale, NULL past the precision.
func TestCastDecimalRoundsHalfUp(t *testing.T) {
	d52 := Type{Kind: Decimal, Precision: 5, Scale: 2}
	for in, want := range map[string]string{
		"1.005": "1.01", "1.004999": "1.00", "-1.005": "-1.01", "999.994": "999.99", "0.004": "0.00",
		"0.005": "0.01", "0.0049": "0.00", "1E-9": "0.00", " 12.3 ": "12.30", "5E-3": "0.01",
		"999.995": "NULL", "1000": "NULL", "abc": "NULL", "": "NULL",
	} {
		got := "NULL"
		if v, ok := CastDecimal(in, d52); ok {
			got = v.DecimalText()
		}
		if got != want {
			t.Errorf("CastDecimal(%q, decimal(5,2)) = %s, want %s", in, got, want)
		}
	}
	wide := Type{Kind: Decimal, Precision: 38, Scale: 6}
	if v, ok := CastDecimal("12345678901234567890123456789012.0000005", wide); !ok || v.DecimalText() != "12345678901234567890123456789012.000001" {
		t.Errorf("wide HALF_UP: %v %v", v, ok)
	}
}

// TestDecimalAgainstBigInt checks parsing, printing, comparing and rescaling against math/big on
// random decimals of every width up to 38 digits.
func TestDecimalAgainstBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	randDigits := func() string {
		n := 1 + rng.IntN(38)
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
		return b.String()
	}
	vals := make([]Value, 0, 2000)
	for i := 0; i < 2000; i++ {
		d := randDigits()
		if rng.IntN(2) == 0 {
			d = "-" + d
		}
		want, _ := new(big.Int).SetString(d, 10)
		scale := uint8(rng.IntN(39))
		v, err := ParseDecimal(d, Type{Kind: Decimal, Precision: 38})
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		v.Scale = scale
		if bigOf(v).Cmp(want) != 0 {
			t.Fatalf("%s: unscaled %v", d, bigOf(v))
		}
		if v.Hi == 0 && !want.IsInt64() || want.IsInt64() && v.Hi != 0 {
			t.Fatalf("%s: Hi %d, I %d: an int64-sized value must have Hi 0", d, v.Hi, v.I)
		}
		neg, digits := v.UnscaledText()
		if s := map[bool]string{true: "-"}[neg] + digits; s != want.String() {
			t.Fatalf("%s: UnscaledText %s", d, s)
		}
		if n := NegateDecimal(v); bigOf(n).Cmp(new(big.Int).Neg(want)) != 0 {
			t.Fatalf("%s: NegateDecimal %v", d, bigOf(n))
		}
		back, err := ParseDecimal(v.DecimalText(), Type{Kind: Decimal, Precision: 38, Scale: scale})
		if err != nil || back != v {
			t.Fatalf("%s scale %d: %q reads back as %v %v", d, scale, v.DecimalText(), back, err)
		}
		vals = append(vals, v)
	}
	rat := func(v Value) *big.Rat {
		return new(big.Rat).SetFrac(bigOf(v), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(v.Scale)), nil))
	}
	for i := 0; i < 20000; i++ {
		a, b := vals[rng.IntN(len(vals))], vals[rng.IntN(len(vals))]
		if rng.IntN(4) == 0 {
			b.Scale = a.Scale
		}
		if got, want := Compare(a, b), rat(a).Cmp(rat(b)); got != want {
			t.Fatalf("Compare(%s, %s) = %d, want %d", a, b, got, want)
		}
		target := Type{Kind: Decimal, Precision: uint8(1 + rng.IntN(38)), Scale: uint8(rng.IntN(39))}
		r, err := RescaleDecimal(a, target)
		if err == nil {
			if rat(r).Cmp(rat(a)) != 0 || r.Scale != target.Scale || r.DecimalPrecision() > int(target.Precision) {
				t.Fatalf("RescaleDecimal(%s, %v) = %s", a, target, r)
			}
		} else {
			// It fails only when the value has more fraction digits or more integer digits than fit.
			scaled := new(big.Rat).Mul(rat(a), new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(target.Scale)), nil)))
			limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(target.Precision)), nil)
			fits := scaled.IsInt() && new(big.Int).Abs(scaled.Num()).Cmp(limit) < 0
			if fits {
				t.Fatalf("RescaleDecimal(%s, %v): %v, but it fits", a, target, err)
			}
			if !errors.Is(err, ErrDecimalScale) && !errors.Is(err, ErrDecimalPrecision) {
				t.Fatalf("RescaleDecimal: unexpected %v", err)
			}
		}
	}
}

func TestCompareDecimalWithIntegerAndDouble(t *testing.T) {
	wide, _ := ParseDecimal("9223372036854775808.5", Type{Kind: Decimal, Precision: 38, Scale: 1})
	if Compare(wide, BigintValue(1<<63-1)) <= 0 || Compare(BigintValue(1<<63-1), wide) >= 0 {
		t.Errorf("%s must be above the largest bigint", wide)
	}
	// As doubles both are 2^63: Spark casts a decimal compared with a double to double.
	if c := Compare(wide, DoubleValue(9223372036854775808)); c != 0 {
		t.Errorf("Compare(%s, 2^63 as double) = %d, want 0", wide, c)
	}
	if f := wide.asFloat(); f != 9223372036854775808 {
		t.Errorf("asFloat = %v", f)
	}
}

// Decimal.toDouble is BigDecimal.doubleValue, the nearest double. Dividing an unscaled value past
// 2^53 by a power of ten rounds twice: 46.566001892089844, the float 46.566 as a double, came
// out one unit low, so a float column never equalled it (issue #48).
func TestDecimalFloat64IsNearest(t *testing.T) {
	for _, s := range []string{"46.566001892089844", "0.699999988079071", "3.4000000953674316", "-9007199254740993.5", "0.1", "123456789012345678.9"} {
		want, _ := strconv.ParseFloat(s, 64)
		p := len(strings.Replace(strings.TrimPrefix(s, "-"), ".", "", 1))
		sc := len(s) - strings.IndexByte(s, '.') - 1
		v, err := ParseDecimal(s, Type{Kind: Decimal, Precision: uint8(p), Scale: uint8(sc)})
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Float64(); got != want {
			t.Errorf("%s: Float64 = %v, want %v", s, got, want)
		}
	}
}
