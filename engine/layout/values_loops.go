package layout

// The loops over every row of singleValues' counting sort, four rows a step: under js/wasm a
// Go function is one loop dispatching its basic blocks, so every iteration's jumps are paid
// per row; four rows a step pays them once for four. Not inlined, as gatherKeys (rank.go):
// each is a call V8 optimises after the first few bins.

// valueRange is the smallest and largest of vals (not empty).
//
//go:noinline
func valueRange(vals []int64) (lo, hi int64) {
	lo, hi = vals[0], vals[0]
	i := 0
	for ; i+4 <= len(vals); i += 4 {
		v := vals[i : i+4 : i+4]
		lo = min(lo, v[0], v[1], v[2], v[3])
		hi = max(hi, v[0], v[1], v[2], v[3])
	}
	for _, v := range vals[i:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// countBuckets adds to count[b] the values of bucket b, (v - lo) >> shift.
//
//go:noinline
func countBuckets(count []int32, vals []int64, lo int64, shift uint) {
	shift &= 63 // no-op (shift < 64); the mask drops the compare and select per row of a wider shift
	i := 0
	for ; i+4 <= len(vals); i += 4 {
		v := vals[i : i+4 : i+4]
		count[(uint64(v[0])-uint64(lo))>>shift]++
		count[(uint64(v[1])-uint64(lo))>>shift]++
		count[(uint64(v[2])-uint64(lo))>>shift]++
		count[(uint64(v[3])-uint64(lo))>>shift]++
	}
	for _, v := range vals[i:] {
		count[(uint64(v)-uint64(lo))>>shift]++
	}
}

// bucketStarts replaces each count by the sum of those before it (the bucket's first place),
// four buckets a step: a bin has a bucket for about every four rows.
//
//go:noinline
func bucketStarts(count []int32) {
	sum := int32(0)
	i := 0
	for ; i+4 <= len(count); i += 4 {
		c := count[i : i+4 : i+4]
		c0, c1, c2, c3 := c[0], c[1], c[2], c[3]
		c[0], c[1], c[2], c[3] = sum, sum+c0, sum+c0+c1, sum+c0+c1+c2
		sum += c0 + c1 + c2 + c3
	}
	for ; i < len(count); i++ {
		c := count[i]
		count[i], sum = sum, sum+c
	}
}

// scatterBuckets puts each position i of vals at its bucket's next place in order: next[b] is
// where bucket b's next position goes, and is moved past it.
//
//go:noinline
func scatterBuckets(order, next []int32, vals []int64, lo int64, shift uint) {
	shift &= 63 // as countBuckets
	i := 0
	for ; i+4 <= len(vals); i += 4 {
		v := vals[i : i+4 : i+4]
		// Each slot read once: the store to order could otherwise be next's, forcing a reload.
		b := (uint64(v[0]) - uint64(lo)) >> shift
		e := next[b]
		order[e], next[b] = int32(i), e+1
		b = (uint64(v[1]) - uint64(lo)) >> shift
		e = next[b]
		order[e], next[b] = int32(i+1), e+1
		b = (uint64(v[2]) - uint64(lo)) >> shift
		e = next[b]
		order[e], next[b] = int32(i+2), e+1
		b = (uint64(v[3]) - uint64(lo)) >> shift
		e = next[b]
		order[e], next[b] = int32(i+3), e+1
	}
	for ; i < len(vals); i++ {
		b := (uint64(vals[i]) - uint64(lo)) >> shift
		e := next[b]
		order[e], next[b] = int32(i), e+1
	}
}

// setPart gives every row of run partition p, four rows a step (noiseGroups' run with no
// bound in it).
//
//go:noinline
func setPart(part, run []int32, p int32) {
	i := 0
	for ; i+4 <= len(run); i += 4 {
		q := run[i : i+4 : i+4]
		part[q[0]], part[q[1]], part[q[2]], part[q[3]] = p, p, p, p
	}
	for _, q := range run[i:] {
		part[q] = p
	}
}

// countNoise adds each row of run to count by its noise byte (as unsigned, b = noise ^ 0x80,
// whose order is the signed one) and marks the bytes present: bit b&63 of present[b>>6].
// Four rows a step, not inlined (its per-row work would otherwise make noiseGroups' own loop).
//
//go:noinline
func countNoise(count *[256]int32, present *[4]uint64, noise []int8, run []int32) {
	i := 0
	for ; i+4 <= len(run); i += 4 {
		q := run[i : i+4 : i+4]
		b0, b1 := uint8(noise[q[0]])^0x80, uint8(noise[q[1]])^0x80
		b2, b3 := uint8(noise[q[2]])^0x80, uint8(noise[q[3]])^0x80
		count[b0]++
		count[b1]++
		count[b2]++
		count[b3]++
		present[b0>>6] |= 1 << (b0 & 63)
		present[b1>>6] |= 1 << (b1 & 63)
		present[b2>>6] |= 1 << (b2 & 63)
		present[b3>>6] |= 1 << (b3 & 63)
	}
	for _, q := range run[i:] {
		b := uint8(noise[q]) ^ 0x80
		count[b]++
		present[b>>6] |= 1 << (b & 63)
	}
}

// partByNoise gives every row of run the partition of its noise byte, partOf[noise ^ 0x80].
func partByNoise(part []int32, partOf *[256]int32, noise []int8, run []int32) {
	i := 0
	for ; i+4 <= len(run); i += 4 {
		q := run[i : i+4 : i+4]
		part[q[0]] = partOf[uint8(noise[q[0]])^0x80]
		part[q[1]] = partOf[uint8(noise[q[1]])^0x80]
		part[q[2]] = partOf[uint8(noise[q[2]])^0x80]
		part[q[3]] = partOf[uint8(noise[q[3]])^0x80]
	}
	for _, q := range run[i:] {
		part[q] = partOf[uint8(noise[q])^0x80]
	}
}

// lastEndAtMost is the last bucket s >= b whose end, end[s], is at most limit, given end[b]
// is (ends ascend): a galloping search, steps doubling from b and then halving, O(log(s-b))
// where a walk bucket by bucket paid a compare and a bounds check per bucket passed, most of
// the buckets of a large bin.
func lastEndAtMost(end []int32, b int, limit int64) int {
	lo, step := b, 1
	for lo+step < len(end) && int64(end[lo+step]) <= limit {
		lo += step
		step *= 2
	}
	top := min(lo+step, len(end)) // end[top] > limit, or past the end
	for top-lo > 1 {
		mid := int(uint(lo+top) >> 1)
		if int64(end[mid]) <= limit {
			lo = mid
		} else {
			top = mid
		}
	}
	return lo
}
