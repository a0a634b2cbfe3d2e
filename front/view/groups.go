package view

import (
	"math"
	"slices"

	"layoutlab/engine/timeline"
)

// Group is a set of files drawn together: a ZCube, a partition, or the unclustered files.
type Group struct {
	Files  []FileCell
	Sealed bool // a ZCube at or over the minimum cube size: drawn closed
	Open   bool // a ZCube still under it: drawn with its top open
}

// Frame is a group's outline.
type Frame struct {
	Rect
	Sealed, Open bool
}

// ColumnWidth is the width AppendGroupedLayout gives each of n groups across area.
func ColumnWidth(n int, area Rect) float64 { return area.W / float64(n) }

// AppendGroupedLayout gives each group a column of equal width (ColumnWidth) and stacks its
// files in that column bottom-up, all cells the same size (the largest square that fits every
// group), so a group's height shows its file count. Where the columns are too narrow for squares
// to reach the area's top (a day of 165 cubes of 37 files: 4 px squares in 165 px of 580),
// leaving over a tenth of it empty, the cells are stretched, up to four times as tall as wide,
// until the tallest group fills the height. It appends the cells, in group order, to cells and
// the groups' outlines to frames: a day-slider move lays out thousands of files, and reusing the
// slices keeps that from feeding the garbage collector.
func AppendGroupedLayout(cells []Cell, frames []Frame, groups []Group, area Rect) ([]Cell, []Frame) {
	if len(groups) == 0 || area.W <= 0 || area.H <= 0 {
		return cells, frames
	}
	gg := newGroupedGrid(len(groups), func(gi int) int { return len(groups[gi].Files) }, area)
	for gi, g := range groups {
		l := gg.lattice(gi, len(g.Files))
		for i, f := range g.Files {
			r := l.Rect(i)
			cells = append(cells, Cell{X: r.X, Y: r.Y, W: r.W, H: r.H, Fill: viridisAt(f.Span), Read: f.Read})
		}
		frames = append(frames, gg.frame(gi, len(g.Files), g.Sealed, g.Open))
	}
	return cells, frames
}

// GroupShape is what AppendGroupedLayout's places read of a group: its files' count and its kind.
type GroupShape struct {
	N            int
	Sealed, Open bool
}

// AppendGroupedLattices is AppendGroupedLayout's places without the cells: a lattice per group
// (in group order) appended to lattices, and the groups' outlines to frames.
func AppendGroupedLattices(lattices []Lattice, frames []Frame, groups []GroupShape, area Rect) ([]Lattice, []Frame) {
	if len(groups) == 0 || area.W <= 0 || area.H <= 0 {
		return lattices, frames
	}
	gg := newGroupedGrid(len(groups), func(gi int) int { return groups[gi].N }, area)
	for gi, g := range groups {
		lattices = append(lattices, gg.lattice(gi, g.N))
		frames = append(frames, gg.frame(gi, g.N, g.Sealed, g.Open))
	}
	return lattices, frames
}

// groupedGrid is the sizes AppendGroupedLayout gives every group's column and cells.
type groupedGrid struct {
	area                        Rect
	colW, gapX, c, ch, gap, per float64
}

