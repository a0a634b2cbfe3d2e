package optimize

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStableSortBySize holds stableSortBySize to slices.SortStableFunc by size on random sizes
// with many ties: equal sizes keep their order, which decides which files share a bin.
func TestStableSortBySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		n := rng.IntN(300)
		if trial%10 == 9 {
			n = 256 + rng.IntN(10_000) // past the radix sort's insertion sort
		}
		files := make([]File, n)
		for i := range files {
			files[i] = File{Path: string(rune('a'+i%26)) + string(rune('0'+i/26%10)), Size: int64(rng.IntN(1 + trial%40)), Ref: int64(i)}
		}
		want := slices.Clone(files)
		slices.SortStableFunc(want, func(a, b File) int { return int(a.Size - b.Size) })
		got := stableSortBySize(slices.Clone(files))
		for i := range want {
			if got[i].Ref != want[i].Ref {
				t.Fatalf("trial %d (%d files): position %d holds file %d, want %d", trial, n, i, got[i].Ref, want[i].Ref)
			}
		}
	}
}
