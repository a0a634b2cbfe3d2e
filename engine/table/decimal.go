package table

import (
	"cmp"
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// Decimals up to Spark's DecimalType.MAX_PRECISION (38 digits), held exactly in a Value as the
// unscaled Hi·2^64 + I (see Value). Spark and Delta Kernel compare decimals as BigDecimal, never
// through double, so a statistic like 99999999999999999999.99 must keep every digit.

// MaxDecimalPrecision is Spark's DecimalType.MAX_PRECISION, the widest decimal Delta writes.
const MaxDecimalPrecision = 38

// u128 is an unsigned 128-bit magnitude; a decimal(38) needs 127 bits of it.
type u128 struct{ hi, lo uint64 }

func (x u128) cmp(y u128) int {
	if c := cmp.Compare(x.hi, y.hi); c != 0 {
		return c
	}
	return cmp.Compare(x.lo, y.lo)
}

// mulAdd returns x·m + a; ok is false when that needs more than 128 bits.
func (x u128) mulAdd(m, a uint64) (u128, bool) {
	hh, hl := bits.Mul64(x.hi, m)
	lh, ll := bits.Mul64(x.lo, m)
	hi, c1 := bits.Add64(hl, lh, 0)
	lo, c2 := bits.Add64(ll, a, 0)
	hi, c3 := bits.Add64(hi, 0, c2)
	return u128{hi, lo}, hh == 0 && c1 == 0 && c3 == 0
}

// divRem returns x / d and x % d.
func (x u128) divRem(d uint64) (u128, uint64) {
	qh, r := x.hi/d, x.hi%d
	ql, r := bits.Div64(r, x.lo, d)
	return u128{qh, ql}, r
}

// pow10 holds 10^0 … 10^38.
var pow10 = func() (p [MaxDecimalPrecision + 1]u128) {
	p[0] = u128{0, 1}
	for i := 1; i < len(p); i++ {
		p[i], _ = p[i-1].mulAdd(10, 0)
	}
	return p
}()

// digits is how many decimal digits m has (1 for zero).
func (m u128) digits() int {
	n := 1
	for n < len(pow10) && m.cmp(pow10[n]) >= 0 {
		n++
	}
	return n
}

// signMag splits v's unscaled value into its sign and magnitude.
func (v Value) signMag() (neg bool, m u128) {
	lo := uint64(v.I)
	hi := uint64(v.Hi) - lo>>63 // the two's complement high word
	if int64(hi) >= 0 {
		return false, u128{hi, lo}
	}
	lo, hi = -lo, ^hi
	if lo == 0 {
		hi++
	}
	return true, u128{hi, lo}
}

// decimalOf builds the Value of sign, magnitude (below 10^38) and scale.
func decimalOf(neg bool, m u128, scale uint8) Value {
	hi, lo := m.hi, m.lo
	if neg && (hi|lo) != 0 {
		lo, hi = -lo, ^hi
		if lo == 0 {
			hi++
		}
	}
	return Value{Kind: Decimal, Scale: scale, I: int64(lo), Hi: int64(hi) + int64(lo>>63)}
}

// compareDecimal orders decimal a against a decimal of another scale or an integer (read as a
// decimal of scale 0) exactly, as Spark compares after widening both to one DecimalType.
func compareDecimal(a, b Value) int {
	if b.Kind != Decimal {
		b = Value{Kind: Decimal, I: b.I}
	}
	an, am := a.signMag()
	bn, bm := b.signMag()
	if an != bn {
		if an {
			return -1
		}
		return 1
	}
	// Bring both to the larger scale; a magnitude that overflows 128 bits on the way exceeds
	// any decimal(38), so it is the larger.
	c := 0
	switch {
	case a.Scale < b.Scale:
		if x, ok := am.mulPow10(int(b.Scale - a.Scale)); ok {
			c = x.cmp(bm)
		} else {
			c = 1
		}
	case a.Scale > b.Scale:
		if y, ok := bm.mulPow10(int(a.Scale - b.Scale)); ok {
			c = am.cmp(y)
		} else {
			c = -1
		}
	default:
		c = am.cmp(bm)
	}
	if an {
		return -c
	}
	return c
}

func (m u128) mulPow10(n int) (u128, bool) {
	for ; n > 0; n-- {
		var ok bool
		if m, ok = m.mulAdd(10, 0); !ok {
			return m, false
		}
	}
	return m, true
}

// decimalFloat is Spark's Decimal.toDouble, toBigDecimal.doubleValue: the nearest double to the
// exact value. Java's BigDecimal.doubleValue divides when the unscaled value and the power of ten
// are both exact doubles (one correctly rounded division); otherwise it parses the text. So
// 46.566001892089844 (an unscaled value past 2^53) is the double of that text, not one unit off.
func decimalFloat(v Value) float64 {
	if v.Hi == 0 && v.I > -1<<53 && v.I < 1<<53 && v.Scale <= 22 {
		return float64(v.I) / math.Pow10(int(v.Scale))
	}
	f, _ := strconv.ParseFloat(v.DecimalText(), 64)
	return f
}

// UnscaledText is the decimal's unscaled value in base 10: its sign and its digits.
func (v Value) UnscaledText() (neg bool, digits string) {
	neg, m := v.signMag()
	if m.hi == 0 {
		return neg, strconv.FormatUint(m.lo, 10)
	}
	const e19 = 10_000_000_000_000_000_000
	q, r := m.divRem(e19)
	if q.hi == 0 {
		return neg, strconv.FormatUint(q.lo, 10) + pad19(r)
	}
	q2, r2 := q.divRem(e19)
	return neg, strconv.FormatUint(q2.lo, 10) + pad19(r2) + pad19(r)
}

func pad19(u uint64) string {
	s := strconv.FormatUint(u, 10)
	return strings.Repeat("0", 19-len(s)) + s
}

// DecimalText prints a decimal plainly with all its scale digits ("-0.050", "12345678901234567890.12"),
// as Spark's CAST(d AS STRING) and the partition values Delta writes do.
func (v Value) DecimalText() string {
	neg, s := v.UnscaledText()
	return plainDecimal(neg, s, v.Scale)
}

func plainDecimal(neg bool, digits string, scale uint8) string {
	s := digits
	if scale > 0 {
		if len(s) <= int(scale) {
			s = strings.Repeat("0", int(scale)-len(s)+1) + s
		}
		s = s[:len(s)-int(scale)] + "." + s[len(s)-int(scale):]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Errors of ParseDecimal and RescaleDecimal.
var (
	ErrDecimalSyntax    = errors.New("not a decimal number")
	ErrDecimalPrecision = errors.New("more digits than the type's precision")
	ErrDecimalScale     = errors.New("more fractional digits than the type's scale")
)

// ParseDecimal reads a decimal number as java.math.BigDecimal's constructor does
// ("-12.50", "1E-10", "+3.", ".5") and returns it at t's scale exactly: an error when digits
// would be lost (ErrDecimalScale) or the value needs more than t's precision, or than 38 digits
// when t has none (ErrDecimalPrecision). It does not allocate.
func ParseDecimal(s string, t Type) (Value, error) { return parseDecimal(s, t, false) }

// CastDecimal is Spark's non-ANSI CAST(s AS DECIMAL(p,s)), which DeltaLog.rewritePartitionFilters
// applies to a partition value: BigDecimal text (Decimal.fromString) rounded HALF_UP to t's
// scale (Decimal.toPrecision); ok is false, a NULL, when s is not a number or the value then
// needs more than t's precision.
func CastDecimal(s string, t Type) (Value, bool) {
	v, err := parseDecimal(strings.TrimSpace(s), t, true)
	return v, err == nil
}

func parseDecimal(s string, t Type, round bool) (Value, error) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	mant, exp, err := splitDecimalExponent(s)
	if err != nil {
		return Value{}, err
	}
	m, frac, zeros, err := readDecimalMantissa(mant)
	if err != nil {
		return Value{}, err
	}
	if (m.hi | m.lo) == 0 {
		return Value{Kind: Decimal, Scale: t.Scale}, nil
	}
	// The value is m·10^(zeros + exp - frac); bring it to t's scale.
	shift := int(t.Scale) + exp - frac + zeros
	if shift < 0 {
		if m, err = dropDecimalDigits(m, -shift, round); err != nil {
			return Value{}, err
		}
		shift = 0
		if (m.hi | m.lo) == 0 {
			return Value{Kind: Decimal, Scale: t.Scale}, nil
		}
	}
	p := int(t.Precision)
	if p <= 0 || p > MaxDecimalPrecision {
		p = MaxDecimalPrecision
	}
	if m.digits()+shift > p {
		return Value{}, ErrDecimalPrecision
	}
	m, _ = m.mulPow10(shift) // fits: at most p <= 38 digits
	return decimalOf(neg, m, t.Scale), nil
}

// splitDecimalExponent splits an unsigned decimal's text at its exponent, if any.
func splitDecimalExponent(s string) (mant string, exp int, err error) {
	e := strings.IndexAny(s, "eE")
	if e < 0 {
		return s, 0, nil
	}
	x := s[e+1:]
	if strings.HasPrefix(x, "+") && !strings.HasPrefix(x, "+-") {
		x = x[1:]
	}
	// BigDecimal keeps its scale in an int, so a wider exponent is malformed.
	n, err := strconv.ParseInt(x, 10, 32)
	if err != nil || x[0] == '+' {
		return "", 0, ErrDecimalSyntax
	}
	return s[:e], int(n), nil
}

// readDecimalMantissa reads digits with at most one point: the digits as an integer m, how
// many were after the point (frac), and the fraction's trailing zeros not yet multiplied in.
func readDecimalMantissa(mant string) (m u128, frac, zeros int, err error) {
	nd := 0 // digits read
	dot := false
	for i := 0; i < len(mant); i++ {
		c := mant[i]
		switch {
		case c == '.' && !dot:
			dot = true
			continue
		case c < '0' || c > '9':
			return u128{}, 0, 0, ErrDecimalSyntax
		}
		nd++
		if dot {
			frac++
		}
		// Trailing zeros of the fraction are kept aside, so 1.000…0 with 40 zeros at scale 2
		// reads as 1.00 rather than overflowing.
		if c == '0' && dot {
			zeros++
			continue
		}
		for ; zeros > 0; zeros-- {
			var ok bool
			if m, ok = m.mulAdd(10, 0); !ok {
				return u128{}, 0, 0, ErrDecimalPrecision
			}
		}
		var ok bool
		if m, ok = m.mulAdd(10, uint64(c-'0')); !ok {
			return u128{}, 0, 0, ErrDecimalPrecision
		}
	}
	if nd == 0 {
		return u128{}, 0, 0, ErrDecimalSyntax
	}
	return m, frac, zeros, nil
}

// dropDecimalDigits divides m by 10^n. Only zeros may be dropped unless rounding; HALF_UP looks
// at the first digit dropped (the last one divided off) alone.
func dropDecimalDigits(m u128, n int, round bool) (u128, error) {
	var r uint64
	lost := false
	for ; n > 0 && (m.hi|m.lo) != 0; n-- {
		m, r = m.divRem(10)
		lost = lost || r != 0
	}
	if n > 0 {
		r = 0 // every digit was dropped, the first of them a zero
	}
	switch {
	case lost && !round:
		return u128{}, ErrDecimalScale
	case round && r >= 5:
		m, _ = m.mulAdd(1, 1)
	}
	return m, nil
}

// RescaleDecimal brings a decimal (or an integer, read as scale 0) to t's scale exactly: an
// error when a nonzero digit would be lost or the value needs more than t's precision.
func RescaleDecimal(v Value, t Type) (Value, error) {
	if v.Kind != Decimal {
		v = Value{Kind: Decimal, I: v.I}
	}
	neg, m := v.signMag()
	for s := v.Scale; s > t.Scale; s-- {
		q, r := m.divRem(10)
		if r != 0 {
			return Value{}, ErrDecimalScale
		}
		m = q
	}
	shift := 0
	if t.Scale > v.Scale {
		shift = int(t.Scale - v.Scale)
	}
	p := int(t.Precision)
	if p <= 0 || p > MaxDecimalPrecision {
		p = MaxDecimalPrecision
	}
	if (m.hi|m.lo) != 0 && m.digits()+shift > p {
		return Value{}, ErrDecimalPrecision
	}
	m, _ = m.mulPow10(shift)
	return decimalOf(neg, m, t.Scale), nil
}

// DecimalPrecision is how many digits v's unscaled value has (at least 1), as
// BigDecimal.precision counts them.
func (v Value) DecimalPrecision() int {
	_, m := v.signMag()
	return m.digits()
}

// NegateDecimal is -v, exact for every decimal(38).
func NegateDecimal(v Value) Value {
	neg, m := v.signMag()
	return decimalOf(!neg, m, v.Scale)
}
