package curve

import (
	"math"
	"slices"

	"layoutlab/engine/work"
)

// Range ids follow Delta's range_partition_id (M/expressions/RangePartitionId.scala), which
// RangePartitionIdRewrite (M/optimizer/RangePartitionIdRewrite.scala) turns into Apache Spark's
// RangePartitioner (core/src/main/scala/org/apache/spark/Partitioner.scala) over the column's
// non-null values with N partitions. Spark samples; Layout Lab uses the exact weighted quantiles,
// which is what Spark computes whenever its sample holds every row (up to 100·N rows at the
// default spark.sql.execution.rangeExchange.sampleSizePerPartition of 100). Then every non-null
// row is a candidate of weight 1 and:
//
//	partitions = min(N, non-null rows)           // RangePartitioner: determineBounds(candidates,
//	                                             //   math.min(partitions, candidates.size))
//	bounds     = AppendBounds(nil, counts, partitions)
//	id(value)  = number of bounds below value    // getPartition; a value equal to a bound stays below
//	id(NULL)   = 0                               // PartitionerExpr on null
//
// Worked example, values 0..19 once each and N = 10: step = 20/10 = 2, so the bounds are the
// values where the running count reaches 2, 4, …, 18, i.e. 1, 3, …, 17, and value v gets id v/2.
// When every distinct value is at least as frequent as total/partitions (in particular when each
// occurs once) and there are at most N of them, every value but the last is a bound and the id is
// the value's dense rank. A rare value among frequent ones does not reach the next target and
// shares the id of the value above it: counts (1, 2000) with N = 1000 give step 2.001, one bound
// (the second value) and id 0 for both values, which is also what Spark does.

// AppendBounds is Spark's RangePartitioner.determineBounds over distinct keys: counts[i] is
// the weight (number of rows) of the i-th smallest distinct key, and it appends to dst the
// indices of the keys chosen as upper bounds, ascending, at most partitions-1 of them. A key
// equal to a bound goes to the lower partition (getPartition).
//
// Spark walks its sorted candidates one row at a time, adding each weight to cumWeight and, once
// cumWeight ≥ target and the key is greater than the previous bound, emitting the key and adding
// step = totalWeight/partitions to target. Walking distinct keys with their counts emits the same
// keys: rows of one key after its emission are skipped as duplicates, and a key is emitted at one
// of its rows exactly when the running total after its last row reaches the target. Totals are
// sums of whole numbers in float64, exact below 2^53, as Spark's sums of 1.0f weights are.
// Keys with a count ≤ 0 have no rows and so are never candidates.
func AppendBounds(dst []int, counts []int64, partitions int) []int {
	var total int64
	for _, c := range counts {
		if c > 0 {
			total += c
		}
	}
	b := NewBounder(total, partitions)
	for i, c := range counts {
		if b.Full() {
			break
		}
		if c <= 0 {
			continue
		}
		if _, bound := b.Next(c); bound {
			dst = append(dst, i)
		}
	}
	return dst
}

// AppendPrefixBounds is AppendBounds over keys given by their running totals, ends[i] being
// the weight of keys 0..i, every key of weight at least 1 (ends strictly ascending). Each bound is
// found by binary search instead of by walking every key: a key is a bound at most once, so
// the next bound is the first key after the last one whose running total reaches the next target,
// which is where the walk (Bounder.Next) emits it. O(partitions · log keys), for a caller that
// bounds the same keys into several numbers of partitions.
func AppendPrefixBounds(dst []int, ends []int64, partitions int) []int {
	if len(ends) == 0 {
		return dst
	}
	b := NewBounder(ends[len(ends)-1], partitions)
	next := 0 // keys before next cannot be bounds any more
	for !b.Full() && next < len(ends) {
		k, _ := slices.BinarySearch(ends[next:], b.need) // the first running total >= need
		if next += k; next == len(ends) {
			break
		}
		dst = append(dst, next)
		b.target += b.step
		b.need = int64(math.Ceil(b.target))
		b.emitted++
		next++
	}
	return dst
}

// Bounder is determineBounds walked one distinct key at a time, for a caller that meets the
// keys in ascending order and wants each key's partition as it goes rather than the bounds:
// Next(counts[i]) for i = 0, 1, … returns the number of bounds below key i in
// AppendBounds(nil, counts, partitions).
// The total weight must be known in advance, as Spark's is. AppendBounds is built on it, so
// the two cannot disagree.
//
// Spark compares the float64 running weight with a float64 target; the weight is a whole
// number (exact below 2^53), so cumWeight >= target exactly when the integer weight reaches
// ceil(target), which the Bounder keeps as need: the per-key work is an integer add and compare,
// and Skip can pass over keys that cannot reach the next target.
type Bounder struct {
	step, target  float64
	cum, need     int64
	emitted, last int
}

// NewBounder starts the walk over keys whose counts sum to total, into partitions partitions.
func NewBounder(total int64, partitions int) Bounder {
	step := float64(total) / float64(max(partitions, 1))
	return Bounder{step: step, target: step, need: int64(math.Ceil(step)), last: max(partitions-1, 0)}
}

