package inspect

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestFilesShareTheirZCube: the files of one ZCube share one *ZCube and the files of one
// provider one *string, the cube's bytes and seal the same for each; a file of the same id whose
// ZCUBE_ZORDER_BY text differs has its own (its own columns), as has a file whose id tag is
// present but empty; a file with ZCUBE_ZORDER_BY and no id has none.
func TestFilesShareTheirZCube(t *testing.T) {
	const gib = 1 << 30
	var b strings.Builder
	b.WriteString(`{"protocol":{"minReaderVersion":1,"minWriterVersion":7,"writerFeatures":["clustering","domainMetadata"]}}` + "\n")
	b.WriteString(`{"metaData":{"id":"cubes","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}},{\"name\":\"v\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{},"createdTime":0}}` + "\n")
	b.WriteString(`{"domainMetadata":{"domain":"delta.clustering","configuration":"{\"clusteringColumns\":[[\"id\"]],\"domainName\":\"delta.clustering\"}","removed":false}}` + "\n")
	add := func(path string, size int64, tags string) {
		fmt.Fprintf(&b, `{"add":{"path":"%s","partitionValues":{},"size":%d,"modificationTime":0,"dataChange":false,"stats":"{\"numRecords\":100,\"minValues\":{\"id\":1},\"maxValues\":{\"id\":9},\"nullCount\":{\"id\":0}}","tags":{%s},"clusteringProvider":"liquid"}}`+"\n",
			path, size, tags)
	}
	byID := `"ZCUBE_ZORDER_BY":"[\"id\"]"`
	add("a1.parquet", 60*gib, `"ZCUBE_ID":"a",`+byID)
	add("a2.parquet", 50*gib, `"ZCUBE_ID":"a",`+byID)
	add("a3.parquet", 1*gib, `"ZCUBE_ID":"a","ZCUBE_ZORDER_BY":"[\"v\"]"`)
	add("b1.parquet", 1*gib, `"ZCUBE_ID":"b",`+byID)
	add("b2.parquet", 2*gib, `"ZCUBE_ID":"b",`+byID)
	add("e1.parquet", 3*gib, `"ZCUBE_ID":"",`+byID)
	add("n1.parquet", 4*gib, byID)
	m := fstest.MapFS{"_delta_log/00000000000000000000.json": &fstest.MapFile{Data: []byte(b.String())}}
	r, err := Inspect(m, "t", Options{Version: -1})
	if err != nil || r.Error != nil {
		t.Fatalf("%v %+v", err, r.Error)
	}
	f := map[string]*File{}
	for i := range r.Files {
		f[r.Files[i].Path] = &r.Files[i]
	}
	z := func(p string) *ZCube { return f[p].ZCube }
	if z("a1.parquet") != z("a2.parquet") || z("b1.parquet") != z("b2.parquet") {
		t.Error("the files of one ZCube do not share it")
	}
	if z("a1.parquet") == z("b1.parquet") || z("a1.parquet") == z("a3.parquet") || z("e1.parquet") == nil || z("e1.parquet") == z("a1.parquet") {
		t.Error("files of other ZCubes, or of other ZCUBE_ZORDER_BY, share one")
	}
	if z("n1.parquet") != nil {
		t.Errorf("a file without ZCUBE_ID has ZCube %+v", z("n1.parquet"))
	}
	a, a3, bz := z("a1.parquet"), z("a3.parquet"), z("b1.parquet")
	if a.Size != 111*gib || a3.Size != 111*gib || !a.Sealed || !a3.Sealed || bz.Size != 3*gib || bz.Sealed {
		t.Errorf("cube a %+v (a3 %+v), b %+v: want a's 111 GiB sealed for both, b's 3 GiB open", a, a3, bz)
	}
	if !slices.Equal(a3.ZOrderBy, []string{"v"}) || !slices.Equal(a.ZOrderBy, []string{"id"}) {
		t.Errorf("ZOrderBy %v and %v", a.ZOrderBy, a3.ZOrderBy)
	}
	for _, p := range []string{"a2.parquet", "b1.parquet", "n1.parquet"} {
		if f[p].ClusteringProvider != f["a1.parquet"].ClusteringProvider || *f[p].ClusteringProvider != "liquid" {
			t.Errorf("%s: provider %p, not the one shared", p, f[p].ClusteringProvider)
		}
	}
}

// TestZCubeBytesAcrossBlocks: a ZCube's bytes are counted as its files are read (readParsed),
// block by block, on two cores as on one: cubes whose files are spread over every block of
// readAll have the sum of their files' sizes, and each is sealed (Sealed, by logical bytes)
// as its files' total says.
func TestZCubeBytesAcrossBlocks(t *testing.T) {
	const gib, n = 1 << 30, 3*progressEvery + 17
	var b strings.Builder
	b.WriteString(`{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}` + "\n")
	b.WriteString(`{"metaData":{"id":"cubes","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{},"createdTime":0}}` + "\n")
	want := map[string]int64{}
	for i := range n {
		id := fmt.Sprintf("c%d", i%3)
		size := int64(i%5+1) * gib / 64
		want[id] += size
		fmt.Fprintf(&b, `{"add":{"path":"p%06d.parquet","partitionValues":{},"size":%d,"modificationTime":0,"dataChange":false,"stats":"{\"numRecords\":10}","tags":{"ZCUBE_ID":"%s","ZCUBE_ZORDER_BY":"[\"id\"]"}}}`+"\n", i, size, id)
	}
	m := fstest.MapFS{"_delta_log/00000000000000000000.json": &fstest.MapFile{Data: []byte(b.String())}}
	for _, procs := range []int{1, 2} {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		r, err := Inspect(m, "t", Options{Version: -1})
		if err != nil || r.Error != nil {
			t.Fatalf("%v %+v", err, r.Error)
		}
		for _, f := range r.Files {
			if z := f.ZCube; z == nil || z.Size != want[z.ID] || z.Sealed != (want[z.ID] >= 100*gib) {
				t.Fatalf("GOMAXPROCS %d: %s's ZCube %+v, want %d bytes", procs, f.Path, z, want[f.ZCube.ID])
			}
		}
	}
}
