package inspect

import (
	"reflect"
	"testing"

	"layoutlab/engine/deltalog"
)

// TestHealthSameInEveryMode: health's figures are the same whichever columns the Inspector
// keeps (statsColumns) and whichever it gathers during the parse: the CLI without a WHERE
// (every column gathered), with a WHERE (its columns kept, the rest gathered), the page's Open
// (its colouring column kept), and health asked again (every column read from the kept
// statistics, a column at a time).
func TestHealthSameInEveryMode(t *testing.T) {
	for _, seed := range []uint64{1, 5} {
		fsys := healthTable(t, seed, 90)
		want, err := Inspect(fsys, "t", Options{Version: -1})
		if err != nil || want.Error != nil || len(want.ClusteringHealth) != 7 {
			t.Fatalf("seed %d: %v %+v", seed, err, want)
		}
		check := func(mode string, got []ColumnHealth) {
			t.Helper()
			if !reflect.DeepEqual(got, want.ClusteringHealth) {
				t.Errorf("seed %d, %s:\n%+v\nwant %+v", seed, mode, got, want.ClusteringHealth)
			}
		}
		for _, where := range []string{"s = 'k010' AND dbl > 3", "big = 5 OR ts IS NULL"} {
			r, err := Inspect(fsys, "t", Options{Version: -1, Where: where})
			if err != nil || r.Error != nil {
				t.Fatalf("%s: %v %+v", where, err, r.Error)
			}
			check("Inspect WHERE "+where, r.ClusteringHealth)
			r, _, err = Open(fsys, "t", Options{Version: -1, Where: where})
			if err != nil {
				t.Fatal(err)
			}
			check("Open WHERE "+where, r.ClusteringHealth)
		}
		r, in := openHealth(t, fsys)
		check("Open", r.ClusteringHealth)
		in.healthDone = false
		check("asked again", in.Health())

		// A WHERE's column is kept, not gathered too.
		s, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: -1})
		if err != nil {
			t.Fatal(err)
		}
		mixed := mustInspector(newInspector(s, "t", nil, Options{Where: "s = 'k010'"}, false))
		if mixed.hc == nil || len(mixed.hc.cols) != len(mixed.healthLeaves)-1 {
			t.Fatalf("seed %d: %d columns gathered of %d, one kept", seed, len(mixed.hc.cols), len(mixed.healthLeaves))
		}
		for _, c := range mixed.hc.cols {
			if mixed.lleaves[c.leaf].Name() == "s" {
				t.Errorf("the WHERE's column s is gathered as well as kept")
			}
		}
		check("kept and gathered", mixed.Health())
	}
}
