package curve

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"layoutlab/engine/work"
)

// ranksOf returns the dense ranks of values (nil = NULL → -1) and the number of distinct values.
func ranksOf[T int | string](values []*T) ([]int32, int) {
	var distinct []T
	for _, v := range values {
		if v != nil {
			distinct = append(distinct, *v)
		}
	}
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	ranks := make([]int32, len(values))
	for i, v := range values {
		ranks[i] = -1
		if v != nil {
			r, _ := slices.BinarySearch(distinct, *v)
			ranks[i] = int32(r)
		}
	}
	return ranks, len(distinct)
}

func ptrs[T any](vs ...T) []*T {
	out := make([]*T, len(vs))
	for i := range vs {
		out[i] = &vs[i]
	}
	return out
}

// The range_partition_id vectors of T/skipping/MultiDimClusteringFunctionsSuite.scala and
// RangePartitionIdSuite.
func TestRangePartitionIDsSpecVectors(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	check := func(name string, ranks []int32, distinct, n int, want []int32) {
		t.Helper()
		if got := RangePartitionIDs(ranks, distinct, n); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}

	// Values 0..19 shuffled with N = 20/div give i/div.
	for _, div := range []int{1, 2, 4, 5, 10, 20} {
		vals := rng.Perm(20)
		ranks, want := make([]int32, 20), make([]int32, 20)
		for i, v := range vals {
			ranks[i], want[i] = int32(v), int32(v/div)
		}
		check(fmt.Sprintf("0..19 N=%d", 20/div), ranks, 20, 20/div, want)
	}
	// 0..11 with N ∈ {2,3,4,6} give i/(12/N).
	for _, n := range []int{2, 3, 4, 6} {
		ranks, want := make([]int32, 12), make([]int32, 12)
		for i := range ranks {
			ranks[i], want[i] = int32(i), int32(i/(12/n))
		}
		check(fmt.Sprintf("0..11 N=%d", n), ranks, 12, n, want)
	}
	r, d := ranksOf(ptrs("a", "b", "c", "d"))
	check("(a,b,c,d) N=2", r, d, 2, []int32{0, 0, 1, 1})
	r, d = ranksOf(ptrs(10, 20, 30, 40))
	check("(10,20,30,40) N=4", r, d, 4, []int32{0, 1, 2, 3})
	r, d = ranksOf(ptrs(42))
	check("single row N=1000", r, d, 1000, []int32{0})
	check("empty", nil, 0, 1000, []int32{})
	a, b := "a", "b"
	r, d = ranksOf([]*string{&a, nil, &b, nil})
	check("(a,null,b,null) N=10", r, d, 10, []int32{0, 0, 1, 0})
	check("all null", []int32{-1, -1}, 0, 10, []int32{0, 0})
}

// T/skipping/MultiDimClusteringSuite.scala with rangeId.max = 4 over c1 = a,a,b,c,d,e,e,e,f,g,h gives
// a,b → 0; c,d,e → 1; f → 2; g,h → 3. The counts are uneven, so this exercises the weighted
// walk (step 11/4 = 2.75: bounds at b (3 ≥ 2.75), e (8 ≥ 5.5), f (9 ≥ 8.25)).
func TestRangePartitionIDsUnevenCounts(t *testing.T) {
	r, d := ranksOf(ptrs("a", "a", "b", "c", "d", "e", "e", "e", "f", "g", "h"))
	want := []int32{0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 3}
	if got := RangePartitionIDs(r, d, 4); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := DetermineBounds([]int64{2, 1, 1, 1, 3, 1, 1, 1}, 4); !slices.Equal(got, []int{1, 4, 5}) {
		t.Errorf("DetermineBounds = %v, want [1 4 5]", got)
	}
}

// Z-order keys end to end (T/skipping/MultiDimClusteringFunctionsSuite.scala):
// range_partition_id over the rows (false, 0, "0") and (true, 1, "1") with N = 2, interleaved,
// and spark.range(100) with N = 10 giving the 4-byte big-endian i/10.
func TestRangeIDsIntoInterleave(t *testing.T) {
	cols := [][]int32{{0, 1}, {0, 1}, {0, 1}} // each column's dense ranks: false<true, 0<1, "0"<"1"
	var ids [][]int32
	for _, c := range cols {
		ids = append(ids, RangePartitionIDs(c, 2, 2))
	}
	for row, want := range [][]byte{repeat(0, 12), append(repeat(0, 11), 7)} {
		key := InterleaveBits([]int32{ids[0][row], ids[1][row], ids[2][row]})
		if !bytes.Equal(key, want) {
			t.Errorf("row %d: key %x, want %x", row, key, want)
		}
	}
	ranks := make([]int32, 100)
	for i := range ranks {
		ranks[i] = int32(i)
	}
	for i, id := range RangePartitionIDs(ranks, 100, 10) {
		want := binary.BigEndian.AppendUint32(nil, uint32(i/10))
		if got := InterleaveBits([]int32{id}); !bytes.Equal(got, want) {
			t.Fatalf("spark.range(100) row %d: %x, want %x", i, got, want)
		}
	}
}

