package view

import (
	"slices"
	"testing"

	"layoutlab/engine/timeline"
)

func TestGroupedLayoutFitsEveryGroup(t *testing.T) {
	mk := func(n int) []FileCell { return make([]FileCell, n) }
	groups := []Group{{Files: mk(120), Sealed: true}, {Files: mk(120), Sealed: true}, {Files: mk(40), Open: true}}
	area := Rect{X: 10, Y: 20, W: 600, H: 300}
	cells, frames := AppendGroupedLayout(nil, nil, groups, area)
	if len(cells) != 280 || len(frames) != 3 {
		t.Fatalf("%d cells, %d frames", len(cells), len(frames))
	}
	for i, c := range cells {
		if c.X < area.X || c.Y < area.Y-1e-9 || c.X+c.W > area.X+area.W+1e-9 || c.Y+c.H > area.Y+area.H+1e-9 {
			t.Fatalf("cell %d %+v outside %+v", i, c, area)
		}
	}
	// The open cube holds fewer files, so its column is shorter.
	if !(frames[2].H < frames[0].H) || !frames[2].Open || !frames[0].Sealed {
		t.Fatalf("frames %+v", frames)
	}
}

// Reusing the previous frame's slices gives the same layout as fresh ones.
func TestAppendGroupedLayoutReusesItsSlices(t *testing.T) {
	mk := func(n int) []FileCell { return make([]FileCell, n) }
	area := Rect{X: 10, Y: 20, W: 600, H: 300}
	big := []Group{{Files: mk(200)}, {Files: mk(90)}, {Files: mk(7)}}
	small := []Group{{Files: mk(30)}, {Files: mk(5)}}
	cells, frames := AppendGroupedLayout(nil, nil, big, area)
	cells, frames = AppendGroupedLayout(cells[:0], frames[:0], small, area)
	want, wantFrames := AppendGroupedLayout(nil, nil, small, area)
	if !slices.Equal(cells, want) || !slices.Equal(frames, wantFrames) {
		t.Fatalf("reused: %d cells, %d frames; fresh: %d cells, %d frames", len(cells), len(frames), len(want), len(wantFrames))
	}
}

// DayGroups groups by ZCube, else partition, else the unclustered files, in order of first
// appearance, each group's files in the day's order; order maps cells back to files.
func TestDayGroups(t *testing.T) {
	df := &timeline.DayFiles{Files: []timeline.FileInfo{
		{ZCube: "c1", Sealed: true, Min: 0, Max: 0.5, Read: true}, // 0
		{Partition: "event_date=2026-01-02", Min: 0, Max: 1},      // 1
		{Min: 0.2, Max: 0.3},                                     // 2: unclustered
		{ZCube: "c2", Min: 0.1, Max: 0.2},                        // 3: an open cube
		{ZCube: "c1", Sealed: true, Min: 0.5, Max: 0.75},         // 4
		{Partition: "event_date=2026-01-02", Min: 0.4, Max: 0.6}, // 5
		{Min: 0, Max: 0.1},                                       // 6
		{Partition: "c1", Min: 0, Max: 1},                        // 7: a partition named like a cube is not that cube
	}}
	var dg DayGroups
	groups, order := dg.Group(df)
	if want := []int{0, 4, 1, 5, 2, 6, 3, 7}; !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	sizes := []int{}
	for _, g := range groups {
		sizes = append(sizes, len(g.Files))
	}
	if want := []int{2, 2, 2, 1, 1}; !slices.Equal(sizes, want) {
		t.Fatalf("group sizes %v, want %v", sizes, want)
	}
	if !groups[0].Sealed || groups[0].Open || groups[3].Sealed || !groups[3].Open {
		t.Fatalf("cube c1 must be sealed and c2 open: %+v %+v", groups[0], groups[3])
	}
	for _, g := range []int{1, 2, 4} {
		if groups[g].Sealed || groups[g].Open {
			t.Fatalf("group %d is not a ZCube, drawn neither sealed nor open: %+v", g, groups[g])
		}
	}
	if c := groups[0].Files[1]; c.Span != 0.25 || c.Read {
		t.Fatalf("c1's second file: %+v, want span 0.25, not read", c)
	}
	if c := groups[0].Files[0]; !c.Read {
		t.Fatalf("c1's first file is read: %+v", c)
	}
}

// A DayGroups used for a larger day and then a smaller one groups the smaller as a fresh one
// does: nothing of the larger day is left in its groups.
func TestDayGroupsReused(t *testing.T) {
	big := &timeline.DayFiles{}
	for i := range 300 {
		big.Files = append(big.Files, timeline.FileInfo{ZCube: string(rune('a' + i%7)), Sealed: i%7 < 3, Max: float64(i%10) / 10, Read: i%11 == 0})
	}
	small := &timeline.DayFiles{Files: []timeline.FileInfo{
		{ZCube: "b", Max: 0.5}, {Partition: "event_date=2026-01-02", Max: 1}, {ZCube: "b", Max: 0.25, Read: true}, {},
	}}
	var reused, fresh DayGroups
	reused.Group(big)
	groups, order := reused.Group(small)
	wantGroups, wantOrder := fresh.Group(small)
	if !slices.Equal(order, wantOrder) || len(groups) != len(wantGroups) {
		t.Fatalf("reused: order %v, %d groups; fresh: order %v, %d groups", order, len(groups), wantOrder, len(wantGroups))
	}
	for i := range groups {
		g, w := groups[i], wantGroups[i]
		if g.Sealed != w.Sealed || g.Open != w.Open || !slices.Equal(g.Files, w.Files) {
			t.Fatalf("group %d: reused %+v, fresh %+v", i, g, w)
		}
	}
}

