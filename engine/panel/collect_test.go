package panel

import (
	"encoding/json"
	"reflect"
	"testing"

	"layoutlab/engine/layout"
	"layoutlab/engine/stats"
)

// collectAll must give exactly what stats.Collect gives, file by file.
func TestCollectAllMatchesStats(t *testing.T) {
	e := NewStore()
	tb := tableOf(t, e, 20_000, 5)
	te := tableEntryOf(e)
	r := &run{s: e, budget: -1}
	keys := []int{tb.LeafIndex("user_id"), tb.LeafIndex("event_date"), tb.LeafIndex("region_id")}
	ranks := make([]layout.Ranks, len(keys))
	for i, k := range keys {
		var err error
		if ranks[i], err = rankOf(r, te, k); err != nil {
			t.Fatal(err)
		}
	}
	for _, kind := range []layout.Kind{layout.Append, layout.Hilbert} {
		var l layout.Layouter
		files, err := l.Layout(layout.AllRows(tb.NumRows), ranks, kind, 16, layout.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, cfg := range []stats.Config{stats.DefaultConfig(), {NumIndexedCols: -1, StringPrefixLength: 8}, {StatsColumns: []string{"device", "notes", "device_model_id"}}} {
			indexed, err := stats.StatsSchema(tb.Schema, cfg)
			if err != nil {
				t.Fatal(err)
			}
			c := newCut(layoutKey{}, files, nil, nil, false)
			b := te.statsBuffer(len(files), len(tb.Leaves))
			if err := collectAll(r, te, c, b, indexed, cfg, nil); err != nil {
				t.Fatal(err)
			}
			got := b.out
			for f, rows := range files {
				want := stats.Collect(tb, rows, indexed, cfg)
				if !reflect.DeepEqual(got[f], want) {
					t.Fatalf("%s file %d cfg %+v:\n got %s\nwant %s", kind, f, cfg, got[f].JSON(tb.Leaves), want.JSON(tb.Leaves))
				}
			}
		}
	}
}

func TestSplitStatsMatchesUnmarshal(t *testing.T) {
	tb := tableOf(t, NewStore(), 5_000, 3)
	var l layout.Layouter
	files, _ := l.Layout(layout.AllRows(tb.NumRows), nil, layout.Append, 7, layout.Options{})
	for _, cfg := range []stats.Config{stats.DefaultConfig(), {NumIndexedCols: 0}, {NumIndexedCols: -1, StringPrefixLength: 3}} {
		indexed, _ := stats.StatsSchema(tb.Schema, cfg)
		for _, rows := range files {
			js := stats.Collect(tb, rows, indexed, cfg).JSON(tb.Leaves)
			var o struct {
				Min   json.RawMessage `json:"minValues"`
				Max   json.RawMessage `json:"maxValues"`
				Nulls json.RawMessage `json:"nullCount"`
			}
			if err := json.Unmarshal([]byte(js), &o); err != nil {
				t.Fatal(err)
			}
			got := splitStats(js)
			for j, want := range []json.RawMessage{o.Min, o.Max, o.Nulls} {
				if want == nil {
					want = json.RawMessage("{}")
				}
				if string(got[j]) != string(want) {
					t.Fatalf("object %d:\n got %s\nwant %s", j, got[j], want)
				}
			}
		}
	}
	if got := splitStats(`{"numRecords":1,"minValues":{"a\"}":"x{\\"},"maxValues":{"a":{"b":"}"}}}`); string(got[0]) != `{"a\"}":"x{\\"}` || string(got[1]) != `{"a":{"b":"}"}}` || string(got[2]) != "{}" {
		t.Errorf("escapes: %s", got)
	}
}
