package curve

import (
	"errors"
	"fmt"
	"math/bits"
)

// DefaultNumRanges is the default number of range ids per clustering column:
// spark.databricks.io.skipping.mdc.rangeId.max (MDC_NUM_RANGE_IDS in M/sources/DeltaSQLConf.scala).
const DefaultNumRanges = 1000

// NumBits is the number of bits per column HilbertClustering gives each range id
// (M/skipping/MultiDimClustering.scala): numberOfTrailingZeros(highestOneBit(N)) + 1, which is
// floor(log2 N) + 1 for N ≥ 1, so 1000 → 10, 1024 → 11, 4 → 3. N is read as a Java int, and the
// values Java gives outside Delta's N > 1 check are kept: 0 → 33, negative → 32.
func NumBits(numRanges int) int {
	v := uint32(int32(numRanges))
	if v == 0 {
		return bits.TrailingZeros32(0) + 1 // Integer.highestOneBit(0) is 0, whose ntz is 32
	}
	return bits.Len32(v) // index of the highest one bit, plus one
}

// Curve is the order a clustering key imposes on rows.
type Curve uint8

const (
	// Linear sorts rows by the clustering columns one after the other (a plain ORDER BY). Delta has
	// no such curve; Layout Lab shows it next to Delta's two for comparison.
	Linear Curve = iota
	// ZOrder is OPTIMIZE … ZORDER BY's curve: InterleaveBits of the range ids.
	ZOrder
	// Hilbert is liquid clustering's curve: the Hilbert index of the range ids.
	Hilbert
)

// curveNames are the spellings Delta uses for its curves ("zorder", "hilbert" in
// M/commands/OptimizeTableStrategy.scala).
var curveNames = [...]string{Linear: "linear", ZOrder: "zorder", Hilbert: "hilbert"}

func (c Curve) String() string {
	if int(c) < len(curveNames) {
		return curveNames[c]
	}
	return fmt.Sprintf("curve(%d)", uint8(c))
}

// ErrNoColumns is Delta's assertion in MultiDimClustering.cluster when there is nothing to cluster by.
var ErrNoColumns = errors.New("Cannot cluster by zero columns!")

// Choose returns the curve Delta clusters numCols columns with. Liquid clustering asks for
// "hilbert" and OPTIMIZE … ZORDER BY for "zorder" (ClusteringStrategy and ZOrderStrategy in
// M/commands/OptimizeTableStrategy.scala); MultiDimClustering.cluster
// (M/skipping/MultiDimClustering.scala) then replaces "hilbert" with Z-order for a single column,
// because a one-dimensional Hilbert curve does not exist and the 4-byte range id already sorts
// the same way.
func Choose(liquid bool, numCols int) (Curve, error) {
	switch {
	case numCols < 1:
		return 0, ErrNoColumns
	case liquid && numCols > 1:
		return Hilbert, nil
	}
	return ZOrder, nil
}
