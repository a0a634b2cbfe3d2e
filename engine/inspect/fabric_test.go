package inspect

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// TestFabricPlanReadsFileRanges: the Fabric Runtime 2.0 plan scores the files' min/max of the
// first clustering column from the log's statistics. Four right-sized files of four ZCubes that
// cover the same ids overlap each other (minOffendingFiles 4); a fifth, over other ids, does not.
func TestFabricPlanReadsFileRanges(t *testing.T) {
	const gib = 1 << 30
	var b strings.Builder
	b.WriteString(`{"protocol":{"minReaderVersion":1,"minWriterVersion":7,"writerFeatures":["clustering","domainMetadata"]}}` + "\n")
	b.WriteString(`{"metaData":{"id":"fabric-ranges","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{},"createdTime":0}}` + "\n")
	b.WriteString(`{"domainMetadata":{"domain":"delta.clustering","configuration":"{\"clusteringColumns\":[[\"id\"]],\"domainName\":\"delta.clustering\"}","removed":false}}` + "\n")
	add := func(path, cube string, lo, hi int) {
		fmt.Fprintf(&b, `{"add":{"path":"%s","partitionValues":{},"size":%d,"modificationTime":0,"dataChange":false,"stats":"{\"numRecords\":100,\"minValues\":{\"id\":%d},\"maxValues\":{\"id\":%d},\"nullCount\":{\"id\":0}}","tags":{"ZCUBE_ID":"%s","ZCUBE_ZORDER_BY":"[\"id\"]"},"clusteringProvider":"liquid"}}`+"\n",
			path, 2*gib, lo, hi, cube)
	}
	for i, c := range []string{"a", "b", "c", "d"} {
		add(c+".parquet", c, i, 1000+i)
	}
	add("e.parquet", "e", 5000, 6000)
	m := fstest.MapFS{"_delta_log/00000000000000000000.json": &fstest.MapFile{Data: []byte(b.String())}}
	r, err := Inspect(m, "t", Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Error != nil || r.NextOptimize == nil {
		t.Fatalf("%+v", r)
	}
	p := r.NextOptimize.FabricRuntime20
	if p == nil || p.Error != nil {
		t.Fatalf("Fabric plan %+v", p)
	}
	if !strings.Contains(p.Label, "min/max of id") {
		t.Errorf("label %q does not say the ranges come from the statistics", p.Label)
	}
	var rewritten []string
	for _, bin := range p.Bins {
		for i := range bin.Files.Len() {
			rewritten = append(rewritten, bin.Files.Path(i))
		}
	}
	if strings.Join(rewritten, ",") != "a.parquet,b.parquet,c.parquet,d.parquet" {
		t.Errorf("Fabric rewrites %v, want the four overlapping files\n%s", rewritten, strings.Join(p.Events, "\n"))
	}
}
