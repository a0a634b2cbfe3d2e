package layout

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestFileNamerManyNames holds the word-at-a-time names (hex8, putUUID, the name template) to
// printf's, over enough names to cross the namer's blocks of draws many times, every hex digit
// in every place, and the splits around the five-digit template's edge.
func TestFileNamerManyNames(t *testing.T) {
	n := NewFileNamer(99)
	ref := rand.New(rand.NewPCG(99, 0x66696c656e616d65))
	splits := []int{0, 9, 10, 99999, 100000, 1234567}
	for i := range 5000 {
		split := i * 37
		if i < len(splits) {
			split = splits[i]
		}
		dir := ""
		if i%2 == 1 {
			dir = "d=x"
		}
		hi, lo := ref.Uint64(), ref.Uint64()
		hi = hi&^0xf000 | 0x4000
		lo = lo&^(0xc<<60) | 0x8<<60
		want := fmt.Sprintf("part-%05d-%08x-%04x-%04x-%04x-%012x-c000.snappy.parquet",
			split, hi>>32, (hi>>16)&0xffff, hi&0xffff, lo>>48, lo&0xffffffffffff)
		if dir != "" {
			want = dir + "/" + want
		}
		if got := n.Name(dir, split); got != want {
			t.Fatalf("name %d: Name(%q, %d) = %q, want %q", i, dir, split, got, want)
		}
	}
}

// TestHex8 checks the digit word against %08x at the digits' edges (9/a, f, 0).
func TestHex8(t *testing.T) {
	for _, v := range []uint32{0, 9, 10, 15, 16, 0x9a9a9a9a, 0xffffffff, 0x01234567, 0x89abcdef, 0xa0a0a0a0} {
		w := hex8(v)
		var got [8]byte
		for i := range got {
			got[i] = byte(w >> (8 * i))
		}
		if want := fmt.Sprintf("%08x", v); string(got[:]) != want {
			t.Errorf("hex8(%#x) = %q, want %q", v, got, want)
		}
	}
}
