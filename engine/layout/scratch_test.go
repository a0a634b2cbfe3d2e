package layout

import (
	"fmt"
	"math"
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

// TestNoiseDraws: the noise bytes are referenceNoise's, row by row, and their distribution is
// Spark's rand()*255 - 128 cast to a byte: each of -127..126 with probability 1/255 but 0 with
// 2/255, and never -128.
func TestNoiseDraws(t *testing.T) {
	var l Layouter
	c := table.Column{Kind: table.Bigint, Ints: make([]int64, 5000)}
	for i := range c.Ints {
		c.Ints[i] = int64(i * 7 % 1013)
	}
	r := RankRows(&c, AllRows(len(c.Ints)))
	for _, seed := range []uint64{0, 1, 1 << 63} {
		for _, n := range []int{len(c.Ints), len(c.Ints) - 1, len(c.Ints) - 2} {
			if _, err := l.Layout(AllRows(n), []Ranks{{R: r.R[:n], Distinct: r.Distinct}}, ZOrder, 4, Options{Seed: seed}); err != nil {
				t.Fatal(err)
			}
			if want := referenceNoise(seed, n); !slices.Equal(l.noise, want) {
				t.Fatalf("seed %d, %d rows: the noise bytes are not referenceNoise's", seed, n)
			}
		}
	}
	// Every cell of the 21-bit uniform, counted exactly: each byte's share against Spark's.
	var count [256]int
	for k := range 1 << noiseBits {
		count[uint8(Noise((float64(k)+0.5)/(1<<noiseBits)))]++
	}
	for b := -128; b < 128; b++ {
		want := 1.0 / 255
		switch b {
		case -128, 127:
			want = 0
		case 0:
			want = 2.0 / 255
		}
		got := float64(count[uint8(int8(b))]) / (1 << noiseBits)
		if math.Abs(got-want) > 0.0002*want || (want == 0 && got != 0) {
			t.Errorf("noise byte %d: probability %.8f, want %.8f", b, got, want)
		}
	}
}

// TestOrderCutMatchesLayout: cutting the last clustered bin's order into another number of files
// gives exactly what laying it out afresh gives, one key included; after any layout that leaves
// no sorted composites (ORDER BY, append, keys past 56 bits, a one-key LayoutScratch) there is
// no order to take.
func TestOrderCutMatchesLayout(t *testing.T) {
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
			order := l.TakeOrder(rows)
			for range 3 {
				numFiles := 1 + rng.IntN(60)
				ok := order != nil
				var got [][]int32
				if ok {
					got = order.Cut(numFiles)
				}
				want, err := FilesRanked(rows, ranks, kind, numFiles, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					if (kind == ZOrder || kind == Hilbert) && d <= 5 {
						t.Fatalf("round %d %s on %d keys: no order after a packed cluster", round, kind, d)
					}
					break
				}
				if kind != ZOrder && kind != Hilbert {
					t.Fatalf("round %d %s on %d keys: an order after a layout without sorted composites", round, kind, d)
				}
				// The same files of the same rows; a re-cut file lists them in the sorted order.
				if !slices.EqualFunc(got, want, func(a, b []int32) bool { return slices.Equal(slices.Sorted(slices.Values(a)), b) }) {
					t.Fatalf("round %d %s on %d keys, %d files: the order cut differs from Layout", round, kind, d, numFiles)
				}
			}
		}
	}
}

// TestOrderAfterScratch: a one-key LayoutScratch takes the single-key walk and sorts no
// composites, so there is no order to take after it, and there is again after a Layout.
func TestOrderAfterScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var l Layouter
	ranks := randomRanks(rng, 500, 1, 300)
	rows := AllRows(500)
	if _, err := l.LayoutScratch(rows, ranks, ZOrder, 7, Options{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if l.TakeOrder(rows) != nil {
		t.Fatal("an order after a one-key LayoutScratch")
	}
	if _, err := l.Layout(rows, ranks, ZOrder, 7, Options{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if l.TakeOrder(rows) == nil {
		t.Fatal("no order after a one-key Layout")
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
