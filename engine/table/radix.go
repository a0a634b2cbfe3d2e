package table

import (
	"math"
	"math/bits"
	"slices"
	"strconv"

	"layoutlab/engine/work"
)

// RadixSorter is an LSD radix sort of uint64 keys, with or without int32 payloads, reusing its
// buffers between calls: the one sort behind ranks, dictionaries and curve-key layouts.
// Only the span of bits that differ between keys is sorted, so dates take one or two passes and
// packed 48-bit curve keys three.
type RadixSorter struct {
	// Yield, when set, is told as each pass of a sort of more than ProgressRows keys begins,
	// as "radix pass 2 of 3", and every ProgressRows keys of its scatter, as "radix pass 2 of 3:
	// 262144 of 1000000 keys"; its error stops the sort (the keys are left part sorted).
	Yield work.Yield

	k2    []uint64
	p2    []int32
	count []int32
}

// SortPairs sorts keys ascending, permuting pos alongside. It is stable. The error is only
// ever the one Yield returned.
func (s *RadixSorter) SortPairs(keys []uint64, pos []int32) error {
	n := len(keys)
	if n < 256 {
		insertionSort(keys, pos)
		return nil
	}
	diff := differingBits(keys)
	if diff == 0 {
		return nil
	}
	// Only bits that differ between keys need sorting: from the lowest to the highest differing
	// bit, in as few passes as digits of at most maxBits allow (16 bits for large inputs, whose
	// count table then still sits in L2; 11 for small ones, where clearing it would dominate).
	lowBit := uint(bits.TrailingZeros64(diff))
	sig := uint(bits.Len64(diff)) - lowBit
	maxBits := RadixMaxBits(n)
	passes := (sig + maxBits - 1) / maxBits
	width := (sig + passes - 1) / passes
	mask := uint64(1)<<width - 1
	if cap(s.count) < 1<<width {
		s.count = make([]int32, 1<<width)
	}
	cnt := s.count[:1<<width]
	s.k2 = slices.Grow(s.k2[:0], n)[:n]
	s.p2 = slices.Grow(s.p2[:0], n)[:n]
	src, dst := keys, s.k2
	psrc, pdst := pos, s.p2
	for p := uint(0); p < passes; p++ {
		shift := lowBit + p*width
		if (diff>>shift)&mask == 0 {
			continue
		}
		report := s.Yield != nil && n > ProgressRows
		pass := "radix pass " + strconv.Itoa(int(p+1)) + " of " + strconv.Itoa(int(passes))
		if report {
			if err := s.Yield.Begin(pass); err != nil {
				return err
			}
		}
		countDigits(cnt, src, shift, mask)
		if err := s.scatterPass(pass, report, cnt, src, psrc, dst, pdst, shift, mask); err != nil {
			return err
		}
		src, dst = dst, src
		psrc, pdst = pdst, psrc
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(pos, psrc)
	}
	return nil
}

// differingBits is the bits that are not the same in every key. Not inlined, so that its loop
// does not make V8 optimise all of SortPairs under js/wasm (V8 optimises a wasm function for its later calls,
// never the one under way: v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func differingBits(keys []uint64) uint64 {
	var or, and uint64 = 0, math.MaxUint64
	for _, k := range keys {
		or |= k
		and &= k
	}
	return or ^ and
}

// scatterPass is a pass's scatter, its long part, in calls of radixBlock keys, reported every
// ProgressRows keys when report is set. Not inlined, so that its loop stays out of SortPairs
// (as differingBits).
//
//go:noinline
func (s *RadixSorter) scatterPass(pass string, report bool, cnt []int32, src []uint64, psrc []int32, dst []uint64, pdst []int32, shift uint, mask uint64) error {
	n := len(src)
	for lo := 0; lo < n; lo += radixBlock {
		if report && lo > 0 && lo%ProgressRows == 0 {
			if err := s.Yield.Tick(pass, lo, n, "keys"); err != nil {
				return err
			}
		}
		hi := min(lo+radixBlock, n)
		scatterPairs(cnt, src[lo:hi], psrc[lo:hi], dst, pdst, shift, mask)
	}
	return nil
}

