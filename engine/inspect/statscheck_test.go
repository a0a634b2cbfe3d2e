package inspect

import (
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
)

// TestImpossibleStatistics: statistics that cannot be true (issue 49: a negative numRecords, a
// min above its max, a null count outside 0..numRecords, a stats string that does not parse,
// counts whose sum overflows) each get a note naming the field, are left out of skipping, so the
// file is read, and never reach a total.
func TestImpossibleStatistics(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`
	add := func(path, stats string) deltalog.AddFile {
		return deltalog.AddFile{Path: path, Size: 10, DataChange: true, Stats: stats}
	}
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema},
		add("ok", `{"numRecords":5,"minValues":{"id":1},"maxValues":{"id":5},"nullCount":{"id":0}}`),
		add("negative", `{"numRecords":-995,"minValues":{"id":100},"maxValues":{"id":200},"nullCount":{"id":0}}`),
		add("inverted", `{"numRecords":5,"minValues":{"id":200},"maxValues":{"id":100},"nullCount":{"id":0}}`),
		add("nulls", `{"numRecords":5,"minValues":{"id":100},"maxValues":{"id":200},"nullCount":{"id":9}}`),
		add("garbage", `{"numRecords":5,"minValues":{"id":100}`),
		withDV(add("dv", `{"numRecords":5,"minValues":{"id":100},"maxValues":{"id":200},"nullCount":{"id":0}}`), 7),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	r := NewInspector(s, "t").Report("id = 50")
	want := map[string]string{
		"negative": "numRecords -995 is negative: the file's statistics are not used, so it is read",
		"inverted": "minValues.id 200 is above maxValues.id 100: both left out",
		"nulls":    "nullCount.id 9 is not between 0 and numRecords: left out",
		"garbage":  "the file's statistics are not used, so it is read",
		"dv":       "deletionVector.cardinality 7 is not between 0 and numRecords",
	}
	var read []string
	for _, f := range r.Files {
		if f.Read {
			read = append(read, f.Path)
		}
		if w, n := want[f.Path], strings.Join(f.StatsNotes(), "; "); !strings.Contains(n, w) || (w == "") != (n == "") {
			t.Errorf("%s: notes %q, want %q", f.Path, n, w)
		}
	}
	// Without its null count, nulls's bounds are not used either (verifyStatsForFilter wants it).
	if !slices.Equal(read, []string{"garbage", "inverted", "negative", "nulls"}) {
		t.Errorf("read %v, want every file but ok", read)
	}
	if r.RowsTotal != nil {
		t.Errorf("rows total %d, want unknown (two files have no usable count)", *r.RowsTotal)
	}

	// Two counts whose sum overflows: the total is unknown, and the file that overflows it says so.
	s, err = deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema},
		add("a", `{"numRecords":9223372036854775000}`),
		add("b", `{"numRecords":9223372036854775000}`),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	r = NewInspector(s, "t").Report("")
	if r.RowsTotal != nil || !strings.Contains(strings.Join(r.Files[1].StatsNotes(), ""), "numRecords 9223372036854775000: the table's row total overflows") {
		t.Errorf("rows total %v, notes %q", r.RowsTotal, r.Files[1].StatsNotes())
	}
}

func withDV(a deltalog.AddFile, cardinality int64) deltalog.AddFile {
	a.SetDeletionVector(&deltalog.DeletionVectorDescriptor{StorageType: "i", PathOrInlineDv: "wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L", SizeInBytes: 40, Cardinality: cardinality})
	return a
}
