package timeline

import (
	"reflect"
	"testing"

	deltalog "layoutlab/engine/deltalog"
)

// TestParamLists: a commit's parameters set through paramLists (lists encoded once and
// reused) are those SetParameter sets, for lists that a careless key would confuse, lists
// seen again, and values that are not lists.
func TestParamLists(t *testing.T) {
	var pl paramLists
	values := []any{nil, []string(nil), []string{}, []string{""}, []string{"", ""}, []string{"a", "b"},
		[]string{"a:b"}, []string{"a", ":b"}, []string{"1:a"}, []string{"a\x00", "b"}, []string{"a", "\x00b"},
		[]string{"event_date >= '2026-01-01'"}, "text", true, []string{"a", "b"}, []string{""}}
	for round := range 2 {
		for i, v := range values {
			var got, want deltalog.CommitInfo
			pl.set(&got, "p", v)
			want.SetParameter("p", v)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, value %d (%#v): %+v, want %+v", round, i, v, got, want)
			}
		}
	}
}
