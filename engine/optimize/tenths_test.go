package optimize

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestTenthsAsFormatFloat: tenths prints what FormatFloat(b/2^shift, 'f', 1) prints, for sizes
// at and around every exact half tenth (where the rounding goes to even), random sizes of
// every magnitude, both signs, and past 2^53 (where the float is no longer exact).
func TestTenthsAsFormatFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	for _, shift := range []uint{10, 20, 30} {
		unit := int64(1) << shift
		var bs []int64
		// 10b/2^shift = k + ½ exactly: b = (2k+1)·2^(shift-1)/10, whole when 5 divides 2k+1.
		for k := int64(0); k < 400; k++ {
			if num := (2*k + 1) << (shift - 1); num%10 == 0 {
				bs = append(bs, num/10-1, num/10, num/10+1)
			}
		}
		for range 20000 {
			bs = append(bs, unit+rng.Int64N(unit*1000), rng.Int64N(1<<uint(rng.IntN(62))))
		}
		bs = append(bs, unit, unit-1, 1<<53-1, 1<<53, 1<<53+1, math.MaxInt64, math.MinInt64, 0)
		for _, b := range bs {
			for _, v := range []int64{b, -b} {
				want := strconv.FormatFloat(float64(v)/float64(unit), 'f', 1, 64) + " X"
				if got := tenths(v, shift, " X"); got != want {
					t.Fatalf("tenths(%d, %d) = %s, want %s", v, shift, got, want)
				}
			}
		}
	}
}
