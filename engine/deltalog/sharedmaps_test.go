package deltalog

import (
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestAddsShareTheirMaps: a log's adds of one partition share one partitionValues map and those
// of one ZCube one tags map, wherever they stand in the log; {} is one shared empty map and an
// absent tags map stays nil; maps of other contents (a NULL value, another key, "" beside an
// absent key) are their own, and each add still reads its own values.
func TestAddsShareTheirMaps(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}` + "\n")
	b.WriteString(`{"metaData":{"id":"m","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"p\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}},{\"name\":\"q\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":["p","q"],"configuration":{},"createdTime":0}}` + "\n")
	adds := []struct{ path, pv, tags string }{
		{"a1", `{"p":"x","q":"1"}`, `,"tags":{"ZCUBE_ID":"z1","ZCUBE_ZORDER_BY":"[\"p\"]"}`},
		{"b1", `{"p":"y","q":"1"}`, `,"tags":{"ZCUBE_ID":"z2","ZCUBE_ZORDER_BY":"[\"p\"]"}`},
		{"a2", `{"q":"1","p":"x"}`, `,"tags":{"ZCUBE_ZORDER_BY":"[\"p\"]","ZCUBE_ID":"z1"}`},
		{"c1", `{"p":null,"q":"1"}`, ``},
		{"c2", `{"p":"","q":"1"}`, `,"tags":{}`},
		{"d1", `{"p":"x"}`, `,"tags":{}`},
		{"e1", `{"p":"x","q1":""}`, ``},
	}
	for _, a := range adds {
		fmt.Fprintf(&b, `{"add":{"path":"%s","partitionValues":%s,"size":1,"modificationTime":0,"dataChange":true%s}}`+"\n", a.path, a.pv, a.tags)
	}
	m := fstest.MapFS{"_delta_log/00000000000000000000.json": &fstest.MapFile{Data: []byte(b.String())}}
	s, err := OpenSnapshot(m, OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	f := map[string]AddFile{}
	for _, a := range s.AllFiles() {
		f[a.Path] = *a
	}
	same := func(x, y map[string]string) bool {
		return reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer()
	}
	if !same(f["a1"].PartitionValues, f["a2"].PartitionValues) || !same(f["a1"].Tags(), f["a2"].Tags()) {
		t.Error("two adds of one partition and ZCube, apart in the log, do not share their maps")
	}
	if !same(f["c1"].PartitionValues, f["c2"].PartitionValues) {
		t.Error("a NULL and an empty partition value (both \"\") do not share one map")
	}
	if f["c1"].Tags() != nil || f["c2"].Tags() == nil || !same(f["c2"].Tags(), f["d1"].Tags()) {
		t.Error("an absent tags map is not nil, or two {} are not one")
	}
	for _, p := range [][2]string{{"a1", "b1"}, {"a1", "c1"}, {"a1", "d1"}, {"c1", "e1"}, {"d1", "e1"}} {
		if same(f[p[0]].PartitionValues, f[p[1]].PartitionValues) {
			t.Errorf("%s and %s share partition values %v and %v", p[0], p[1], f[p[0]].PartitionValues, f[p[1]].PartitionValues)
		}
	}
	if same(f["a1"].Tags(), f["b1"].Tags()) {
		t.Error("two ZCubes share one tags map")
	}
	if got := fmt.Sprint(f["a2"].PartitionValues, f["b1"].PartitionValues, f["c1"].PartitionValues, f["e1"].PartitionValues, f["b1"].Tags()); got != `map[p:x q:1] map[p:y q:1] map[p: q:1] map[p:x q1:] map[ZCUBE_ID:z2 ZCUBE_ZORDER_BY:["p"]]` {
		t.Errorf("values %s", got)
	}
}

// TestSharedMapsCollisions: maps whose contents hash alike are told apart by their contents:
// with every map in the bucket of the map looked up, as if all their hashes collided, the one
// shared is the one of equal contents.
func TestSharedMapsCollisions(t *testing.T) {
	ms := []map[string]string{{"a": "b"}, {"a": "c"}, {"b": "a"}, {"a": "b", "c": "d"}}
	for i, v := range ms {
		m := sharedMaps{seen: map[uint64][]map[string]string{contentsHash(0, v): ms}, n: len(ms)}
		got := m.one(0, maps.Clone(v))
		if reflect.ValueOf(got).UnsafePointer() != reflect.ValueOf(ms[i]).UnsafePointer() {
			t.Errorf("map %d, %v: shared as %v", i, v, got)
		}
	}
}
