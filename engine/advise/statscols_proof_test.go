package advise

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/inspect"
	"layoutlab/engine/table"
)

// The --write proof for candidates that need delta.dataSkippingStatsColumns: on a table that
// indexes only its first column (dataSkippingNumIndexedCols = 1), CLUSTER BY / ZORDER BY
// (user_id) is refused for want of statistics and retried with the property. The written table
// carries the property in its metaData, each file's statistics cover exactly the named columns
// (StatisticsCollection.statCollectionPhysicalSchema), and inspect --where reads exactly the
// files predicted, with the source's rows.
func TestWriteProofStatsColumns(t *testing.T) {
	conf := map[string]string{"delta.dataSkippingNumIndexedCols": "1"}
	withStats := 0
	proved := writeProof(t, genTable(t, eventSpec(120), 20_000, 12), conf, func(tab *table.Table) string {
		return userLookups(tab, 3) + "region_id = 4\n"
	}, func(t *testing.T, c Candidate, dir string) {
		if len(c.StatsColumns) == 0 {
			return
		}
		withStats++
		checkStatsColumnsWritten(t, c, dir)
	})
	if withStats < 2 {
		t.Fatalf("%d of %d proved candidates set delta.dataSkippingStatsColumns; want CLUSTER BY and ZORDER BY (user_id) at least", withStats, len(proved))
	}
	for _, c := range proved {
		if len(c.StatsColumns) > 0 && slices.Equal(c.Keys, []string{"user_id"}) && c.Layout == Cluster {
			if c.FilesReadWeighted >= float64(c.Files) {
				t.Errorf("%s reads %.2f of its %d files: the statistics it sets skip nothing", Label(c), c.FilesReadWeighted, c.Files)
			}
			return
		}
	}
	t.Error("CLUSTER BY (user_id) with delta.dataSkippingStatsColumns was not proved")
}

// checkStatsColumnsWritten checks the written table's property and that every file's
// statistics name exactly the candidate's statistics columns (all top-level leaves here).
func checkStatsColumnsWritten(t *testing.T, c Candidate, dir string) {
	t.Helper()
	_, in, err := inspect.Open(os.DirFS(dir), dir, inspect.Options{Version: -1})
	if err != nil || in == nil {
		t.Fatalf("%s: open: %v", Label(c), err)
	}
	snap := in.Snapshot()
	want := strings.Join(c.StatsColumns, ",")
	if got := snap.Metadata().Configuration["delta.dataSkippingStatsColumns"]; got != want {
		t.Errorf("%s: metaData has delta.dataSkippingStatsColumns %q, want %q", Label(c), got, want)
	}
	for _, f := range snap.AllFiles() {
		var st struct {
			MinValues map[string]any `json:"minValues"`
			NullCount map[string]any `json:"nullCount"`
		}
		if err := json.Unmarshal([]byte(f.Stats), &st); err != nil {
			t.Fatalf("%s: %s stats: %v", Label(c), f.Path, err)
		}
		for what, m := range map[string]map[string]any{"minValues": st.MinValues, "nullCount": st.NullCount} {
			got := slices.Sorted(maps.Keys(m))
			if w := slices.Sorted(slices.Values(c.StatsColumns)); !slices.Equal(got, w) {
				t.Fatalf("%s: %s %s names %v, want exactly %v", Label(c), f.Path, what, got, w)
			}
		}
	}
}
