package inspect

import (
	"encoding/json"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
)

// A refused predicate reaches the report with the parser's error class, Spark 3.5's where Spark
// refuses it too, in the JSON's "class" field, and the message does not repeat it. Before, the
// class was guessed from the message: every type mismatch was plain DATATYPE_MISMATCH, a
// literal of 39 digits a PARSE_SYNTAX_ERROR.
func TestRefusedPredicateClass(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"d","type":"date","nullable":true,"metadata":{}},{"name":"ts","type":"timestamp","nullable":true,"metadata":{}}]}`
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema},
		deltalog.AddFile{Path: "a", Size: 10, DataChange: true, Stats: `{"numRecords":1,"minValues":{"id":1},"maxValues":{"id":1},"nullCount":{"id":0}}`},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	in := NewInspector(s, "t")
	for _, c := range []struct{ where, class string }{
		{"nope = 1", "UNRESOLVED_COLUMN.WITH_SUGGESTION"},
		{"d > 5", "DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES"},
		{"d IN (5)", "DATATYPE_MISMATCH.DATA_DIFF_TYPES"},
		{"id", "DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN"},
		{"id > 1000000000000000000000000000000000000000", "DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION"},
		{"d = DATE'2020-13-01'", "INVALID_TYPED_LITERAL"},
		{"id = (1", "PARSE_SYNTAX_ERROR"},
		{"ts > TIMESTAMP'2020-01-01 00:00:00 Europe/Paris'", "LAYOUTLAB_UNSUPPORTED.REGION_TIME_ZONE"},
	} {
		r := in.Report(c.where)
		if r.Error == nil {
			t.Errorf("%s: no error", c.where)
			continue
		}
		b, err := json.Marshal(r.Error)
		if err != nil {
			t.Fatal(err)
		}
		if r.Error.Class != c.class || !strings.Contains(string(b), `"class":"`+c.class+`"`) {
			t.Errorf("%s: %s, want class %s", c.where, b, c.class)
		}
		if strings.Contains(r.Error.Message, "["+c.class+"]") {
			t.Errorf("%s: the message repeats the class: %s", c.where, r.Error.Message)
		}
	}
}
