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
	colW := ColumnWidth(len(groups), area)
	gapX := math.Min(6, colW*0.15)
	inner := colW - gapX
	fits := func(c float64) bool {
		per := math.Floor(inner / c)
		if per < 1 {
			return false
		}
		for _, g := range groups {
			if math.Ceil(float64(len(g.Files))/per)*c > area.H {
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
	for _, g := range groups {
		maxRows = math.Max(maxRows, math.Ceil(float64(len(g.Files))/per))
	}
	ch := c // a cell's height
	if maxRows*c < 0.9*area.H {
		ch = math.Min(4*c, area.H/maxRows)
	}
	gap := math.Min(1.5, c*0.12)
	perN := int(per) // integer column and row: no math.Mod per cell, slow under wasm
	for gi, g := range groups {
		x0 := area.X + float64(gi)*colW + gapX/2
		rows := math.Ceil(float64(len(g.Files)) / per)
		for i, f := range g.Files {
			col, row := float64(i%perN), float64(i/perN)
			cells = append(cells, Cell{
				X: x0 + col*c + gap/2, Y: area.Y + area.H - (row+1)*ch + gap/2,
				W: c - gap, H: ch - gap, Fill: viridisAt(f.Span), Read: f.Read,
			})
		}
		w := math.Min(per, float64(len(g.Files))) * c
		frames = append(frames, Frame{Rect: Rect{X: x0 - 1, Y: area.Y + area.H - rows*ch - 1, W: w + 2, H: rows*ch + 2}, Sealed: g.Sealed, Open: g.Open})
	}
	return cells, frames
}

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
