package parquetjson

import (
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
)

// TestPlainJSONDatetimeRange: a checkpoint's DATE and TIMESTAMP values (partitionValues_parsed,
// stats_parsed) over Delta's 0001-9999 range render as the commit JSON would hold them.
func TestPlainJSONDatetimeRange(t *testing.T) {
	for _, s := range []string{
		"0001-01-01 00:00:00", "1677-09-21 00:00:00", "1677-09-22 00:00:00", "1969-12-31 23:59:59.999",
		"1970-01-01 00:00:00", "2262-04-11 00:00:00", "2262-04-12 00:00:00", "9999-12-31 23:59:59.999",
	} {
		tm, err := time.Parse("2006-01-02 15:04:05.999", s)
		if err != nil {
			t.Fatal(err)
		}
		sec := tm.Unix()
		days := sec / 86400
		if sec%86400 < 0 {
			days--
		}
		ms := sec*1000 + int64(tm.Nanosecond()/1e6)
		iso := tm.Format("2006-01-02T15:04:05.000")
		for _, tc := range []struct {
			v    any
			n    parquet.Node
			want string
		}{
			{int32(days), parquet.Date(), s[:10]},
			{ms * 1000, parquet.Timestamp(parquet.Microsecond), iso + "Z"},
			{ms, parquet.Timestamp(parquet.Millisecond), iso + "Z"},
			{ms * 1000, parquet.TimestampAdjusted(parquet.Microsecond, false), iso},
		} {
			if got := plainJSON(tc.v, tc.n); got != tc.want {
				t.Errorf("plainJSON(%v, %s) = %v, want %s", tc.v, tc.n.Type(), got, tc.want)
			}
		}
	}
}
