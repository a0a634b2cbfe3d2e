package stats

import (
	"fmt"
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
		// West of UTC 0001-01-01 00:00 is year 0000, and east of it 9999-12-31 23:59 is
		// "+10000-01-01", as java.time prints years past four digits.
		javaYear := func(tm time.Time) string {
			y := ""
			switch {
			case tm.Year() > 9999:
				y = "+"
			case tm.Year() < 0:
				y = "-"
			}
			yy := tm.Year()
			if yy < 0 {
				yy = -yy
			}
			return y + fmt.Sprintf("%04d", yy) + tm.Format("-01-02T15:04:05.000")
		}
		west := javaYear(tm.Add(-8 * time.Hour))
		east := javaYear(tm.Add(5*time.Hour + 30*time.Minute))
		var texts []string
		for _, z := range []string{west + "-08:00", east + "+05:30"} {
			shifted := strings.Replace(js, `"maxValues":{"d":"`+s[:10]+`","t":"`+iso+`Z"`, `"maxValues":{"d":"`+s[:10]+`","t":"`+z+`"`, 1)
			if shifted == js {
				t.Fatalf("%s: no offset put in %s", s, js)
			}
			texts = append(texts, shifted)
		}
		for _, text := range append(texts, js) {
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
	// Years as java.time prints them past four digits, and one past Spark's range (left out).
	got, err := ParseJSON(`{"numRecords":1,"minValues":{"d":"-0001-12-31","t":"+10000-01-01T00:00:00.000Z"},"maxValues":{"d":"+5881580-07-11","t":"+12345678-01-01T00:00:00.000Z"}}`, leaves)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		got  table.Value
		want int64
	}{
		{got.MinValues[0], time.Date(-1, 12, 31, 0, 0, 0, 0, time.UTC).Unix() / 86400},
		{got.MinValues[1], time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC).Unix() * 1e6},
		{got.MaxValues[0], 2147483647},
	} {
		if c.got.Absent() || c.got.I != c.want {
			t.Errorf("read %v (I=%d), want I=%d", c.got, c.got.I, c.want)
		}
	}
	if !got.MaxValues[1].Absent() {
		t.Errorf("an eight-digit year read as %v, want it left out", got.MaxValues[1])
	}
}
