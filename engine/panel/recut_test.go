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
	// One key takes the single-key walk in a fresh layout and a re-cut of sorted composites
	// after a slider move; campaign_id is 40% NULL, search_query a string 30% NULL.
	keySets := [][]string{{"user_id", "event_date", "region_id"}, {"user_id"}, {"campaign_id"}, {"search_query"}}
	for _, lay := range []string{"hilbert", "zorder", "orderby", "append"} {
		for _, keys := range keySets {
			var e Engine
			p := scenario.Default().Panel
			p.Rows = 20_000
			p.Layout = lay
			p.Keys = keys
			for _, files := range []int{32, 20, 57, 1, 32, 200} {
				p.Files = files
				got := e.Run(p)
				var fresh Engine
				want := fresh.Run(p)
				if got.Error != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s on %v, %d files after a slider move: the result differs from a fresh run (error %v)", lay, keys, files, got.Error)
				}
			}
		}
	}
}
