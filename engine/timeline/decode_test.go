package timeline

import (
	"math/rand/v2"
	"testing"
)

// TestDecode holds decode's eight- and four-rows-a-step loops to Base + code row by row, for
// every count of rows up to 20 (each remainder of eight) and both code widths, dst longer than
// rows included.
func TestDecode(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 2))
	c16, c32 := make([]uint16, 50), make([]uint32, 50)
	for i := range c16 {
		c16[i], c32[i] = uint16(rng.Uint32()), rng.Uint32()
	}
	const base = -1 << 40
	for n := 0; n <= 20; n++ {
		rows := make([]int32, n)
		for i := range rows {
			rows[i] = int32(rng.IntN(len(c16)))
		}
		d16, d32 := make([]int64, n+3), make([]int64, n+3)
		decode(d16, c16, base, rows)
		decode(d32, c32, base, rows)
		for i, r := range rows {
			if d16[i] != base+int64(c16[r]) || d32[i] != base+int64(c32[r]) {
				t.Fatalf("n=%d row %d: decoded %d, %d, want %d, %d", n, i, d16[i], d32[i], base+int64(c16[r]), base+int64(c32[r]))
			}
		}
		if d16[n] != 0 || d32[n] != 0 {
			t.Fatalf("n=%d: decode wrote past its rows", n)
		}
	}
}
