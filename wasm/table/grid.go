package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"layoutlab/engine/inspect"
	"layoutlab/wasm/view"
)

// GroupBy is how the grid groups a table's files.
type GroupBy string

const (
	ByZCube     GroupBy = "zcube"
	ByPartition GroupBy = "partition"
	ByNone      GroupBy = "none"
)

// DefaultGroupBy groups by ZCube where any file has one, else by partition where the table is
// partitioned.
func DefaultGroupBy(r *inspect.Report) GroupBy {
	for _, f := range r.Files {
		if f.ZCube != nil {
			return ByZCube
		}
	}
	if len(r.PartitionColumns) > 0 {
		return ByPartition
	}
	return ByNone
}

// GroupLabel is one group's name and figures, for the hover text.
type GroupLabel struct {
	Name   string
	Files  int
	Bytes  int64
	Sealed bool
	Open   bool
}

// Grid is the file grid of one Report: the cells wasm/view lays out, which file each shows, and
// the groups' outlines.
type Grid struct {
	Cells  []view.Cell
	Frames []view.Frame
	File   []int  // Cells[i] shows Report.Files[File[i]]
	Group  []int  // Cells[i] is in Labels[Group[i]]
	Plain  []bool // Cells[i]'s file has no clusteringProvider on a clustered table
	Known  []bool // Cells[i]'s file has a span for the colour column
	Labels []GroupLabel
}

// groupKey names a file's group.
func groupKey(f *inspect.File, by GroupBy) (key string, sealed, open bool) {
	switch by {
	case ByZCube:
		if f.ZCube == nil {
			return "no ZCube", false, false
		}
		return "ZCube " + f.ZCube.ID, f.ZCube.Sealed, !f.ZCube.Sealed
	case ByPartition:
		keys := make([]string, 0, len(f.PartitionValues))
		for k := range f.PartitionValues {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		for i, k := range keys {
			if i > 0 {
				b.WriteByte('/')
			}
			v := "__HIVE_DEFAULT_PARTITION__"
			if p := f.PartitionValues[k]; p != nil {
				v = *p
			}
			fmt.Fprintf(&b, "%s=%s", k, v)
		}
		if b.Len() == 0 {
			return "unpartitioned", false, false
		}
		return b.String(), false, false
	}
	return "all files", false, false
}

// BuildGrid lays out r's files in a w×h area, coloured by spans (one per file, -1 unknown;
// nil colours every file as unknown) and grouped by by.
func BuildGrid(r *inspect.Report, spans []float64, by GroupBy, w, h float64) *Grid {
	g := &Grid{}
	index := map[string]int{}
	var members [][]int
	for i := range r.Files {
		key, sealed, open := groupKey(&r.Files[i], by)
		gi, ok := index[key]
		if !ok {
			gi = len(g.Labels)
			index[key] = gi
			g.Labels = append(g.Labels, GroupLabel{Name: key, Sealed: sealed, Open: open})
			members = append(members, nil)
		}
		members[gi] = append(members[gi], i)
		g.Labels[gi].Files++
		g.Labels[gi].Bytes += r.Files[i].Size
	}
	// Groups in name order, so a table's grid does not depend on its files' order in the log.
	order := make([]int, len(g.Labels))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(g.Labels[a].Name, g.Labels[b].Name) })
	labels := make([]GroupLabel, len(order))
	groups := make([]view.Group, len(order))
	clustered := len(r.ClusteringColumns) > 0
	for ni, oi := range order {
		labels[ni] = g.Labels[oi]
		cells := make([]view.FileCell, len(members[oi]))
		for j, fi := range members[oi] {
			f := &r.Files[fi]
			cells[j] = view.FileCell{Span: spanOf(spans, fi), Read: f.Read}
			g.File = append(g.File, fi)
			g.Group = append(g.Group, ni)
			g.Plain = append(g.Plain, clustered && f.ClusteringProvider == nil)
			g.Known = append(g.Known, spanOf(spans, fi) >= 0)
		}
		groups[ni] = view.Group{Files: cells, Sealed: g.Labels[oi].Sealed, Open: g.Labels[oi].Open}
	}
	g.Labels = labels
	if len(groups) == 1 && !groups[0].Sealed && !groups[0].Open {
		g.Cells = view.GridLayout(groups[0].Files, w, h, 0)
	} else {
		g.Cells, g.Frames = view.AppendGroupedLayout(nil, nil, groups, view.Rect{X: 0, Y: 4, W: w, H: h - 4})
	}
	return g
}

func spanOf(spans []float64, i int) float64 {
	if i < len(spans) {
		return spans[i]
	}
	return -1
}

// At is the cell at (x, y), or -1.
func (g *Grid) At(x, y float64) int {
	for i, c := range g.Cells {
		if x >= c.X && x < c.X+c.W && y >= c.Y && y < c.Y+c.H {
			return i
		}
	}
	return -1
}

// Paint draws the grid into img (the canvas's pixels) in the widget's theme th
// (assets/palettes/theme.txt): read files with a rim, skipped ones dimmed towards the
// background, a file of unknown span in the cross-out grey, a file without clusteringProvider on
// a clustered table with a corner in the event colour, sealed ZCubes closed and open ones open at
// the top; the selected cell (-1: none) outlined.
func (g *Grid) Paint(img *image.RGBA, selected int, th view.Theme) {
	fill(img, img.Bounds(), th.Background)
	for i, c := range g.Cells {
		col := c.Fill
		if !g.Known[i] {
			col = th.Cross
		}
		r := rect(c.X, c.Y, c.W, c.H)
		if c.Read {
			fill(img, r, th.Read)
			if r.Dx() > 2 && r.Dy() > 2 {
				fill(img, r.Inset(1), col)
			}
		} else {
			fill(img, r, th.Skipped(col))
		}
		if g.Plain[i] {
			k := max(1, min(r.Dx(), r.Dy())/3)
			fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+k, r.Min.Y+k), th.Event)
		}
	}
	for _, f := range g.Frames {
		r := rect(f.X, f.Y, f.W, f.H)
		switch {
		case f.Sealed:
			stroke(img, r, 2, th.Sealed, true)
		case f.Open:
			stroke(img, r, 2, th.Open, false)
		default:
			stroke(img, r, 1, th.Frame, true)
		}
	}
	if selected >= 0 && selected < len(g.Cells) {
		c := g.Cells[selected]
		stroke(img, rect(c.X-2, c.Y-2, c.W+4, c.H+4), 2, th.Selected, true)
	}
}

func rect(x, y, w, h float64) image.Rectangle {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	if r.Dx() < 1 {
		r.Max.X = r.Min.X + 1
	}
	if r.Dy() < 1 {
		r.Max.Y = r.Min.Y + 1
	}
	return r
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	px := [4]byte{c.R, c.G, c.B, c.A}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for x := 0; x < len(row); x += 4 {
			copy(row[x:x+4], px[:])
		}
	}
}

// stroke outlines r with lines t pixels wide, leaving the top out when top is false.
func stroke(img *image.RGBA, r image.Rectangle, t int, c color.RGBA, top bool) {
	if top {
		fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+t), c)
	}
	fill(img, image.Rect(r.Min.X, r.Max.Y-t, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+t, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-t, r.Min.Y, r.Max.X, r.Max.Y), c)
}
