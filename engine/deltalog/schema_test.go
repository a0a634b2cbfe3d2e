package deltalog

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// TestParseSchemaRealTables parses the schema of every real table and checks the column-mapped
// ones carry physical names.
func TestParseSchemaRealTables(t *testing.T) {
	root := tablesFS(t)
	for _, table := range findTables(t, root) {
		sub, _ := fs.Sub(root, table)
		s, err := readSnapshot(sub)
		if err != nil {
			t.Fatal(err)
		}
		st, err := ParseSchema(s.Metadata().SchemaString)
		if err != nil {
			t.Errorf("%s: %v", table, err)
			continue
		}
		if len(st.Fields) == 0 {
			t.Errorf("%s: no fields", table)
		}
		if strings.Contains(table, "columnmapping") {
			for _, f := range st.Fields {
				if !strings.HasPrefix(f.PhysicalName, "col-") || f.ID == 0 {
					t.Errorf("%s: field %s has physical name %q, id %d", table, f.Name, f.PhysicalName, f.ID)
				}
			}
		}
	}
}

func TestParseSchemaTypes(t *testing.T) {
	st, err := ParseSchema(`{"type":"struct","fields":[
		{"name":"d","type":"decimal(38,18)","nullable":true,"metadata":{}},
		{"name":"n","type":{"type":"struct","fields":[{"name":"ts","type":"timestamp_ntz","nullable":true,"metadata":{}}]},"nullable":true,"metadata":{}},
		{"name":"v","type":"void","nullable":true,"metadata":{}},
		{"name":"x","type":"variant","nullable":true,"metadata":{}},
		{"name":"a","type":{"type":"array","elementType":"long","containsNull":true},"nullable":true,"metadata":{}},
		{"name":"m","type":{"type":"map","keyType":"string","valueType":"short","valueContainsNull":true},"nullable":true,"metadata":{}},
		{"name":"w","type":"long","nullable":true,"metadata":{"delta.typeChanges":[{"fromType":"integer","toType":"long"}]}}]}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range st.Fields {
		got = append(got, f.Name+":"+simpleString(f.Type))
	}
	want := "d:decimal(38,18) n:struct<ts:timestamp_ntz> v:void x:variant a:array<bigint> m:map<string,smallint> w:bigint"
	if strings.Join(got, " ") != want {
		t.Errorf("got %s", strings.Join(got, " "))
	}
	if string(st.Fields[6].TypeChanges) == "" {
		t.Errorf("type widening history lost")
	}
	logical, _ := st.SkippingSchema()
	var leaves []string
	for _, l := range logical.Leaves() {
		leaves = append(leaves, l.Name())
	}
	// void stays a column a predicate may name (issue #48); variant, arrays and maps do not.
	if strings.Join(leaves, ",") != "d,n.ts,v,w" || logical.Leaves()[0].Type.String() != "decimal(38,18)" || logical.Leaves()[2].Type.String() != "void" {
		t.Errorf("skipping leaves = %v", leaves)
	}
	for _, bad := range []string{`{"type":"struct","fields":[{"name":"d","type":"decimal(39,0)"}]}`, `{"type":"struct","fields":[{"name":"q","type":"quux"}]}`, `[1]`} {
		if _, err := ParseSchema(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// simpleString prints a type as Spark's DataType.simpleString does.
func simpleString(t DataType) string {
	switch t.Name {
	case "decimal":
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	case "struct":
		parts := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = f.Name + ":" + simpleString(f.Type)
		}
		return "struct<" + strings.Join(parts, ",") + ">"
	case "array":
		return "array<" + simpleString(*t.Element) + ">"
	case "map":
		return "map<" + simpleString(*t.Key) + "," + simpleString(*t.Value) + ">"
	case "long":
		return "bigint"
	case "integer":
		return "int"
	case "short":
		return "smallint"
	case "byte":
		return "tinyint"
	}
	return t.Name
}
