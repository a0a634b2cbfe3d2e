package inspect

import (
	"fmt"
	"testing"

	deltalog "layoutlab/engine/deltalog"
)

// statsBeyondIndexed is a table of four files whose log holds disjoint bounds for both a and b,
// under table properties conf: a writer that ignored the properties, or properties changed
// after the files were written.
func statsBeyondIndexed(t *testing.T, conf map[string]string) (*Report, *Inspector) {
	schema := `{"type":"struct","fields":[{"name":"a","type":"long","nullable":true,"metadata":{}},` +
		`{"name":"b","type":"long","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema, Configuration: conf}}
	for i := 0; i < 4; i++ {
		acts = append(acts, deltalog.AddFile{Path: fmt.Sprintf("f%d", i), Size: 100, DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":10,"minValues":{"a":%d,"b":%d},"maxValues":{"a":%d,"b":%d},"nullCount":{"a":0,"b":0}}`,
				10*i, 10*i, 10*i+9, 10*i+9)})
	}
	return openHealth(t, healthFS(t, acts))
}

// A column outside the stats schema (past dataSkippingNumIndexedCols, not in
// dataSkippingStatsColumns) is not used by --where even when the log holds its statistics, as
// Delta Spark's DataSkippingReader parses the stats JSON with the table's statsSchema; health
// says it is not indexed and that a lookup reads every file, as --where does, while its overlap
// still describes the bounds the log holds.
func TestWhereIgnoresStatsOutsideTheStatsSchema(t *testing.T) {
	for _, tc := range []struct {
		conf              map[string]string
		aUsed, bUsed      bool
		aLookup, bLookup  float64
		aIndexed, bIndexd bool
	}{
		{map[string]string{"delta.dataSkippingNumIndexedCols": "1"}, true, false, 1, 4, true, false},
		{map[string]string{"delta.dataSkippingStatsColumns": "b"}, false, true, 4, 1, false, true},
		{nil, true, true, 1, 1, true, true},
	} {
		_, in := statsBeyondIndexed(t, tc.conf)
		for _, q := range []struct {
			where string
			used  bool
		}{{"a = 15", tc.aUsed}, {"b = 15", tc.bUsed}, {"a = 15 AND b = 25", tc.aUsed || tc.bUsed}} {
			r := in.Report(q.where)
			if r.Error != nil {
				t.Fatalf("%v %s: %+v", tc.conf, q.where, r.Error)
			}
			want := 4
			if q.used {
				want = 1
			}
			if q.where == "a = 15 AND b = 25" && tc.aUsed && tc.bUsed {
				want = 0
			}
			if r.FilesRead != want {
				t.Errorf("%v: --where %s reads %d files, want %d", tc.conf, q.where, r.FilesRead, want)
			}
		}
		hs := in.Health()
		a, b := healthOf(t, hs, "a"), healthOf(t, hs, "b")
		if a.Indexed != tc.aIndexed || b.Indexed != tc.bIndexd || a.LookupFilesMean != tc.aLookup || b.LookupFilesMean != tc.bLookup {
			t.Errorf("%v: health a %+v\nb %+v", tc.conf, a, b)
		}
		if a.OverlapMax != 1 || b.OverlapMax != 1 || b.FilesWithBounds != 4 {
			t.Errorf("%v: the log's bounds are disjoint: a %+v b %+v", tc.conf, a, b)
		}
		for _, h := range hs {
			agrees(t, in, h, fmt.Sprint(tc.conf))
		}
	}
}
