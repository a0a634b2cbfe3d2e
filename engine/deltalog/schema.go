package deltalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// MaxSchemaDepth caps how deeply a schemaString's JSON may nest (objects and arrays). It is
// Jackson's default StreamReadConstraints.DEFAULT_MAX_DEPTH (1000, Jackson 2.15+), with which
// Spark's DataType.fromJson parses a schema, so Delta refuses a deeper schema too. A struct
// nested in a struct costs three levels (the type object, its fields array, the field).
const MaxSchemaDepth = 1000

// ParseSchema reads a metaData.schemaString in one pass, refusing JSON nested deeper than
// MaxSchemaDepth before anything is decoded.
func ParseSchema(schemaString string) (StructType, error) {
	if err := checkSchemaDepth(schemaString); err != nil {
		return StructType{}, err
	}
	dec := json.NewDecoder(strings.NewReader(schemaString))
	dec.UseNumber()
	t, err := decodeDataType(dec, "")
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("schema: data after the schema's JSON value")
		}
	}
	if err != nil {
		return StructType{}, fmt.Errorf("schemaString: %v", err)
	}
	if t.Name != "struct" {
		return StructType{}, fmt.Errorf("schemaString: the schema is a %s, not a struct", t.Name)
	}
	return StructType{Fields: t.Fields}, nil
}

// checkSchemaDepth refuses a schemaString whose JSON nests deeper than MaxSchemaDepth, scanning
// it once without decoding it.
func checkSchemaDepth(schemaString string) error {
	depth, inString, escaped := 0, false, false
	for i := 0; i < len(schemaString); i++ {
		c := schemaString[i]
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = c == '\\'
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > MaxSchemaDepth {
				return fmt.Errorf("schemaString: nested deeper than the %d-level limit (at byte %d)", MaxSchemaDepth, i)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// typeWire is a type object of a schema as read: its "type" and whichever of the others its
// kind has.
type typeWire struct {
	kind                            string
	fields                          []SchemaField
	element, key, value             *DataType
	containsNull, valueContainsNull bool
}

// decodeDataType reads the type whose JSON value comes next from dec: a name, or an object.
// Each value is read once, in order, so a schema costs time in proportion to its length.
func decodeDataType(dec *json.Decoder, at string) (DataType, error) {
	tok, err := dec.Token()
	if err != nil {
		return DataType{}, fmt.Errorf("%s: %v", where(at), syntaxMessage(err))
	}
	switch tok := tok.(type) {
	case string:
		return primitiveType(tok, at)
	case json.Delim:
		if tok == '{' {
			return decodeTypeObject(dec, at)
		}
	}
	return DataType{}, fmt.Errorf("%s: type is neither a name nor an object", where(at))
}

func primitiveType(name, at string) (DataType, error) {
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

// decodeTypeObject reads the members of a type object whose '{' has been read.
func decodeTypeObject(dec *json.Decoder, at string) (DataType, error) {
	var w typeWire
	err := decodeMembers(dec, at, func(key string) error {
		var err error
		switch key {
		case "type":
			err = dec.Decode(&w.kind)
		case "fields":
			w.fields, err = decodeFields(dec, at)
		case "elementType":
			w.element, err = decodeTypeRef(dec, at+"[]")
		case "keyType":
			w.key, err = decodeTypeRef(dec, at+".key")
		case "valueType":
			w.value, err = decodeTypeRef(dec, at+".value")
		case "containsNull":
			err = dec.Decode(&w.containsNull)
		case "valueContainsNull":
			err = dec.Decode(&w.valueContainsNull)
		default:
			err = dec.Decode(&json.RawMessage{})
		}
		return err
	})
	if err != nil {
		return DataType{}, err
	}
	return w.dataType(at)
}

func decodeTypeRef(dec *json.Decoder, at string) (*DataType, error) {
	t, err := decodeDataType(dec, at)
	return &t, err
}

func (w *typeWire) dataType(at string) (DataType, error) {
	switch {
	case w.kind == "struct":
		return DataType{Name: "struct", Fields: w.fields}, nil
	case w.kind == "array" && w.element != nil:
		return DataType{Name: "array", Element: w.element, ContainsNull: w.containsNull}, nil
	case w.kind == "map" && w.key != nil && w.value != nil:
		return DataType{Name: "map", Key: w.key, Value: w.value, ValueContainsNull: w.valueContainsNull}, nil
	case w.kind == "array" || w.kind == "map":
		return DataType{}, fmt.Errorf("%s: %s type lacks its element, key or value type", where(at), w.kind)
	}
	return DataType{}, fmt.Errorf("%s: unknown type %q", where(at), w.kind)
}

// decodeMembers reads an object's members, after its '{', handing each key to member, which
// must read the value; it reads the closing '}'. A member error not already naming a place is
// prefixed with at.
func decodeMembers(dec *json.Decoder, at string, member func(key string) error) error {
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("%s: %v", where(at), syntaxMessage(err))
		}
		key, _ := tok.(string)
		if err := member(key); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return fmt.Errorf("%s: %q must be %s, got %s", where(at), key, jsonKind(te.Type), te.Value)
			}
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return fmt.Errorf("%s: %v", where(at), syntaxMessage(err))
	}
	return nil
}

// decodeFields reads a struct's fields array.
func decodeFields(dec *json.Decoder, at string) ([]SchemaField, error) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, fmt.Errorf("%s: fields is not a list", where(at))
	}
	var fields []SchemaField
	seen := map[string]bool{}
	for i := 1; dec.More(); i++ {
		f, err := decodeField(dec, at, i)
		if err != nil {
			return nil, err
		}
		if seen[strings.ToLower(f.Name)] {
			return nil, fmt.Errorf("%s: duplicate field %q", where(at), f.Name)
		}
		seen[strings.ToLower(f.Name)] = true
		fields = append(fields, f)
	}
	if _, err := dec.Token(); err != nil { // ']'
		return nil, fmt.Errorf("%s: %v", where(at), syntaxMessage(err))
	}
	return fields, nil
}

