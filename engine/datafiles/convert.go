package datafiles

import (
	"fmt"
	"math/big"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"

	"layoutlab/engine/table"
)

// source is how a file stores a leaf: its physical kind and the annotation that gives it meaning.
type source struct {
	kind     parquet.Kind
	unit     int64 // timestamps: microseconds per stored unit; -1000 for nanoseconds; 0 for none
	date     bool  // INT32 DATE
	decimal  bool
	scale    int // the file's decimal scale (a widened column's older files keep theirs)
	floatSrc bool
}

// sourceOf reads a leaf node's physical and logical type. Timestamps: INT64 TIMESTAMP(unit) or
// the legacy converted TIMESTAMP_MILLIS/MICROS, or INT96 (Spark's default output type before 3.x
// and still common in Delta tables).
func sourceOf(n parquet.Node, target table.Type) source {
	t := n.Type()
	s := source{kind: t.Kind()}
	if lt := t.LogicalType(); lt != nil && lt.Value != nil {
		switch x := lt.Value.(type) {
		case *format.TimestampType:
			switch x.Unit.Value.(type) {
			case *format.MilliSeconds:
				s.unit = 1000
			case *format.MicroSeconds:
				s.unit = 1
			case *format.NanoSeconds:
				s.unit = -1000
			}
		case *format.DateType:
			s.date = true
		case *format.DecimalType:
			s.decimal, s.scale = true, int(x.Scale)
		}
	} else if ct := t.ConvertedType(); ct != nil {
		switch *ct {
		case deprecated.TimestampMillis:
			s.unit = 1000
		case deprecated.TimestampMicros:
			s.unit = 1
		case deprecated.Date:
			s.date = true
		case deprecated.Decimal:
			// Only the converted type: never widened, so the column's own scale.
			s.decimal, s.scale = true, int(target.Scale)
		}
	}
	return s
}

// julianUnixEpoch is the Julian day of 1970-01-01, INT96's day origin.
const julianUnixEpoch = 2440588

// intValue is an integer-kind value (everything kept in Column.Ints) of v for the target type,
// widening as a reader of a type-widened column does (int to bigint, date to timestamp_ntz, an
// integer or a smaller scale to a decimal).
//
// A decimal's value is (I, Hi) as table.Value holds it; every other kind's Hi is 0.
func (s source) intValue(v parquet.Value, t table.Type) (i, hi int64, err error) {
	switch s.kind {
	case parquet.Boolean:
		if t.Kind == table.Boolean {
			if v.Boolean() {
				return 1, 0, nil
			}
			return 0, 0, nil
		}
		return 0, 0, s.mismatch(t)
	case parquet.Int32:
		i = int64(v.Int32())
	case parquet.Int64:
		i = v.Int64()
	case parquet.Int96:
		if t.Kind != table.Timestamp && t.Kind != table.TimestampNTZ {
			return 0, 0, s.mismatch(t)
		}
		x := v.Int96()
		nanos := int64(x[1])<<32 | int64(x[0])
		return (int64(x[2])-julianUnixEpoch)*86400_000_000 + floorDiv(nanos, 1000), 0, nil
	case parquet.ByteArray, parquet.FixedLenByteArray:
		if t.Kind != table.Decimal || !s.decimal {
			return 0, 0, s.mismatch(t)
		}
		return s.wideDecimal(v.ByteArray(), t)
	default:
		return 0, 0, s.mismatch(t)
	}
	switch t.Kind {
	case table.Int, table.Bigint:
		if s.decimal || s.unit != 0 || s.date {
			return 0, 0, s.mismatch(t)
		}
		return i, 0, nil
	case table.Date:
		if s.unit != 0 || s.decimal {
			return 0, 0, s.mismatch(t)
		}
		return i, 0, nil
	case table.Timestamp, table.TimestampNTZ:
		switch {
		case s.date:
			return i * 86400_000_000, 0, nil
		case s.unit > 0:
			return i * s.unit, 0, nil
		case s.unit < 0:
			return floorDiv(i, -s.unit), 0, nil
		}
		return 0, 0, s.mismatch(t)
	case table.Decimal:
		if int(t.Scale) == s.scale {
			return i, 0, nil // the common case, without a big.Int a value
		}
		return rescale(big.NewInt(i), s.scale, t)
	}
	return 0, 0, s.mismatch(t)
}

// wideDecimal reads a big-endian two's-complement unscaled decimal (FIXED_LEN_BYTE_ARRAY or
// BYTE_ARRAY, up to decimal(38)).
func (s source) wideDecimal(b []byte, t table.Type) (lo, hi int64, err error) {
	u := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return rescale(u, s.scale, t)
}

// rescale brings an unscaled decimal at scale from to the column's scale, exactly, as (I, Hi)
// (table.Value: Hi·2^64 + I with I signed). A value past 38 digits, Delta's largest decimal
// (DecimalType.MAX_PRECISION), is refused, not rounded.
func rescale(u *big.Int, from int, t table.Type) (lo, hi int64, err error) {
	if d := int(t.Scale) - from; d > 0 {
		u.Mul(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil))
	} else if d < 0 {
		return 0, 0, fmt.Errorf("a decimal of scale %d in a column of scale %d", from, t.Scale)
	}
	if u.IsInt64() {
		return u.Int64(), 0, nil
	}
	if new(big.Int).Abs(u).Cmp(maxDecimal) >= 0 {
		return 0, 0, fmt.Errorf("decimal %s (unscaled) has more than 38 digits, past Delta's decimal(38)", u)
	}
	// Two's complement words: And and Rsh act on negative numbers as on an infinite
	// two's-complement string (math/big).
	low := new(big.Int).And(u, new(big.Int).SetUint64(^uint64(0))).Uint64()
	high := new(big.Int).Rsh(u, 64).Int64()
	return int64(low), high + int64(low>>63), nil
}

// maxDecimal is 10^38: decimal(38)'s unscaled values are below it in magnitude.
var maxDecimal = new(big.Int).Exp(big.NewInt(10), big.NewInt(38), nil)

// floatValue is a Double or Float column's value of v.
func (s source) floatValue(v parquet.Value, t table.Type) (float64, error) {
	switch s.kind {
	case parquet.Float:
		return float64(v.Float()), nil
	case parquet.Double:
		if t.Kind == table.Double {
			return v.Double(), nil
		}
	case parquet.Int32, parquet.Int64:
		if t.Kind == table.Double && !s.decimal && s.unit == 0 && !s.date {
			if s.kind == parquet.Int32 {
				return float64(v.Int32()), nil
			}
			return float64(v.Int64()), nil
		}
	}
	return 0, s.mismatch(t)
}

func (s source) mismatch(t table.Type) error {
	return fmt.Errorf("Parquet %s%s does not read as %s", s.kind, s.annotation(), t)
}

func (s source) annotation() string {
	switch {
	case s.decimal:
		return fmt.Sprintf(" DECIMAL(scale %d)", s.scale)
	case s.date:
		return " DATE"
	case s.unit != 0:
		return " TIMESTAMP"
	}
	return ""
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// unsafeString views b as a string without copying; colBuf.add copies what it keeps.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
