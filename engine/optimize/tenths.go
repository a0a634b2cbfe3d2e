package optimize

import "strconv"

// tenths is strconv.FormatFloat(float64(b)/2^shift, 'f', 1, 64) + unit, FormatBytes' figure
// in a binary unit, in integers: b/2^shift is exact in a float64 while |b| < 2^53, so the
// figure is 10|b|/2^shift rounded half to even (as strconv rounds an exact decimal), its sign
// in front. FormatFloat's fixed-precision path is multiprecision decimal arithmetic, slow
// natively and slower under js/wasm, for every bin and file size a plan prints. shift is 10,
// 20 or 30; the string is the one allocation.
func tenths(b int64, shift uint, unit string) string {
	m := uint64(b)
	if b < 0 {
		m = -m
	}
	if m >= 1<<53 {
		return strconv.FormatFloat(float64(b)/float64(int64(1)<<shift), 'f', 1, 64) + unit
	}
	x := m * 10
	q, r, half := x>>shift, x&(1<<shift-1), uint64(1)<<(shift-1)
	if r > half || r == half && q&1 == 1 {
		q++
	}
	var buf [40]byte
	s := buf[:0]
	if b < 0 {
		s = append(s, '-')
	}
	s = strconv.AppendUint(s, q/10, 10)
	s = append(s, '.', byte('0'+q%10))
	return string(append(s, unit...))
}
