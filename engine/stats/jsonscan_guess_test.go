package stats

import (
	"fmt"
	"testing"
)

// TestJSONParserGuessesKeysInPlace: a parser learns, per side, which leaf each key of the last
// file named (JSONParser.order), and which field each key of the stats object was (topOrder), so
// the next file's keys in that order are matched in place; and a text whose key only resembles
// the guess (a longer name, a prefix, an escape, another case, another order, a struct below a
// leaf's name, a key twice) reads as a fresh parser reads it, file after file.
func TestJSONParserGuessesKeysInPlace(t *testing.T) {
	p := NewJSONParser(scanLeaves, 100)
	const first = `{"numRecords":1,"minValues":{"id":1,"s":"a","st":{"a":1}},"maxValues":{"s":"b","id":2},"nullCount":{"id":0}}`
	if _, err := parse(p, first); err != nil {
		t.Fatal(err)
	}
	idx := func(n string) int32 {
		for i, l := range scanLeaves {
			if l.Name() == n {
				return int32(i)
			}
		}
		t.Fatalf("no leaf %s", n)
		return -1
	}
	for _, c := range []struct {
		side int
		want []int32
	}{{sideMin, []int32{idx("id"), idx("s"), -1}}, {sideMax, []int32{idx("s"), idx("id")}}, {sideNulls, []int32{idx("id")}}} {
		if got := p.order[c.side][:len(c.want)]; fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("side %d learned %v, want %v", c.side, got, c.want)
		}
	}
	if got, want := fmt.Sprint(p.topOrder), "[1 4 8 16 0 0 0 0]"; got != want {
		t.Errorf("the stats object's fields learned %s, want %s", got, want)
	}
	texts := []string{
		first,
		`{"numRecordsX":1,"minValues":{"id":1}}`, // the stats object's own fields, the same way
		`{"numRecord":1,"minValues":{"id":1}}`,
		`{"num\u0052ecords":1,"minValues":{"id":1}}`,
		`{"NumRecords":1,"minValues":{"id":1}}`,
		`{"minValues":{"id":1},"numRecords":1}`,
		`{"numRecords":1,"numRecords":2}`,
		`{"numRecords":1,"minValues":{"id":1},"maxValues":{"id":1},"nullCount":{"id":0},"tightBounds":false,"x":1,"y":2,"z":3,"w":4}`,
		`{"numRecords":1,"minValues":{"id":1},"maxValues":{"id":1},"nullCount":{"id":0},"tightBounds":false,"x":1,"y":2,"z":3,"w":4}`,
		`{"minValues":{"idx":1,"s":"a"}}`,     // longer than the guess
		`{"minValues":{"i":1,"s":"a"}}`,       // a prefix of it
		`{"minValues":{"i\u0064":7,"s":"a"}}`, // the guess's name, escaped: the generic decoder's
		`{"minValues":{"ID":7,"S":"a"}}`,      // another case: no leaf
		`{"minValues":{"s":"z","id":3}}`,      // the other order
		`{"minValues":{"id":{"a":1},"s":"a"}}`,
		`{"minValues":{"st":{"a":5},"id":4,"s":"q"},"nullCount":{"id":{"x":1}}}`,
		`{"minValues":{"id":1,"s":"a","st":{"a":2},"s":"b"}}`, // a key twice
		`{"minValues":{"id":1,"s":"a","st":{"a":2}}}`,
		`{"minValues":{"id":1 ,"s" :"a"}}`,
		`{"minValues":{"id"`,
		`{"minValues":{"id":1,"s":"a","st":{"a":2},"n":4,"x":1.5,"d":"2024-01-02","Mixed":3,"b":true,"ts":"2024-01-02T00:00:00Z"}}`,
		`{"minValues":{"id":1,"s":"a","st":{"a":2},"n":4,"x":1.5,"d":"2024-01-02","Mixed":3,"b":true,"ts":"2024-01-02T00:00:00Z","ntz":"2024-01-02T00:00:00","dec":1.25,"zz":1,"yy":2}}`,
		`{"minValues":{"id":1,"s":"a","st":{"a":2},"n":4,"x":1.5,"d":"2024-01-02","Mixed":3,"b":true,"ts":"2024-01-02T00:00:00Z","ntz":"2024-01-02T00:00:00","dec":1.25,"zz":1,"yy":2}}`,
	}
	for _, s := range texts {
		readsAsFresh(t, p, s)
	}
}
