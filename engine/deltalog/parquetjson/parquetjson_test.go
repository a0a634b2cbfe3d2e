package parquetjson

import (
	"encoding/json"
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

// stats_parsed holds a decimal(38) as 16 big-endian two's complement bytes; it must come out as
// the exact JSON number engine/stats then reads (not through a double, not cut to 64 bits).
func TestDecimalNumberWide(t *testing.T) {
	for _, c := range []struct {
		v     any
		scale int
		want  string
	}{
		// 10^38 - 1 and its negation, scale 2
		{[]byte{0x4b, 0x3b, 0x4c, 0xa8, 0x5a, 0x86, 0xc4, 0x7a, 0x09, 0x8a, 0x22, 0x3f, 0xff, 0xff, 0xff, 0xff}, 2, "999999999999999999999999999999999999.99"},
		{[]byte{0xb4, 0xc4, 0xb3, 0x57, 0xa5, 0x79, 0x3b, 0x85, 0xf6, 0x75, 0xdd, 0xc0, 0x00, 0x00, 0x00, 0x01}, 2, "-999999999999999999999999999999999999.99"},
		// 2^64 at scale 10 (past int64), in 9 bytes as Spark's minimal FIXED_LEN_BYTE_ARRAY may be
		{[]byte{0x01, 0, 0, 0, 0, 0, 0, 0, 0}, 10, "1844674407.3709551616"},
		{[]byte{0xff, 0xfe}, 3, "-0.002"},
		{int64(-5), 2, "-0.05"},
	} {
		if got := decimalNumber(c.v, c.scale); got != json.Number(c.want) {
			t.Errorf("decimalNumber(%x, %d) = %v, want %s", c.v, c.scale, got, c.want)
		}
	}
}
