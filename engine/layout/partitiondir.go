package layout

import "layoutlab/engine/table"

// PartitionDir is the Hive-style folder of a file whose partition columns (names as written,
// physical under column mapping) hold vals: col=value/... as Bins names it, NULL and "" as
// HiveDefaultPartition.
func PartitionDir(names []string, vals []table.Value) string {
	dir := ""
	for i, n := range names {
		if i > 0 {
			dir += "/"
		}
		dir += escapePathName(n) + "=" + partitionDirValue(vals[i])
	}
	return dir
}
