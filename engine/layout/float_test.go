package layout

import (
	"testing"

	"layoutlab/engine/table"
)

// TestRankRowsFloat: a float column (kept in Floats, as engine/datafiles reads real tables) ranks
// by value, NULL as -1, like a double.
func TestRankRowsFloat(t *testing.T) {
	vals := []float32{2.5, -1, 2.5, 0, 46.566, -0.5}
	c := table.Column{Kind: table.Float, Nulls: []bool{false, false, false, true, false, false}}
	for _, v := range vals {
		c.Floats = append(c.Floats, float64(v))
	}
	r := RankRows(&c, AllRows(len(vals)))
	want := []int32{2, 0, 2, -1, 3, 1}
	for i := range want {
		if r.R[i] != want[i] {
			t.Fatalf("ranks %v, want %v", r.R, want)
		}
	}
	if r.Distinct != 4 {
		t.Errorf("%d distinct", r.Distinct)
	}
}
