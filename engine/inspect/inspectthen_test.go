package inspect

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestInspectThenBesideTheFiles: InspectThen's report leaves the next OPTIMIZE and the health
// nil, and its rest sets them, worked out while another goroutine reads every file (as the
// CLI's JSON writer does; `go test -race` checks that the two share nothing written), so that
// the report is then Inspect's, byte for byte as JSON; with a WHERE, and with one Delta refuses
// (whose report still carries both).
func TestInspectThenBesideTheFiles(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	for _, where := range []string{"", "id < 2500", "nope = 1"} {
		opt := Options{Version: -1, Where: where}
		want, err := Inspect(m, "t", opt)
		if err != nil {
			t.Fatal(err)
		}
		if want.NextOptimize == nil || want.ClusteringHealth == nil || len(want.Files) != testFiles {
			t.Fatalf("where %q: the test wants a plan, a health and the files (%d)", where, len(want.Files))
		}
		r, rest, err := InspectThen(m, "t", opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.NextOptimize != nil || r.ClusteringHealth != nil {
			t.Fatalf("where %q: the plan or the health were worked out before rest", where)
		}
		files := make(chan []byte)
		go func() {
			b, _ := json.Marshal(r.Files)
			files <- b
		}()
		if err := rest(); err != nil {
			t.Fatal(err)
		}
		wantFiles, _ := json.Marshal(want.Files)
		if got := <-files; !bytes.Equal(got, wantFiles) {
			t.Errorf("where %q: the files differ from Inspect's", where)
		}
		got, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if w, _ := json.Marshal(want); !bytes.Equal(got, w) {
			t.Errorf("where %q: the report after rest differs from Inspect's", where)
		}
	}
}
