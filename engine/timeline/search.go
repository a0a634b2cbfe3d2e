package timeline

// lowerBound is slices.BinarySearch's index: the first i with s[i] >= v (len(s) when none).
// Each step halves the range without a branch on the comparison (the step is a select), so a
// search is log2(n) passes of one loop; under js/wasm each taken branch of slices.BinarySearch
// is a jump through the function's dispatch table, and the day's lookups search the live
// files' bounds 512 times a day. TestLowerBound holds it to slices.BinarySearch.
func lowerBound(s []int64, v int64) int {
	base, n := 0, len(s)
	for n > 1 {
		half := n / 2
		lt := 0
		if s[base+half-1] < v { // compiled as the comparison's 0 or 1, no branch
			lt = 1
		}
		base += half & -lt
		n -= half
	}
	if n == 1 && s[base] < v {
		base++
	}
	return base
}