// Integer columns and rows place every cell as the float arithmetic did: cell i of a group is in
// column i mod per, row i div per, bottom-up.
func TestGroupedLayoutColumnsAndRows(t *testing.T) {
	groups := []Group{{Files: make([]FileCell, 23)}}
	cells, _ := AppendGroupedLayout(nil, nil, groups, Rect{W: 100, H: 100})
	per := 0
	for per < len(cells) && cells[per].Y == cells[0].Y {
		per++
	}
	if per < 2 || per == len(cells) {
		t.Fatalf("%d cells per row of %d", per, len(cells))
	}
	for i, c := range cells {
		col, row := cells[i%per], cells[(i/per)*per]
		if c.X != col.X || c.Y != row.Y || (i >= per && !(c.Y < cells[i-per].Y)) {
			t.Fatalf("cell %d at (%v, %v) is not in column %d, row %d", i, c.X, c.Y, i%per, i/per)
		}
	}
}

// Many narrow groups (large-batches: 165 cubes of 37 files a day) fill the area's height with
// cells taller than wide, at most four times; groups wide enough for squares keep them.
func TestGroupedLayoutFillsTheHeight(t *testing.T) {
	mk := func(n int) []FileCell { return make([]FileCell, n) }
	area := Rect{X: 12, Y: 400, W: 856, H: 580}
	var narrow []Group
	for i := range 165 {
		narrow = append(narrow, Group{Files: mk(37 - 7*(i%11/10)), Sealed: true})
	}
	cells, frames := AppendGroupedLayout(nil, nil, narrow, area)
	tallest := 0.0
	for _, f := range frames {
		tallest = max(tallest, f.H)
	}
	if tallest < 0.99*area.H || tallest > area.H+2 {
		t.Errorf("the tallest group is %.1f high in an area %.1f high", tallest, area.H)
	}
	for i, c := range cells {
		if c.Y < area.Y-1e-9 || c.Y+c.H > area.Y+area.H+1e-9 || c.H > 4*c.W+1 || c.H < c.W {
			t.Fatalf("cell %d %+v: outside %+v or not 1 to 4 times as tall as wide", i, c, area)
		}
	}
	// Few files in wide columns: squares, as large as fit.
	cells, _ = AppendGroupedLayout(nil, nil, []Group{{Files: mk(4)}, {Files: mk(3)}}, Rect{W: 400, H: 100})
	for i, c := range cells {
		if c.W != c.H {
			t.Fatalf("cell %d %+v is not square", i, c)
		}
	}
}

// The table page keeps the lattices and works its cells out as it paints: each lattice's
// rectangles are the grouped layout's cells, to the bit, and the outlines the same.
func TestGroupedLatticesAreTheLayoutsCells(t *testing.T) {
	var groups []Group
	var shapes []GroupShape
	for i, n := range []int{1, 7, 0, 250, 33, 3} {
		fs := make([]FileCell, n)
		for j := range fs {
			fs[j] = FileCell{Span: float64(j%5) / 4, Read: j%2 == 0}
		}
		groups = append(groups, Group{Files: fs, Sealed: i%2 == 0, Open: i%3 == 0})
		shapes = append(shapes, GroupShape{N: n, Sealed: i%2 == 0, Open: i%3 == 0})
	}
	for _, area := range []Rect{{X: 0, Y: 4, W: 1200, H: 520}, {X: 3.5, Y: 1.25, W: 333.3, H: 97.7}, {X: 0, Y: 4, W: 50, H: 900}} {
		cells, frames := AppendGroupedLayout(nil, nil, groups, area)
		lattices, lframes := AppendGroupedLattices(nil, nil, shapes, area)
		if !slices.Equal(frames, lframes) || len(lattices) != len(groups) {
			t.Fatalf("area %v: outlines %v, by lattices %v (%d lattices)", area, frames, lframes, len(lattices))
		}
		k := 0
		for gi, l := range lattices {
			for i := range l.N {
				r, c := l.Rect(i), cells[k]
				if r != (Rect{c.X, c.Y, c.W, c.H}) || c.Fill != SpanFill(groups[gi].Files[i].Span) {
					t.Fatalf("area %v: group %d cell %d at %v, its lattice's %v", area, gi, i, c, r)
				}
				k++
			}
		}
		if k != len(cells) {
			t.Fatalf("area %v: %d cells, %d in the lattices", area, len(cells), k)
		}
	}
}
