// Package view turns the engine's results into what the widget draws: rectangles and colours in
// device pixels. It knows nothing of Ebiten or the browser, so it is tested natively; the wasm
// program only paints what it returns (as Ebiten's examples keep World apart from Game).
package view

import (
	"image/color"
	"math"

	"layoutlab/assets"
)

// FileCell is what the grid needs to know of one file.
type FileCell struct {
	Span float64 // fraction of the colour key's range the file covers, 0..1
	Read bool    // opened by the query
}

// Cell is one file's rectangle on the canvas.
type Cell struct {
	X, Y, W, H float64
	Fill       color.RGBA
	Read       bool
}

// GridLayout places n cells in a w×h area (device pixels) below a header band of headerH,
// choosing the column count that makes cells closest to square.
func GridLayout(files []FileCell, w, h, headerH float64) []Cell {
	n := len(files)
	if n == 0 || w <= 0 || h <= headerH {
		return nil
	}
	gh := h - headerH
	cols := int(math.Ceil(math.Sqrt(float64(n) * w / gh)))
	if cols < 1 {
		cols = 1
	}
	if cols > n {
		cols = n
	}
	rows := (n + cols - 1) / cols
	cw, ch := w/float64(cols), gh/float64(rows)
	gap := math.Max(1, math.Min(cw, ch)*0.08)
	out := make([]Cell, n)
	for i, f := range files {
		c, r := i%cols, i/cols
		out[i] = Cell{
			X: float64(c)*cw + gap/2, Y: headerH + float64(r)*ch + gap/2,
			W: cw - gap, H: ch - gap,
			Fill: viridisAt(f.Span),
			Read: f.Read,
		}
	}
	return out
}

func viridisAt(t float64) color.RGBA { return assets.At(assets.Viridis, t) }
