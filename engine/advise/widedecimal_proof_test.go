package advise

import (
	"fmt"
	"strings"
	"testing"

	"layoutlab/engine/table"
)

// withWideDecimal adds to the event table a decimal(38,0) column big = user_id·10^20 + row mod 97:
// values past 64 bits that differ only in their last digits, which a double would merge.
func withWideDecimal(t *testing.T, tab *table.Table) *table.Table {
	typ := table.Type{Kind: table.Decimal, Precision: 38}
	users := &tab.Cols[tab.LeafIndex("user_id")]
	col := table.Column{Kind: table.Decimal, Ints: make([]int64, tab.NumRows)}
	his := make(table.HighWords, tab.NumRows)
	for r := range tab.NumRows {
		v, err := table.ParseDecimal(fmt.Sprintf("%d%020d", users.Int(r), r%97), typ)
		if err != nil {
			t.Fatal(err)
		}
		col.Ints[r], his[r] = v.I, v.Hi
	}
	col.Wide = his
	tab.Schema.Fields = append(tab.Schema.Fields, table.Field{Name: "big", Type: typ})
	tab.Leaves = tab.Schema.Leaves()
	tab.Cols = append(tab.Cols, col)
	return tab
}

// The --write proof with a key past 18 digits: CLUSTER BY, ZORDER BY and ORDER BY (big) are laid
// out, bounded and written exactly (table.HighWords), and inspect --where big = v on each
// written table reads exactly the files predicted, one file a lookup for CLUSTER BY (big).
func TestWriteProofWideDecimalKey(t *testing.T) {
	tab := withWideDecimal(t, genTable(t, eventSpec(120), 20_000, 12))
	big := &tab.Cols[tab.LeafIndex("big")]
	var wl strings.Builder
	for _, r := range []int{17, 4242, 19_999} {
		fmt.Fprintf(&wl, "big = %s\n", big.Value(r).DecimalText())
	}
	var keyed int
	writeProof(t, tab, map[string]string{}, func(*table.Table) string { return wl.String() }, func(t *testing.T, c Candidate, _ string) {
		if len(c.Keys) == 1 && c.Keys[0] == "big" {
			keyed++
			if c.Layout == Cluster && c.FilesReadWeighted != 1 {
				t.Errorf("%s reads %.2f files a lookup, want 1", Label(c), c.FilesReadWeighted)
			}
		}
	})
	if keyed < 3 {
		t.Errorf("%d candidates keyed on big proved, want CLUSTER BY, ZORDER BY and ORDER BY", keyed)
	}
}
