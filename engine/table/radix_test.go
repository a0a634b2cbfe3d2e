package table

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"layoutlab/engine/work"
)

func TestRadixSortMatchesStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var s RadixSorter
	for _, n := range []int{0, 1, 100, 300, 5000, 70000} {
		for _, width := range []uint{1, 8, 13, 33, 48, 64} {
			keys := make([]uint64, n)
			pos := make([]int32, n)
			for i := range keys {
				keys[i] = (rng.Uint64() >> (64 - width)) << 3 // low bits constant
				pos[i] = int32(i)
			}
			type kp struct {
				k uint64
				p int32
			}
			want := make([]kp, n)
			for i := range keys {
				want[i] = kp{keys[i], pos[i]}
			}
			slices.SortStableFunc(want, func(a, b kp) int {
				switch {
				case a.k < b.k:
					return -1
				case a.k > b.k:
					return 1
				}
				return 0
			})
			s.SortPairs(keys, pos)
			for i := range want {
				if keys[i] != want[i].k || pos[i] != want[i].p {
					t.Fatalf("n=%d width=%d: mismatch at %d", n, width, i)
				}
			}
		}
	}
}

func TestSortKeysMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s RadixSorter
	for _, n := range []int{0, 5, 300, 70000} {
		const posBits = 17
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = (rng.Uint64()>>40)<<posBits | uint64(i)
		}
		want := slices.Clone(keys)
		slices.Sort(want)
		if got := s.SortKeys(keys, posBits, 24); !slices.Equal(got, want) {
			t.Fatalf("n=%d: SortKeys differs from slices.Sort", n)
		}
	}
}

// BenchmarkRadix explores the digit width (RadixMaxBits) for pair sorts of 48-bit keys.
func BenchmarkRadix(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, mb := range []uint{0, 8, 11, 12, 13, 16} {
			b.Run(fmt.Sprintf("n=%d/bits=%d", n, mb), func(b *testing.B) {
				old := RadixMaxBits
				if mb > 0 {
					RadixMaxBits = func(int) uint { return mb }
				}
				defer func() { RadixMaxBits = old }()
				rng := rand.New(rand.NewPCG(1, 2))
				src := make([]uint64, n)
				for i := range src {
					src[i] = rng.Uint64() >> 16
				}
				keys := make([]uint64, n)
				pos := make([]int32, n)
				var s RadixSorter
				b.ResetTimer()
				for range b.N {
					copy(keys, src)
					s.SortPairs(keys, pos)
				}
			})
		}
	}
}

// TestRadixSortReportsItsPasses: a large sort names each pass it makes before making it, and
// each block of ProgressRows keys of its scatter after the first, and sorts as without
// Progress; a small one reports nothing.
func TestRadixSortReportsItsPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{ProgressRows, ProgressRows + 1} {
		keys := make([]uint64, n)
		pos := make([]int32, n)
		for i := range keys {
			keys[i], pos[i] = rng.Uint64()>>24, int32(i) // 40 bits: three passes of 14 bits
		}
		k2, p2 := slices.Clone(keys), slices.Clone(pos)
		var steps []string
		s := RadixSorter{Yield: func(p work.Progress) error { steps = append(steps, p.String()); return nil }}
		s.SortPairs(keys, pos)
		var plain RadixSorter
		plain.SortPairs(k2, p2)
		if !slices.Equal(keys, k2) || !slices.Equal(pos, p2) {
			t.Fatalf("n=%d: Yield changed the sort", n)
		}
		var want []string
		for _, pass := range []string{"radix pass 1 of 3", "radix pass 2 of 3", "radix pass 3 of 3"} {
			want = append(want, pass, pass+": "+strconv.Itoa(ProgressRows)+" of "+strconv.Itoa(n)+" keys")
		}
		if n <= ProgressRows {
			want = nil
		}
		if !slices.Equal(steps, want) {
			t.Errorf("n=%d: steps %q, want %q", n, steps, want)
		}
	}
}

// TestRadixSortStops: a Yield's error stops the sort at the pass it was told of and is
// returned as it is.
func TestRadixSortStops(t *testing.T) {
	n := 2 * ProgressRows
	keys := make([]uint64, n)
	pos := make([]int32, n)
	for i := range keys {
		keys[i], pos[i] = uint64(n-i)<<20, int32(i)
	}
	stop := errors.New("stop")
	var steps []string
	s := RadixSorter{Yield: func(p work.Progress) error {
		steps = append(steps, p.String())
		if p.Done > 0 {
			return stop
		}
		return nil
	}}
	if err := s.SortPairs(keys, pos); err != stop {
		t.Fatalf("SortPairs returned %v, want the Yield's error", err)
	}
	if len(steps) != 2 {
		t.Errorf("steps after the stop: %q", steps)
	}
}