// ProgressRows is the size below which a sort's passes are not reported (they take a few
// milliseconds at most), and the block of a pass's scatter between two reports: a column's
// generation reports as often (TickRows).
const ProgressRows = TickRows

// RadixMaxBits is the widest digit worth using for n keys: about n/8 buckets, so each bucket
// receives several keys and the scatter stays cache-friendly, between 8 and 16 bits.
var RadixMaxBits = func(n int) uint {
	return uint(min(16, max(8, bits.Len(uint(n))-3)))
}

// insertionSort sorts fewer than 256 pairs. Not inlined: its loops in SortPairs, run for every
// small sort, would make V8 optimise all of SortPairs (as differingBits).
//
//go:noinline
func insertionSort(keys []uint64, pos []int32) {
	for i := 1; i < len(keys); i++ {
		k, p := keys[i], pos[i]
		j := i
		for j > 0 && keys[j-1] > k {
			keys[j], pos[j] = keys[j-1], pos[j-1]
			j--
		}
		keys[j], pos[j] = k, p
	}
}

// SortKeys sorts keys ascending on bits [lowBit, lowBit+sigBits) only: the caller knows the
// bits below are already in order (a row index packed under the value) and those above are
// zero. It returns the sorted slice, which is keys or the sorter's buffer.
func (s *RadixSorter) SortKeys(keys []uint64, lowBit, sigBits uint) []uint64 {
	n := len(keys)
	if sigBits == 0 {
		return keys
	}
	if n < 256 {
		slices.Sort(keys)
		return keys
	}
	maxBits := RadixMaxBits(n)
	passes := (sigBits + maxBits - 1) / maxBits
	width := (sigBits + passes - 1) / passes
	mask := uint64(1)<<width - 1
	if cap(s.count) < 1<<width {
		s.count = make([]int32, 1<<width)
	}
	cnt := s.count[:1<<width]
	s.k2 = slices.Grow(s.k2[:0], n)[:n]
	src, dst := keys, s.k2
	for p := uint(0); p < passes; p++ {
		shift := lowBit + p*width
		countDigits(cnt, src, shift, mask)
		for lo := 0; lo < n; lo += radixBlock {
			scatterKeys(cnt, src[lo:min(lo+radixBlock, n)], dst, shift, mask)
		}
		src, dst = dst, src
	}
	return src
}

// radixBlock is the keys of one call of a pass's loops. V8 replaces a wasm function's baseline
// code with optimised code for its next calls, never for a call under way
// (v8.dev/blog/wasm-dynamic-tiering): a pass made in one call would run in baseline code
// throughout. So the loops below are functions of their own, called per block.
const radixBlock = 4096

// countDigits sets cnt[d] to the number of keys whose digit (k>>shift&mask) is below d: where
// the scatter puts the first key of digit d.
func countDigits(cnt []int32, keys []uint64, shift uint, mask uint64) {
	clear(cnt)
	for lo := 0; lo < len(keys); lo += radixBlock {
		countBlock(cnt, keys[lo:min(lo+radixBlock, len(keys))], shift, mask)
	}
	sum := int32(0)
	for i, c := range cnt {
		cnt[i] = sum
		sum += c
	}
}

// countBlock counts the digits of a block of keys. Not inlined, so that each block's call after
// the first few runs optimised code under js/wasm (radixBlock).
//
//go:noinline
func countBlock(cnt []int32, keys []uint64, shift uint, mask uint64) {
	for _, k := range keys {
		cnt[(k>>shift)&mask]++
	}
}

// scatterPairs moves a block of keys and their positions to their digits' places. Not inlined,
// as countBlock.
//
//go:noinline
func scatterPairs(cnt []int32, keys []uint64, pos []int32, dst []uint64, pdst []int32, shift uint, mask uint64) {
	for i, k := range keys {
		d := (k >> shift) & mask
		j := cnt[d]
		cnt[d]++
		dst[j] = k
		pdst[j] = pos[i]
	}
}

// scatterKeys moves a block of keys to their digits' places. Not inlined, as countBlock.
//
//go:noinline
func scatterKeys(cnt []int32, keys, dst []uint64, shift uint, mask uint64) {
	for _, k := range keys {
		d := (k >> shift) & mask
		dst[cnt[d]] = k
		cnt[d]++
	}
}
