package inspect

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestFilesSharePartitionValues: neighbouring files of one partition share its map in the
// Report (and skipping's), each file's values still its own partition's, a NULL as nil; and a
// WHERE on the partition column reads just that partition's files.
func TestFilesSharePartitionValues(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}` + "\n")
	b.WriteString(`{"metaData":{"id":"parts","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}},{\"name\":\"p\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":["p"],"configuration":{},"createdTime":0}}` + "\n")
	add := func(path, pv string) {
		fmt.Fprintf(&b, `{"add":{"path":"%s","partitionValues":%s,"size":10,"modificationTime":0,"dataChange":true,"stats":"{\"numRecords\":1}"}}`+"\n", path, pv)
	}
	add("p=x/1.parquet", `{"p":"x"}`)
	add("p=x/2.parquet", `{"p":"x"}`)
	add("p=y/1.parquet", `{"p":"y"}`)
	add("p=y/2.parquet", `{"p":"y"}`)
	add("p=~/1.parquet", `{"p":null}`)
	add("p=~/2.parquet", `{"p":null}`)
	m := fstest.MapFS{"_delta_log/00000000000000000000.json": &fstest.MapFile{Data: []byte(b.String())}}
	r, err := Inspect(m, "t", Options{Version: -1, Where: "p = 'y'"})
	if err != nil || r.Error != nil {
		t.Fatalf("%v %+v", err, r.Error)
	}
	same := func(i, j int) bool {
		return reflect.ValueOf(r.Files[i].PartitionValues).UnsafePointer() == reflect.ValueOf(r.Files[j].PartitionValues).UnsafePointer()
	}
	if !same(0, 1) || !same(2, 3) || !same(4, 5) || same(1, 2) || same(3, 4) {
		t.Error("neighbouring files of one partition do not share its map, or of two do")
	}
	var got []string
	for _, f := range r.Files {
		v := "NULL"
		if p := f.PartitionValues["p"]; p != nil {
			v = *p
		}
		got = append(got, fmt.Sprintf("%s:%s:%v", f.Path, v, f.Read))
	}
	want := "p=x/1.parquet:x:false p=x/2.parquet:x:false p=y/1.parquet:y:true p=y/2.parquet:y:true p=~/1.parquet:NULL:false p=~/2.parquet:NULL:false"
	if strings.Join(got, " ") != want {
		t.Errorf("files\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}
