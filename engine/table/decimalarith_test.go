package table

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

func dec(p, s uint8) Type { return Type{Kind: Decimal, Precision: p, Scale: s} }

// TestDecimalResultType: Spark's result types, each derived by hand from resultDecimalType and
// adjustPrecisionScale (arithmetic.scala, DecimalType.scala).
func TestDecimalResultType(t *testing.T) {
	for _, c := range []struct {
		op   byte
		a, b Type
		want Type
	}{
		// + -: scale max(s1,s2); precision max(p1-s1,p2-s2) + scale + 1.
		{'+', dec(1, 1), dec(1, 1), dec(2, 1)},    // 0.1 + 0.2: max(0,0)+1+1
		{'-', dec(10, 2), dec(5, 4), dec(13, 4)},  // max(8,1)+4+1
		{'+', dec(38, 0), dec(38, 0), dec(38, 0)}, // 39 digits: integer part kept, scale 0 stays 0
		// 59 digits, 29 of them integer: scale max(38-29, min(30,6)) = 9.
		{'+', dec(38, 10), dec(38, 30), dec(38, 9)},
		// *: p1+p2+1, s1+s2.
		{'*', dec(10, 1), dec(1, 0), dec(12, 1)},
		{'*', dec(38, 10), dec(38, 10), dec(38, 6)}, // 77 digits, 57 integer: max(-19, min(20,6))
		{'*', dec(38, 18), dec(1, 0), dec(38, 16)},  // 40 digits, 22 integer: max(16, 6)
		{'*', dec(38, 18), dec(10, 0), dec(38, 7)},  // 49 digits, 31 integer: max(7, 6)
		{'*', dec(38, 2), dec(38, 2), dec(38, 4)},   // 77 digits, 73 integer: max(-35, min(4,6))
		// /: scale max(6, s1+p2+1); precision p1-s1+s2 + scale.
		{'/', dec(2, 1), dec(1, 0), dec(7, 6)},    // 1.0 / 3: scale max(6, 1+1+1); 1+0+6
		{'/', dec(10, 2), dec(5, 1), dec(17, 8)},  // scale max(6, 2+5+1) = 8; 8+1+8
		{'/', dec(38, 0), dec(38, 0), dec(38, 6)}, // scale 39, precision 77: max(38-38, 6)
		{'/', dec(12, 5), dec(1, 0), dec(14, 7)},  // scale max(6, 5+1+1) = 7; 7+0+7
		// %: min(p1-s1,p2-s2) + max(s1,s2), max(s1,s2).
		{'%', dec(4, 2), dec(2, 1), dec(3, 2)},      // min(2,1)+2
		{'%', dec(38, 0), dec(38, 38), dec(38, 38)}, // min(38,0)+38
		{'%', dec(2, 1), dec(10, 0), dec(2, 1)},     // min(1,10)+1
	} {
		got, ok := DecimalResultType(c.op, c.a, c.b)
		if !ok || got.String() != c.want.String() {
			t.Errorf("%s %c %s = %s, want %s", c.a, c.op, c.b, got, c.want)
		}
	}
	if _, ok := DecimalResultType('^', dec(1, 0), dec(1, 0)); ok {
		t.Error("'^' has a result type")
	}
}

func mustDecimal(t *testing.T, s string, typ Type) Value {
	t.Helper()
	v, err := ParseDecimal(s, typ)
	if err != nil {
		t.Fatalf("ParseDecimal(%q, %s): %v", s, typ, err)
	}
	return v
}

