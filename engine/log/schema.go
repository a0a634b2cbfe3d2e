package deltalog

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"layoutlab/engine/table"
)

// DataType is a Delta schema type (PROTOCOL.md "Schema Serialization Format"): a primitive
// ("long", "decimal(38,18)", "timestamp_ntz", "void", "variant", ...), a struct, an array or a
// map.
type DataType struct {
	// Name is the primitive name, or "struct", "array" or "map".
	Name              string
	Precision, Scale  int           // decimal
	Fields            []SchemaField // struct
	Element           *DataType     // array
	ContainsNull      bool          // array
	Key, Value        *DataType     // map
	ValueContainsNull bool          // map
}

// SchemaField is one field of a struct, with the column-mapping names and type-widening history
// its metadata carries.
type SchemaField struct {
	Name     string
	Type     DataType
	Nullable bool
	// PhysicalName is delta.columnMapping.physicalName, or Name without column mapping: the key
	// of the field in statistics and partitionValues.
	PhysicalName string
	// ID is delta.columnMapping.id (0 when absent).
	ID int64
	// TypeChanges is delta.typeChanges (type widening), as written.
	TypeChanges json.RawMessage
	Metadata    map[string]json.RawMessage
}

// StructType is a table schema.
type StructType struct{ Fields []SchemaField }

// primitiveTypes are the primitive type names of PROTOCOL.md "Primitive Types" plus the
// variant type (PROTOCOL.md "Variant Data Type") and Spark's void (NullType).
var primitiveTypes = map[string]bool{
	"string": true, "long": true, "integer": true, "short": true, "byte": true, "float": true,
	"double": true, "boolean": true, "binary": true, "date": true, "timestamp": true,
	"timestamp_ntz": true, "void": true, "variant": true,
}

var decimalType = regexp.MustCompile(`^decimal\(\s*(\d+)\s*,\s*(-?\d+)\s*\)$`)

// ParseSchema reads a metaData.schemaString.
func ParseSchema(schemaString string) (StructType, error) {
	var raw json.RawMessage = []byte(schemaString)
	t, err := parseDataType(raw, "")
	if err != nil {
		return StructType{}, fmt.Errorf("schemaString: %v", err)
	}
	if t.Name != "struct" {
		return StructType{}, fmt.Errorf("schemaString: the schema is a %s, not a struct", t.Name)
	}
	return StructType{Fields: t.Fields}, nil
}