// sparkRangeIDs is an independent transcription of what Spark does when its sample holds every
// row: candidates are the non-null rows, weight 1.0 each, sorted; determineBounds walks them one
// row at a time, skipping keys not greater than the previous bound; getPartition counts the
// bounds a key is greater than.
func sparkRangeIDs(ranks []int32, numRanges int) []int32 {
	var cand []int32
	for _, r := range ranks {
		if r >= 0 {
			cand = append(cand, r)
		}
	}
	slices.Sort(cand)
	partitions := min(numRanges, len(cand))
	var bounds []int32
	if partitions > 1 {
		sum := 0.0
		for range cand {
			sum += 1.0
		}
		step := sum / float64(partitions)
		cum, target := 0.0, step
		for i := 0; i < len(cand) && len(bounds) < partitions-1; i++ {
			cum += 1.0
			if cum >= target && (len(bounds) == 0 || cand[i] > bounds[len(bounds)-1]) {
				bounds = append(bounds, cand[i])
				target += step
			}
		}
	}
	out := make([]int32, len(ranks))
	for i, r := range ranks {
		if r < 0 {
			continue
		}
		p := 0
		for p < len(bounds) && r > bounds[p] {
			p++
		}
		out[i] = int32(p)
	}
	return out
}

// The distinct-key walk against Spark's row-by-row walk on random columns: few and many
// distinct values, uniform and heavily skewed counts, with NULLs, for small and large N.
func TestRangePartitionIDsMatchesSpark(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	var x RangeIDs
	for trial := range 400 {
		rows := rng.IntN(3000)
		distinct := 1 + rng.IntN(1+rng.IntN(2000))
		numRanges := []int{1, 2, 3, 7, 20, 100, 1000}[trial%7]
		skew := trial%3 == 0
		ranks := make([]int32, rows)
		for i := range ranks {
			switch {
			case rng.IntN(10) == 0:
				ranks[i] = -1
			case skew && rng.IntN(2) == 0:
				ranks[i] = int32(distinct / 2) // one very frequent value
			default:
				ranks[i] = int32(rng.IntN(distinct))
			}
		}
		want := sparkRangeIDs(ranks, numRanges)
		if got, _ := x.Append(nil, ranks, distinct, numRanges); !slices.Equal(got, want) {
			t.Fatalf("trial %d (rows %d, distinct %d, N %d): ids differ from Spark's walk", trial, rows, distinct, numRanges)
		}
	}
}

// With no more distinct values than N, each occurring about equally often, the id is the dense
// rank. A rare value next to a frequent one falls short of the next target and shares an id:
// that is Spark's behaviour, not a dense rank.
func TestRangePartitionIDsDenseRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	ranks := make([]int32, 5000)
	for i := range ranks {
		ranks[i] = int32(i % 1000)
	}
	rng.Shuffle(len(ranks), func(i, j int) { ranks[i], ranks[j] = ranks[j], ranks[i] })
	if got := RangePartitionIDs(ranks, 1000, 1000); !slices.Equal(got, ranks) {
		t.Error("1000 values × 5 rows, N = 1000: ids are not the dense ranks")
	}

	skewed := append([]int32{0}, slices.Repeat([]int32{1}, 2000)...)
	got := RangePartitionIDs(skewed, 2, 1000)
	if want := sparkRangeIDs(skewed, 1000); !slices.Equal(got, want) || got[0] != 0 || got[1] != 0 {
		t.Errorf("counts (1, 2000), N = 1000: ids %v…, want 0 for both values", got[:2])
	}
}

func TestDetermineBoundsAndPartitionOf(t *testing.T) {
	cases := []struct {
		counts     []int64
		partitions int
		want       []int
	}{
		{[]int64{1, 1, 1, 1}, 2, []int{1}},
		{[]int64{1, 1, 1, 1}, 4, []int{0, 1, 2}},
		{[]int64{1, 1, 1, 1}, 1, nil},
		{[]int64{1, 1, 1, 1}, 0, nil},
		{[]int64{5}, 3, []int{0}},
		{[]int64{1, 2000}, 1000, []int{1}},
		{[]int64{3, 0, 1}, 4, []int{0, 2}}, // a zero count is no candidate
		{nil, 5, nil},
	}
	for _, c := range cases {
		if got := DetermineBounds(c.counts, c.partitions); !slices.Equal(got, c.want) {
			t.Errorf("DetermineBounds(%v, %d) = %v, want %v", c.counts, c.partitions, got, c.want)
		}
	}
	bounds := []int{2, 5, 9}
	for idx, want := range []int{0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3} {
		if got := PartitionOf(bounds, idx); got != want {
			t.Errorf("PartitionOf(%v, %d) = %d, want %d", bounds, idx, got, want)
		}
	}
	if got := PartitionOf(nil, 7); got != 0 {
		t.Errorf("PartitionOf(nil, 7) = %d, want 0", got)
	}
}

