package inspect

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// TestSortStrings: sortStrings sorts as slices.Sort does, on strings made to meet every case of
// its keys: shorter than 8 bytes, prefixes of one another, zero and high bytes, the same first
// 8 bytes and different after, duplicates, and runs of equal keys longer than one.
func TestSortStrings(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	alphabet := []byte{0, 1, 'a', 'b', 0x7f, 0x80, 0xff}
	bs := &boundsSorter{} // shared, as the health's sorts share it, a larger sort before a smaller
	for _, n := range []int{0, 1, 255, 256, 20000, 3000} {
		ss := make([]string, n)
		for i := range ss {
			b := make([]byte, rng.IntN(14))
			for j := range b {
				b[j] = alphabet[rng.IntN(len(alphabet))]
			}
			if rng.IntN(3) == 0 && i > 0 { // share a neighbour's prefix
				p := ss[rng.IntN(i)]
				b = append([]byte(p[:rng.IntN(len(p)+1)]), b...)
			}
			ss[i] = string(b)
		}
		want := slices.Clone(ss)
		slices.Sort(want)
		keys := prefixKeys(ss)
		if err := sortStrings(ss, keys, bs, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(keys, prefixKeys(ss)) {
			t.Fatalf("%d strings: the keys are not sorted with them", n)
		}
		if !slices.Equal(ss, want) {
			for i := range ss {
				if ss[i] != want[i] {
					t.Fatalf("%d strings: at %d %q, want %q", n, i, ss[i], want[i])
				}
			}
		}
	}
}

// BenchmarkSortStrings sorts the 100,000-file table's minimums of name (inspecttest: "n%06d",
// in the files' path order) with sortStrings and, beside it in the same run, slices.Sort.
func BenchmarkSortStrings(b *testing.B) {
	in := benchInspector(b, benchFiles)
	leaf := in.spanLeaf("name")
	in.readLeaves([]int{leaf})
	var names []string
	for i := range in.hasStats {
		names = append(names, in.cols.leaves[leaf].get(0, i).S)
	}
	for _, s := range []struct {
		name string
		sort func([]string)
	}{{"radix", func(ss []string) { _ = sortStrings(ss, prefixKeys(ss), &boundsSorter{}, nil) }}, {"slices.Sort", slices.Sort[[]string]}} {
		b.Run(s.name, func(b *testing.B) {
			ss := make([]string, len(names))
			for b.Loop() {
				copy(ss, names)
				s.sort(ss)
			}
		})
	}
}

// prefixKeys is ss's keys (prefixKey).
func prefixKeys(ss []string) []uint64 {
	keys := make([]uint64, len(ss))
	for i, s := range ss {
		keys[i] = prefixKey(s)
	}
	return keys
}

// TestSortStringsStopped: a sort stopped by its Yield in a radix pass leaves the strings and
// their keys as they were (sortStrings sorts the keys in place, and puts them back).
func TestSortStringsStopped(t *testing.T) {
	n := 2*table.ProgressRows + 5 // the passes' scatter tells the Yield within each pass
	rng := rand.New(rand.NewPCG(2, 7))
	ss := make([]string, n)
	for i := range ss {
		ss[i] = fmt.Sprintf("%016x", rng.Uint64()) // keys differing in every byte: several passes
	}
	stop := errors.New("stop")
	bs := &boundsSorter{}
	for at := 1; at <= 6; at++ {
		got, k := slices.Clone(ss), 0
		keys := prefixKeys(got)
		err := sortStrings(got, keys, bs, func(work.Progress) error {
			if k++; k > at {
				return stop
			}
			return nil
		})
		if err != stop {
			t.Fatalf("stopped at the Yield's call %d: %v", at+1, err)
		}
		if !slices.Equal(got, ss) || !slices.Equal(keys, prefixKeys(ss)) {
			t.Fatalf("stopped at the Yield's call %d: the strings or their keys were changed", at+1)
		}
	}
}
