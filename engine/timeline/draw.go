package timeline

// The high words of the row generator's 64x64-bit products, exactly as bits.Mul64 gives them,
// for the two domains it draws from. Under js/wasm bits.Mul64 is no instruction but five
// multiplications and their carries; a factor known to fit 32 bits needs two, and 2^40-1 none.
// TestMulHi holds both to bits.Mul64.

// mulHi32 is the high word of x·n for n < 2^32: with x = xh·2^32 + xl, x·n = xh·n·2^32 + xl·n,
// and xh·n + (xl·n)>>32 ≤ (2^32-1)² + 2^32-1 < 2^64 does not overflow.
func mulHi32(x uint64, n uint32) uint64 {
	return (x>>32*uint64(n) + (x&(1<<32-1)*uint64(n))>>32) >> 32
}

// mulHiOrder is the high word of x·(orderDomain-1) = x·2^40 - x: x>>24, less one when the low
// word x<<40 - x borrows (x<<40 < x).
func mulHiOrder(x uint64) uint64 {
	hi := x >> 24
	if x<<40 < x {
		hi--
	}
	return hi
}
