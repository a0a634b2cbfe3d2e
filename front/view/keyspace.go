package view

import (
	"bytes"
	"slices"

	"layoutlab/engine/curve"
)

// Box is one file's [min,max] on two keys, as rank positions in [0,1] (panel.File.Box).
type Box struct {
	X0, X1, Y0, Y1 float64
	Span           float64
	Read           bool
}

// CurvePath returns the centres of a 2^bits × 2^bits grid of (key 1, key 2) cells in the order
// the layout visits them, in [0,1]², computed with the engine's own curves: Hilbert
// (HilbertLongIndex), Z-order (InterleaveBits, compared as unsigned bytes) or, for ORDER BY,
// key 1 major. Append order follows no curve: nil.
func CurvePath(layout string, bits int) [][2]float64 {
	n := 1 << bits
	type cell struct {
		x, y int
		key  []byte
		h    uint64
	}
	cells := make([]cell, 0, n*n)
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			c := cell{x: x, y: y}
			switch layout {
			case "hilbert":
				c.h = curve.HilbertLongIndex(bits, []uint32{uint32(x), uint32(y)})
			case "zorder":
				c.key = curve.InterleaveBits([]int32{int32(x), int32(y)})
			case "orderby":
				c.h = uint64(x*n + y)
			default:
				return nil
			}
			cells = append(cells, c)
		}
	}
	slices.SortFunc(cells, func(a, b cell) int {
		if a.key != nil {
			return bytes.Compare(a.key, b.key)
		}
		switch {
		case a.h < b.h:
			return -1
		case a.h > b.h:
			return 1
		}
		return 0
	})
	out := make([][2]float64, len(cells))
	for i, c := range cells {
		out[i] = [2]float64{(float64(c.x) + 0.5) / float64(n), (float64(c.y) + 0.5) / float64(n)}
	}
	return out
}
