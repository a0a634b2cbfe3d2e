// Package curve computes Delta Lake's clustering keys byte for byte as Delta's own code does in
// spark/src/main/scala/org/apache/spark/sql/delta/expressions/ (InterleaveBits.scala,
// HilbertIndex.scala, HilbertUtils.scala, HilbertStates.java and RangePartitionId.scala), with the
// range ids of Apache Spark's RangePartitioner (core/src/main/scala/org/apache/spark/Partitioner.scala).
//
// OPTIMIZE … ZORDER BY and liquid clustering both turn each clustering column into a range id in
// [0, N) (N = spark.databricks.io.skipping.mdc.rangeId.max, DefaultNumRanges), then combine the ids
// into one sort key (M/skipping/MultiDimClustering.scala, M/ = spark/src/main/scala/org/apache/
// spark/sql/delta/):
//
//   - Z-order: InterleaveBits of the ids, 4 bytes per column, column 0 supplying the most
//     significant bit of every group; the bytes sort as an unsigned big-endian integer.
//   - Hilbert (liquid clustering, 2..9 columns): the state-machine Hilbert index with
//     NumBits(N) bits per column (10 for N = 1000), as a uint64 when dims·bits < 64 (Delta's
//     HilbertLongIndex) and otherwise as ceil(dims·bits/8) big-endian bytes
//     (HilbertByteArrayIndex).
//
// A worked example with N = 4 (3 bits per column) and two columns whose ids are (3, 0):
// InterleaveBits gives the 8 bytes 00 00 00 00 00 00 00 0a (binary 1010: the bits of 3 and 0
// alternate, column 0 first) and the Hilbert index is 5; (1, 2) gives Z = 6 and Hilbert = 13.
//
// Range ids (RangeIDs, AppendBounds, Bounder) are Spark's bounds computed over
// every row, which is what Spark's sample gives whenever it holds the whole bin. They equal the
// dense rank when a column has at most N distinct values of similar frequency, but not in
// general: a rare value beside a frequent one shares its id, as in Spark.
//
// For a bin of rows, HilbertEncoder.LongColumns keys column-major ids
// in one call, several times faster than a call per row.
//
// The Hilbert state tables are generated from Delta's algorithm (not hard-coded), once per number
// of dimensions on first use, and are safe for concurrent use. Nothing here imports syscall/js; the
// package builds natively and for GOOS=js GOARCH=wasm.
package curve
