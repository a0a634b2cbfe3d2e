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
type Value struct {
	Kind  Kind
	Null  bool
	I     int64
	F     float64
	S     string
	Scale uint8 // Decimal only: I is the unscaled value
}

// Absent reports whether v carries no value at all (missing or SQL NULL).
func (v Value) Absent() bool { return v.Kind == Invalid || v.Null }

// Constructors for the common kinds.
func BigintValue(i int64) Value   { return Value{Kind: Bigint, I: i} }
func DoubleValue(f float64) Value { return Value{Kind: Double, F: f} }
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
// Values of different numeric kinds are compared numerically.
func Compare(a, b Value) int {
	switch a.Kind {
	case String, Binary:
		return strings.Compare(a.S, b.S)
	case Double:
		return compareFloat(a.F, b.asFloat())
	case Decimal:
		if b.Kind == Decimal && a.Scale == b.Scale {
			return cmp.Compare(a.I, b.I)
		}
		return compareFloat(a.asFloat(), b.asFloat())
	}
	if b.Kind == Double || b.Kind == Decimal {
		return compareFloat(a.asFloat(), b.asFloat())
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

func (v Value) asFloat() float64 {
	switch v.Kind {
	case Double:
		return v.F
	case Decimal:
		return float64(v.I) / math.Pow10(int(v.Scale))
	}
	return float64(v.I)
}

var epoch = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)

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
	case Decimal:
		return FormatDecimal(v.I, v.Scale)
	case String, Binary:
		return v.S
	case Date:
		return epoch.AddDate(0, 0, int(v.I)).Format("2006-01-02")
	case Timestamp, TimestampNTZ:
		return time.UnixMicro(v.I).UTC().Format("2006-01-02 15:04:05.999999")
	case Boolean:
		return strconv.FormatBool(v.I != 0)
	}
	return strconv.FormatInt(v.I, 10)
}

// FormatDecimal prints an unscaled decimal with the given scale.
func FormatDecimal(unscaled int64, scale uint8) string {
	if scale == 0 {
		return strconv.FormatInt(unscaled, 10)
	}
	neg := unscaled < 0
	u := uint64(unscaled)
	if neg {
		u = -u
	}
	s := strconv.FormatUint(u, 10)
	for len(s) <= int(scale) {
		s = "0" + s
	}
	s = s[:len(s)-int(scale)] + "." + s[len(s)-int(scale):]
	if neg {
		s = "-" + s
	}
	return s
}

// DaysOf converts a civil date to days since the epoch.
func DaysOf(y int, m time.Month, d int) int32 {
	return int32(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Sub(epoch).Hours() / 24)
}

// Errorf is a convenience for messages that name a value.
func (v Value) Errorf(format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{v.String()}, args...)...)
}
