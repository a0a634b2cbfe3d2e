package layout

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"layoutlab/engine/curve"
)

// LayoutValuesScratch is LayoutScratch for a bin Z-ordered or clustered on one key that is a
// non-null integer, given by its values (vals[i] is row rows[i]'s) rather than its Ranks. One
// key takes the single-key path (single), which needs the rows in value order only up to
// permutations within a range id: range_partition_id's bounds fall at about 1,000 places,
// and rows between two bounds share an id whatever their order. So the rows are bucketed by
// their values' high bits and only a bucket a bound falls in is sorted; the files are the
// ones Layout returns for the key's ranks, without sorting the whole bin.
func (l *Layouter) LayoutValuesScratch(rows []int32, vals []int64, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	l.sortedN = 0
	if numFiles < 1 {
		return nil, fmt.Errorf("layout: %d files: need at least one", numFiles)
	}
	if len(vals) != len(rows) {
		return nil, fmt.Errorf("layout: %d values for %d rows", len(vals), len(rows))
	}
	if kind != ZOrder && kind != Hilbert {
		return nil, fmt.Errorf("layout: %s is not laid out from values", kind)
	}
	numRanges, err := opt.numRanges()
	if err != nil {
		return nil, err
	}
	n := len(rows)
	if n == 0 {
		return nil, nil
	}
	l.reuse = true
	defer func() { l.reuse = false }()
	l.drawNoise(n, opt)
	l.part = slices.Grow(l.part[:0], n)[:n]
	sizes := l.singleValues(vals, numRanges, min(numFiles, n))
	return l.place(rows, sizes), nil
}

// singleValues is single over values: it walks the positions bucket by bucket (a counting
// sort on the values' top bits), passes a bucket whole when no range bound can fall in it
// (curve.Bounder.Skip) and sorts it to walk its distinct values otherwise. Runs of equal range
// id then go to noiseGroups exactly as single sends them. It sets l.part and returns the rows
// in each partition.
func (l *Layouter) singleValues(vals []int64, numRanges, parts int) []int {
	n := len(vals)
	lo, hi := valueRange(vals)
	// About n/4 buckets: a bound's bucket holds a few rows to sort.
	span := uint64(hi) - uint64(lo)
	shift := uint(max(0, bits.Len64(span)-max(1, bits.Len(uint(n))-2)))
	nb := int(span>>shift) + 1
	end := slices.Grow(l.bucketEnd[:0], nb)[:nb]
	clear(end)
	countBuckets(end, vals, lo, shift)
	bucketStarts(end) // each bucket's start, until the scatter below moves it to its end
	order := slices.Grow(l.pos[:0], n)[:n]
	scatterBuckets(order, end, vals, lo, shift)
	l.bucketEnd, l.pos = end, order

	ids := curve.NewBounder(int64(n), min(numRanges, n))
	files := curve.NewBounder(int64(n), parts)
	sizes := l.fileSizes(parts + 1)
	start, runID := 0, 0 // the current run of equal range id: order[start:i]
	first, b := 0, 0     // the next bucket to walk, order[first:end[b]]
	for b < nb {
		// Buckets ending within the bounder's room hold no bound: pass them together.
		// (Room is MaxInt64 once every bound is out: saturate rather than wrap negative.)
		if limit := int64(first) + min(ids.Room(), math.MaxInt64-int64(first)); int64(end[b]) <= limit {
			skip := lastEndAtMost(end, b, limit)
			if id, _ := ids.Skip(int64(end[skip]) - int64(first)); id != runID {
				l.noiseGroups(order[start:first], &files, sizes)
				start, runID = first, id
			}
			first, b = int(end[skip]), skip+1
			continue
		}
		// A bound falls in this bucket: walk its distinct values in order.
		last := int(end[b])
		if shift == 0 {
			// The bucket is one value: one run of its rows, in any order, with nothing to sort.
			if id, _ := ids.Next(int64(last - first)); id != runID {
				l.noiseGroups(order[start:first], &files, sizes)
				start, runID = first, id
			}
		} else if shift < 32 {
			l.walkBucketKeys(vals, order, first, last, lo, uint64(b)<<shift, &ids, &files, sizes, &start, &runID)
		} else {
			l.walkBucket(vals, order, first, last, &ids, &files, sizes, &start, &runID)
		}
		first, b = last, b+1
	}
	l.noiseGroups(order[start:], &files, sizes)
	return sizes
}

// walkBucket sorts the bucket order[first:last] by value and walks its distinct values, sending
// each finished run of equal range id to noiseGroups (singleValues' walk; start and runID are
// its current run).
func (l *Layouter) walkBucket(vals []int64, order []int32, first, last int, ids, files *curve.Bounder, sizes []int, start, runID *int) {
	bucket := order[first:last]
	if len(bucket) <= 16 {
		// Buckets hold a few rows: an insertion sort beats a sort call.
		for i := 1; i < len(bucket); i++ {
			p, v := bucket[i], vals[bucket[i]]
			j := i
			for ; j > 0 && vals[bucket[j-1]] > v; j-- {
				bucket[j] = bucket[j-1]
			}
			bucket[j] = p
		}
	} else {
		slices.SortFunc(bucket, func(p, q int32) int { return cmp.Compare(vals[p], vals[q]) })
	}
	for i := first; i < last; {
		v := vals[order[i]]
		j := i + 1
		for j < last && vals[order[j]] == v {
			j++
		}
		if id, _ := ids.Next(int64(j - i)); id != *runID {
			l.noiseGroups(order[*start:i], files, sizes)
			*start, *runID = i, id
		}
		i = j
	}
}

// walkBucketKeys is walkBucket for a bucket narrower than 2³² (its values less its base, lo +
// base, fit 32 bits): each row becomes one key, value above position, so the sort compares
// integers rather than calling a function that looks two values up, cheaper natively and more
// so in wasm. Equal values end up ordered by position, not as walkBucket leaves them, which
// changes nothing: a run's rows reach noiseGroups as a set (it counts them by noise byte).
func (l *Layouter) walkBucketKeys(vals []int64, order []int32, first, last int, lo int64, base uint64, ids, files *curve.Bounder, sizes []int, start, runID *int) {
	bucket := order[first:last]
	keys := l.bucketKeys
	if cap(keys) < len(bucket) {
		// Stored only when grown: a store of a slice into l is a write barrier while the
		// collector marks, and this runs a bucket a bound falls in.
		keys = make([]uint64, 2*len(bucket))
		l.bucketKeys = keys
	}
	keys = keys[:len(bucket)]
	for i, q := range bucket {
		keys[i] = (uint64(vals[q])-uint64(lo)-base)<<32 | uint64(uint32(q))
	}
	if len(keys) <= 64 {
		// Buckets hold a few rows (a few dozen at most but rarely): an insertion sort over
		// integers beats a sort call, which under js/wasm costs microseconds in pivot choice.
		for i := 1; i < len(keys); i++ {
			k := keys[i]
			j := i
			for ; j > 0 && keys[j-1] > k; j-- {
				keys[j] = keys[j-1]
			}
			keys[j] = k
		}
	} else {
		slices.Sort(keys)
	}
	for i, k := range keys {
		bucket[i] = int32(uint32(k))
	}
	for i := 0; i < len(keys); {
		v := keys[i] >> 32
		j := i + 1
		for j < len(keys) && keys[j]>>32 == v {
			j++
		}
		if id, _ := ids.Next(int64(j - i)); id != *runID {
			l.noiseGroups(order[*start:first+i], files, sizes)
			*start, *runID = first+i, id
		}
		i = j
	}
}
