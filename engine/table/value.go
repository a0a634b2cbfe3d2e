package table

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Value is one scalar of a leaf column. Integers, dates, timestamps, decimals (unscaled) and
// booleans live in I; doubles in F; strings and binaries in S. The zero Value (Kind Invalid)
// means "absent", as a missing statistic is.
//
// A decimal's unscaled value is Hi·2^64 + I with I read as signed, so every decimal of up to
// 18 digits has Hi 0 and is compared, ranked and stored as an int64 alone; Hi carries the rest
// of Delta's decimal(38) (decimal.go). Scale sits beside Kind so that Hi costs no space: a Value
// is 48 bytes with it as without it.
type Value struct {
	Kind  Kind
	Null  bool
	Scale uint8 // Decimal only
	I     int64
	Hi    int64 // Decimal only: the unscaled value's high word, see above
	F     float64
	S     string
}

// Absent reports whether v carries no value at all (missing or SQL NULL).
func (v Value) Absent() bool { return v.Kind == Invalid || v.Null }

// Constructors for the common kinds.
func BigintValue(i int64) Value   { return Value{Kind: Bigint, I: i} }
func DoubleValue(f float64) Value { return Value{Kind: Double, F: f} }
func FloatValue(f float32) Value  { return Value{Kind: Float, F: float64(f)} }
func StringValue(s string) Value  { return Value{Kind: String, S: s} }
func DateValue(days int32) Value  { return Value{Kind: Date, I: int64(days)} }
func NullValue(k Kind) Value      { return Value{Kind: k, Null: true} }
func BoolValue(b bool) Value {
	if b {
		return Value{Kind: Boolean, I: 1}
	}
	return Value{Kind: Boolean}
}

// Compare orders two non-null values of the same kind as Spark does: numbers numerically,
// strings and binaries by unsigned bytes (UTF8String.binaryCompare), doubles with NaN largest.
// Values of different numeric kinds are compared numerically: a decimal exactly against a decimal
// or an integer, as Spark does after widening both to one DecimalType (DecimalPrecision), and
// as a double against a double.
func Compare(a, b Value) int {
	switch a.Kind {
	case String, Binary:
		return strings.Compare(a.S, b.S)
	case Double, Float:
		return compareFloat(a.F, b.asFloat())
	case Decimal:
		if b.Kind == Decimal && a.Scale == b.Scale {
			if a.Hi != b.Hi {
				return cmp.Compare(a.Hi, b.Hi)
			}
			return cmp.Compare(a.I, b.I)
		}
		if b.Kind == Double || b.Kind == Float {
			return compareFloat(a.asFloat(), b.F)
		}
		return compareDecimal(a, b)
	}
	switch b.Kind {
	case Double, Float:
		return compareFloat(a.asFloat(), b.asFloat())
	case Decimal:
		return -compareDecimal(b, a)
	}
	return cmp.Compare(a.I, b.I)
}

func compareFloat(x, y float64) int {
	// Spark orders NaN above every other double.
	xn, yn := math.IsNaN(x), math.IsNaN(y)
	switch {
	case xn && yn:
		return 0
	case xn:
		return 1
	case yn:
		return -1
	}
	return cmp.Compare(x, y)
}

// Float64 is a number as a double, as Spark casts it: a decimal as Decimal.toDouble does.
func (v Value) Float64() float64 { return v.asFloat() }

func (v Value) asFloat() float64 {
	switch v.Kind {
	case Double, Float:
		return v.F
	case Decimal:
		return decimalFloat(v)
	}
	return float64(v.I)
}

// String prints the value as Spark's SQL literal text would show it (no quotes).
func (v Value) String() string {
	if v.Kind == Invalid {
		return "<absent>"
	}
	if v.Null {
		return "NULL"
	}
	switch v.Kind {
	case Double:
		return strconv.FormatFloat(v.F, 'g', -1, 64)
	case Float:
		return strconv.FormatFloat(v.F, 'g', -1, 32)
	case Decimal:
		return v.DecimalText()
	case String, Binary:
		return v.S
	case Date:
		return string(appendDate(nil, v.I))
	case Timestamp, TimestampNTZ:
		return string(appendTimestamp(nil, v.I))
	case Boolean:
		return strconv.FormatBool(v.I != 0)
	}
	return strconv.FormatInt(v.I, 10)
}

// DaysOf converts a civil date to days since the epoch.
func DaysOf(y int, m time.Month, d int) int32 {
	return int32(DaysFromCivil(int64(y), int(m), d))
}

// Errorf is a convenience for messages that name a value.
func (v Value) Errorf(format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{v.String()}, args...)...)
}
