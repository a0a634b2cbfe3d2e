package deltalog_test

import (
	deltalog "layoutlab/engine/log"
	"layoutlab/engine/log/parquetjson"
)

// The tests read the real tables' Parquet checkpoints, as engine/inspect installs the reader.
// (A package of its own: parquetjson imports deltalog.)
func init() {
	deltalog.UseParquet(parquetjson.Lines)
	deltalog.UseParquetRows(parquetjson.Rows)
}
