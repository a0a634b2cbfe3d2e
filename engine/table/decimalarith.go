package table

import (
	"math"
	"math/big"
	"math/bits"
)

// Decimal arithmetic as Spark evaluates + - * / % in non-ANSI mode with
// spark.sql.decimalOperations.allowPrecisionLoss on (both the defaults Delta's partition
// pruning runs with): the result type is BinaryArithmetic.resultDecimalType (Add, Subtract,
// Multiply, Divide, Remainder in sql/catalyst/.../expressions/arithmetic.scala) bounded by
// DecimalType.adjustPrecisionScale (sql/api/.../types/DecimalType.scala); the value is the
// exact result rounded HALF_UP to that scale, or NULL when it then needs more digits than the
// precision (BinaryArithmetic.checkDecimalOverflow, Decimal.toPrecision with nullOnOverflow)
// or when dividing by zero (DivModLike.eval). Spark rounds * and / once since SPARK-45786
// (3.4.2, 3.5.1, 4.0); earlier releases rounded to 38 digits first.

// minimumAdjustedScale is DecimalType.MINIMUM_ADJUSTED_SCALE: the fewest fractional digits a
// result keeps when its precision must shrink to 38.
const minimumAdjustedScale = 6

// adjustPrecisionScale is DecimalType.adjustPrecisionScale for the non-negative scales Delta
// allows: past 38 digits the integer part is kept and the scale gives way, down to 6 (or the
// original scale, when smaller).
func adjustPrecisionScale(p, s int) Type {
	if p <= MaxDecimalPrecision {
		return Type{Kind: Decimal, Precision: uint8(p), Scale: uint8(s)}
	}
	adjusted := max(MaxDecimalPrecision-(p-s), min(s, minimumAdjustedScale))
	return Type{Kind: Decimal, Precision: MaxDecimalPrecision, Scale: uint8(adjusted)}
}

// DecimalResultType is the type of a op b for decimal operand types a and b: Spark's
// resultDecimalType of Add and Subtract (scale max(s1,s2), precision max(p1-s1,p2-s2)+scale+1),
// Multiply (p1+p2+1, s1+s2), Divide (scale max(6, s1+p2+1), precision p1-s1+s2+scale) and
// Remainder (min(p1-s1,p2-s2)+max(s1,s2), max(s1,s2)), then adjustPrecisionScale. ok is false
// for an operator other than + - * / %.
func DecimalResultType(op byte, a, b Type) (t Type, ok bool) {
	p1, s1, p2, s2 := int(a.Precision), int(a.Scale), int(b.Precision), int(b.Scale)
	switch op {
	case '+', '-':
		s := max(s1, s2)
		return adjustPrecisionScale(max(p1-s1, p2-s2)+s+1, s), true
	case '*':
		return adjustPrecisionScale(p1+p2+1, s1+s2), true
	case '/':
		s := max(minimumAdjustedScale, s1+p2+1)
		return adjustPrecisionScale(p1-s1+s2+s, s), true
	case '%':
		s := max(s1, s2)
		return adjustPrecisionScale(min(p1-s1, p2-s2)+s, s), true
	}
	return Type{}, false
}

// DecimalArith computes a op b exactly, for decimals or integers (read as scale 0), and returns
// it rounded HALF_UP to t's scale, t being DecimalResultType's answer. ok is false, a SQL NULL,
// when b is zero for / or %, or when the rounded result needs more than t's precision.
// % keeps the dividend's sign, as BigDecimal.remainder does. Spark's remainder (Decimal.% with
// its MATH_CONTEXT of 38 digits) fails the query ("Division impossible") when the integer
// quotient needs more digits than that, as 10^37 % 10^-38 would; here such a remainder is
// computed exactly.
func DecimalArith(op byte, a, b Value, t Type) (Value, bool) {
	if v, ok, done := decimalArith64(op, a, b, t); done {
		return v, ok
	}
	return decimalArithBig(op, a, b, t)
}

