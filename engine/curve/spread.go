package curve

import (
	"sync"
	"sync/atomic"
)

// spreadBits is the width of the spread tables' index.
const spreadBits = 10

// spreadFor returns the spread table for stride n (1 ≤ n ≤ 9), building it on first use:
// entry v moves bit i of v to bit i·n, leaving n-1 zero bits between neighbours (bits past 63
// are dropped). Interleaving columns is then one lookup, shift and OR per column instead of a
// loop over bits: InterleaveBits uses the first 256 entries (a byte of each id per step), and a
// Hilbert key's z bits come from one lookup per coordinate at the default 10 bits
// (spark.databricks.io.skipping.mdc.rangeId.max = 1000). 8 KiB per stride.
func spreadFor(n int) *[1 << spreadBits]uint64 {
	if t := spreads[n].Load(); t != nil {
		return t
	}
	spreadOnce[n].Do(func() {
		t := new([1 << spreadBits]uint64)
		for v := range t {
			for i := range spreadBits {
				if i*n < 64 {
					t[v] |= uint64(v>>i&1) << (i * n)
				}
			}
		}
		spreads[n].Store(t)
	})
	return spreads[n].Load()
}

var (
	spreadOnce [maxDims + 1]sync.Once
	spreads    [maxDims + 1]atomic.Pointer[[1 << spreadBits]uint64]
)

// spreadWide spreads up to 32 bits of v with stride n, spreadBits at a time. Pieces that would
// start at bit 64 or above shift out (Go shifts of 64 or more give 0), which only happens when
// they are zero or past the key anyway.
func spreadWide(sp *[1 << spreadBits]uint64, v uint32, n uint) uint64 {
	const m = 1<<spreadBits - 1
	return sp[v&m] | sp[v>>spreadBits&m]<<(spreadBits*n) | sp[v>>(2*spreadBits)&m]<<(2*spreadBits*n) |
		sp[v>>(3*spreadBits)&m]<<(3*spreadBits*n)
}
