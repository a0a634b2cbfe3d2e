package stats

import (
	"fmt"
	"testing"
	"time"
)

// TestPlainDateMatchesTimeParse checks plainDate, parseScalar's fast path for yyyy-MM-dd,
// against the time.Parse it stands in for: every month and day around the valid ranges of
// leap, common and century years, and text of the right length that is not a plain date.
func TestPlainDateMatchesTimeParse(t *testing.T) {
	var cases []string
	for _, y := range []int{0, 1, 4, 100, 400, 1582, 1899, 1900, 1969, 1970, 1971, 2000, 2023, 2024, 2100, 9999} {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d++ {
				cases = append(cases, fmt.Sprintf("%04d-%02d-%02d", y, m, d))
			}
		}
	}
	cases = append(cases, "2024-1-011", "2024/01/01", "2024-01-0a", "+024-01-01", "-024-01-01", "2024-01- 1",
		" 024-01-01", "2024-00-00", "99999-01-01", "2024-01-1", "")
	accepted := 0
	for _, s := range cases {
		days, ok := plainDate(s)
		want, err := time.Parse("2006-01-02", s)
		if ok != (err == nil) {
			t.Errorf("%q: plainDate ok %v, time.Parse error %v", s, ok, err)
			continue
		}
		if ok {
			accepted++
			if w := want.Unix() / 86400; days != w {
				t.Errorf("%q: plainDate %d days, time.Parse %d", s, days, w)
			}
		}
	}
	if accepted < 16*12*28 {
		t.Errorf("only %d dates accepted: the cases miss the valid range", accepted)
	}
}

// FuzzPlainDate holds plainDate to time.Parse on any text.
func FuzzPlainDate(f *testing.F) {
	for _, s := range []string{"2024-02-29", "2023-02-29", "0000-01-01", "9999-12-31", "2024-13-01", "+024-01-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		days, ok := plainDate(s)
		want, err := time.Parse("2006-01-02", s)
		if ok && (err != nil || days != want.Unix()/86400) {
			t.Errorf("%q: plainDate %d, time.Parse %v (%v)", s, days, want, err)
		}
	})
}
