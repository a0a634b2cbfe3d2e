// Package view turns the engine's results into what the widget draws: rectangles and colours in
// device pixels. It knows nothing of Ebiten or the browser, so it is tested natively; the wasm
// program only paints what it returns (as Ebiten's examples keep World apart from Game).
package view

import (
	"image/color"
	"math"
	"slices"

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
	return AppendGridLayout(nil, files, w, h, headerH)
}

// AppendGridLayout is GridLayout appending the cells to out: the table page lays out a
// million files again at each WHERE, and reusing its cells (40 MB) keeps them from the
// collector and the module's memory.
func AppendGridLayout(out []Cell, files []FileCell, w, h, headerH float64) []Cell {
	l, ok := GridLattice(len(files), w, h, headerH)
	if !ok {
		return out
	}
	at := len(out)
	out = slices.Grow(out, len(files))[:at+len(files)]
	for i, f := range files {
		r := l.Rect(i)
		out[at+i] = Cell{X: r.X, Y: r.Y, W: r.W, H: r.H, Fill: viridisAt(f.Span), Read: f.Read}
	}
	return out
}

// GridLattice is where GridLayout puts n cells, without the cells; false when there is no room.
func GridLattice(n int, w, h, headerH float64) (Lattice, bool) {
	l, ok := gridLattice(n, w, h, headerH)
	if !ok {
		return Lattice{}, false
	}
	return Lattice{N: n, Per: l.cols, Y0: headerH, CW: l.cw, CH: l.ch, Gap: l.gap}, true
}

// Lattice is where a run of N cells goes, all of one size, in rows of Per: cell i's slot is
// CW×CH in column i%Per and row i/Per, rows going down from (X0, Y0), or up from it when Up (a
// group's column, filled bottom-up), the cell inset by Gap/2 in it. The table page keeps a
// million files' lattices, a few numbers per group, rather than their cells (40 bytes each, 38 MB
// of its peak), and works a cell out as it paints it.
type Lattice struct {
	N, Per              int
	X0, Y0, CW, CH, Gap float64
	Up                  bool
}

// Rect is cell i's rectangle: the same numbers GridLayout's and AppendGroupedLayout's cells
// have, which are made by it.
func (l Lattice) Rect(i int) Rect {
	col, row := float64(i%l.Per), float64(i/l.Per)
	y := l.Y0 + row*l.CH + l.Gap/2
	if l.Up {
		y = l.Y0 - (row+1)*l.CH + l.Gap/2
	}
	return Rect{X: l.X0 + col*l.CW + l.Gap/2, Y: y, W: l.CW - l.Gap, H: l.CH - l.Gap}
}

// At is the first of the lattice's cells (in order) whose rectangle holds (x, y), -1 for none:
// what testing every cell's Rect gives, but from the slot the point falls in and its neighbours
// (a float on a slot's edge may fall either side), so a million-file grid's hover is not a
// million rectangles tested.
func (l Lattice) At(x, y float64) int {
	if l.N <= 0 || l.Per <= 0 || l.CW <= 0 || l.CH <= 0 {
		return -1
	}
	col := math.Floor((x - l.X0) / l.CW)
	row := math.Floor((y - l.Y0) / l.CH)
	if l.Up {
		row = math.Floor((l.Y0 - y) / l.CH)
	}
	rows := (l.N + l.Per - 1) / l.Per
	if math.IsNaN(col) || math.IsNaN(row) || col < -1 || col > float64(l.Per) || row < -1 || row > float64(rows) {
		return -1
	}
	best := -1
	for r := int(row) - 1; r <= int(row)+1; r++ {
		for c := int(col) - 1; c <= int(col)+1; c++ {
			if r < 0 || c < 0 || c >= l.Per {
				continue
			}
			i := r*l.Per + c
			if i >= l.N || best >= 0 && i >= best {
				continue
			}
			if b := l.Rect(i); x >= b.X && x < b.X+b.W && y >= b.Y && y < b.Y+b.H {
				best = i
			}
		}
	}
	return best
}

// lattice is the grid's slots: cols×rows of cw×ch, each cell inset by gap/2 on every side.
type lattice struct {
	cols, rows  int
	cw, ch, gap float64
}

func gridLattice(n int, w, h, headerH float64) (lattice, bool) {
	if n == 0 || w <= 0 || h <= headerH {
		return lattice{}, false
	}
	gh := h - headerH
	cols := min(max(int(math.Ceil(math.Sqrt(float64(n)*w/gh))), 1), n)
	rows := (n + cols - 1) / cols
	cw, ch := w/float64(cols), gh/float64(rows)
	return lattice{cols, rows, cw, ch, math.Max(1, math.Min(cw, ch)*0.08)}, true
}

// GridGaps returns rectangles that cover what the n cells of GridLayout(·, w, h, headerH) leave
// of the area [0,w]×[headerH,h]: the gaps between them and the empty slots of the last row, each
// widened by bleed on every side so that rounding leaves no pixel between a gap and a cell. Drawn
// before the cells, they let the cells be drawn without the background under them: without a
// GPU each pass over the canvas costs the browser's GPU process milliseconds a frame.
func GridGaps(n int, w, h, headerH, bleed float64) []Rect {
	l, ok := gridLattice(n, w, h, headerH)
	if !ok {
		if w > 0 && h > headerH {
			return []Rect{{0, headerH, w, h - headerH}}
		}
		return nil
	}
	out := make([]Rect, 0, l.cols+l.rows+3)
	for c := 0; c <= l.cols; c++ {
		x := float64(c) * l.cw
		out = append(out, Rect{x - l.gap/2 - bleed, headerH, l.gap + 2*bleed, h - headerH})
	}
	for r := 0; r <= l.rows; r++ {
		y := headerH + float64(r)*l.ch
		out = append(out, Rect{0, y - l.gap/2 - bleed, w, l.gap + 2*bleed})
	}
	if last := n % l.cols; last != 0 {
		x, y := float64(last)*l.cw, headerH+float64(l.rows-1)*l.ch
		out = append(out, Rect{x - bleed, y - bleed, w - x + bleed, l.ch + 2*bleed})
	}
	return out
}

// Around returns up to four rectangles that cover outer outside inner (top, bottom, left, right).
func Around(outer, inner Rect) []Rect {
	top, bottom := max(inner.Y, outer.Y), min(inner.Y+inner.H, outer.Y+outer.H)
	left, right := max(inner.X, outer.X), min(inner.X+inner.W, outer.X+outer.W)
	if top >= bottom || left >= right {
		return []Rect{outer}
	}
	var out []Rect
	for _, r := range []Rect{
		{outer.X, outer.Y, outer.W, top - outer.Y},
		{outer.X, bottom, outer.W, outer.Y + outer.H - bottom},
		{outer.X, top, left - outer.X, bottom - top},
		{right, top, outer.X + outer.W - right, bottom - top},
	} {
		if r.W > 0 && r.H > 0 {
			out = append(out, r)
		}
	}
	return out
}

func viridisAt(t float64) color.RGBA { return assets.At(assets.Viridis, t) }

// SpanFill is the colour of a cell whose file's span is t (FileCell.Span): a Cell's Fill.
func SpanFill(t float64) color.RGBA { return viridisAt(t) }
