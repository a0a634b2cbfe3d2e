package curve

import (
	"errors"
	"testing"
)

// NumBits for several N (HilbertClustering's numberOfTrailingZeros(highestOneBit(N)) + 1, in
// M/skipping/MultiDimClustering.scala).
func TestNumBits(t *testing.T) {
	for _, c := range []struct{ n, want int }{
		{2, 2}, {4, 3}, {20, 5}, {100, 7}, {200, 8}, {1000, 10}, {1024, 11},
		{1, 1}, {3, 2}, {1023, 10}, {1 << 30, 31}, {1<<31 - 1, 31},
		{0, 33}, {-1, 32}, // what Java's Integer methods give outside Delta's N > 1 check
	} {
		if got := NumBits(c.n); got != c.want {
			t.Errorf("NumBits(%d) = %d, want %d", c.n, got, c.want)
		}
	}
	if NumBits(DefaultNumRanges) != 10 {
		t.Errorf("NumBits(DefaultNumRanges) = %d, want 10", NumBits(DefaultNumRanges))
	}
}

func TestCurveNames(t *testing.T) {
	for c, want := range map[Curve]string{Linear: "linear", ZOrder: "zorder", Hilbert: "hilbert", Curve(9): "curve(9)"} {
		if got := c.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", c, got, want)
		}
	}
}

// MultiDimClustering.cluster: liquid clustering is Hilbert from two columns on and Z-order for
// one; ZORDER BY is always Z-order; zero columns is an error.
func TestChoose(t *testing.T) {
	cases := []struct {
		liquid bool
		cols   int
		want   Curve
	}{
		{true, 1, ZOrder}, {true, 2, Hilbert}, {true, 4, Hilbert}, {true, 9, Hilbert},
		{false, 1, ZOrder}, {false, 2, ZOrder}, {false, 12, ZOrder},
	}
	for _, c := range cases {
		if got, err := Choose(c.liquid, c.cols); err != nil || got != c.want {
			t.Errorf("Choose(%v, %d) = %v, %v; want %v", c.liquid, c.cols, got, err, c.want)
		}
	}
	for _, liquid := range []bool{true, false} {
		if _, err := Choose(liquid, 0); !errors.Is(err, ErrNoColumns) {
			t.Errorf("Choose(%v, 0) error = %v, want ErrNoColumns", liquid, err)
		}
	}
}
