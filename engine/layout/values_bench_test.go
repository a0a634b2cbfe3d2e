package layout

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkLayoutValues lays out one bin of 100,000 rows on one key from its values (the
// timeline's one-key Z-order and liquid bins: singleValues, noiseGroups, place), uniform over
// a million values and over fifty. Run natively and under js/wasm for the ratio of the two.
func BenchmarkLayoutValues(b *testing.B) {
	for _, c := range []struct {
		name   string
		domain int64
	}{{"wide", 1_000_000}, {"narrow", 50}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			const n = 100_000
			rows, vals := make([]int32, n), make([]int64, n)
			for i := range rows {
				rows[i], vals[i] = int32(i), 1+rng.Int64N(c.domain)
			}
			var l Layouter
			for i := 0; b.Loop(); i++ {
				if _, err := l.LayoutValuesScratch(rows, vals, ZOrder, 40, Options{Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