// decimalArithBig is DecimalArith through math/big, for every operand.
func decimalArithBig(op byte, a, b Value, t Type) (Value, bool) {
	x, sx := bigUnscaled(a)
	y, sy := bigUnscaled(b)
	rs := int(t.Scale)
	var r *big.Int
	switch op {
	case '+', '-':
		s := max(sx, sy)
		x, y = scaleUp(x, s-sx), scaleUp(y, s-sy)
		if op == '+' {
			r = x.Add(x, y)
		} else {
			r = x.Sub(x, y)
		}
		r = roundHalfUp(r, s-rs)
	case '*':
		r = roundHalfUp(x.Mul(x, y), sx+sy-rs)
	case '/':
		if y.Sign() == 0 {
			return Value{}, false
		}
		// x·10^-sx / (y·10^-sy) at scale rs is x·10^(rs-sx+sy) / y.
		if k := rs - sx + sy; k >= 0 {
			x = scaleUp(x, k)
		} else {
			y = scaleUp(y, -k)
		}
		r = divHalfUp(x, y)
	case '%':
		if y.Sign() == 0 {
			return Value{}, false
		}
		s := max(sx, sy)
		x, y = scaleUp(x, s-sx), scaleUp(y, s-sy)
		r = roundHalfUp(x.Rem(x, y), s-rs)
	default:
		return Value{}, false
	}
	p := int(t.Precision)
	if p <= 0 || p > MaxDecimalPrecision {
		p = MaxDecimalPrecision
	}
	if r.CmpAbs(bigPow10[p]) >= 0 {
		return Value{}, false
	}
	return fromBig(r, t.Scale), true
}

// bigPow10 holds 10^0 … 10^127, more than any rescaling of two decimal(38) operands needs.
var bigPow10 = func() (p [128]*big.Int) {
	p[0] = big.NewInt(1)
	ten := big.NewInt(10)
	for i := 1; i < len(p); i++ {
		p[i] = new(big.Int).Mul(p[i-1], ten)
	}
	return p
}()

// bigUnscaled is v's unscaled value Hi·2^64 + I and its scale; an integer has scale 0.
func bigUnscaled(v Value) (*big.Int, int) {
	if v.Kind != Decimal {
		return big.NewInt(v.I), 0
	}
	u := new(big.Int).Lsh(big.NewInt(v.Hi), 64)
	return u.Add(u, big.NewInt(v.I)), int(v.Scale)
}

// fromBig builds the decimal of unscaled value u (below 10^38 in magnitude) and scale.
func fromBig(u *big.Int, scale uint8) Value {
	var buf [16]byte
	new(big.Int).Abs(u).FillBytes(buf[:])
	m := u128{hi: beUint64(buf[:8]), lo: beUint64(buf[8:])}
	return decimalOf(u.Sign() < 0, m, scale)
}

func beUint64(b []byte) uint64 {
	var x uint64
	for _, c := range b {
		x = x<<8 | uint64(c)
	}
	return x
}

// scaleUp multiplies u by 10^n in place (n >= 0).
func scaleUp(u *big.Int, n int) *big.Int {
	if n == 0 {
		return u
	}
	return u.Mul(u, bigPow10[n])
}

// roundHalfUp drops n decimal digits from u, rounding half away from zero (RoundingMode.HALF_UP);
// a negative n appends zeros.
func roundHalfUp(u *big.Int, n int) *big.Int {
	if n <= 0 {
		return scaleUp(u, -n)
	}
	return divHalfUp(u, bigPow10[n])
}

// divHalfUp is n / d rounded half away from zero.
func divHalfUp(n, d *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(n, d, new(big.Int))
	if m.Sign() == 0 {
		return q
	}
	m.Abs(m).Lsh(m, 1)
	if m.CmpAbs(d) >= 0 {
		if n.Sign()*d.Sign() < 0 {
			q.Sub(q, bigOne)
		} else {
			q.Add(q, bigOne)
		}
	}
	return q
}

var bigOne = big.NewInt(1)

