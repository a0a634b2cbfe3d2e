package stats

import (
	"math/rand/v2"
	"testing"

	"layoutlab/engine/table"
)

// TestGatherRange holds the eight- and four-rows-a-step loops to a row-at-a-time min/max for
// every count of rows up to 40 (every remainder of eight, the empty file included), rows in any order and
// repeated, extremes at every position.
func TestGatherRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 1))
	ints := make([]int64, 64)
	c16 := make([]uint16, 64)
	c32 := make([]uint32, 64)
	for i := range ints {
		ints[i] = rng.Int64() - 1<<62
		c16[i], c32[i] = uint16(rng.Uint32()), rng.Uint32()
	}
	ints[7], ints[9] = -1<<63, 1<<63-1 // the extremes themselves
	c16[7], c16[9], c32[7], c32[9] = 0, 1<<16-1, 0, 1<<32-1
	for n := 0; n <= 40; n++ {
		for trial := range 20 {
			rows := make([]int32, n)
			for i := range rows {
				rows[i] = int32(rng.IntN(len(ints)))
			}
			if n > 0 && trial < 10 { // an extreme at position trial % n
				rows[trial%n] = int32(7 + 2*(trial%2))
			}
			lo, hi := int64(1<<63-1), int64(-1<<63)
			l16, h16, l32, h32 := uint16(1<<16-1), uint16(0), uint32(1<<32-1), uint32(0)
			for _, r := range rows {
				lo, hi = min(lo, ints[r]), max(hi, ints[r])
				l16, h16 = min(l16, c16[r]), max(h16, c16[r])
				l32, h32 = min(l32, c32[r]), max(h32, c32[r])
			}
			if gl, gh := intRangeNoNulls(ints, rows); gl != lo || gh != hi {
				t.Fatalf("intRangeNoNulls(%v) = %d, %d, want %d, %d", rows, gl, gh, lo, hi)
			}
			if gl, gh := codeRangeNoNulls(c16, rows); gl != l16 || gh != h16 {
				t.Fatalf("codeRangeNoNulls[uint16](%v) = %d, %d, want %d, %d", rows, gl, gh, l16, h16)
			}
			if gl, gh := codeRangeNoNulls(c32, rows); gl != l32 || gh != h32 {
				t.Fatalf("codeRangeNoNulls[uint32](%v) = %d, %d, want %d, %d", rows, gl, gh, l32, h32)
			}
		}
	}
}

// TestSetInt: setInt leaves what the Value literal would, over a zero value and over one with
// every field set.
func TestSetInt(t *testing.T) {
	for _, v := range []table.Value{{}, {Kind: table.String, Null: true, Scale: 3, I: 9, Hi: 8, F: 1.5, S: "x"}} {
		setInt(&v, table.Date, -42, 2)
		if want := (table.Value{Kind: table.Date, I: -42, Scale: 2}); v != want {
			t.Errorf("setInt left %+v, want %+v", v, want)
		}
	}
}
