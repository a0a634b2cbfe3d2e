package inspect

import (
	"runtime"
	"slices"
	"testing"
)

// TestIntRanksAreValueRanks: a leaf whose bounds are kept as integers is ranked from them
// (intRanks) as from its bounds gathered as values (valueRanks): the same files, ranks and
// distinct count, for each integer column of the bench table; intRanks declines a leaf kept as
// values (its strings).
func TestIntRanksAreValueRanks(t *testing.T) {
	in := benchInspector(t, testFiles)
	checked := 0
	for _, col := range in.SpanColumns() {
		li := in.spanLeaf(col)
		in.readLeaves([]int{li})
		files, rank, distinct, err := in.intRanks(li, nil)
		if err != nil {
			t.Fatal(err)
		}
		if in.cols.leaves[li].ints[0] == nil {
			if files != nil {
				t.Errorf("%s: a leaf kept as values was ranked as integers", col)
			}
			continue
		}
		wf, wr, wd, err := in.valueRanks(li, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 || !slices.Equal(files, wf) || !slices.Equal(rank, wr) || distinct != wd {
			t.Errorf("%s: intRanks gives %d files, %d distinct; valueRanks %d files, %d distinct (or ranks differ)", col, len(files), distinct, len(wf), wd)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no integer column was checked")
	}
}

// TestIntSpansScratchPerFile: the spans of an integer column whose bounds are far apart (id:
// file i holds ids i*1000 to i*1000+999) allocate at most 64 bytes a file: the files (int32s),
// the bounds, whose memory becomes the sort's keys, the sort's positions, in whose memory the
// ranks are made, its buffers, and the spans (rankInt64s). Ranked through layout.RankRows, with
// its list of rows, its own keys and positions and each rank's first row, they were 105; with
// files as ints and an array of ranks of their own, 72: the 1,000,000-file page's Go heap was at
// its most as the grid was drawn, no collection running in that stretch.
func TestIntSpansScratchPerFile(t *testing.T) {
	const files = 50_000
	in := benchInspector(t, files)
	in.readLeaves([]int{in.spanLeaf("id")})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	spans, err := in.SpansYield("id", nil)
	runtime.ReadMemStats(&after)
	if err != nil || len(spans) != files {
		t.Fatalf("%d spans, %v", len(spans), err)
	}
	if per := float64(after.TotalAlloc-before.TotalAlloc) / files; per > 64 {
		t.Fatalf("the spans of id allocated %.1f bytes a file; want at most 64", per)
	}
}
