package view

import "testing"

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