// decimalArith64 is DecimalArith for operands, intermediates and results that fit an int64
// (a quotient's dividend 128 bits), without allocating; done is false when math/big must do it.
func decimalArith64(op byte, a, b Value, t Type) (v Value, ok, done bool) {
	if a.Kind == Decimal && a.Hi != 0 || b.Kind == Decimal && b.Hi != 0 {
		return Value{}, false, false
	}
	x, y := a.I, b.I
	sx, sy := 0, 0
	if a.Kind == Decimal {
		sx = int(a.Scale)
	}
	if b.Kind == Decimal {
		sy = int(b.Scale)
	}
	var r int64
	var s int
	switch op {
	case '+', '-':
		var ok bool
		if x, y, s, ok = alignInt64(x, sx, y, sy); !ok {
			return Value{}, false, false
		}
		if op == '-' {
			if y == math.MinInt64 {
				return Value{}, false, false
			}
			y = -y
		}
		r = x + y
		if x > 0 && y > 0 && r < 0 || x < 0 && y < 0 && r >= 0 {
			return Value{}, false, false
		}
	case '*':
		s = sx + sy
		if x == math.MinInt64 || y == math.MinInt64 {
			return Value{}, false, false
		}
		hi, lo := bits.Mul64(absInt64(x), absInt64(y))
		if hi != 0 || lo > math.MaxInt64 {
			return Value{}, false, false
		}
		r = int64(lo)
		if x < 0 != (y < 0) {
			r = -r
		}
	case '/':
		if y == 0 {
			return Value{}, false, true
		}
		var okq bool
		if r, okq = quotientInt64(x, sx, y, sy, int(t.Scale)); !okq {
			return Value{}, false, false
		}
		s = int(t.Scale)
	case '%':
		if y == 0 {
			return Value{}, false, true
		}
		var ok bool
		if x, y, s, ok = alignInt64(x, sx, y, sy); !ok {
			return Value{}, false, false
		}
		r = x % y // truncated: the dividend's sign
	default:
		return Value{}, false, false
	}
	var okr bool
	if r, okr = rescaleInt64(r, s-int(t.Scale)); !okr {
		return Value{}, false, false
	}
	if p := int(t.Precision); p > 0 && p <= 18 && absInt64(r) >= pow10[p].lo {
		return Value{}, false, true // past the precision: NULL
	}
	return Value{Kind: Decimal, Scale: t.Scale, I: r}, true, true
}

// quotientInt64 is x/y (scales sx, sy; y not 0) at the result scale rs, rounded HALF_UP:
// x·10^(rs-sx+sy) / y, the dividend in 128 bits; ok is false where it needs more than 64.
func quotientInt64(x int64, sx int, y int64, sy, rs int) (int64, bool) {
	k := rs - sx + sy
	if k < 0 {
		var oky bool
		if y, oky = mulPow10Int64(y, -k); !oky {
			return 0, false
		}
		k = 0
	}
	if k > 18 || x == math.MinInt64 || y == math.MinInt64 {
		return 0, false
	}
	hi, lo := bits.Mul64(absInt64(x), pow10[k].lo)
	d := absInt64(y)
	if hi >= d {
		return 0, false // the quotient needs more than 64 bits
	}
	q, m := bits.Div64(hi, lo, d)
	if m >= d-m { // 2m >= d, without overflow
		q++
	}
	if q > math.MaxInt64 {
		return 0, false
	}
	r := int64(q)
	if x < 0 != (y < 0) {
		r = -r
	}
	return r, true
}

// rescaleInt64 takes r down d decimal places, rounded HALF_UP (d > 0), or up -d (d < 0);
// ok is false where that leaves 64 bits.
func rescaleInt64(r int64, d int) (int64, bool) {
	switch {
	case d > 18:
		return 0, false
	case d > 0:
		p := pow10[d].lo
		q, m := r/int64(p), absInt64(r%int64(p))
		if 2*m >= p {
			if r < 0 {
				q--
			} else {
				q++
			}
		}
		return q, true
	case d < 0:
		return mulPow10Int64(r, -d)
	}
	return r, true
}

// alignInt64 brings x (scale sx) and y (scale sy) to their larger scale s, or ok is false when
// either then overflows int64.
func alignInt64(x int64, sx int, y int64, sy int) (ax, ay int64, s int, ok bool) {
	s = max(sx, sy)
	ax, okx := mulPow10Int64(x, s-sx)
	ay, oky := mulPow10Int64(y, s-sy)
	return ax, ay, s, okx && oky
}

// mulPow10Int64 is x·10^n, ok false when that overflows an int64.
func mulPow10Int64(x int64, n int) (int64, bool) {
	if n == 0 {
		return x, true
	}
	if n > 18 || x == math.MinInt64 {
		return 0, false
	}
	hi, lo := bits.Mul64(absInt64(x), pow10[n].lo)
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if x < 0 {
		return -int64(lo), true
	}
	return int64(lo), true
}

func absInt64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}
