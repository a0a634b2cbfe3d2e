package assets

import "testing"

func TestViridis(t *testing.T) {
	if len(Viridis) != 256 {
		t.Fatalf("viridis has %d colours, want 256", len(Viridis))
	}
	// Viridis is perceptually uniform with monotonically rising lightness: green rises end to end.
	if a, b := At(Viridis, 0), At(Viridis, 1); !(a.G < b.G && a.R < b.R) {
		t.Fatalf("ends out of order: %v %v", a, b)
	}
	if _, err := ParsePalette("zzzzzz\n"); err == nil {
		t.Fatal("a bad colour was accepted")
	}
}
