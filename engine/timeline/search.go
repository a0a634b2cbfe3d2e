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

// mergeSorted appends sorted old ⊎ add (both sorted) to out: each added value's place is
// found by lowerBound and the old values before it copied in one block (a memory.copy under
// js/wasm, where a merge that compares value by value pays a dispatch or two a value).
func mergeSorted(out, old, add []int64) []int64 {
	for _, v := range add {
		p := lowerBound(old, v)
		out = append(out, old[:p]...)
		out = append(out, v)
		old = old[p:]
	}
	return append(out, old...)
}

// removeSorted removes from sorted s, in place, one occurrence of each value of sorted rm (a
// value s does not hold removes nothing) and returns what is left, copying the values kept
// between two removals in one block.
func removeSorted(s, rm []int64) []int64 {
	w, r := 0, 0
	for _, v := range rm {
		p := r + lowerBound(s[r:], v)
		if p == len(s) || s[p] != v {
			continue
		}
		w += copy(s[w:], s[r:p])
		r = p + 1
	}
	w += copy(s[w:], s[r:])
	return s[:w]
}
