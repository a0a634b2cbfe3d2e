package readout

import "testing"

// TestNumberSeparatesThousands: readouts, posters and prose write one format.
func TestNumberSeparatesThousands(t *testing.T) {
	for _, c := range []struct {
		v      float64
		digits int
		want   string
	}{
		{2400, 1, "2,400.0"}, {25000, 0, "25,000"}, {1152.774, 2, "1,152.77"}, {999.96, 1, "1,000.0"},
		{100000, 0, "100,000"}, {0.2214, 3, "0.221"}, {-1234567.5, 1, "-1,234,567.5"}, {-123, 0, "-123"}, {7, 0, "7"},
	} {
		if got := Number(c.v, c.digits); got != c.want {
			t.Errorf("Number(%v, %d) = %q, want %q", c.v, c.digits, got, c.want)
		}
	}
	if got := (Readout{Value: 25000}).Text(); got != "25,000" {
		t.Errorf("rows read: %q", got)
	}
	if got := (Readout{Value: 2400, Digits: 1, Unit: "GiB"}).Text(); got != "2,400.0 GiB" {
		t.Errorf("table size: %q", got)
	}
}

func TestTrimmedDropsTrailingZerosOnly(t *testing.T) {
	for _, c := range []struct {
		v    float64
		d    int
		want string
	}{{0.25, 2, "0.25"}, {40, 2, "40"}, {100, 2, "100"}, {1152.5, 2, "1,152.5"}, {0.3, 0, "0"}, {2400, 1, "2,400"}} {
		if got := Trimmed(c.v, c.d); got != c.want {
			t.Errorf("Trimmed(%v, %d) = %q, want %q", c.v, c.d, got, c.want)
		}
	}
}
