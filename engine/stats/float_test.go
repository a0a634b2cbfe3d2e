package stats

import (
	"strings"
	"testing"

	"layoutlab/engine/table"
)

// TestCollectFloat: a float column's bounds are floats, written as Java writes a float ("46.566",
// not the widened double's 46.566001892089844).
func TestCollectFloat(t *testing.T) {
	leaves := []table.Leaf{{Path: []string{"f"}, Type: table.Type{Kind: table.Float}}}
	tb := &table.Table{Leaves: leaves, NumRows: 3, Cols: []table.Column{{Kind: table.Float,
		Floats: []float64{float64(float32(46.566)), -2, 0}, Nulls: []bool{false, false, true}}}}
	fs := Collect(tb, []int32{0, 1, 2}, []bool{true}, DefaultConfig())
	got := fs.JSON(leaves)
	want := `{"numRecords":3,"minValues":{"f":-2.0},"maxValues":{"f":46.566},"nullCount":{"f":1}}`
	if got != want || fs.MaxValues[0].Kind != table.Float {
		t.Errorf("%s (max kind %s), want %s", got, fs.MaxValues[0].Kind, want)
	}
	if !strings.Contains(got, "46.566}") {
		t.Error("float written as a double")
	}
}
