package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/table"
)

// TestLayoutValuesMatchesLayout: laying out a bin from a key's values gives the files Layout
// gives from its ranks, for both kinds, noise on and off, few and many distinct values (ties
// across a range bound included), negative values and spans of 0 to 63 bits, and bins smaller
// than the number of ranges.
func TestLayoutValuesMatchesLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var l Layouter
	for round := range 200 {
		n := 1 + rng.IntN(20000)
		if round%4 == 0 {
			n = 1 + rng.IntN(1500)
		}
		var span int64
		switch round % 5 {
		case 0:
			span = 1 // one value
		case 1:
			span = 1 + rng.Int64N(50) // heavy ties
		case 2:
			span = 1 + rng.Int64N(int64(n))
		case 3:
			span = 1 << 24
		case 4:
			span = 1 << 62
		}
		base := rng.Int64N(1<<40) - 1<<39
		c := table.Column{Kind: table.Bigint, Ints: make([]int64, n)}
		for i := range c.Ints {
			v := rng.Int64N(span)
			if round%7 == 3 {
				v = v * v % span // skewed
			}
			c.Ints[i] = base + v
		}
		if round%11 == 5 {
			c.Ints[0], c.Ints[n-1] = -1<<63, 1<<63-1 // the whole int64 range
		}
		rows := make([]int32, n)
		for i := range rows {
			rows[i] = int32(3*i + 1)
		}
		ranks := RankRows(&c, AllRows(n))
		for _, kind := range []Kind{ZOrder, Hilbert} {
			opt := Options{Seed: uint64(round), NoNoise: round%3 == 0}
			if round%13 == 6 {
				opt.NumRanges = 2 + rng.IntN(40)
			}
			numFiles := 1 + rng.IntN(300)
			want, err := FilesRanked(rows, []Ranks{ranks}, kind, numFiles, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := l.LayoutValuesScratch(rows, c.Ints, kind, numFiles, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("round %d: %s, %d rows, span %d, %d files, noise off %v: %d files from values, %d from ranks",
					round, kind, n, span, numFiles, opt.NoNoise, len(got), len(want))
			}
		}
	}
}

// TestLayoutValuesRefuses: what Layout refuses, LayoutValuesScratch refuses too, with reasons.
func TestLayoutValuesRefuses(t *testing.T) {
	var l Layouter
	rows, vals := []int32{0, 1}, []int64{5, 6}
	for name, call := range map[string]func() error{
		"no files":      func() error { _, err := l.LayoutValuesScratch(rows, vals, ZOrder, 0, Options{}); return err },
		"short values":  func() error { _, err := l.LayoutValuesScratch(rows, vals[:1], ZOrder, 2, Options{}); return err },
		"not clustered": func() error { _, err := l.LayoutValuesScratch(rows, vals, OrderBy, 2, Options{}); return err },
		"one range id": func() error {
			_, err := l.LayoutValuesScratch(rows, vals, Hilbert, 2, Options{NumRanges: 1})
			return err
		},
	} {
		if call() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