// newGroupedGrid sizes n groups' columns and cells in area, size(gi) being group gi's files.
func newGroupedGrid(n int, size func(int) int, area Rect) groupedGrid {
	colW := ColumnWidth(n, area)
	gapX := math.Min(6, colW*0.15)
	inner := colW - gapX
	fits := func(c float64) bool {
		per := math.Floor(inner / c)
		if per < 1 {
			return false
		}
		for gi := range n {
			if math.Ceil(float64(size(gi))/per)*c > area.H {
				return false
			}
		}
		return true
	}
	lo, hi := 0.5, math.Max(1, math.Min(inner, area.H))
	for i := 0; i < 40; i++ {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	c := lo
	per := math.Max(1, math.Floor(inner/c))
	maxRows := 0.0
	for gi := range n {
		maxRows = math.Max(maxRows, math.Ceil(float64(size(gi))/per))
	}
	ch := c // a cell's height
	if maxRows*c < 0.9*area.H {
		ch = math.Min(4*c, area.H/maxRows)
	}
	return groupedGrid{area: area, colW: colW, gapX: gapX, c: c, ch: ch, gap: math.Min(1.5, c*0.12), per: per}
}

// lattice is the places of group gi's n files: its column, filled bottom-up.
func (g groupedGrid) lattice(gi, n int) Lattice {
	// An integer column and row (Per): no math.Mod per cell, slow under wasm.
	return Lattice{N: n, Per: int(g.per), X0: g.x0(gi), Y0: g.area.Y + g.area.H, CW: g.c, CH: g.ch, Gap: g.gap, Up: true}
}

// frame is group gi's outline around its n files.
func (g groupedGrid) frame(gi, n int, sealed, open bool) Frame {
	rows := math.Ceil(float64(n) / g.per)
	w := math.Min(g.per, float64(n)) * g.c
	return Frame{Rect: Rect{X: g.x0(gi) - 1, Y: g.area.Y + g.area.H - rows*g.ch - 1, W: w + 2, H: rows*g.ch + 2}, Sealed: sealed, Open: open}
}

func (g groupedGrid) x0(gi int) float64 { return g.area.X + float64(gi)*g.colW + g.gapX/2 }

// DayGroups groups a day's files for the grid, keeping its buffers from one call to the next:
// the day slider groups thousands of files per move.
type DayGroups struct {
	cubes, parts map[string]int32 // a file has a cube or a partition ("" = none)
	gi           []int32          // each file's group
	first        []int            // each group's first file
	count        []int
	cells        []FileCell
	order        []int
	groups       []Group
}

// Group groups the day's files by ZCube, else partition, else "unclustered", in order of first
// appearance; order maps each laid-out cell back to its file. Whether a cube is sealed is the
// engine's answer (FileInfo.Sealed), the same rule its sealed_zcubes counts. The slices
// returned are d's, valid until its next call.
func (d *DayGroups) Group(df *timeline.DayFiles) (groups []Group, order []int) {
	n := len(df.Files)
	if d.cubes == nil {
		d.cubes, d.parts = map[string]int32{}, map[string]int32{}
	}
	clear(d.cubes)
	clear(d.parts)
	d.gi = resized(d.gi, n)
	d.first = d.first[:0]
	for i, f := range df.Files {
		idx, key := d.cubes, f.ZCube
		if f.ZCube == "" {
			idx, key = d.parts, f.Partition
		}
		g, ok := idx[key]
		if !ok {
			g = int32(len(d.first))
			idx[key] = g
			d.first = append(d.first, i)
		}
		d.gi[i] = g
	}
	count := resized(d.count, len(d.first)+1)
	clear(count)
	d.count = count
	for _, g := range d.gi {
		count[g+1]++
	}
	for g := 1; g < len(count); g++ {
		count[g] += count[g-1] // count[g] is now group g's first slot
	}
	d.cells, d.order = resized(d.cells, n), resized(d.order, n)
	for i, g := range d.gi {
		f := df.Files[i]
		d.cells[count[g]] = FileCell{Span: f.Max - f.Min, Read: f.Read}
		d.order[count[g]] = i
		count[g]++
	}
	d.groups = resized(d.groups, len(d.first))
	start := 0
	for g, i := range d.first {
		end := count[g]
		d.groups[g] = Group{Files: d.cells[start:end:end]}
		if df.Files[i].ZCube != "" {
			d.groups[g].Sealed = df.Files[i].Sealed
			d.groups[g].Open = !d.groups[g].Sealed
		}
		start = end
	}
	return d.groups, d.order
}

// resized is s with length n, its array reused when large enough; the old contents are not kept.
func resized[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }
