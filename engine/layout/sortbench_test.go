package layout

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

func BenchmarkRadix(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, mb := range []uint{0, 8, 11, 12, 13, 16} {
			b.Run(fmt.Sprintf("n=%d/bits=%d", n, mb), func(b *testing.B) {
				old := radixMaxBits
				if mb > 0 {
					radixMaxBits = func(int) uint { return mb }
				}
				defer func() { radixMaxBits = old }()
				rng := rand.New(rand.NewPCG(1, 2))
				src := make([]uint64, n)
				for i := range src {
					src[i] = rng.Uint64() >> 16
				}
				keys := make([]uint64, n)
				pos := make([]int32, n)
				var s sorter
				_ = bits.Len
				b.ResetTimer()
				for range b.N {
					copy(keys, src)
					s.sort(keys, pos)
				}
			})
		}
	}
}
