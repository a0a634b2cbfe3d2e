package table

import (
	"testing"
	"time"
)

// TestCivilAgainstTime: DaysFromCivil and CivilFromDays agree with the time package (whose Unix
// seconds are exact here) on every 97th day from year -9999 to 19999, and on both sides of the
// ends of time.Duration's range; Value.String prints dates and timestamps as time.Format does.
func TestCivilAgainstTime(t *testing.T) {
	lo := time.Date(-9999, 1, 1, 0, 0, 0, 0, time.UTC).Unix() / 86400
	hi := time.Date(19999, 12, 31, 0, 0, 0, 0, time.UTC).Unix() / 86400
	days := []int64{-106752, -106751, -106750, -1, 0, 1, 106751, 106752, 106753, -719162, 2932896}
	for d := lo; d <= hi; d += 97 {
		days = append(days, d)
	}
	for _, d := range days {
		tm := time.Unix(d*86400, 0).UTC()
		y, m, dd := CivilFromDays(d)
		if y != int64(tm.Year()) || m != int(tm.Month()) || dd != tm.Day() {
			t.Fatalf("CivilFromDays(%d) = %d-%d-%d, want %s", d, y, m, dd, tm)
		}
		if got := DaysFromCivil(y, m, dd); got != d {
			t.Fatalf("DaysFromCivil(%d, %d, %d) = %d, want %d", y, m, dd, got, d)
		}
		if !ValidCivil(y, m, dd) || ValidCivil(y, m, 32) {
			t.Fatalf("ValidCivil wrong on %d-%d-%d", y, m, dd)
		}
		if y < 0 || y > 9999 {
			continue
		}
		if got, want := (Value{Kind: Date, I: d}).String(), tm.Format("2006-01-02"); got != want {
			t.Fatalf("date %d prints %s, want %s", d, got, want)
		}
		us := d*MicrosPerDay + 45296789012 // 12:34:56.789012
		if got, want := (Value{Kind: Timestamp, I: us}).String(), time.UnixMicro(us).UTC().Format("2006-01-02 15:04:05.999999"); got != want {
			t.Fatalf("timestamp %d prints %s, want %s", us, got, want)
		}
	}
	if ValidCivil(1900, 2, 29) || !ValidCivil(2000, 2, 29) || !ValidCivil(4000, 2, 29) || ValidCivil(5000, 2, 29) {
		t.Error("ValidCivil's leap years")
	}
	if got := (Value{Kind: Date, I: DaysFromCivil(10000, 1, 1)}).String(); got != "+10000-01-01" {
		t.Errorf("year 10000 prints %s", got)
	}
	if got := (Value{Kind: TimestampNTZ, I: -1}).String(); got != "1969-12-31 23:59:59.999999" {
		t.Errorf("-1µs prints %s", got)
	}
}
