// Package layout splits one bin of a table's rows into files exactly as Delta Lake writes them:
// a plain append, an ORDER BY then write, OPTIMIZE … ZORDER BY, and liquid clustering's Hilbert
// OPTIMIZE (SpaceFillingCurveClustering.cluster in spark/src/main/scala/org/apache/spark/sql/
// delta/skipping/MultiDimClustering.scala, with Apache Spark's RangePartitioner).
//
// A bin is one partition directory's rows, or the whole table when it is not partitioned; Delta
// clusters each OPTIMIZE bin separately, so range ids are quantiles of that bin's rows only
// (range_partition_id in expressions/RangePartitionId.scala, same directory). The result of
// every layout is a list of files, each a list of row indices into the table, in the order
// Spark's writer would number them (part-00000, part-00001…).
//
// How each layout is made:
//
//   - Append: the bin's rows in table order, cut into numFiles consecutive files whose sizes
//     differ by at most one row (a write with spark.sql.files.maxRecordsPerFile; with 100,000
//     rows and 32 files every file holds 3,125 rows).
//   - OrderBy: INSERT … SELECT … ORDER BY k written by one task with maxRecordsPerFile = rows/F:
//     Spark's global sort (a range-partitioned exchange followed by a per-partition sort) gives
//     rows in ascending k, NULLS FIRST, and the writer cuts that stream into consecutive files
//     of equal row count. Ties are kept in table order, so the result is deterministic. Files
//     therefore hold disjoint, ordered ranges of k, except that one value may straddle a cut.
//   - ZOrder: per key range_partition_id(k, N) over the bin (N = 1000 by default), the ids
//     interleaved with interleave_bits (compared as unsigned bytes), then
//     repartitionByRange(numFiles, zkey, noise) with noise = (rand()*255 - 128).cast(ByteType):
//     RangePartitioner bounds from exact weighted quantiles over the sorted distinct (zkey,
//     noise) composites; each row goes to the partition RangePartitioner.getPartition gives; one
//     file per non-empty partition. Rows inside a file keep bin order (sortWithinFiles = false).
//   - Hilbert: the same with hilbert_index(NumBits(N), ids…) as the key (a uint64 for up to six
//     keys at N = 1000, big-endian bytes for seven to nine); a single key falls back to Z-order
//     as MultiDimClustering.cluster does.
//
// Everything is seeded (math/rand/v2 PCG) and gives the same files natively and under wasm.
package layout
