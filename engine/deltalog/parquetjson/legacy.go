package parquetjson

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// Older writers name a checkpoint's MAP and LIST groups as the Parquet spec's
// backward-compatibility rules allow (parquet-format LogicalTypes.md, "Maps" and "Lists"):
// Spark with spark.sql.parquet.writeLegacyFormat writes `repeated group map (MAP_KEY_VALUE)`
// and `repeated group bag { optional array }`, Arrow-based writers `repeated group entries`,
// parquet-avro and parquet-thrift two-level lists (`repeated binary array`, `<name>_tuple`).
// The Parquet library reads only `key_value` and `map` for maps, so the reader renames each such
// group to the standard shape before anything reads the schema:
//
//	<rep> group <name> (MAP) { repeated group key_value { required <key> key; <value> } }
//	<rep> group <name> (LIST) { repeated group list { <element> } }
//
// Only names change and, for a two-level list, a level-free `list` group is put around the
// repeated element; the leaves, their order and their definition and repetition levels stay
// those of the file, so the rows the library reads fit the renamed schema.

// canonicalSchema returns the file's schema (root, the library's reading of the footer's schema
// elements s, depth first) with its maps and lists in the standard shape.
func canonicalSchema(root *parquet.Column, s []format.SchemaElement) (*parquet.Schema, error) {
	i := 0
	n, err := canonicalNode(root, s, &i, false)
	if err != nil {
		return nil, err
	}
	return parquet.NewSchema(root.Name(), n), nil
}

// mapType and listType are the library's MAP and LIST annotations, taken from nodes it builds.
var (
	mapType  = parquet.Map(parquet.String(), parquet.String()).Type()
	listType = parquet.List(parquet.String()).Type()
)

func canonicalNode(c *parquet.Column, s []format.SchemaElement, i *int, inMap bool) (*node, error) {
	if *i >= len(s) {
		return nil, fmt.Errorf("schema: %s is not in the footer", c.Name())
	}
	el := &s[*i]
	*i++
	n := &node{name: c.Name(), col: c, rep: repetitionOf(c), id: c.ID()}
	if c.Leaf() {
		return n, nil
	}
	lt := c.Type().LogicalType()
	_, isMap := logicalValue(lt).(*format.MapType)
	isMap = isMap || (el.ConvertedType.Valid && el.ConvertedType.V == deprecated.Map)
	// LogicalTypes.md: "a group annotated with MAP_KEY_VALUE that is not contained by a
	// MAP-annotated group should be handled as a MAP-annotated group".
	isMap = isMap || (!inMap && el.ConvertedType.Valid && el.ConvertedType.V == deprecated.MapKeyValue)
	_, isList := logicalValue(lt).(*format.ListType)
	isList = isList || (el.ConvertedType.Valid && el.ConvertedType.V == deprecated.List)
	for _, f := range c.Columns() {
		child, err := canonicalNode(f, s, i, isMap)
		if err != nil {
			return nil, err
		}
		n.fields = append(n.fields, child)
	}
	switch {
	case isMap:
		n.typ = mapType
		if len(n.fields) != 1 || n.fields[0].col.Leaf() || n.fields[0].rep != format.Repeated {
			return nil, fmt.Errorf("schema: MAP %s does not hold one repeated group of keys and values", n.path())
		}
		kv := n.fields[0]
		if len(kv.fields) != 2 {
			return nil, fmt.Errorf("schema: MAP %s: its repeated group %s holds %d fields, not a key and a value", n.path(), kv.name, len(kv.fields))
		}
		if kv.fields[0].rep != format.Required {
			return nil, fmt.Errorf("schema: MAP %s: its key %s is not required", n.path(), kv.fields[0].name)
		}
		// "key and value can be identified by their position in case of misnaming"
		kv.name, kv.typ = "key_value", nil
		kv.fields[0].name, kv.fields[1].name = "key", "value"
	case isList:
		n.typ = listType
		if len(n.fields) != 1 || n.fields[0].rep != format.Repeated {
			return nil, fmt.Errorf("schema: LIST %s does not hold one repeated field", n.path())
		}
		rep := n.fields[0]
		// Which node is the element: LogicalTypes.md "Lists", backward-compatibility rules 1-5.
		oneField := !rep.col.Leaf() && len(rep.fields) == 1
		if oneField && rep.fields[0].rep != format.Repeated && rep.name != "array" && rep.name != n.name+"_tuple" {
			// rule 5 (the standard shape among them): the one field is the element
			rep.name, rep.typ = "list", nil
			rep.fields[0].name = "element"
		} else {
			// rules 1 to 4: the repeated field is a required element; a level-free group
			// goes around it
			elem := *rep
			elem.name, elem.rep = "element", format.Required
			*rep = node{name: "list", rep: format.Repeated, fields: []*node{&elem}}
		}
	}
	return n, nil
}

func logicalValue(lt *format.LogicalType) any {
	if lt == nil {
		return nil
	}
	return lt.Value
}

func repetitionOf(c *parquet.Column) format.FieldRepetitionType {
	switch {
	case c.Repeated():
		return format.Repeated
	case c.Optional():
		return format.Optional
	}
	return format.Required
}

// node is a schema node of the file with the name, repetition and annotation the canonical shape
// gives it; a leaf reads through the library's column (col).
type node struct {
	name   string
	col    *parquet.Column // nil for a group the renaming adds
	rep    format.FieldRepetitionType
	typ    parquet.Type // a group's annotation (nil for a plain group)
	fields []*node
	id     int
}

func (n *node) path() string {
	if n.col != nil {
		return strings.Join(n.col.Path(), ".")
	}
	return n.name
}

func (n *node) ID() int        { return n.id }
func (n *node) Name() string   { return n.name }
func (n *node) Optional() bool { return n.rep == format.Optional }
func (n *node) Repeated() bool { return n.rep == format.Repeated }
func (n *node) Required() bool { return n.rep == format.Required }
func (n *node) Leaf() bool     { return n.col != nil && n.col.Leaf() }
func (n *node) String() string { return n.name }

func (n *node) Type() parquet.Type {
	if n.Leaf() {
		return n.col.Type()
	}
	if n.typ != nil {
		return n.typ
	}
	return parquet.Group{}.Type()
}

func (n *node) Fields() []parquet.Field {
	out := make([]parquet.Field, len(n.fields))
	for i, f := range n.fields {
		out[i] = f
	}
	return out
}

func (n *node) Encoding() encoding.Encoding {
	if n.Leaf() {
		return n.col.Encoding()
	}
	return nil
}

func (n *node) Compression() compress.Codec {
	if n.Leaf() {
		return n.col.Compression()
	}
	return nil
}

// GoType is the Go type the library reconstructs the node into (it asks for a map's key_value
// group's): a struct of the fields, as the library's own nodes give.
func (n *node) GoType() reflect.Type {
	var t reflect.Type
	if n.Leaf() {
		t = n.col.GoType() // with the column's own repetition, taken off here
		if !n.col.Required() {
			t = t.Elem()
		}
	} else {
		g := parquet.Group{}
		for _, f := range n.fields {
			g[f.name] = f
		}
		t = g.GoType()
	}
	switch n.rep {
	case format.Optional:
		return reflect.PointerTo(t)
	case format.Repeated:
		return reflect.SliceOf(t)
	}
	return t
}

func (n *node) Value(base reflect.Value) reflect.Value {
	if base.Kind() == reflect.Map {
		return base.MapIndex(reflect.ValueOf(n.name))
	}
	return base.FieldByName(n.name)
}
