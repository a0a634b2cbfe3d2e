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

// Grid is the file grid of one Report: where front/view lays out its cells, which file each
// shows, and the groups' outlines. Its cells are worked out as they are used (Cell), from a
// lattice per run of them: a million files' cells (view.Cell, 40 bytes) were 38 MB of the page's
// peak, and their layout's copy of each file's colour and verdict (view.FileCell) 15 MB more.
type Grid struct {
	// Runs are where the cells go: cells [runAt[k], runAt[k]+Runs[k].N) are Runs[k]'s, in
	// order. A group's cells are one run (Labels' order), or the one group's when there is no
	// outline (no Frames).
	Runs   []view.Lattice
	runAt  []int
	Frames []view.Frame
	// Cell i shows Report.Files[File[i]] and is in Labels[Group[i]]: int32s, as a million
	// files' two ints were 16 MB of the page's peak (the Report's files are fewer than 2^31).
	File   []int32
	Group  []int32
	Fill   []color.RGBA // cell i's colour, its file's span's (view.SpanFill)
	Read   []bool       // cell i's file is read by the query
	Plain  []bool       // cell i's file has no clusteringProvider on a clustered table
	Known  []bool       // cell i's file has a span for the colour column
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
// not nil (old is then no longer valid): a million files' grid is 15 MB, made again at each
// WHERE and, for a table of few files, at each of SizedGrid's heights. Its per-file scratch
// (each file's group, 4 MB) is not kept between grids: the page would hold it all the while.
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
	g.Fill, g.Read = resize(old.Fill, n), resize(old.Read, n)
	next := slices.Clone(at[:len(order)])
	clustered := len(r.ClusteringColumns) > 0
	for lo := 0; lo < n; lo += gridBlock {
		g.placeFiles(r.Files, spans, lo, min(lo+gridBlock, n), group, rank, next, clustered)
	}
	shapes := make([]view.GroupShape, len(order))
	for ni, l := range labels {
		shapes[ni] = view.GroupShape{N: l.Files, Sealed: l.Sealed, Open: l.Open}
	}
	band := 0.0 // the tags' band, under the cells
	if by != ByNone && n > 0 {
		band = tagBand * scale
	}
	g.Runs, g.runAt = old.Runs[:0], append(old.runAt[:0], 0)
	if len(shapes) == 1 && !shapes[0].Sealed && !shapes[0].Open {
		if l, ok := view.GridLattice(n, w, h-band, 0); ok {
			if limit := maxCell * scale; l.CW-l.Gap > limit && l.CH-l.Gap > limit {
				l = cappedLattice(n, w, limit)
			}
			g.Runs = append(g.Runs, l)
		}
	} else {
		g.Runs, g.Frames = view.AppendGroupedLattices(g.Runs, old.Frames[:0], shapes, view.Rect{X: 0, Y: 4, W: w, H: h - 4 - band})
	}
	for _, l := range g.Runs {
		g.runAt = append(g.runAt, g.runAt[len(g.runAt)-1]+l.N)
	}
	g.H = h
	if band > 0 {
		g.tag(w, h, band)
	}
	return g
}

// Len is the grid's cells: its files', or none where the area had no room for them.
func (g *Grid) Len() int {
	if len(g.runAt) == 0 {
		return 0
	}
	return g.runAt[len(g.runAt)-1]
}

// Cell is cell i's rectangle, colour and verdict, as front/view's layouts would have made it.
func (g *Grid) Cell(i int) view.Cell {
	k, found := slices.BinarySearch(g.runAt, i)
	if !found {
		k--
	}
	r := g.Runs[k].Rect(i - g.runAt[k])
	return view.Cell{X: r.X, Y: r.Y, W: r.W, H: r.H, Fill: g.Fill[i], Read: g.Read[i]}
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
func (g *Grid) placeFiles(files []inspect.File, spans []float64, lo, hi int, group, rank []int32, next []int, clustered bool) {
	for fi := lo; fi < hi; fi++ {
		f := &files[fi]
		ni := rank[group[fi]]
		j := next[ni]
		next[ni]++
		g.Fill[j], g.Read[j] = view.SpanFill(spanOf(spans, fi)), f.Read
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
	for k, l := range g.Runs {
		if i := l.At(x, y); i >= 0 {
			return g.runAt[k] + i
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
	for k, l := range g.Runs {
		g.paintRun(img, l, g.runAt[k], th)
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
	if selected >= 0 && selected < g.Len() {
		c := g.Cell(selected)
		stroke(img, rect(c.X-2, c.Y-2, c.W+4, c.H+4), 2, th.Selected, true)
	}
}

// paintRun paints the cells of lattice l, the first being cell at.
func (g *Grid) paintRun(img *image.RGBA, l view.Lattice, at int, th view.Theme) {
	for j := range l.N {
		i, c := at+j, l.Rect(j)
		col := g.Fill[i]
		if !g.Known[i] {
			col = th.Cross
		}
		r := rect(c.X, c.Y, c.W, c.H)
		switch {
		case g.Read[i] && r.Dx() > 2 && r.Dy() > 2:
			fill(img, r, th.Read)
			fill(img, r.Inset(1), col)
		case g.Read[i]:
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
