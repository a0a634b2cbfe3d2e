package optimize

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// fabricBinOrderBefore is fabricBinOrder as it was written before it sized its array once:
// the selected files stably sorted (unclustered first, then by range minimum), then each
// recluster bin of two files or more appended, its start a bin break.
func fabricBinOrderBefore(selected, recluster []File, maxBin int64) (out []File, breaks []int, single int) {
	clustered := func(f *File) bool { _, ok := f.Tags()[TagZCubeID]; return ok && f.Tags()[TagZCubeZOrder] != "" }
	out = slices.Clone(selected)
	slices.SortStableFunc(out, func(a, b File) int {
		ca, cb := clustered(&a), clustered(&b)
		switch {
		case !ca && !cb:
			return 0
		case !ca:
			return -1
		case !cb:
			return 1
		}
		return cmp.Compare(rangeMin(&a), rangeMin(&b))
	})
	rec := slices.Clone(recluster)
	slices.SortStableFunc(rec, func(a, b File) int { return cmp.Compare(rangeMin(&a), rangeMin(&b)) })
	for _, b := range naiveBins(rec, maxBin) {
		if len(b) == 1 {
			single++
			continue
		}
		breaks = append(breaks, len(out))
		for _, ref := range b {
			out = append(out, rec[slices.IndexFunc(rec, func(f File) bool { return f.Ref == ref })])
		}
	}
	return out, breaks, single
}

// TestFabricBinOrderAsBefore holds fabricBinOrder, which bins the recluster files where they lie
// and moves the kept bins down over the dropped single-file ones, to fabricBinOrderBefore on
// random selections with ties, untagged files and single-file recluster bins.
func TestFabricBinOrderAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	zo := encodeNames([]string{"c"})
	mk := func(ref int) File {
		f := File{Path: fmt.Sprint("f", ref), Size: 1 + rng.Int64N(40), Ref: int64(ref)}
		if rng.IntN(4) > 0 {
			extra(&f).Tags = map[string]string{TagZCubeID: fmt.Sprint("z", rng.IntN(3)), TagZCubeZOrder: zo}
			f.ClusterRange = &Range{Min: float64(rng.IntN(10)), Max: 10}
		}
		return f
	}
	for trial := range 300 {
		var selected, recluster []File
		for i := range rng.IntN(30) {
			selected = append(selected, mk(i))
		}
		for i := range rng.IntN(30) {
			f := mk(1000 + i)
			f.ClusterRange = &Range{Min: float64(rng.IntN(10)), Max: 10}
			recluster = append(recluster, f)
		}
		maxBin := 1 + rng.Int64N(80)
		cfg := Config{MaxFileSize: maxBin, TargetCubeSize: maxBin, MinCubeSize: 1}
		st := &planState{cfg: &cfg, plan: &Plan{}}
		want, wantBreaks, wantSingle := fabricBinOrderBefore(selected, recluster, cfg.clusteringMaxBinSize())
		got := st.fabricBinOrder(slices.Clone(selected), slices.Clone(recluster))
		refs := func(fs []File) []int64 {
			out := make([]int64, len(fs))
			for i := range fs {
				out[i] = fs[i].Ref
			}
			return out
		}
		if !slices.Equal(refs(got), refs(want)) || !slices.Equal(st.binBreaks, wantBreaks) {
			t.Fatalf("trial %d: files %v breaks %v, want %v breaks %v", trial, refs(got), st.binBreaks, refs(want), wantBreaks)
		}
		if dropped := len(st.plan.Events) > 0; dropped != (wantSingle > 0) {
			t.Fatalf("trial %d: %d events, %d single-file bins", trial, len(st.plan.Events), wantSingle)
		}
	}
}
