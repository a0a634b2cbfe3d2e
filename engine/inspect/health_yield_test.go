package inspect

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/skipping"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// TestOverlapYields: a column's overlap tells its Yield as each side is sorted and through its
// sweep (so that a million files' column is not one task of the page), answers as it does
// without a Yield, and stops with the Yield's error.
func TestOverlapYields(t *testing.T) {
	n := 3*sweepChunk/2 + 7 // the sweep ticks within each side
	rng := rand.New(rand.NewPCG(7, 9))
	lo, hi := make([]int64, n), make([]int64, n)
	slo, shi := make([]string, n), make([]string, n)
	for i := range lo {
		lo[i] = rng.Int64N(1 << 20)
		hi[i] = lo[i] + rng.Int64N(1<<12)
		slo[i], shi[i] = fmt.Sprintf("k%09d", lo[i]), fmt.Sprintf("k%09d", hi[i])
	}
	type answer struct {
		most, drawn int
		sum         int64
	}
	var steps []work.Progress
	counting := turnsOf(func(p work.Progress) error { steps = append(steps, p); return nil }, "the clustering health of c")
	ints := func(y work.Yield) (answer, error) {
		m, d, s, err := overlapInts(slices.Clone(lo), slices.Clone(hi), false, &table.RadixSorter{}, y)
		return answer{m, d, s}, err
	}
	// The int sweep, its comparisons inline, answers as overlap's through function values, a
	// timestamp's max read plus 1 ms (the bounds as microseconds, 1 ms apart by the hundred).
	for _, ts := range []bool{false, true} {
		adj := same[int64]
		if ts {
			adj = skipping.AdjustTimestampMax
		}
		ms := func(xs []int64) []int64 {
			out := make([]int64, len(xs))
			for i, x := range xs {
				out[i] = x / 4 * 1000
			}
			return out
		}
		m, d, s, _ := overlapInts(ms(lo), ms(hi), ts, &table.RadixSorter{}, nil)
		m2, d2, s2, _ := overlap(ms(lo), ms(hi), cmp.Compare[int64], adj, &table.RadixSorter{}, nil)
		if got, want := (answer{m, d, s}), (answer{m2, d2, s2}); got != want {
			t.Fatalf("ints (timestamp %v): inline %+v, through functions %+v", ts, got, want)
		}
	}
	strs := func(y work.Yield) (answer, error) {
		m, d, s, err := overlapStrings([2][]string{slices.Clone(slo), slices.Clone(shi)}, [2][]uint64{prefixKeys(slo), prefixKeys(shi)}, &boundsSorter{}, y)
		return answer{m, d, s}, err
	}
	// The string sweep, keys compared first, answers as overlap's comparison of the strings
	// alone: "k%09d" ties in its first 8 bytes by the hundred.
	if got, _ := strs(nil); true {
		m, d, s, _ := overlap(slices.Clone(slo), slices.Clone(shi), strings.Compare, same[string], &table.RadixSorter{}, nil)
		if want := (answer{m, d, s}); got != want {
			t.Fatalf("strings: by their keys %+v, by the strings alone %+v", got, want)
		}
	}
	for name, run := range map[string]func(work.Yield) (answer, error){"ints": ints, "strings": strs} {
		steps = nil
		want, _ := run(nil)
		got, err := run(counting)
		if err != nil || got != want {
			t.Fatalf("%s: with a Yield %+v, %v; without %+v", name, got, err, want)
		}
		if want.drawn != 2*n || want.most < 2 {
			t.Fatalf("%s: %+v: the sample should overlap", name, want)
		}
		// Each sort's end, and the sweep's tick within each side; the page shows none of them
		// (a count without a unit), it only yields at them.
		if len(steps) < 4 {
			t.Fatalf("%s: the Yield was told %+v; want each sort's end and the sweep's ticks", name, steps)
		}
		for _, p := range steps {
			if p.Step != "the clustering health of c" || p.Unit != "" || p.Done == 0 || p.Total < p.Done {
				t.Fatalf("%s: the Yield was told %+v, not a turn of the column's step", name, p)
			}
		}
		stop := errors.New("stop")
		for at := range len(steps) {
			k := 0
			_, err := run(func(work.Progress) error {
				if k++; k > at {
					return stop
				}
				return nil
			})
			if err != stop {
				t.Fatalf("%s: the Yield stopped at its call %d, overlap returned %v", name, at+1, err)
			}
		}
	}
}