// TestDecimalArith: values Spark gives, derived by hand: the exact result, rounded HALF_UP to
// the result scale, NULL past the result precision or on a zero divisor.
func TestDecimalArith(t *testing.T) {
	for _, c := range []struct {
		a    string
		ta   Type
		op   byte
		b    string
		tb   Type
		want string // "NULL" for SQL NULL
	}{
		{"0.1", dec(1, 1), '+', "0.2", dec(1, 1), "0.3"}, // decimal(2,1); in double 0.30000000000000004
		{"10.2", dec(10, 1), '+', "0.1", dec(1, 1), "10.3"},
		{"0.00004", dec(12, 5), '*', "3", dec(1, 0), "0.00012"},
		// decimal(38) operands that differ past the 16th digit, which double cannot hold.
		{"12345678901234567890123456789012345678", dec(38, 0), '-', "12345678901234567890123456789012345677", dec(38, 0), "1"},
		{"99999999999999999999999999999999999998", dec(38, 0), '+', "1", dec(1, 0), "99999999999999999999999999999999999999"},
		// decimal(38,0) + decimal(1,0) is decimal(38,0): one more is 39 digits, an overflow.
		{"99999999999999999999999999999999999999", dec(38, 0), '+', "1", dec(1, 0), "NULL"},
		{"-99999999999999999999999999999999999999", dec(38, 0), '-', "1", dec(1, 0), "NULL"},
		{"99999999999999999999999999999999999999", dec(38, 0), '*', "2", dec(1, 0), "NULL"},
		// decimal(38,10) * decimal(38,10) is decimal(38,6): the exact
		// 2469135780.64197530280617283945 keeps 6 digits, the 7th (3) rounds down.
		{"1234567890.0123456789", dec(38, 10), '*', "2.0000000005", dec(38, 10), "2469135780.641975"},
		// HALF_UP at the 7th digit, away from zero on both sides (HALF_EVEN would give 1.000000).
		{"1.0000005", dec(38, 10), '*', "1", dec(38, 10), "1.000001"},
		{"-1.0000005", dec(38, 10), '*', "1", dec(38, 10), "-1.000001"},
		{"1.0000004999", dec(38, 10), '*', "1", dec(38, 10), "1.000000"},
		// decimal(38,18) * decimal(1,0) is decimal(38,16): -37037036703703703670.370370367037037034
		// loses "34", the first dropped digit 3 rounds down.
		{"-12345678901234567890.123456789012345678", dec(38, 18), '*', "3", dec(1, 0), "-37037036703703703670.3703703670370370"},
		// /: 1.0 / 3 is decimal(7,6).
		{"1.0", dec(2, 1), '/', "3", dec(1, 0), "0.333333"},
		{"2.0", dec(2, 1), '/', "3", dec(1, 0), "0.666667"},
		{"-2.0", dec(2, 1), '/', "3", dec(1, 0), "-0.666667"},
		{"0.00004", dec(12, 5), '/', "3", dec(1, 0), "0.0000133"}, // decimal(14,7)
		// decimal(10,0) / decimal(10,0): scale max(6, 0+10+1) = 11, precision 10+11 = 21.
		{"1", dec(10, 0), '/', "8", dec(10, 0), "0.12500000000"},
		{"1.0", dec(2, 1), '/', "0", dec(1, 0), "NULL"},
		// 10^37 / 0.1 is 10^38: decimal(38,6) has room for 32 integer digits.
		{"10000000000000000000000000000000000000", dec(38, 0), '/', "0.1", dec(1, 1), "NULL"},
		{"100000000000000000000000000000", dec(38, 0), '/', "0.1", dec(1, 1), "1000000000000000000000000000000.000000"},
		// %: the sign of the dividend, as BigDecimal.remainder.
		{"-7.5", dec(2, 1), '%', "2", dec(1, 0), "-1.5"},
		{"7.5", dec(2, 1), '%', "-2", dec(1, 0), "1.5"},
		{"10.25", dec(4, 2), '%', "3.1", dec(2, 1), "0.95"}, // 10.25 - 3·3.1, decimal(3,2)
		{"10.25", dec(4, 2), '%', "0", dec(2, 1), "NULL"},
	} {
		typ, ok := DecimalResultType(c.op, c.ta, c.tb)
		if !ok {
			t.Fatal(c.op)
		}
		got, ok := DecimalArith(c.op, mustDecimal(t, c.a, c.ta), mustDecimal(t, c.b, c.tb), typ)
		s := "NULL"
		if ok {
			s = got.DecimalText()
			if got.Scale != typ.Scale {
				t.Errorf("%s %c %s: scale %d, want the type's %s", c.a, c.op, c.b, got.Scale, typ)
			}
		}
		if s != c.want {
			t.Errorf("%s %c %s as %s = %s, want %s", c.a, c.op, c.b, typ, s, c.want)
		}
	}
}

// TestDecimalArithIntegers: int and bigint operands read as scale 0.
func TestDecimalArithIntegers(t *testing.T) {
	typ, _ := DecimalResultType('+', dec(20, 0), dec(10, 2)) // bigint + decimal(10,2): decimal(23,2)
	got, ok := DecimalArith('+', BigintValue(-9223372036854775808), mustDecimal(t, "-0.01", dec(10, 2)), typ)
	if !ok || got.DecimalText() != "-9223372036854775808.01" || typ.String() != "decimal(23,2)" {
		t.Errorf("bigint min + -0.01 = %s (%v) as %s", got.DecimalText(), ok, typ)
	}
}

