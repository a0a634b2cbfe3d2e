package inspect

import (
	"slices"
	"testing"

	deltalog "layoutlab/engine/log"
)

func TestSpans(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"p","type":"string","nullable":true,"metadata":{}},{"name":"tags","type":{"type":"array","elementType":"string","containsNull":true},"nullable":true,"metadata":{}}]}`
	add := func(path, stats string) deltalog.AddFile {
		return deltalog.AddFile{Path: path, PartitionValues: map[string]string{"p": "x"}, Size: 10, DataChange: true, Stats: stats}
	}
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema, PartitionColumns: []string{"p"}},
		add("a", `{"numRecords":10,"minValues":{"id":0},"maxValues":{"id":9}}`),
		add("b", `{"numRecords":10,"minValues":{"id":10},"maxValues":{"id":19}}`),
		add("c", `{"numRecords":10,"minValues":{"id":0},"maxValues":{"id":19}}`),
		add("d", `{"numRecords":10,"minValues":{"id":5},"maxValues":{"id":5}}`),
		add("e", `{"numRecords":10,"nullCount":{"id":10}}`),
		add("f", ""),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	cols, err := SpanColumns(s)
	if err != nil || !slices.Equal(cols, []string{"id"}) {
		t.Fatalf("SpanColumns = %v, %v; want [id] (p is a partition column, tags an array)", cols, err)
	}
	got, err := Spans(s, "id")
	if err != nil {
		t.Fatal(err)
	}
	// Distinct endpoints 0, 5, 9, 10, 19: D = 5.
	want := []float64{3.0 / 5, 2.0 / 5, 5.0 / 5, 1.0 / 5, -1, -1}
	if !slices.Equal(got, want) {
		t.Errorf("Spans(id) = %v, want %v", got, want)
	}
	if _, err := Spans(s, "nope"); err == nil {
		t.Error("Spans of an unknown column: no error")
	}
}
