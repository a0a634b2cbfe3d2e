package optimize

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestFilesForScanAsksOncePerMapRun: the partition filter, asked once a run of files sharing
// one map, keeps exactly the files it keeps asked file by file, over runs of shared maps,
// distinct maps of equal values, and nil maps.
func TestFilesForScanAsksOncePerMapRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 8))
	maps := []map[string]string{nil}
	for d := range 6 {
		m := map[string]string{"event_date": "2026-01-0" + strconv.Itoa(d)}
		maps = append(maps, m, map[string]string{"event_date": m["event_date"]}) // same values, another map
	}
	keep := func(pv map[string]string) bool { return pv["event_date"] >= "2026-01-03" }
	for trial := range 50 {
		var files []File
		for len(files) < 200 {
			m := maps[rng.IntN(len(maps))]
			for range 1 + rng.IntN(6) {
				files = append(files, File{Path: "f" + strconv.Itoa(len(files)), Size: 1, PartitionValues: m, Ref: int64(len(files))})
			}
		}
		calls := 0
		req := Request{PartitionFilter: func(pv map[string]string) bool { calls++; return keep(pv) }}
		st := &planState{cfg: &Config{}, snap: &Snapshot{Files: files}, req: req, plan: &Plan{}}
		var want, got []int64
		for _, f := range files {
			if keep(f.PartitionValues) {
				want = append(want, f.Ref)
			}
		}
		for _, f := range st.filesForScan() {
			got = append(got, f.Ref)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: kept %v, want %v", trial, got, want)
		}
		runs := 0
		for i := range files {
			if i == 0 || !SameMap(files[i].PartitionValues, files[i-1].PartitionValues) {
				runs++
			}
		}
		if calls != runs {
			t.Errorf("trial %d: the filter was asked %d times for %d runs of one map", trial, calls, runs)
		}
	}
}
