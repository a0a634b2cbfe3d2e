package view

import "testing"

func TestGridLayoutFitsAndColours(t *testing.T) {
	files := make([]FileCell, 32)
	for i := range files {
		files[i] = FileCell{Span: float64(i) / 31, Read: i%2 == 0}
	}
	cells := GridLayout(files, 800, 600, 40)
	if len(cells) != 32 {
		t.Fatalf("%d cells, want 32", len(cells))
	}
	for i, c := range cells {
		if c.X < 0 || c.Y < 40 || c.X+c.W > 800 || c.Y+c.H > 600 || c.W <= 0 || c.H <= 0 {
			t.Fatalf("cell %d %+v leaves the area", i, c)
		}
	}
	if cells[0].Fill == cells[31].Fill {
		t.Fatal("narrowest and widest spans share a colour")
	}
	if GridLayout(nil, 800, 600, 40) != nil || GridLayout(files, 0, 0, 0) != nil {
		t.Fatal("degenerate inputs should give no cells")
	}
}
