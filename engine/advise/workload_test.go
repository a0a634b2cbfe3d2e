package advise

import (
	"strings"
	"testing"

	"layoutlab/engine/table"
)

func testLeaves(t *testing.T) []table.Leaf {
	s, err := eventSpec(30).Schema()
	if err != nil {
		t.Fatal(err)
	}
	return s.Leaves()
}

func TestParseWorkload(t *testing.T) {
	src := "# a comment\r\n\n3: user_id = 42\r\n  0.5 : event_date >= '2025-01-01'\nregion_id = 2\n\t# indented comment\n" +
		"event_date = '2025-01-01' AND amount > 10.5\n"
	w, err := ParseWorkload(src, testLeaves(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []Query{{Line: 3, Where: "user_id = 42", Weight: 3}, {Line: 4, Where: "event_date >= '2025-01-01'", Weight: 0.5},
		{Line: 5, Where: "region_id = 2", Weight: 1}, {Line: 7, Where: "event_date = '2025-01-01' AND amount > 10.5", Weight: 1}}
	if len(w.Queries) != len(want) {
		t.Fatalf("%d queries, want %d", len(w.Queries), len(want))
	}
	for i, q := range w.Queries {
		if q.Line != want[i].Line || q.Where != want[i].Where || q.Weight != want[i].Weight || q.pred == nil {
			t.Errorf("query %d: %+v, want %+v", i, q, want[i])
		}
	}
	if w.TotalWeight() != 5.5 {
		t.Errorf("total weight %g", w.TotalWeight())
	}
}

// A colon in a predicate is not a weight unless what precedes it is a number.
func TestWorkloadColonInPredicate(t *testing.T) {
	w, err := ParseWorkload("event_date = '2025-01-01' OR user_id = 1 -- 10:30\n", testLeaves(t))
	if err != nil {
		t.Fatal(err)
	}
	if w.Queries[0].Weight != 1 || !strings.HasPrefix(w.Queries[0].Where, "event_date") {
		t.Errorf("%+v", w.Queries[0])
	}
}

func TestWorkloadErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", "no query"},
		{"# only a comment\n", "no query"},
		{"user_id = 1\n0: user_id = 2\n", "workload line 2: weight \"0\""},
		{"-1: user_id = 2\n", "workload line 1: weight \"-1\""},
		{"1e10: user_id = 2\n", "workload line 1: weight"},
		{"2:\n", "workload line 1: a weight without a predicate"},
		{"user_id = 1\n\nnope = 3\n", "workload line 3: \"nope = 3\""},
		{"user_id = = 1\n", "workload line 1"},
		{"user_id = 1\n\xff\n", "not UTF-8"},
		{strings.Repeat("user_id = 1\n", MaxWorkloadQueries+1), "more than 1000 queries"},
	} {
		_, err := ParseWorkload(tc.src, testLeaves(t))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.40q: %v, want %q", tc.src, err, tc.want)
		}
	}
}