// TestDecimalArithAgainstRat compares DecimalArith with math/big.Rat arithmetic rounded
// HALF_UP by a separate route, on random operands of random types, every operator.
func TestDecimalArithAgainstRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	randType := func() Type {
		p := 1 + rng.IntN(MaxDecimalPrecision)
		return dec(uint8(p), uint8(rng.IntN(p+1)))
	}
	randValue := func(typ Type) (Value, *big.Rat) {
		digits := 1 + rng.IntN(int(typ.Precision))
		u := new(big.Int)
		for range digits {
			u.Mul(u, big.NewInt(10)).Add(u, big.NewInt(int64(rng.IntN(10))))
		}
		if rng.IntN(2) == 0 {
			u.Neg(u)
		}
		if rng.IntN(8) == 0 {
			u.SetInt64(0)
		}
		v, err := ParseDecimal(u.String()+"E-"+strconv.Itoa(int(typ.Scale)), typ)
		if err != nil {
			t.Fatal(err)
		}
		return v, new(big.Rat).SetFrac(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(typ.Scale)), nil))
	}
	nulls := 0
	for i := 0; i < 20000; i++ {
		ta, tb := randType(), randType()
		a, ra := randValue(ta)
		b, rb := randValue(tb)
		op := "+-*/%"[rng.IntN(5)]
		typ, _ := DecimalResultType(op, ta, tb)
		if typ.Precision > MaxDecimalPrecision || typ.Scale > typ.Precision {
			t.Fatalf("%s %c %s: invalid type %s", ta, op, tb, typ)
		}
		want, wantOK := ratArith(op, ra, rb, typ)
		got, ok := DecimalArith(op, a, b, typ)
		if !ok {
			nulls++
		}
		if ok != wantOK || ok && got.DecimalText() != want {
			t.Fatalf("%s %c %s as %s = %s (%v), want %s (%v)", a.DecimalText(), op, b.DecimalText(), typ, got.DecimalText(), ok, want, wantOK)
		}
	}
	if nulls == 0 || nulls > 10000 {
		t.Errorf("%d NULL results of 20000: the cases do not reach both sides", nulls)
	}
}

// ratArith is the reference: exact rational arithmetic; the remainder is x - trunc(x/y)·y;
// rounding HALF_UP is floor(|v|·10^s + 1/2) with v's sign.
func ratArith(op byte, x, y *big.Rat, typ Type) (string, bool) {
	r := new(big.Rat)
	switch op {
	case '+':
		r.Add(x, y)
	case '-':
		r.Sub(x, y)
	case '*':
		r.Mul(x, y)
	case '/', '%':
		if y.Sign() == 0 {
			return "", false
		}
		r.Quo(x, y)
		if op == '%' {
			q := new(big.Int).Quo(r.Num(), r.Denom()) // truncated toward zero
			r.Sub(x, new(big.Rat).Mul(new(big.Rat).SetInt(q), y))
		}
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(typ.Scale)), nil)
	m := new(big.Rat).Abs(r)
	m.Mul(m, new(big.Rat).SetInt(scale)).Add(m, big.NewRat(1, 2))
	u := new(big.Int).Quo(m.Num(), m.Denom())
	if u.Cmp(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(typ.Precision)), nil)) >= 0 {
		return "", false
	}
	s := u.String()
	if typ.Scale > 0 {
		for len(s) <= int(typ.Scale) {
			s = "0" + s
		}
		s = s[:len(s)-int(typ.Scale)] + "." + s[len(s)-int(typ.Scale):]
	}
	if r.Sign() < 0 && u.Sign() != 0 {
		s = "-" + s
	}
	return s, true
}

// TestDecimalArith64 checks the int64 path against math/big's on operands of up to 18 digits,
// where it answers, including the results it finds past the precision and zero divisors.
func TestDecimalArith64(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 64))
	done, nulls := 0, 0
	for i := 0; i < 50000; i++ {
		p1, p2 := 1+rng.IntN(18), 1+rng.IntN(18)
		ta, tb := dec(uint8(p1), uint8(rng.IntN(p1+1))), dec(uint8(p2), uint8(rng.IntN(p2+1)))
		a := Value{Kind: Decimal, Scale: ta.Scale, I: rng.Int64N(int64(pow10[rng.IntN(p1)+1].lo))}
		b := Value{Kind: Decimal, Scale: tb.Scale, I: -rng.Int64N(int64(pow10[rng.IntN(p2)+1].lo))}
		if rng.IntN(2) == 0 {
			a, b = b, a
		}
		op := "+-*/%"[rng.IntN(5)]
		if rng.IntN(50) == 0 {
			b.I = 0
		}
		typ, _ := DecimalResultType(op, ta, tb)
		if rng.IntN(4) == 0 {
			typ.Precision = uint8(1 + rng.IntN(int(typ.Precision))) // narrower, so results overflow
			typ.Scale = min(typ.Scale, typ.Precision)
		}
		got, ok, d := decimalArith64(op, a, b, typ)
		if !d {
			continue
		}
		done++
		if !ok {
			nulls++
		}
		want, wantOK := decimalArithBig(op, a, b, typ)
		if ok != wantOK || ok && got != want {
			t.Fatalf("%s %c %s as %s: int64 %s (%v), big %s (%v)", a.DecimalText(), op, b.DecimalText(), typ, got.DecimalText(), ok, want.DecimalText(), wantOK)
		}
	}
	if done < 25000 || nulls == 0 {
		t.Errorf("the int64 path answered %d of 50000, %d of them NULL", done, nulls)
	}
}
