package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/table"
)

// TestLayoutScratchMatchesLayout: one Layouter laying out bin after bin with LayoutScratch (its
// buffers and recycled range ids reused throughout, cache evictions included) gives what a
// fresh FilesRanked gives, for every kind and 1 to 9 keys.
func TestLayoutScratchMatchesLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var l Layouter
	for round := range 60 {
		n := 200 + rng.IntN(3000)
		d := 1 + round%9
		ranks := make([]Ranks, d)
		for j := range ranks {
			c := table.Column{Kind: table.Bigint, Ints: make([]int64, n)}
			dom := uint64(1 + rng.IntN(5000))
			for i := range c.Ints {
				c.Ints[i] = int64(rng.Uint64N(dom))
			}
			ranks[j] = RankRows(&c, AllRows(n))
		}
		for _, kind := range []Kind{ZOrder, Hilbert, OrderBy, Append} {
			opt := Options{Seed: uint64(round), NoNoise: round%3 == 0}
			numFiles := 1 + rng.IntN(12)
			want, err := FilesRanked(AllRows(n), ranks, kind, numFiles, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := l.LayoutScratch(AllRows(n), ranks, kind, numFiles, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("round %d: %s on %d keys, %d files: LayoutScratch differs", round, kind, d, numFiles)
			}
			again, _ := l.Layout(AllRows(n), ranks, kind, numFiles, opt)
			if fmt.Sprint(again) != fmt.Sprint(want) {
				t.Fatalf("round %d: %s on %d keys: Layout after LayoutScratch differs", round, kind, d)
			}
		}
	}
}
