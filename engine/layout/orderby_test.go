package layout

import (
	"slices"
	"testing"

	"layoutlab/engine/table"
)

// TestOrderByIsAStableSortOnRank: ORDER BY's files are the bin's rows stably sorted by rank,
// NULLs (-1) first, ties in bin order, cut into equal runs, for ranks with many ties and NULLs,
// and few: the counting sort is the comparison sort's order.
func TestOrderByIsAStableSortOnRank(t *testing.T) {
	src := table.PCG{Hi: 7, Lo: 9}
	for _, distinct := range []int{1, 3, 200, 5000} {
		n := 20_000
		rows := make([]int32, n)
		r := Ranks{R: make([]int32, n), Distinct: distinct}
		for i := range rows {
			rows[i] = int32(3*i + 1) // bin rows are not 0..n-1
			r.R[i] = int32(src.Uint64()%uint64(distinct+1)) - 1
		}
		pos := make([]int32, n)
		for i := range pos {
			pos[i] = int32(i)
		}
		slices.SortStableFunc(pos, func(a, b int32) int { return int(r.R[a]) - int(r.R[b]) })
		var want []int32
		for _, p := range pos {
			want = append(want, rows[p])
		}
		var l Layouter
		files, err := l.Layout(rows, []Ranks{r}, OrderBy, 7, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Concat(files...); !slices.Equal(got, want) {
			t.Fatalf("%d distinct: the order differs from a stable sort on rank", distinct)
		}
		if len(files) != 7 || len(files[0])-len(files[6]) > 1 {
			t.Errorf("%d distinct: files of %d..%d rows", distinct, len(files[0]), len(files[6]))
		}
	}
}