func parseDataType(raw json.RawMessage, at string) (DataType, error) {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		if primitiveTypes[name] {
			return DataType{Name: name}, nil
		}
		if m := decimalType.FindStringSubmatch(name); m != nil {
			p, _ := strconv.Atoi(m[1])
			s, _ := strconv.Atoi(m[2])
			if p < 1 || p > 38 || s < 0 || s > p {
				return DataType{}, fmt.Errorf("%s: invalid %s: precision must be 1..38 and 0 <= scale <= precision", where(at), name)
			}
			return DataType{Name: "decimal", Precision: p, Scale: s}, nil
		}
		if name == "decimal" { // Spark's bare DECIMAL
			return DataType{Name: "decimal", Precision: 10}, nil
		}
		return DataType{}, fmt.Errorf("%s: unknown type %q", where(at), name)
	}
	var c struct {
		Type              string            `json:"type"`
		Fields            []json.RawMessage `json:"fields"`
		ElementType       json.RawMessage   `json:"elementType"`
		ContainsNull      bool              `json:"containsNull"`
		KeyType           json.RawMessage   `json:"keyType"`
		ValueType         json.RawMessage   `json:"valueType"`
		ValueContainsNull bool              `json:"valueContainsNull"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return DataType{}, fmt.Errorf("%s: type is neither a name nor an object: %v", where(at), err)
	}
	switch c.Type {
	case "struct":
		t := DataType{Name: "struct"}
		seen := map[string]bool{}
		for i, fr := range c.Fields {
			var f struct {
				Name     *string                    `json:"name"`
				Type     json.RawMessage            `json:"type"`
				Nullable bool                       `json:"nullable"`
				Metadata map[string]json.RawMessage `json:"metadata"`
			}
			if err := json.Unmarshal(fr, &f); err != nil || f.Name == nil || len(f.Type) == 0 {
				return DataType{}, fmt.Errorf("%s: field %d needs a name and a type", where(at), i+1)
			}
			path := *f.Name
			if at != "" {
				path = at + "." + path
			}
			ft, err := parseDataType(f.Type, path)
			if err != nil {
				return DataType{}, err
			}
			sf := SchemaField{Name: *f.Name, Type: ft, Nullable: f.Nullable, PhysicalName: *f.Name, Metadata: f.Metadata}
			if p, ok := f.Metadata["delta.columnMapping.physicalName"]; ok {
				if json.Unmarshal(p, &sf.PhysicalName) != nil || sf.PhysicalName == "" {
					return DataType{}, fmt.Errorf("%s: delta.columnMapping.physicalName is not a string", path)
				}
			}
			if id, ok := f.Metadata["delta.columnMapping.id"]; ok {
				if json.Unmarshal(id, &sf.ID) != nil {
					return DataType{}, fmt.Errorf("%s: delta.columnMapping.id is not a number", path)
				}
			}
			sf.TypeChanges = f.Metadata["delta.typeChanges"]
			if seen[strings.ToLower(sf.Name)] {
				return DataType{}, fmt.Errorf("%s: duplicate field %q", where(at), sf.Name)
			}
			seen[strings.ToLower(sf.Name)] = true
			t.Fields = append(t.Fields, sf)
		}
		return t, nil
	case "array":
		e, err := parseDataType(c.ElementType, at+"[]")
		if err != nil {
			return DataType{}, err
		}
		return DataType{Name: "array", Element: &e, ContainsNull: c.ContainsNull}, nil
	case "map":
		k, err := parseDataType(c.KeyType, at+".key")
		if err != nil {
			return DataType{}, err
		}
		v, err := parseDataType(c.ValueType, at+".value")
		if err != nil {
			return DataType{}, err
		}
		return DataType{Name: "map", Key: &k, Value: &v, ValueContainsNull: c.ValueContainsNull}, nil
	}
	return DataType{}, fmt.Errorf("%s: unknown type %q", where(at), c.Type)
}

func where(at string) string {
	if at == "" {
		return "schema"
	}
	return at
}

// SkippingSchema returns the columns data skipping can use, twice and index-aligned by leaf: with
// logical names (what a predicate names) and with physical names (the keys of the statistics
// and of partitionValues under column mapping). Columns whose type Layout Lab's skipping does
// not model (arrays, maps, variant) are left out; Delta collects no min/max for them either
// (SkippingEligibleDataType). byte and short are read as int. float stays float: its statistics
// are float texts. void stays as a column a predicate may name, all NULL, which Delta never
// skips on (NullType is not an AtomicType, so not a SkippingEligibleColumn, in
// spark/src/main/scala/org/apache/spark/sql/delta/stats/DataSkippingReader.scala). A double
// widened from float keeps that in Type.FromFloat.
func (s StructType) SkippingSchema() (logical, physical table.Schema) {
	lf, pf := skippingFields(s.Fields)
	return table.Schema{Fields: lf}, table.Schema{Fields: pf}
}

func skippingFields(fields []SchemaField) (logical, physical []table.Field) {
	for _, f := range fields {
		var lt, pt table.Type
		switch f.Type.Name {
		case "struct":
			lsub, psub := skippingFields(f.Type.Fields)
			if len(lsub) == 0 {
				continue
			}
			lt, pt = table.Type{Kind: table.Struct, Fields: lsub}, table.Type{Kind: table.Struct, Fields: psub}
		case "decimal": // up to decimal(38), exactly (engine/table/decimal.go)
			lt = table.Type{Kind: table.Decimal, Precision: uint8(f.Type.Precision), Scale: uint8(f.Type.Scale)}
			pt = lt
		case "byte", "short", "integer":
			lt, pt = table.Type{Kind: table.Int}, table.Type{Kind: table.Int}
		case "long":
			lt, pt = table.Type{Kind: table.Bigint}, table.Type{Kind: table.Bigint}
		case "float":
			lt, pt = table.Type{Kind: table.Float}, table.Type{Kind: table.Float}
		case "double":
			lt = table.Type{Kind: table.Double, FromFloat: f.widenedFromFloat()}
			pt = lt
		case "void":
			lt, pt = table.Type{Kind: table.Void}, table.Type{Kind: table.Void}
		case "string", "date", "timestamp", "timestamp_ntz", "boolean", "binary":
			t, err := table.ParseType(f.Type.Name)
			if err != nil {
				continue
			}
			lt, pt = t, t
		default:
			continue
		}
		logical = append(logical, table.Field{Name: f.Name, Type: lt, Nullable: f.Nullable})
		physical = append(physical, table.Field{Name: f.PhysicalName, Type: pt, Nullable: f.Nullable})
	}
	return logical, physical
}

// widenedFromFloat reports whether delta.typeChanges records the field's own type changing from
// float (PROTOCOL.md "Type Widening"; a change with a fieldPath is an array's or map's).
func (f SchemaField) widenedFromFloat() bool {
	var changes []struct {
		FromType  string `json:"fromType"`
		FieldPath string `json:"fieldPath"`
	}
	if len(f.TypeChanges) == 0 || json.Unmarshal(f.TypeChanges, &changes) != nil {
		return false
	}
	for _, c := range changes {
		if c.FromType == "float" && c.FieldPath == "" {
			return true
		}
	}
	return false
}
