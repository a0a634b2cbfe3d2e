package timeline

import (
	"math"
	"testing"

	"layoutlab/engine/layout"
	"layoutlab/engine/scenario"
)

// TestAppendPathsAreTheNamersInSplitOrder: a day's append files are named together (one string
// for the day), and each must still be the path FileNamer.Name gives file split of the day,
// the namer's draws taken in split order; checked on the first day of a partitioned and an
// unpartitioned table, whose files no OPTIMIZE has named before, with a last file smaller.
func TestAppendPathsAreTheNamersInSplitOrder(t *testing.T) {
	for _, s := range []scenario.Timeline{
		{Strategy: StrategyLiquid, Days: 2, IngestGB: 5.5, Seed: 3},
		{Strategy: StrategyZOrderFull, Days: 2, IngestGB: 4, Seed: 5},
	} {
		res, err := Run(s)
		if err != nil {
			t.Fatal(err)
		}
		r := res.run
		namer := layout.NewFileNamer(mix(r.s.Seed, 0x6e616d6573))
		dir := ""
		if r.tbl.partitioned {
			dir = ColEventDate + "=" + dateString(1)
		}
		var adds []int32
		for _, c := range r.tbl.commits {
			if c.info.Operation == "WRITE" {
				adds = c.adds
				break
			}
		}
		if want := int(math.Ceil(s.IngestGB / r.s.FileGB)); len(adds) != want {
			t.Fatalf("%s: day 1 appended %d files, want %d", s.Strategy, len(adds), want)
		}
		for split, id := range adds {
			if got, want := r.tbl.files.f(id).path, namer.Name(dir, split); got != want {
				t.Errorf("%s: day 1's file %d is %s, want %s", s.Strategy, split, got, want)
			}
		}
	}
}
