package timeline

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"layoutlab/engine/optimize"
)

// TestSnapshotFilesFollowTheLiveFiles: night after night of random removals and appends (the
// live set shrinking to a few files and growing past the arrays' capacity), the planner's File
// array kept across nights holds exactly what a fresh copy of the live files holds.
func TestSnapshotFilesFollowTheLiveFiles(t *testing.T) {
	var tbl deltaTable
	parts := []map[string]string{{"event_date": "2026-01-01"}, {"event_date": "2026-01-02"}}
	tags := map[string]string{"ZCUBE_ID": "z"}
	add := func() {
		id, f := tbl.files.alloc()
		f.path, f.size, f.rows, f.modTime = fmt.Sprintf("part-%05d.parquet", id), int64(id)*10, make([]int32, id%7), int64(id)*3
		f.part, f.tags, f.provider = parts[id%2], nil, ""
		if id%3 == 0 {
			f.tags, f.provider = tags, "liquid"
		}
		tbl.live = append(tbl.live, id)
	}
	n := nightlyOptimize{tbl: &tbl}
	rng := rand.New(rand.NewPCG(5, 2))
	for night := range 60 {
		keep := 0.9
		if night%17 == 16 {
			keep = 0.05 // a full rewrite: almost nothing stays where it was
		}
		live := tbl.live[:0]
		for _, id := range tbl.live {
			if rng.Float64() < keep {
				live = append(live, id)
			}
		}
		tbl.live = live
		for range rng.IntN(40 + 20*night) {
			add()
		}
		got := n.snapshotFiles(false)
		want := make([]optimize.File, len(tbl.live))
		for i, id := range tbl.live {
			f := tbl.files.f(id)
			want[i] = optimize.File{Path: f.path, Size: f.size, PartitionValues: f.part, NumRecords: int64(len(f.rows)), Ref: int64(id)}
			if len(f.tags) > 0 || f.provider != "" {
				want[i].Extra = &optimize.FileExtra{Tags: f.tags, ClusteringProvider: f.provider}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("night %d: %d files, want %d", night, len(got), len(want))
		}
		for i := range want {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Fatalf("night %d: file %d is %+v, want %+v", night, i, got[i], want[i])
			}
		}
	}
}
