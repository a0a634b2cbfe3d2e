package stats

import (
	"strings"
	"testing"
	"time"

	"layoutlab/engine/table"
)

// TestDatetimeStatsRoundTrip: date, timestamp and timestamp_ntz statistics over the whole
// 0001-01-01 to 9999-12-31 range are written as Delta Spark writes them (timestamps truncated
// to milliseconds, StatisticsCollection) and read back to the exact day and millisecond; the
// same texts with a UTC offset, as Spark writes them in another session time zone, read as the
// same instant.
func TestDatetimeStatsRoundTrip(t *testing.T) {
	leaves := []table.Leaf{
		{Path: []string{"d"}, Type: table.Type{Kind: table.Date}},
		{Path: []string{"t"}, Type: table.Type{Kind: table.Timestamp}, Top: 1},
		{Path: []string{"tn"}, Type: table.Type{Kind: table.TimestampNTZ}, Top: 2},
	}
	for _, s := range []string{
		"0001-01-01 00:00:00", "0500-03-01 12:00:00", "1677-09-21 00:00:00", "1677-09-22 00:00:00",
		"1969-12-31 23:59:59.999999", "1970-01-01 00:00:00", "2262-04-11 23:47:16.854775",
		"2262-04-12 00:00:00", "9999-12-31 00:00:00", "9999-12-31 23:59:59.999999",
	} {
		tm, err := time.Parse("2006-01-02 15:04:05.999999", s)
		if err != nil {
			t.Fatal(err)
		}
		// The reference, through Unix seconds (exact here, unlike Duration-based arithmetic).
		sec := tm.Unix()
		days := sec / 86400
		if sec%86400 < 0 {
			days--
		}
		us := sec*1e6 + int64(tm.Nanosecond()/1000)
		ms := sec*1e6 + int64(tm.Nanosecond()/1e6)*1000
		vals := []table.Value{{Kind: table.Date, I: days}, {Kind: table.Timestamp, I: us}, {Kind: table.TimestampNTZ, I: us}}
		fs := FileStats{NumRecords: 1, MinValues: vals, MaxValues: vals, NullCount: []int64{0, 0, 0}}
		js := fs.JSON(leaves)
		iso := tm.Format("2006-01-02T15:04:05.000")
		want := `"d":"` + s[:10] + `","t":"` + iso + `Z","tn":"` + iso + `"`
		if !strings.Contains(js, `"minValues":{`+want+`}`) {
			t.Errorf("%s: JSON %s, want minValues {%s}", s, js, want)
		}
		// West of UTC, so that 9999-12-31 stays within four-digit years. (East of it, Spark would
		// write "+10000-01-01T05:29:59.999+05:30"; that statistic is left out and the file read.)
		west := tm.Add(-8 * time.Hour).Format("2006-01-02T15:04:05.000")
		shifted := strings.Replace(js, `"maxValues":{"d":"`+s[:10]+`","t":"`+iso+`Z"`, `"maxValues":{"d":"`+s[:10]+`","t":"`+west+`-08:00"`, 1)
		if shifted == js {
			t.Fatalf("%s: no offset put in %s", s, js)
		}
		for _, text := range []string{js, shifted} {
			got, err := ParseJSON(text, leaves)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			wantVals := []table.Value{{Kind: table.Date, I: days}, {Kind: table.Timestamp, I: ms}, {Kind: table.TimestampNTZ, I: ms}}
			for i, w := range wantVals {
				if got.MinValues[i] != w || got.MaxValues[i] != w {
					t.Errorf("%s: %s read as min %v (I=%d) max %v (I=%d), want I=%d", text, leaves[i].Name(),
						got.MinValues[i], got.MinValues[i].I, got.MaxValues[i], got.MaxValues[i].I, w.I)
				}
			}
		}
	}
	got, err := ParseJSON(`{"numRecords":1,"maxValues":{"t":"+10000-01-01T05:29:59.999+05:30"}}`, leaves)
	if err != nil || !got.MaxValues[1].Absent() {
		t.Errorf("a five-digit year: %v, %v; want the statistic left out", got.MaxValues[1], err)
	}
}
