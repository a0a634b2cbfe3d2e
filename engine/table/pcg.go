package table

import "math/bits"

// PCG is math/rand/v2's PCG (128-bit LCG, DXSM output) as a plain value, seeded as
// rand.NewPCG(Hi, Lo) is: a loop that draws from a local PCG keeps its state in registers,
// where a *rand.PCG costs a call and two memory round trips per draw. Rows and noise bytes are
// drawn hundreds of thousands at a time.
type PCG struct{ Hi, Lo uint64 }

// math/rand/v2's PCG multiplier and increment (128-bit, as halves), and DXSM's cheap multiplier.
const (
	mulHi    = 2549297995355413924
	mulLo    = 4865540595714422341
	incHi    = 6364136223846793005
	incLo    = 1442695040888963407
	cheapMul = 0xda942042e4dd58b5
)

// Uint64 is rand.PCG.Uint64.
func (p *PCG) Uint64() uint64 {
	hi, lo := bits.Mul64(p.Lo, mulLo)
	hi += p.Hi*mulLo + p.Lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.Lo, p.Hi = lo, hi
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// Fill writes the next len(dst) draws to dst, the values Uint64 would return one by one. Under
// js/wasm, where bits.Mul64 is no instruction but a function of five multiplications, Uint64
// is too costly to inline and each draw pays a call; a loop drawing many values calls Fill
// once. (The step is Uint64's, written out again: TestPCGFill holds the two to each other.)
func (p *PCG) Fill(dst []uint64) {
	sHi, sLo := p.Hi, p.Lo
	for i := range dst {
		hi, lo := bits.Mul64(sLo, mulLo)
		hi += sHi*mulLo + sLo*mulHi
		lo, c := bits.Add64(lo, incLo, 0)
		hi, _ = bits.Add64(hi, incHi, c)
		sLo, sHi = lo, hi
		hi ^= hi >> 32
		hi *= cheapMul
		hi ^= hi >> 48
		hi *= lo | 1
		dst[i] = hi
	}
	p.Hi, p.Lo = sHi, sLo
}
