package view

import (
	"math"

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

// AppendGroupedLayout gives each group a column of equal width and stacks its files in that
// column bottom-up, all cells the same size (the largest that fits every group), so a group's
// height shows its file count. It appends the cells, in group order, to cells and the groups'
// outlines to frames: a day-slider move lays out thousands of files, and reusing the slices
// keeps that from feeding the garbage collector.
func AppendGroupedLayout(cells []Cell, frames []Frame, groups []Group, area Rect) ([]Cell, []Frame) {
	if len(groups) == 0 || area.W <= 0 || area.H <= 0 {
		return cells, frames
	}
	colW := area.W / float64(len(groups))
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
	gap := math.Min(1.5, c*0.12)
	for gi, g := range groups {
		x0 := area.X + float64(gi)*colW + gapX/2
		rows := math.Ceil(float64(len(g.Files)) / per)
		for i, f := range g.Files {
			col, row := math.Mod(float64(i), per), math.Floor(float64(i)/per)
			cells = append(cells, Cell{
				X: x0 + col*c + gap/2, Y: area.Y + area.H - (row+1)*c + gap/2,
				W: c - gap, H: c - gap, Fill: viridisAt(f.Span), Read: f.Read,
			})
		}
		w := math.Min(per, float64(len(g.Files))) * c
		frames = append(frames, Frame{Rect: Rect{X: x0 - 1, Y: area.Y + area.H - rows*c - 1, W: w + 2, H: rows*c + 2}, Sealed: g.Sealed, Open: g.Open})
	}
	return cells, frames
}

// GroupDayFiles groups the day's files by ZCube, else partition, else "unclustered", in order of
// first appearance; order maps each laid-out cell back to its file. Whether a cube is sealed is
// the engine's answer (FileInfo.Sealed), the same rule its sealed_zcubes counts. It runs on every
// day-slider move over thousands of files, so it counts first and fills one array.
func GroupDayFiles(df *timeline.DayFiles) ([]Group, []int) {
	cubes, parts := map[string]int32{}, map[string]int32{} // a file has a cube or a partition ("" = none)
	gi := make([]int32, len(df.Files))
	var first []int // each group's first file
	for i, f := range df.Files {
		idx, key := cubes, f.ZCube
		if f.ZCube == "" {
			idx, key = parts, f.Partition
		}
		g, ok := idx[key]
		if !ok {
			g = int32(len(first))
			idx[key] = g
			first = append(first, i)
		}
		gi[i] = g
	}
	count := make([]int, len(first)+1)
	for _, g := range gi {
		count[g+1]++
	}
	for g := 1; g < len(count); g++ {
		count[g] += count[g-1] // count[g] is now group g's first slot
	}
	cells := make([]FileCell, len(df.Files))
	order := make([]int, len(df.Files))
	for i, g := range gi {
		f := df.Files[i]
		cells[count[g]] = FileCell{Span: f.Max - f.Min, Read: f.Read}
		order[count[g]] = i
		count[g]++
	}
	groups := make([]Group, len(first))
	start := 0
	for g, i := range first {
		end := count[g]
		groups[g].Files = cells[start:end:end]
		if df.Files[i].ZCube != "" {
			groups[g].Sealed = df.Files[i].Sealed
			groups[g].Open = !groups[g].Sealed
		}
		start = end
	}
	return groups, order
}
