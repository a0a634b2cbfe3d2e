package deltalog_test

import (
	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
)

// The tests read the real tables' Parquet checkpoints with the reader engine/inspect passes in
// OpenOptions. (A package of its own: parquetjson imports deltalog.)
func init() { deltalog.SetTestParquet(parquetjson.Rows) }
