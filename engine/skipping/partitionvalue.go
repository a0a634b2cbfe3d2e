package skipping

import "layoutlab/engine/table"

// PartitionValue is a partition column's value for rows of a file whose add action holds s in
// partitionValues: NULL for "" (the log's null, engine/deltalog AddFile), else Cast(s AS t) as
// castPartitionValue reads it; false when s does not cast.
func PartitionValue(s string, t table.Type) (table.Value, bool) {
	if s == "" {
		return table.NullValue(t.Kind), true
	}
	return castPartitionValue(s, t)
}
