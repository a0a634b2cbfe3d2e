package tablepage

import (
	"fmt"
	"math"
	"strings"

	"layoutlab/engine/inspect"
	"layoutlab/front/view"
)

// A GridTag is one group's name on the grid: its text (shortened to fit), the full name with
// its figures for the tooltip, and where (device pixels: X, W the column, Y the text's top).
type GridTag struct {
	X, Y, W     float64
	Text, Title string
}

// The grid's sizes, in CSS pixels: a cell is never drawn larger than maxCell (six files of a
// small table are six modest cells, not six that fill the screen), never shorter than minGrid in
// all, and the tags take a band of tagBand under the cells, in text of tagSize.
const (
	maxCell  = 44
	minGrid  = 72
	tagBand  = 18
	tagSize  = 11
	tagSpace = 64 // the least room between two tags' starts where groups are narrow
)

// SizedGrid is BuildGrid in a w-wide area at most maxH high, made lower until no cell is
// larger than maxCell: the grid is sized to the table. It is made in old's slices when old is
// not nil (the grid it replaces, no longer valid then), and each height's in the last's.
func SizedGrid(old *Grid, r *inspect.Report, spans []float64, by GroupBy, w, maxH, scale float64) *Grid {
	h := maxH
	g := old
	for range 6 {
		g = BuildGrid(g, r, spans, by, w, h, scale)
		side := 0.0
		for _, l := range g.Runs {
			if l.N > 0 {
				side = max(side, l.CW-l.Gap, l.CH-l.Gap)
			}
		}
		limit := maxCell * scale
		fixed := 4.0 // BuildGrid's margin above the groups, and the tags' band
		if by != ByNone {
			fixed += tagBand * scale
		}
		if side <= limit*1.05 || h <= fixed+limit {
			break
		}
		h = max(fixed+limit, fixed+(h-fixed)*limit/side)
	}
	// The area below the lowest cell or frame that no tag uses is left off.
	if g.Len() > 0 {
		bottom := cellsBottom(g)
		if len(g.Tags) > 0 {
			bottom = g.Tags[0].Y + (tagBand-3)*scale
		}
		g.H = math.Min(g.H, math.Ceil(math.Max(bottom+2*scale, minGrid*scale)))
	}
	return g
}

// cappedLattice lays one group's n files out in rows of cells of side limit from the top left:
// GridLayout fills its whole area, so a few files would be a few giant cells.
func cappedLattice(n int, w, limit float64) view.Lattice {
	return view.Lattice{N: n, Per: max(1, min(n, int(w/limit))), CW: limit, CH: limit, Gap: math.Max(1, limit*0.08)}
}

// cellsBottom is the lowest edge of the grid's cells and frames: a lattice's lowest cells are
// its first row's when it fills upwards, else its last's.
func cellsBottom(g *Grid) float64 {
	b := 0.0
	for _, l := range g.Runs {
		if l.N == 0 {
			continue
		}
		c := l.Rect(l.N - 1)
		if l.Up {
			c = l.Rect(0)
		}
		b = max(b, c.Y+c.H)
	}
	for _, f := range g.Frames {
		b = max(b, f.Y+f.H)
	}
	return b
}

// tag names the groups under their columns: a frame's group (frames are in Labels' order), or
// the one group under all the cells. Where groups are too narrow for every name, every k-th is
// named, k the fewest that leaves tagSpace between names, and the last; each name is cut to
// its room, up to the next name.
func (g *Grid) tag(w, h, band float64) {
	size := tagSize * g.Scale
	y := cellsBottom(g) + 3*g.Scale
	if len(g.Frames) == 0 && len(g.Labels) == 1 {
		g.Tags = []GridTag{{X: 0, Y: y, W: w, Text: fit(g.Labels[0].Name, w, size), Title: tagTitle(g.Labels[0])}}
		return
	}
	if len(g.Frames) != len(g.Labels) || len(g.Frames) == 0 {
		return
	}
	colW := view.ColumnWidth(len(g.Frames), view.Rect{W: w})
	step := max(1, int(math.Ceil(tagSpace*g.Scale/colW)))
	last := len(g.Frames) - 1
	var named []int
	for i := 0; i <= last; i += step {
		named = append(named, i)
	}
	// The last group is named too ("no ZCube" sorts last): in place of the name before it when
	// the two would crowd.
	if k := len(named) - 1; named[k] != last {
		if g.Frames[last].X-g.Frames[named[k]].X < tagSpace*g.Scale {
			named[k] = last
		} else {
			named = append(named, last)
		}
	}
	xs := make([]float64, len(named)) // where each name starts: under its column
	for k, i := range named {
		xs[k] = g.Frames[i].X
	}
	// The last column is at the right edge: its name ends there, reaching left as it needs.
	k := len(named) - 1
	if need := view.TextWidth(shortName(g.Labels[last].Name), size) + 6*g.Scale; w-xs[k] < need && k > 0 {
		xs[k] = max(xs[k-1]+tagSpace*g.Scale/2, w-need)
	}
	for k, i := range named {
		end := w // a name's room reaches the next name
		if k+1 < len(named) {
			end = xs[k+1]
		}
		room := end - xs[k] - 4*g.Scale
		g.Tags = append(g.Tags, GridTag{X: xs[k], Y: y, W: room, Text: fit(shortName(g.Labels[i].Name), room, size), Title: tagTitle(g.Labels[i])})
	}
}

// shortName keeps a ZCube's id to its first eight characters: a UUID is longer than its column.
func shortName(name string) string {
	if id, ok := strings.CutPrefix(name, "ZCube "); ok && len(id) > 8 {
		return "ZCube " + id[:8] + "…"
	}
	return name
}

// fit cuts text to room (device pixels) at size, with an ellipsis.
func fit(text string, room, size float64) string {
	if view.TextWidth(text, size) <= room {
		return text
	}
	r := []rune(text)
	for len(r) > 0 && view.TextWidth(string(r)+"…", size) > room {
		r = r[:len(r)-1]
	}
	if len(r) == 0 {
		return ""
	}
	return string(r) + "…"
}

func tagTitle(l GroupLabel) string {
	state := ""
	if l.Sealed {
		state = ", sealed"
	} else if l.Open {
		state = ", open"
	}
	return fmt.Sprintf("%s: %d files, %s%s", l.Name, l.Files, bytesText(l.Bytes), state)
}

// TagsSVG is the tags as an SVG laid over the canvas, in CSS pixels (the canvas's device pixels
// over scale): SVG attributes, as the page's Content-Security-Policy allows no inline style.
func TagsSVG(g *Grid, cssW, cssH, scale float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="grid-tags" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" aria-hidden="true">`, cssW, cssH, cssW, cssH)
	for _, t := range g.Tags {
		if t.Text == "" {
			continue
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="%d"><title>%s</title>%s</text>`, t.X/scale+2, t.Y/scale+tagSize, tagSize, esc(t.Title), esc(t.Text))
	}
	b.WriteString("</svg>")
	return b.String()
}
