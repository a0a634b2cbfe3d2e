package deltalog_test

import (
	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
)

// The tests read the real tables' Parquet checkpoints, as engine/inspect installs the reader.
// (A package of its own: parquetjson imports deltalog.)
func init() {
	deltalog.UseParquet(parquetjson.Lines)
	deltalog.UseParquetRows(parquetjson.Rows)
}
