package inspect

import (
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
