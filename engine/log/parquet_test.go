package deltalog

import "layoutlab/engine/log/parquetjson"

// The tests read the real tables' Parquet checkpoints.
func init() { UseParquet(parquetjson.Lines) }
