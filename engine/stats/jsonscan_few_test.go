package stats

import (
	"math/rand/v2"
	"testing"

	"layoutlab/engine/table"
)

// fewScanLeaves are scanLeaves few enough (fewLeaves) for JSONParser to look keys up in turn:
// top-level and struct leaves.
var fewScanLeaves = []table.Leaf{scanLeaves[0], scanLeaves[4], scanLeaves[9], scanLeaves[10], scanLeaves[11], scanLeaves[1]}

// TestFewLeavesParseAlike: a parser of at most fewLeaves leaves (keys looked up in turn) reads
// the random stats strings as the generic decoder does, and as a parser of the same leaves
// looking them up in its map.
func TestFewLeavesParseAlike(t *testing.T) {
	if len(fewScanLeaves) > fewLeaves || NewJSONParser(fewScanLeaves, 1).few == nil {
		t.Fatal("fewScanLeaves are not looked up in turn")
	}
	r := rand.New(rand.NewPCG(11, 5))
	mapped := NewJSONParser(fewScanLeaves, 1)
	mapped.few = nil // the map's lookup
	inTurn := NewJSONParser(fewScanLeaves, 1)
	for range 3000 {
		s := randomStats(r)
		sameParse(t, s, fewScanLeaves)
		a, aerr := parse(inTurn, s)
		b, berr := parse(mapped, s)
		if (aerr == nil) != (berr == nil) || aerr == nil && diffStats(a.FileStats, b.FileStats) != "" {
			t.Fatalf("%s: in turn %v, by map %v", s, aerr, berr)
		}
	}
}

func FuzzJSONParserFewLeaves(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 50 {
		f.Add(randomStats(r))
	}
	f.Fuzz(func(t *testing.T, s string) { sameParse(t, s, fewScanLeaves) })
}