func TestRangeIDsReuse(t *testing.T) {
	var x RangeIDs
	ranks := make([]int32, 10_000)
	for i := range ranks {
		ranks[i] = int32(i % 3000)
	}
	dst := make([]int32, 0, len(ranks))
	dst, _ = x.Append(dst[:0], ranks, 3000, 1000)
	if a := testing.AllocsPerRun(20, func() { dst, _ = x.Append(dst[:0], ranks, 3000, 1000) }); a != 0 {
		t.Errorf("RangeIDs.Append allocates %v times when reused", a)
	}
	// A smaller second column must not see the first one's counts.
	if got, _ := x.Append(nil, []int32{1, 0, -1}, 2, 1000); !slices.Equal(got, []int32{1, 0, 0}) {
		t.Errorf("reused RangeIDs: got %v, want [1 0 0]", got)
	}
	mustPanic(t, "rank ≥ numDistinct", func() { x.Append(nil, []int32{3}, 2, 10) })
}

// TestBounder: walking the keys one at a time (or skipping spans when Skip allows) gives each
// key PartitionOf its index in DetermineBounds, zero counts and every partition count included.
func TestBounder(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for round := range 500 {
		counts := make([]int64, rng.IntN(60))
		var total int64
		for i := range counts {
			counts[i] = int64(rng.IntN(5)) * int64(1+rng.IntN(round%7+1))
			total += counts[i]
		}
		partitions := rng.IntN(20)
		bounds := DetermineBounds(counts, partitions)
		b := NewBounder(total, partitions)
		for i := 0; i < len(counts); i++ {
			// Now and then try to skip a span of keys, which must be bound-free.
			if span := rng.IntN(6); round%2 == 1 && span > 0 && i+span <= len(counts) {
				var w int64
				for _, c := range counts[i : i+span] {
					w += c
				}
				if part, ok := b.Skip(w); ok {
					for k := i; k < i+span; k++ {
						if counts[k] > 0 && (PartitionOf(bounds, k) != part || slices.Contains(bounds, k)) {
							t.Fatalf("counts %v into %d: Skip over keys %d..%d took key %d into %d, want %d (bounds %v)",
								counts, partitions, i, i+span-1, k, part, PartitionOf(bounds, k), bounds)
						}
					}
					i += span - 1
					continue
				}
			}
			c := counts[i]
			if c == 0 {
				continue
			}
			part, bound := b.Next(c)
			if want := PartitionOf(bounds, i); part != want {
				t.Fatalf("counts %v into %d: key %d in partition %d, want %d", counts, partitions, i, part, want)
			}
			if want := slices.Contains(bounds, i); bound != want {
				t.Fatalf("counts %v into %d: key %d bound %v, want %v", counts, partitions, i, bound, want)
			}
		}
	}
}

// TestAppendPrefixBounds: bounds found by binary search over running totals are AppendBounds'
// over the counts, for light and heavy keys (a key heavier than a step is a bound only once),
// more partitions than keys, one partition, and none.
func TestAppendPrefixBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for round := range 2000 {
		counts := make([]int64, rng.IntN(200))
		ends := make([]int64, len(counts))
		var total int64
		for i := range counts {
			counts[i] = 1 + int64(rng.IntN(3))
			if rng.IntN(20) == 0 {
				counts[i] *= int64(1 + rng.IntN(400)) // now and then a key heavier than a step
			}
			total += counts[i]
			ends[i] = total
		}
		partitions := rng.IntN(round%250 + 1)
		want := DetermineBounds(counts, partitions)
		got := AppendPrefixBounds(nil, ends, partitions)
		if !slices.Equal(got, want) {
			t.Fatalf("counts %v into %d: prefix bounds %v, want %v", counts, partitions, got, want)
		}
	}
}

// TestRangeIDsYield: Append tells its Yield each pass's rows after the first block, with the
// same ids as without, and a Yield's error stops it there and is returned.
func TestRangeIDsYield(t *testing.T) {
	ranks := make([]int32, 2*ProgressRows+1)
	for i := range ranks {
		ranks[i] = int32(i % 77)
	}
	var steps []string
	x := RangeIDs{Yield: func(p work.Progress) error { steps = append(steps, p.String()); return nil }}
	got, err := x.Append(nil, ranks, 77, 10)
	if err != nil || !slices.Equal(got, RangePartitionIDs(ranks, 77, 10)) {
		t.Fatalf("err %v, or ids differ from Append's without a Yield", err)
	}
	n := strconv.Itoa(len(ranks))
	want := []string{"counting the values: 262144 of " + n, "counting the values: 524288 of " + n,
		"assigning the ids: 262144 of " + n, "assigning the ids: 524288 of " + n}
	if !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}
	stop := errors.New("stop")
	calls := 0
	x.Yield = func(work.Progress) error { calls++; return stop }
	if _, err := x.Append(nil, ranks, 77, 10); err != stop || calls != 1 {
		t.Errorf("Append returned %v after %d calls, want the Yield's error after one", err, calls)
	}
}
