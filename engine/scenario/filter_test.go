package scenario

import "testing"

// TestParseFilter: a WHERE of the form column op literal reads as the filter's three parts, a
// typed or quoted literal unquoted; any other WHERE is no filter.
func TestParseFilter(t *testing.T) {
	for _, tc := range []struct {
		where string
		want  filter
		ok    bool
	}{
		{"user_id = 31415926", filter{"user_id", "=", "31415926"}, true},
		{"  event_date>='2025-03-01' ", filter{"event_date", ">=", "2025-03-01"}, true},
		{"event_date = DATE'2025-03-01'", filter{"event_date", "=", "2025-03-01"}, true},
		{"country_code <> 'O''B'", filter{"country_code", "!=", "O'B"}, true},
		{"region_id IN (1, 2)", filter{}, false},
		{"user_id = 1 AND region_id = 2", filter{}, false},
		{"nosuch = 1", filter{}, false},
		{"", filter{}, false},
	} {
		got, ok := parseFilter(tc.where)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseFilter(%q) = %+v, %v; want %+v, %v", tc.where, got, ok, tc.want, tc.ok)
		}
	}
}
