package optimize

import "layoutlab/engine/table"

// rangeMinOrder is the stable order of files by range minimum (rangeMin, as cmp.Compare orders
// floats), as positions: stableOrder(files, rangeMin, cmp.Compare[float64]) without its two
// calls through function values per comparison, which under js/wasm made fabricBinOrder's sort
// of the re-clustered files 15x its native time. The keys are floatOrderKey's, put in order by
// engine/table's radix sort, which is stable: ties keep their order, as stableOrder's.
func rangeMinOrder(files []File) []int32 {
	keys, pos := make([]uint64, len(files)), make([]int32, len(files))
	sorted := true
	for i := range files {
		keys[i], pos[i] = floatOrderKey(rangeMin(&files[i])), int32(i)
		sorted = sorted && (i == 0 || keys[i-1] <= keys[i])
	}
	if !sorted {
		var rs table.RadixSorter
		rs.SortPairs(keys, pos) // no Yield: no error
	}
	return pos
}

// appendAt appends files[p] to dst for each p of pos, in order.
func appendAt(dst, files []File, pos []int32) []File {
	for _, p := range pos {
		dst = append(dst, files[p])
	}
	return dst
}
