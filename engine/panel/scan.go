package panel

import (
	"errors"

	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// scan runs Delta's data skipping (skipping.FilesForScan: partition filters, the min/max
// rewrites, verifyStatsForFilter) for the WHERE predicate and marks the files it reads. A
// predicate that does not parse or resolve is an invalid-input error naming the position.
func scan(t *table.Table, where string, fs []stats.FileStats, files [][]int32, paths []string, partValues []map[string]string, partCols []string, indexed []bool, read []bool) error {
	pred, err := skipping.Parse(where, t.Leaves)
	if err != nil {
		var el skipping.ErrorList
		if errors.As(err, &el) {
			return invalid("where: " + el.Error())
		}
		return invalid("where: " + err.Error())
	}
	in := make([]skipping.File, len(fs))
	for i := range fs {
		in[i] = skipping.File{Path: paths[i], PartitionValues: partValues[i], Stats: &fs[i], Rows: int64(len(files[i]))}
	}
	s, err := skipping.FilesForScan(in, pred, skipping.Table{Leaves: t.Leaves, PartitionColumns: partCols, StatsColumns: indexed})
	if err != nil {
		return invalid("where: " + err.Error())
	}
	for i := range read {
		read[i] = s.Reasons[i].Kept()
	}
	return nil
}
