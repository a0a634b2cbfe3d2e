package table

import (
	"fmt"
	"strings"
)

// Kind is a Spark SQL data type class.
type Kind uint8

// The kinds a Layout Lab schema may hold.
const (
	Invalid Kind = iota
	Bigint
	Int
	Double
	Decimal
	String
	Date         // days since 1970-01-01, in Value.I
	Timestamp    // microseconds since the epoch (UTC), in Value.I
	TimestampNTZ // microseconds, no time zone, in Value.I
	Boolean      // 0 or 1, in Value.I
	Binary       // raw bytes, in Value.S
	Struct
	// Float is Delta's float (Spark's FloatType), read from real tables only: a float32 widened
	// exactly to float64, in Value.F. Statistics are the float's own text ("46.566" is
	// 46.566001892089844), and Spark compares it with a fractional literal as a double.
	Float
	// Void is Delta's void (Spark's NullType), read from real tables only: every value is NULL
	// (PROTOCOL.md "Void Type").
	Void
)

var kindNames = [...]string{
	Invalid: "invalid", Bigint: "bigint", Int: "int", Double: "double", Decimal: "decimal",
	String: "string", Date: "date", Timestamp: "timestamp", TimestampNTZ: "timestamp_ntz",
	Boolean: "boolean", Binary: "binary", Struct: "struct", Float: "float", Void: "void",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// ParseKind reads a type name as Spark SQL spells it ("bigint", "long", "int", "integer", ...).
func ParseKind(s string) (Kind, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bigint", "long":
		return Bigint, true
	case "int", "integer":
		return Int, true
	case "double":
		return Double, true
	case "decimal":
		return Decimal, true
	case "string":
		return String, true
	case "date":
		return Date, true
	case "timestamp":
		return Timestamp, true
	case "timestamp_ntz":
		return TimestampNTZ, true
	case "boolean":
		return Boolean, true
	case "binary":
		return Binary, true
	case "struct":
		return Struct, true
	}
	return Invalid, false
}

// Type is a data type: a kind, a decimal's precision and scale, a struct's fields.
type Type struct {
	Kind      Kind
	Precision uint8 // Decimal only
	Scale     uint8 // Decimal only
	// FromFloat marks a double column widened from float (delta.typeChanges): files written
	// before the change hold float statistics, whose text as a double is not the value.
	FromFloat bool
	Fields    []Field
}

// String prints the type as Spark's simpleString does (DESCRIBE, error messages).
func (t Type) String() string {
	switch t.Kind {
	case Decimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	case Struct:
		var b strings.Builder
		b.WriteString("struct<")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(f.Name + ":" + f.Type.String())
		}
		b.WriteString(">")
		return b.String()
	}
	return t.Kind.String()
}

// SkippingEligible reports whether Delta collects min/max for the type: numerics, date,
// timestamps and string; not boolean, binary or struct (SkippingEligibleDataType in
// spark/src/main/scala/org/apache/spark/sql/delta/stats/DataSkippingReader.scala).
func (t Type) SkippingEligible() bool {
	switch t.Kind {
	case Bigint, Int, Double, Float, Decimal, String, Date, Timestamp, TimestampNTZ:
		return true
	}
	return false
}

// Field is a named, typed column of a schema or struct.
type Field struct {
	Name     string
	Type     Type
	Nullable bool
}

// Schema is the ordered list of a table's top-level fields.
type Schema struct {
	Fields []Field
}

// Leaf is a primitive column reached through zero or more structs.
type Leaf struct {
	Path []string // field names from the top level down
	Type Type     // never a struct
	Top  int      // index of the top-level field it belongs to
}

// Name is the leaf's dotted name, e.g. "device.model_id".
func (l Leaf) Name() string { return strings.Join(l.Path, ".") }

// Leaves lists the schema's primitive leaves depth-first in schema order: the order in which
// Delta spends delta.dataSkippingNumIndexedCols.
func (s Schema) Leaves() []Leaf {
	var out []Leaf
	var walk func(top int, prefix []string, f Field)
	walk = func(top int, prefix []string, f Field) {
		path := append(append([]string(nil), prefix...), f.Name)
		if f.Type.Kind == Struct {
			for _, c := range f.Type.Fields {
				walk(top, path, c)
			}
			return
		}
		out = append(out, Leaf{Path: path, Type: f.Type, Top: top})
	}
	for i, f := range s.Fields {
		walk(i, nil, f)
	}
	return out
}

// FieldIndex finds a top-level field by name, case-insensitively as Spark resolves names.
func (s Schema) FieldIndex(name string) int {
	for i, f := range s.Fields {
		if strings.EqualFold(f.Name, name) {
			return i
		}
	}
	return -1
}
