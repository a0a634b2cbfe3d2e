package filter

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

// TestParse: a WHERE of the form `column op literal` on a filter column reads as a filter (the
// value unquoted, <> as !=); any other WHERE does not.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		where string
		want  Filter
		ok    bool
	}{
		{"user_id = 31415926", Filter{"user_id", "=", "31415926"}, true},
		{"  event_date>='2025-03-01' ", Filter{"event_date", ">=", "2025-03-01"}, true},
		{"event_date = DATE'2025-03-01'", Filter{"event_date", "=", "2025-03-01"}, true},
		{"country_code <> 'O''B'", Filter{"country_code", "!=", "O'B"}, true},
		{"region_id IN (1, 2)", Filter{}, false},
		{"user_id = 1 AND region_id = 2", Filter{}, false},
		{"nosuch = 1", Filter{}, false},
		{"", Filter{}, false},
	} {
		got, ok := Parse(tc.where)
		if ok != tc.ok || got != tc.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tc.where, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSetWritesTheWhere: a part changed writes the WHERE, quoting a string's or a date's value;
// a value that does not fit its column, an unknown column or operator is refused by name and
// the WHERE is kept.
func TestSetWritesTheWhere(t *testing.T) {
	s := scenario.Default()
	s.Panel.Where = "user_id > 7"
	if err := Set(&s, func(f *Filter) error { f.Col, f.Value = "country_code", "O'B"; return nil }); err != nil || s.Panel.Where != "country_code > 'O''B'" {
		t.Errorf("country_code: %v, WHERE %q", err, s.Panel.Where)
	}
	for _, tc := range []struct {
		edit func(*Filter)
		want string
	}{
		{func(f *Filter) { f.Col, f.Value = "user_id", "abc" }, "takes a number"},
		{func(f *Filter) { f.Col = "nosuch" }, `"nosuch" is not a column`},
		{func(f *Filter) { f.Op = "LIKE" }, `operator "LIKE"`},
		{func(f *Filter) { f.Value = " " }, "type a value for country_code"},
	} {
		err := Set(&s, func(f *Filter) error { tc.edit(f); return nil })
		if err == nil || !strings.Contains(err.Error(), tc.want) || s.Panel.Where != "country_code > 'O''B'" {
			t.Errorf("got %v, WHERE %q; want an error saying %q", err, s.Panel.Where, tc.want)
		}
	}
	// Not a filter: Current is one on the first key with its sample value.
	s.Panel.Where, s.Panel.Keys = "region_id IN (1, 2)", []string{"event_date"}
	if f, ok := Current(&s); ok || f != (Filter{"event_date", "=", "2025-03-01"}) {
		t.Errorf("Current = %+v, %v", f, ok)
	}
}
