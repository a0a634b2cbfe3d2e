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
		ranks := randomRanks(rng, n, d, 5000)
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

// TestNoiseDraws: the noise bytes are Noise(rand.New(PCG(seed, "noise")).Float64()), row by row.
func TestNoiseDraws(t *testing.T) {
	var l Layouter
	c := table.Column{Kind: table.Bigint, Ints: make([]int64, 5000)}
	for i := range c.Ints {
		c.Ints[i] = int64(i * 7 % 1013)
	}
	r := RankRows(&c, AllRows(len(c.Ints)))
	for _, seed := range []uint64{0, 1, 1 << 63} {
		if _, err := l.Layout(AllRows(len(c.Ints)), []Ranks{r}, ZOrder, 4, Options{Seed: seed}); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0x6e6f697365))
		for i, got := range l.noise {
			if want := Noise(rng.Float64()); got != want {
				t.Fatalf("seed %d row %d: noise %d, want %d", seed, i, got, want)
			}
		}
	}
}

// TestRecutMatchesLayout: re-cutting the last clustered bin into another number of files gives
// exactly what laying it out afresh gives, one key included; after any layout that leaves no
// sorted composites (ORDER BY, append, keys past 56 bits, a one-key LayoutScratch) Recut declines.
func TestRecutMatchesLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var l Layouter
	for round := range 80 {
		n := 50 + rng.IntN(4000)
		d := 1 + round%7
		ranks := randomRanks(rng, n, d, 3000)
		rows := AllRows(n)
		for _, kind := range []Kind{ZOrder, Hilbert, OrderBy, Append} {
			opt := Options{Seed: uint64(round), NoNoise: round%4 == 0}
			if _, err := l.Layout(rows, ranks, kind, 1+rng.IntN(40), opt); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				numFiles := 1 + rng.IntN(60)
				got, ok := l.Recut(rows, numFiles)
				want, err := FilesRanked(rows, ranks, kind, numFiles, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					if (kind == ZOrder || kind == Hilbert) && d <= 5 {
						t.Fatalf("round %d %s on %d keys: Recut declined a packed cluster", round, kind, d)
					}
					break
				}
				if kind != ZOrder && kind != Hilbert {
					t.Fatalf("round %d %s on %d keys: Recut accepted a layout without sorted composites", round, kind, d)
				}
				// The same files of the same rows; a re-cut file lists them in the sorted order.
				if !slices.EqualFunc(got, want, func(a, b []int32) bool { return slices.Equal(slices.Sorted(slices.Values(a)), b) }) {
					t.Fatalf("round %d %s on %d keys, %d files: Recut differs from Layout", round, kind, d, numFiles)
				}
			}
		}
	}
}

// TestRecutAfterScratch: a one-key LayoutScratch takes the single-key walk and sorts no
// composites, so Recut declines after it, and accepts again after a Layout.
func TestRecutAfterScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var l Layouter
	ranks := randomRanks(rng, 500, 1, 300)
	rows := AllRows(500)
	if _, err := l.LayoutScratch(rows, ranks, ZOrder, 7, Options{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.Recut(rows, 9); ok {
		t.Fatal("Recut accepted a one-key LayoutScratch")
	}
	if _, err := l.Layout(rows, ranks, ZOrder, 7, Options{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.Recut(rows, 9); !ok {
		t.Fatal("Recut declined a one-key Layout")
	}
}

// randomRanks ranks d random integer columns of n rows, each over its own domain of 1 to maxDomain
// values.
func randomRanks(rng *rand.Rand, n, d, maxDomain int) []Ranks {
	ranks := make([]Ranks, d)
	for j := range ranks {
		c := table.Column{Kind: table.Bigint, Ints: make([]int64, n)}
		dom := uint64(1 + rng.IntN(maxDomain))
		for i := range c.Ints {
			c.Ints[i] = int64(rng.Uint64N(dom))
		}
		ranks[j] = RankRows(&c, AllRows(n))
	}
	return ranks
}
