package optimize

import "strconv"

// tenths is strconv.FormatFloat(float64(b)/2^shift, 'f', 1, 64), FormatBytes' figure in a
// binary unit, in integers: b/2^shift is exact in a float64 while |b| < 2^53, so the figure is
// 10|b|/2^shift rounded half to even (as strconv rounds an exact decimal), its sign in front.
// FormatFloat's fixed-precision path is multiprecision decimal arithmetic, slow natively and
// slower under js/wasm, for every bin and file size a plan prints. shift is 10, 20 or 30.
func tenths(b int64, shift uint) string {
	m := uint64(b)
	if b < 0 {
		m = -m
	}
	if m >= 1<<53 {
		return strconv.FormatFloat(float64(b)/float64(int64(1)<<shift), 'f', 1, 64)
	}
	x := m * 10
	q, r, half := x>>shift, x&(1<<shift-1), uint64(1)<<(shift-1)
	if r > half || r == half && q&1 == 1 {
		q++
	}
	s := strconv.FormatUint(q/10, 10) + "." + string(rune('0'+q%10))
	if b < 0 {
		s = "-" + s
	}
	return s
}
