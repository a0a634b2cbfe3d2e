package panel

import (
	"reflect"
	"testing"

	"layoutlab/engine/scenario"
)

// TestFilesSliderMatchesAFreshRun: moving only the number of files re-cuts the last clustered
// order (layout.Layouter.Recut); every figure equals what a fresh engine computes, for the
// layouts that re-cut and those that do not.
func TestFilesSliderMatchesAFreshRun(t *testing.T) {
	for _, lay := range []string{"hilbert", "zorder", "orderby", "append"} {
		var e Engine
		p := scenario.Default().Panel
		p.Rows = 20_000
		p.Layout = lay
		p.Keys = []string{"user_id", "event_date", "region_id"}
		for _, files := range []int{32, 20, 57, 1, 32, 200} {
			p.Files = files
			got := e.Run(p)
			var fresh Engine
			want := fresh.Run(p)
			if got.Error != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, %d files after a slider move: the result differs from a fresh run (error %v)", lay, files, got.Error)
			}
		}
	}
}
