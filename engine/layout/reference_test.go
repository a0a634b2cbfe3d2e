package layout

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"layoutlab/engine/curve"
	"layoutlab/engine/table"
)

// referenceNoise is the bin's noise bytes the obvious way: row i takes bits [21·(i mod 3),
// 21·(i mod 3) + 21) of draw i/3 of rand.NewPCG(seed, "noise"), as the cell k of a uniform taken
// at its middle, (k + ½) / 2^21.
func referenceNoise(seed uint64, n int) []int8 {
	rng := rand.New(rand.NewPCG(seed, 0x6e6f697365))
	noise := make([]int8, n)
	var x uint64
	for i := range noise {
		if i%3 == 0 {
			x = rng.Uint64()
		}
		k := x >> (21 * (i % 3)) & (1<<21 - 1)
		noise[i] = Noise((float64(k) + 0.5) / (1 << 21))
	}
	return noise
}

// referenceCluster is SpaceFillingCurveClustering.cluster written the slow, obvious way: the
// curve key as bytes per row (interleave_bits, or hilbert_index's long or byte form), the
// noise byte, a stable sort on (key unsigned, noise signed), AppendBounds over the groups,
// and files in partition order with rows in bin order.
func referenceCluster(t *testing.T, tb *table.Table, keys []int, kind Kind, numFiles int, opt Options) [][]int32 {
	n := tb.NumRows
	numRanges := opt.NumRanges
	if numRanges == 0 {
		numRanges = curve.DefaultNumRanges
	}
	ids := make([][]int32, len(keys))
	for j, k := range keys {
		r, d := tb.Cols[k].DenseRanks()
		ids[j], _ = new(curve.RangeIDs).Append(nil, r, d, numRanges)
	}
	c, _ := curve.Choose(kind == Hilbert, len(keys))
	key := make([][]byte, n)
	for i := range n {
		pt := make([]int32, len(keys))
		upt := make([]uint32, len(keys))
		for j := range keys {
			pt[j], upt[j] = ids[j][i], uint32(ids[j][i])
		}
		switch {
		case c == curve.ZOrder:
			key[i] = curve.InterleaveBits(pt)
		case len(keys)*curve.NumBits(numRanges) < 64:
			key[i] = binary.BigEndian.AppendUint64(nil, curve.HilbertLongIndex(curve.NumBits(numRanges), upt))
		default:
			h, err := curve.NewHilbertEncoder(len(upt), curve.NumBits(numRanges))
			if err != nil {
				t.Fatal(err)
			}
			key[i] = h.AppendBytes(nil, upt)
		}
	}
	noise := make([]int8, n)
	if !opt.NoNoise {
		noise = referenceNoise(opt.Seed, n)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	cmp := func(a, b int) int {
		if c := bytes.Compare(key[a], key[b]); c != 0 {
			return c
		}
		return int(noise[a]) - int(noise[b])
	}
	slices.SortStableFunc(order, cmp)
	var counts []int64
	group := make([]int, n)
	for i, r := range order {
		if i == 0 || cmp(order[i-1], r) != 0 {
			counts = append(counts, 0)
		}
		counts[len(counts)-1]++
		group[r] = len(counts) - 1
	}
	bounds := curve.AppendBounds(nil, counts, min(numFiles, n))
	parts := make([][]int32, len(bounds)+1)
	for r := range n {
		p := sort.SearchInts(bounds, group[r]) // RangePartitioner.getPartition
		parts[p] = append(parts[p], int32(r))
	}
	var out [][]int32
	for _, p := range parts {
		if len(p) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// The fast paths (packed 56-bit keys with radix sort; wide byte keys) against the reference,
// for one to nine keys, both curves, with and without noise, with few and many range ids.
func TestClusterMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	const n = 3000
	var names []string
	var cols []any
	for j := range 9 {
		card := []int{3, 50, 2000, 100000}[j%4]
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(rng.IntN(card))
		}
		names, cols = append(names, fmt.Sprintf("c%d", j)), append(cols, v)
	}
	tb := mkTable(names, cols...)
	for d := 1; d <= 9; d++ {
		keys := make([]int, d)
		for j := range keys {
			keys[j] = j
		}
		for _, kind := range []Kind{ZOrder, Hilbert} {
			for _, opt := range []Options{{Seed: 5}, {NoNoise: true}, {NumRanges: 16, Seed: 6}} {
				got, err := Files(tb, AllRows(n), keys, kind, 13, opt)
				if err != nil {
					t.Fatal(err)
				}
				want := referenceCluster(t, tb, keys, kind, 13, opt)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s on %d keys %+v: files differ from the reference (%d vs %d files)", kind, d, opt, len(got), len(want))
				}
			}
		}
	}
}

// One key takes its own path (no curve keys, no sort of them): against the reference on
// columns with NULLs, few and many distinct values, skew, more files than rows, few range ids,
// without noise, and with the ranks' Order given (in any order among equal ranks) or not.
func TestClusterOneKeyMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var l Layouter
	for round := range 300 {
		n := 1 + rng.IntN([]int{10, 300, 5000}[round%3])
		card := 1 + rng.IntN([]int{2, 40, 1500, 1 << 20}[round%4])
		v := make([]int64, n)
		var nulls []bool
		if round%5 == 0 {
			nulls = make([]bool, n)
		}
		for i := range v {
			v[i] = int64(rng.IntN(card))
			if round%7 == 0 && rng.IntN(3) == 0 {
				v[i] = 0 // a heavy value
			}
			if nulls != nil && rng.IntN(4) == 0 {
				nulls[i] = true
			}
		}
		tb := mkTable([]string{"c"}, v)
		tb.Cols[0].Nulls = nulls
		kind := []Kind{ZOrder, Hilbert}[round%2]
		opt := Options{Seed: uint64(round), NoNoise: round%6 == 5, NumRanges: []int{0, 2, 16, 5000}[round%4]}
		numFiles := 1 + rng.IntN(40)
		want := referenceCluster(t, tb, []int{0}, kind, numFiles, opt)
		r := RankRows(&tb.Cols[0], AllRows(n))
		got, err := l.Layout(AllRows(n), []Ranks{r}, kind, numFiles, opt)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d (n=%d, %d values, %+v, %d files): files differ from the reference", round, n, card, opt, numFiles)
		}
		// The same ranks with an Order, equal ranks shuffled.
		r.Order = AllRows(n)
		rng.Shuffle(n, func(i, j int) { r.Order[i], r.Order[j] = r.Order[j], r.Order[i] })
		slices.SortStableFunc(r.Order, func(a, b int32) int { return int(r.R[a]) - int(r.R[b]) })
		got, err = l.LayoutScratch(AllRows(n), []Ranks{r}, kind, numFiles, opt)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d: with Order, files differ from the reference", round)
		}
	}
}
