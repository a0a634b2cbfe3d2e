package deltalog

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

const liquidPreviewTable = "handwritten/databricks-liquid-preview"

// liquidPreviewFS is the hand-written preview table with commit 0 changed by edit.
func liquidPreviewFS(t *testing.T, edit func(c0 []byte) []byte) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, v := range []int64{0, 1} {
		b, err := os.ReadFile(path.Join(tablesRoot, liquidPreviewTable, LogDir, CommitFileName(v)))
		if err != nil {
			t.Fatal(err)
		}
		if v == 0 {
			b = edit(b)
		}
		m[path.Join(LogDir, CommitFileName(v))] = &fstest.MapFile{Data: b}
	}
	return m
}

func dropLine(b []byte, containing string) []byte {
	var out [][]byte
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if !bytes.Contains(l, []byte(containing)) {
			out = append(out, l)
		}
	}
	return bytes.Join(out, nil)
}

// TestLiquidPreviewClustering: Databricks' preview liquid tables read as clustered, labelled as
// that format, from the delta.liquid domain or else the property; never without the liquid
// writer feature; and the open-source domain wins where both are.
func TestLiquidPreviewClustering(t *testing.T) {
	same := func(b []byte) []byte { return b }
	for _, c := range []struct {
		name   string
		edit   func([]byte) []byte
		cols   []string
		format ClusteringFormat
	}{
		{"domain and property", same, []string{"id"}, ClusteringFormatLiquidPreview},
		{"property only", func(b []byte) []byte { return dropLine(b, `"domain":"delta.liquid"`) }, []string{"id"}, ClusteringFormatLiquidPreview},
		{"domain only", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"delta.liquid.clusteringColumns":"id",`), nil, 1)
		}, []string{"id"}, ClusteringFormatLiquidPreview},
		{"no liquid writer feature", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"domainMetadata","liquid"`), []byte(`"domainMetadata"`), 1)
		}, nil, ""},
		{"open-source domain too", func(b []byte) []byte {
			return append(b, []byte(`{"domainMetadata":{"domain":"delta.clustering","configuration":"{\"clusteringColumns\":[[\"city\"]],\"domainName\":\"delta.clustering\"}","removed":false}}`+"\n")...)
		}, []string{"city"}, ClusteringFormatDelta},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := readSnapshot(liquidPreviewFS(t, c.edit))
			if err != nil {
				t.Fatal(err)
			}
			cols, ok := ClusteringColumns(s)
			if ok != (c.cols != nil) || !slices.Equal(cols, c.cols) || TableClusteringFormat(s) != c.format {
				t.Errorf("columns %q (%v), format %q; want %q, %q", cols, ok, TableClusteringFormat(s), c.cols, c.format)
			}
			d := DescribeDetail(s, "t")
			if !slices.Equal(d.ClusteringColumns, c.cols) && !(c.cols == nil && len(d.ClusteringColumns) == 0) {
				t.Errorf("DESCRIBE DETAIL clusteringColumns %q, want %q", d.ClusteringColumns, c.cols)
			}
		})
	}
}

// TestClusteringColumnsNamedOftenCostLookups: a clustering domain naming a wide nested column
// many times maps each name by a lookup, not a fresh parse of the schema (which, at 20,000
// names over this schema, ran past a 4-minute test timeout).
func TestClusteringColumnsNamedOftenCostLookups(t *testing.T) {
	var fields []string
	for i := range 2000 {
		fields = append(fields, fmt.Sprintf(`{"name":"f%d","type":"long","nullable":true,"metadata":{}}`, i))
	}
	schema := `{"type":"struct","fields":[{"name":"s","nullable":true,"metadata":{},"type":{"type":"struct","fields":[` + strings.Join(fields, ",") + `]}}]}`
	cols := make([][]string, 20000)
	for i := range cols {
		cols[i] = []string{"s", "f1999"}
	}
	s, err := Replay([]Commit{{Version: 0, Actions: []Action{
		Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: []string{"clustering", "domainMetadata"}},
		Metadata{ID: "m", SchemaString: schema},
		ClusteringDomain(cols),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(1, func() { ClusteringColumns(s) })
	if got, _ := ClusteringColumns(s); len(got) != 20000 || got[0] != "s.f1999" {
		t.Fatalf("got %d columns, first %q", len(got), got[0])
	}
	// A parse of the schema per name allocates thousands of objects each time; a lookup a few.
	if allocs > 20*20000 {
		t.Errorf("%.0f allocations for 20,000 names: the schema is parsed per name", allocs)
	}
}