// decodeField reads field i (from 1) of the struct at at.
func decodeField(dec *json.Decoder, at string, i int) (SchemaField, error) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return SchemaField{}, fmt.Errorf("%s: field %d needs a name and a type", where(at), i)
	}
	var f SchemaField
	var name *string
	var typeAt string
	hasType := false
	err := decodeMembers(dec, at, func(key string) error {
		switch key {
		case "name":
			return dec.Decode(&name)
		case "type":
			if name == nil { // Spark writes name first; a type before it is named by its index
				typeAt = fmt.Sprintf("%s.<field %d>", at, i)
			} else {
				typeAt = joinPath(at, *name)
			}
			t, err := decodeDataType(dec, typeAt)
			f.Type, hasType = t, true
			return err
		case "nullable":
			return dec.Decode(&f.Nullable)
		case "metadata":
			return dec.Decode(&f.Metadata)
		}
		return dec.Decode(&json.RawMessage{})
	})
	if err != nil {
		return SchemaField{}, err
	}
	if name == nil || !hasType {
		return SchemaField{}, fmt.Errorf("%s: field %d needs a name and a type", where(at), i)
	}
	f.Name, f.PhysicalName = *name, *name
	return f, f.readMetadata(joinPath(at, *name))
}

func joinPath(at, name string) string {
	if at == "" {
		return name
	}
	return at + "." + name
}

// readMetadata takes the column-mapping names and type-widening history from f.Metadata.
func (f *SchemaField) readMetadata(path string) error {
	if p, ok := f.Metadata["delta.columnMapping.physicalName"]; ok {
		if json.Unmarshal(p, &f.PhysicalName) != nil || f.PhysicalName == "" {
			return fmt.Errorf("%s: delta.columnMapping.physicalName is not a string", path)
		}
	}
	if id, ok := f.Metadata["delta.columnMapping.id"]; ok {
		if json.Unmarshal(id, &f.ID) != nil {
			return fmt.Errorf("%s: delta.columnMapping.id is not a number", path)
		}
	}
	f.TypeChanges = f.Metadata["delta.typeChanges"]
	return nil
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
