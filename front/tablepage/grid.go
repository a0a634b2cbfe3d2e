package tablepage

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"layoutlab/engine/inspect"
	"layoutlab/front/view"
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

// Grid is the file grid of one Report: the cells front/view lays out, which file each shows, and
// the groups' outlines.
type Grid struct {
	Cells  []view.Cell
	Frames []view.Frame
	// Cells[i] shows Report.Files[File[i]] and is in Labels[Group[i]]: int32s, as a million
	// files' two ints were 16 MB of the page's peak (the Report's files are fewer than 2^31).
	File   []int32
	Group  []int32
	Plain  []bool // Cells[i]'s file has no clusteringProvider on a clustered table
	Known  []bool // Cells[i]'s file has a span for the colour column
	Labels []GroupLabel
	// Tags are the groups' names drawn on the grid, under their columns (grouped) or under the
	// cells (one group); H is the height the grid takes (SizedGrid).
	Tags []GridTag
	H    float64
	// Scale is the device pixels of a CSS pixel the grid was sized in (BuildGrid's scale).
	Scale float64
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
// nil colours every file as unknown) and grouped by by; scale is the device pixels of a CSS
// pixel, which its cells' cap and its tags are sized in. It is made in old's slices when old is
// not nil (old is then no longer valid): a million files' grid is 50 MB, made again at each
// WHERE and, for a table of few files, at each of SizedGrid's heights. Its per-file scratch
// (each file's group, colour and verdict, 20 MB) is not kept between grids: the page would
// hold it all the while.
func BuildGrid(old *Grid, r *inspect.Report, spans []float64, by GroupBy, w, h, scale float64) *Grid {
	n := len(r.Files)
	g := &Grid{Scale: scale}
	if old == nil {
		old = &Grid{}
	}
	// Each file's group, in the order groups are first seen; the loops over the files run in
	// blocks (gridBlock).
	group := make([]int32, n)
	index := map[string]int32{}
	for lo := 0; lo < n; lo += gridBlock {
		hi := min(lo+gridBlock, n)
		g.Labels = groupFiles(r.Files[lo:hi], by, index, g.Labels, group[lo:hi])
	}
	// Groups in name order, so a table's grid does not depend on its files' order in the log.
	order := make([]int, len(g.Labels))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(g.Labels[a].Name, g.Labels[b].Name) })
	rank := make([]int32, len(order)) // a group's place in name order
	at := make([]int, len(order)+1)   // where a group's cells begin, in name order
	labels := make([]GroupLabel, len(order))
	for ni, oi := range order {
		rank[oi] = int32(ni)
		labels[ni] = g.Labels[oi]
		at[ni+1] = at[ni] + g.Labels[oi].Files
	}
	g.Labels = labels
	g.File, g.Group = resize(old.File, n), resize(old.Group, n)
	g.Plain, g.Known = resize(old.Plain, n), resize(old.Known, n)
	cells := make([]view.FileCell, n)
	next := slices.Clone(at[:len(order)])
	clustered := len(r.ClusteringColumns) > 0
	for lo := 0; lo < n; lo += gridBlock {
		g.placeFiles(r.Files, spans, lo, min(lo+gridBlock, n), group, rank, next, cells, clustered)
	}
	groups := make([]view.Group, len(order))
	for ni, l := range labels {
		groups[ni] = view.Group{Files: cells[at[ni]:at[ni+1]], Sealed: l.Sealed, Open: l.Open}
	}
	band := 0.0 // the tags' band, under the cells
	if by != ByNone && n > 0 {
		band = tagBand * scale
	}
	if len(groups) == 1 && !groups[0].Sealed && !groups[0].Open {
		g.Cells = view.AppendGridLayout(old.Cells[:0], groups[0].Files, w, h-band, 0)
		if limit := maxCell * scale; len(g.Cells) > 0 && g.Cells[0].W > limit && g.Cells[0].H > limit {
			g.Cells = cappedLayout(g.Cells[:0], groups[0].Files, w, limit)
		}
	} else {
		g.Cells, g.Frames = view.AppendGroupedLayout(old.Cells[:0], old.Frames[:0], groups, view.Rect{X: 0, Y: 4, W: w, H: h - 4 - band})
	}
	g.H = h
	if band > 0 {
		g.tag(w, h, band)
	}
	return g
}

// resize is s with n elements, in its own array when it has room: the elements' values are
// whatever they were.
func resize[T any](s []T, n int) []T {
	return slices.Grow(s[:0], n)[:n]
}

// gridBlock is the files of one call of BuildGrid's loops. Under js/wasm V8 runs a call in the
// code it began in, and a function's first calls in baseline code: a loop over 100,000 files
// in one call would run unoptimised throughout (V8 optimises a wasm function for its later calls,
// never the one under way: v8.dev/blog/wasm-dynamic-tiering).
const gridBlock = 4096

// groupFiles sets each file's group (its index in labels), adding a label for each group first
// seen and counting the group's files and bytes.
//
//go:noinline
func groupFiles(files []inspect.File, by GroupBy, index map[string]int32, labels []GroupLabel, group []int32) []GroupLabel {
	for i := range files {
		f := &files[i]
		// A ZCube's files are found by its id, without building its name for each file.
		key := "\x00"
		switch {
		case by == ByZCube && f.ZCube != nil:
			key = f.ZCube.ID
		case by == ByPartition:
			key, _, _ = groupKey(f, by)
		}
		gi, ok := index[key]
		if !ok {
			name, sealed, open := groupKey(f, by)
			gi = int32(len(labels))
			index[key] = gi
			labels = append(labels, GroupLabel{Name: name, Sealed: sealed, Open: open})
		}
		group[i] = gi
		labels[gi].Files++
		labels[gi].Bytes += f.Size
	}
	return labels
}

// placeFiles puts files [lo, hi) into their groups' cells, in file order within a group.
//
//go:noinline
func (g *Grid) placeFiles(files []inspect.File, spans []float64, lo, hi int, group, rank []int32, next []int, cells []view.FileCell, clustered bool) {
	for fi := lo; fi < hi; fi++ {
		f := &files[fi]
		ni := rank[group[fi]]
		j := next[ni]
		next[ni]++
		cells[j] = view.FileCell{Span: spanOf(spans, fi), Read: f.Read}
		g.File[j], g.Group[j] = int32(fi), ni
		g.Plain[j] = clustered && f.ClusteringProvider == nil
		g.Known[j] = spanOf(spans, fi) >= 0
	}
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
		switch {
		case c.Read && r.Dx() > 2 && r.Dy() > 2:
			fill(img, r, th.Read)
			fill(img, r.Inset(1), col)
		case c.Read:
			// Too small for an outline around its colour (a 100,000-file table's cells are 2 or
			// 3 pixels): the colour alone, told from a skipped cell's washed one. An outline
			// alone painted every read cell of a big table in the outline's colour.
			fill(img, r, col)
		default:
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

// fill paints r in c: its first row a pixel, then doubling copies, and each other row a copy of
// the first. Under js/wasm a copy is a call into the runtime's memmove: a copy per pixel was
// 2.7 million calls for the background of the 100,000-file table's grid (BenchmarkFill).
func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	first := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):img.PixOffset(r.Max.X, r.Min.Y)]
	first[0], first[1], first[2], first[3] = c.R, c.G, c.B, c.A
	for n := 4; n < len(first); n *= 2 {
		copy(first[n:], first[:n])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)], first)
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
