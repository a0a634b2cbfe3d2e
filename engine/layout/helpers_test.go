package layout

import (
	"fmt"

	"layoutlab/engine/table"
)

// Files lays out one bin: rows are the bin's row indices into t in table order, keys the leaf
// indices of the clustering (or sort) columns. It returns the files, each a list of row
// indices. Append ignores keys; OrderBy uses the first.
func Files(t *table.Table, rows []int32, keys []int, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	ranks := make([]Ranks, len(keys))
	for i, k := range keys {
		if k < 0 || k >= len(t.Cols) {
			return nil, fmt.Errorf("layout: key leaf %d is not in the table (%d leaves)", k, len(t.Cols))
		}
		ranks[i] = RankRows(&t.Cols[k], rows)
	}
	return FilesRanked(rows, ranks, kind, numFiles, opt)
}

// FilesRanked is Files with each key's ranks over the bin already computed (RankRows), which is
// what a caller that re-lays out the same bin many times caches.
func FilesRanked(rows []int32, keys []Ranks, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	var l Layouter
	return l.Layout(rows, keys, kind, numFiles, opt)
}
