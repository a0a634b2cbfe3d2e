package curve_test

import (
	"fmt"

	"layoutlab/engine/curve"
)

// Both of Delta's curves over a 4×4 grid of range ids (2 bits each): row x0, column x1. The
// Hilbert index moves to a neighbour at every step; Z-order jumps between quadrants.
func Example() {
	fmt.Println("hilbert (numBits 2)")
	for x0 := range uint32(4) {
		for x1 := range uint32(4) {
			fmt.Printf("%3d", curve.HilbertLongIndex(2, []uint32{x0, x1}))
		}
		fmt.Println()
	}
	fmt.Println("zorder")
	for x0 := range int32(4) {
		for x1 := range int32(4) {
			key := curve.InterleaveBits([]int32{x0, x1}) // 8 bytes; small ids only reach the last
			fmt.Printf("%3d", key[7])
		}
		fmt.Println()
	}
	// Output:
	// hilbert (numBits 2)
	//   0  3  4  5
	//   1  2  7  6
	//  14 13  8  9
	//  15 12 11 10
	// zorder
	//   0  1  4  5
	//   2  3  6  7
	//   8  9 12 13
	//  10 11 14 15
}

// Range ids for one column: the caller sorts the distinct values and passes each row's rank.
func ExampleRangeIDs_Append() {
	values := []string{"c", "a", "", "b", "a", "d"} // "" stands for NULL here
	distinct := []string{"a", "b", "c", "d"}
	ranks := make([]int32, len(values))
	for i, v := range values {
		ranks[i] = -1
		for r, d := range distinct {
			if v == d {
				ranks[i] = int32(r)
			}
		}
	}
	var ids curve.RangeIDs
	out, _ := ids.Append(nil, ranks, len(distinct), 2)
	fmt.Println(out)
	// Output: [1 0 0 0 0 1]
}

func ExampleNewHilbertEncoder() {
	_, err := curve.NewHilbertEncoder(10, curve.NumBits(curve.DefaultNumRanges))
	fmt.Println(err)
	h, _ := curve.NewHilbertEncoder(3, curve.NumBits(curve.DefaultNumRanges))
	fmt.Println(h.LongForm(), h.Long([]uint32{5, 9, 1000}), h.KeyLen())
	// Output:
	// Cannot perform hilbert clustering on fewer than 2 or more than 9 dimensions; got 10 dimensions
	// true 187474262 4
}
