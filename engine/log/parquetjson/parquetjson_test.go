package parquetjson

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLinesRejectsNonCheckpoints(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("PAR1"), []byte("PAR1 garbage garbage PAR1")} {
		if _, err := Lines(b); err == nil || !strings.Contains(err.Error(), "not a readable Parquet checkpoint") {
			t.Errorf("%q: got %v", b, err)
		}
	}
}

// TestLinesMultiPart: the three parts of a multi-part checkpoint hold one add each per file.
func TestLinesMultiPart(t *testing.T) {
	parts, _ := filepath.Glob("../testdata/tables/delta-kernel-rs/v1-multi-part-struct-stats-only/_delta_log/*.checkpoint.*.parquet")
	if len(parts) != 3 {
		t.Fatalf("%d parts", len(parts))
	}
	adds := 0
	for _, p := range parts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := Lines(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if strings.HasPrefix(string(l), `{"add":`) {
				adds++
				if !strings.Contains(string(l), `"stats":"{`) {
					t.Errorf("stats_parsed not rendered as stats: %s", l)
				}
			}
		}
	}
	if adds != 5 {
		t.Errorf("adds = %d, want 5", adds)
	}
}
