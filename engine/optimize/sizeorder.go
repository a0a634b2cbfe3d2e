package optimize

import "layoutlab/engine/table"

// CompactionOrder is the order compaction takes the n files of one partition, size(i) being
// file i's: OptimizeTableStrategy.prepareFilesPerPartition's stable sortBy(size)
// (spark/src/main/scala/org/apache/spark/sql/delta/commands/optimize/OptimizeTableStrategy.scala),
// ties in their given order. A caller that lists an unpartitioned table's Snapshot.Files in
// this order gives the planner a list its sort finds sorted and returns as it is, instead of a
// sorted copy (a million files were 118 MB more at the open's peak); by the sort's stability
// the plan is the same.
func CompactionOrder(n int, size func(i int) int64) []int32 {
	keys, pos := make([]uint64, n), make([]int32, n)
	sorted := true
	for i := range keys {
		keys[i], pos[i] = uint64(size(i))^1<<63, int32(i) // the sign bit flipped: int64 order
		sorted = sorted && (i == 0 || keys[i-1] <= keys[i])
	}
	if !sorted {
		var rs table.RadixSorter
		rs.SortPairs(keys, pos) // no Yield: no error
	}
	return pos
}
