package inspect

import (
	"encoding/json"
	"strings"
	"testing"
	"unsafe"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/stats"
)

// TestFileHoldsNoCopyOfItsAdd: a Report's File points to its add action and holds spans of its
// statistics' text, 88 bytes a file where its own copies of the add's path, size, deletion
// vector and three strings of statistics were 160 (154 MB of the page's million files).
func TestFileHoldsNoCopyOfItsAdd(t *testing.T) {
	if n := unsafe.Sizeof(File{}); n > 88 {
		t.Errorf("a File is %d bytes, want at most 88", n)
	}
}

// TestFileStatisticsTextAsParsed: each file's minValues, maxValues and nullCount are the text the
// statistics parser read (stats.Parsed's Raw*): spans of the add's text on the parser's fast
// path, the generic decoder's copies where it is not (a repeated key, which the last one wins,
// and escaped keys), none where the statistics are not used; deletedRecords is the DV's.
func TestFileStatisticsTextAsParsed(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`
	texts := map[string]string{
		"plain":    `{"numRecords":5,"minValues":{"id":1},"maxValues":{"id":5},"nullCount":{"id":0}}`,
		"spaced":   ` { "numRecords" : 5 , "minValues" : { "id" : 1 } ,"maxValues":{"id":5}} `,
		"repeated": `{"numRecords":5,"minValues":{"id":9},"maxValues":{"id":5},"minValues":{"id": 1},"nullCount":{"id":0}}`,
		"escaped":  `{"numRecords":5,"min\u0056alues":{"id":1},"maxValues":{"id":5},"nullCount":{"id":0}}`,
		"garbage":  `{"numRecords":5,"minValues":{"id":100}`,
		"none":     ``,
		// a minValues longer than a span's length holds: kept as its own text
		"long": `{"numRecords":5,"minValues":{"id":1,"pad":"` + strings.Repeat("x", 70000) + `"},"maxValues":{"id":5},"nullCount":{"id":0}}`,
	}
	acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, deltalog.Metadata{ID: "t", SchemaString: schema}}
	for p, s := range texts {
		acts = append(acts, deltalog.AddFile{Path: p, Size: 10, DataChange: true, Stats: s})
	}
	acts = append(acts, withDV(deltalog.AddFile{Path: "dv", Size: 10, DataChange: true, Stats: texts["plain"]}, 3))
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: acts}})
	if err != nil {
		t.Fatal(err)
	}
	in := NewInspector(s, "t")
	r := in.Report("")
	parser := stats.NewJSONParser(in.pleaves, 1)
	spans := 0
	for i := range r.Files {
		f := &r.Files[i]
		var want [3]string
		var p parsedStats
		if parseStats(parser, f.Stats, in.pleaves, &p); p.err == nil && f.Stats != "" {
			want = [3]string{p.st.RawMinValues, p.st.RawMaxValues, p.st.RawNullCount}
		}
		got := [3]RawJSON{f.MinValues(), f.MaxValues(), f.NullCount()}
		for k := range got {
			if string(got[k]) != want[k] {
				t.Errorf("%s: statistics' text %d is %q, want %q", f.Path, k, got[k], want[k])
			}
			if _, ok := within(f.Stats, string(got[k])); ok {
				spans++
			}
		}
		if dv := f.DeletedRecords(); (f.Path == "dv") != (dv == 3) || (f.Path != "dv" && dv != 0) {
			t.Errorf("%s: deletedRecords %d", f.Path, dv)
		}
		b, err := json.Marshal(f)
		var back map[string]json.RawMessage
		if err != nil || json.Unmarshal(b, &back) != nil || string(back["path"]) != `"`+f.Path+`"` {
			t.Errorf("%s: JSON %s (%v)", f.Path, b, err)
		}
	}
	// plain, spaced and dv are read on the fast path: their three texts are spans of the add's,
	// as are long's maxValues and nullCount
	if spans < 10 {
		t.Errorf("%d texts are spans of the add's, want 10 or more", spans)
	}
}
