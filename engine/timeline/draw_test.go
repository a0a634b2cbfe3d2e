package timeline

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestMulHi holds the generator's two products to bits.Mul64: random words and the edges.
func TestMulHi(t *testing.T) {
	if orderDomain != 1<<40 {
		t.Fatalf("mulHiOrder is x·(2^40-1); orderDomain is %d", orderDomain)
	}
	xs := []uint64{0, 1, 2, 1<<24 - 1, 1 << 24, 1<<32 - 1, 1 << 32, 1<<40 - 1, 1 << 40, 1<<63 - 1, 1 << 63, 1<<64 - 1}
	rng := rand.New(rand.NewPCG(52, 3))
	for range 100_000 {
		xs = append(xs, rng.Uint64())
	}
	for _, x := range xs {
		for _, n := range []uint32{CustomerDomain, 1, 1<<32 - 1} {
			if want, _ := bits.Mul64(x, uint64(n)); mulHi32(x, n) != want {
				t.Fatalf("mulHi32(%#x, %d) = %#x, want %#x", x, n, mulHi32(x, n), want)
			}
		}
		if want, _ := bits.Mul64(x, orderDomain-1); mulHiOrder(x) != want {
			t.Fatalf("mulHiOrder(%#x) = %#x, want %#x", x, mulHiOrder(x), want)
		}
	}
}