// Next takes the next distinct key's count (> 0) and returns the key's partition, and whether
// the key is a bound (the last key of its partition).
func (b *Bounder) Next(c int64) (part int, bound bool) {
	part = b.emitted
	if b.emitted == b.last {
		return part, false
	}
	b.cum += c
	if b.cum >= b.need {
		b.target += b.step
		b.need = int64(math.Ceil(b.target))
		b.emitted++
		return part, true
	}
	return part, false
}

// Skip takes the next keys at once when none of them can be a bound, their counts summing to
// w: it reports true and their partition, having done what Next on each would. Otherwise it
// takes nothing and reports false.
func (b *Bounder) Skip(w int64) (part int, ok bool) {
	if b.emitted == b.last {
		return b.emitted, true
	}
	if b.cum+w < b.need {
		b.cum += w
		return b.emitted, true
	}
	return 0, false
}

// Room is the most weight Skip can take at once: the keys up to, not including, the one at
// which the next bound would be reached (all of them once Full).
func (b *Bounder) Room() int64 {
	if b.emitted == b.last {
		return math.MaxInt64
	}
	return b.need - b.cum - 1
}

// Full reports whether every bound has been emitted: the remaining keys all fall in the last
// partition.
func (b *Bounder) Full() bool { return b.emitted == b.last }

// RangeIDs computes range ids while keeping its scratch space (one int64 per distinct value and
// the bounds) for the next call, so repeated use does not allocate. The zero value is ready to
// use; a RangeIDs is not safe for concurrent use.
type RangeIDs struct {
	// Yield, when set, is told every ProgressRows rows of Append's two passes over the ranks,
	// as "counting the values: 262144 of 1000000" and "assigning the ids: …"; its error stops
	// Append, which returns it.
	Yield work.Yield

	counts []int64
	bounds []int
}

// Append appends range_partition_id(column, numRanges) to dst for one column given as dense
// ranks: ranks[r] is the index of row r's value among the column's numDistinct sorted distinct
// non-null values, or -1 (any negative) for NULL. NULLs get id 0 and take no part in the bounds.
// numRanges < 2 gives all zeros (a RangePartitioner with one partition has no bounds; Delta
// rejects numRanges < 1 before that). A rank ≥ numDistinct is a programmer error and panics.
// The error is only ever the one Yield returned.
func (x *RangeIDs) Append(dst []int32, ranks []int32, numDistinct int, numRanges int) ([]int32, error) {
	counts := x.counts[:0]
	if cap(counts) < numDistinct {
		counts = make([]int64, 0, numDistinct)
	}
	counts = counts[:numDistinct]
	clear(counts)
	var rows int64
	for lo := 0; lo < len(ranks); lo += ProgressRows {
		if err := x.tick("counting the values", lo, len(ranks)); err != nil {
			return dst, err
		}
		rows += countRanks(counts, ranks[lo:min(lo+ProgressRows, len(ranks))])
	}
	partitions := int64(numRanges)
	if rows < partitions {
		partitions = rows
	}
	x.bounds = AppendBounds(x.bounds[:0], counts, int(partitions))

	countsToIDs(counts, x.bounds)
	x.counts = counts

	dst = slices.Grow(dst, len(ranks))
	for lo := 0; lo < len(ranks); lo += ProgressRows {
		if err := x.tick("assigning the ids", lo, len(ranks)); err != nil {
			return dst, err
		}
		dst = appendIDs(dst, counts, ranks[lo:min(lo+ProgressRows, len(ranks))])
	}
	return dst, nil
}

// countRanks adds each non-NULL rank's row to counts and returns how many there were. Not
// inlined, so that its loop over a block of rows does not make V8 optimise all of Append under
// js/wasm, and runs optimised from the second block on (V8 optimises a wasm function for its later calls,
// never the one under way: v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func countRanks(counts []int64, ranks []int32) (rows int64) {
	for _, r := range ranks {
		if r >= 0 {
			counts[r]++
			rows++
		}
	}
	return rows
}

// countsToIDs turns counts into each distinct value's id: the bounds are ascending, so one pass
// suffices. Not inlined, so that its loop stays out of Append (as countRanks).
//
//go:noinline
func countsToIDs(counts []int64, bounds []int) {
	id := 0
	for d := range counts {
		for id < len(bounds) && d > bounds[id] {
			id++
		}
		counts[d] = int64(id)
	}
}

// appendIDs appends each rank's id (0 for NULL), ids[rank] being the rank's. Not inlined, so
// that its loop stays out of Append (as countRanks).
//
//go:noinline
func appendIDs(dst []int32, ids []int64, ranks []int32) []int32 {
	for _, r := range ranks {
		var v int32
		if r >= 0 {
			v = int32(ids[r])
		}
		dst = append(dst, v)
	}
	return dst
}

// ProgressRows is how many rows Append reads between two calls of RangeIDs.Yield.
const ProgressRows = 1 << 18

// tick reports a pass's rows done, after its first block.
func (x *RangeIDs) tick(pass string, done, n int) error {
	if done == 0 {
		return nil
	}
	return x.Yield.Tick(pass, done, n, "")
}
