package layout

import "testing"

// TestCellNoise: the integer cellNoise is Noise of the cell's middle, (k + ½) / 2^21, for every
// one of the 2^21 cells (bits above the cell's ignored).
func TestCellNoise(t *testing.T) {
	const cells = 1 << noiseBits
	for k := range uint64(cells) {
		want := Noise((float64(k) + 0.5) / cells)
		if got := cellNoise(k | 0xabc<<noiseBits); got != want {
			t.Fatalf("cell %d: cellNoise %d, Noise %d", k, got, want)
		}
	}
}
