package optimize

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestZOrderByIs: for tag values Delta writes and for random ones (escapes, whitespace, bytes
// outside ASCII, malformed), zOrderByIs answers as decoding the tag with File.ZCube and
// comparing does; the plain-list path answers only for compact lists of plain names.
func TestZOrderByIs(t *testing.T) {
	colSets := [][]string{nil, {"customer_id"}, {"order_id"}, {"customer_id", "event_date"}, {""}, {"a", "b"}, {"\xe9"}, {"é"}}
	raws := []string{`["customer_id"]`, `["order_id"]`, `["customer_id","event_date"]`, `[]`, `[""]`,
		`["a","b"]`, `["a", "b"]`, ` ["a"]`, `["a\u0062"]`, `["customer_\u0069d"]`, `["a","b",]`, `["a""b"]`,
		`["a"`, `"a"]`, `[a]`, `["a"]x`, `null`, `["\u00e9"]`, "[\"\xe9\"]", `[1]`, `["a",1]`, `[`, `]`, `[]]`}
	rng := rand.New(rand.NewPCG(7, 3))
	const alphabet = `[]",\ abu0_9` + "\xe9\x7f\x1f"
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		raws = append(raws, string(b))
	}
	// Lists of names, plain and not, some with one byte changed.
	names := []string{`"a"`, `"b"`, `""`, `"customer_id"`, `"event_date"`, `"a\u0062"`, `"\u0061"`, "\"\xe9\"", `"a b"`, `"a\"b"`}
	for range 5000 {
		b := []byte{'['}
		for i := range rng.IntN(4) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, names[rng.IntN(len(names))]...)
		}
		b = append(b, ']')
		if rng.IntN(4) == 0 {
			b[rng.IntN(len(b))] = alphabet[rng.IntN(len(alphabet))]
		}
		raws = append(raws, string(b))
	}
	plain := 0
	for _, raw := range raws {
		f := &File{Extra: &FileExtra{Tags: map[string]string{TagZCubeID: "z", TagZCubeZOrder: raw}}}
		var by []string
		decoded := json.Unmarshal([]byte(raw), &by) == nil
		for _, cols := range colSets {
			want := decoded && slices.Equal(by, cols) || !decoded && len(cols) == 0
			if got := zOrderByIs(f, raw, cols); got != want {
				t.Fatalf("zOrderByIs(%q, %q) = %v, want %v", raw, cols, got, want)
			}
			if eq, ok := plainListIs(raw, cols); ok {
				plain++
				if !decoded || eq != slices.Equal(by, cols) {
					t.Fatalf("plainListIs(%q, %q) = %v (decodes: %v to %q)", raw, cols, eq, decoded, by)
				}
			}
		}
	}
	for _, raw := range []string{`["customer_id"]`, `["customer_id","event_date"]`, `[]`} {
		if _, ok := plainListIs(raw, nil); !ok {
			t.Errorf("plainListIs(%q) left a plain list to encoding/json", raw)
		}
	}
	if plain < 1000 {
		t.Errorf("only %d answers from the plain-list path: the random lists do not exercise it", plain)
	}
}
