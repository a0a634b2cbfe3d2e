package stats

import (
	"reflect"
	"testing"

	"layoutlab/engine/table"
	"layoutlab/engine/table/tabletest"
)

// TestCollectInBatch: statistics taken from a batch equal Collect's, file by file, past the
// batch's room too (fresh arrays then), and no two files share an element: writing one file's
// arrays leaves every other file's statistics as they were.
func TestCollectInBatch(t *testing.T) {
	tb, err := tabletest.Generate(table.DefaultPanelSpec(), 5_000, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{NumIndexedCols: -1, StringPrefixLength: 32}
	idx, _ := StatsSchema(tb.Schema, cfg)
	files := splitRows(tb.NumRows, 9, 52)
	enc := NewCollector(tb)
	b := enc.NewBatch(6) // room for six of the nine
	got := make([]FileStats, len(files))
	for i, rows := range files {
		got[i] = enc.CollectIn(b, rows, idx, cfg)
	}
	for i, rows := range files {
		if want := Collect(tb, rows, idx, cfg); !reflect.DeepEqual(got[i], want) {
			t.Fatalf("file %d: CollectIn differs from Collect", i)
		}
	}
	for i := range got {
		for l := range got[i].NullCount {
			got[i].MinValues[l], got[i].MaxValues[l], got[i].NullCount[l] = table.Value{}, table.Value{}, -2
		}
		for k := i + 1; k < len(files); k++ {
			if want := Collect(tb, files[k], idx, cfg); !reflect.DeepEqual(got[k], want) {
				t.Fatalf("clearing file %d's statistics changed file %d's", i, k)
			}
		}
	}
}
