// Package stats collects and serialises the per-file statistics Delta writes into an add
// action's stats field (PROTOCOL.md "Per-file Statistics"; spark/src/main/scala/org/apache/spark/
// sql/delta/stats/StatisticsCollection.scala).
package stats

import "layoutlab/engine/table"

// FileStats is one file's statistics, indexed by the table's leaf order. A leaf outside the stats
// schema, or whose min/max Delta does not collect, has a zero (absent) Value and NullCount -1.
// This mirrors DeltaStatistics (M/stats/ReadsMetadataFields.scala).
type FileStats struct {
	NumRecords  int64         // physical rows; -1 when absent
	MinValues   []table.Value // per leaf; Value.Absent() when not collected
	MaxValues   []table.Value
	NullCount   []int64 // per leaf; -1 when not collected
	TightBounds *bool   // written only when deletion vectors are supported
}
