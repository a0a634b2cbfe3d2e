package main

import (
	"slices"
	"testing"
)

// TestParse reads go test's benchmark lines: the GOMAXPROCS suffix cut, ns/op as wall ms, the
// CPU figure kept, other units and lines skipped, and a second run's values appended.
func TestParse(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkRelayout/100k-2      	     100	  23301368 ns/op	         7.077 cpu-ms/op	 8036733 B/op	     412 allocs/op
BenchmarkFilesSlider/one-key-2	   10000	    190085 ns/op	         0.05949 cpu-ms/op
PASS
`)
	s := samples{}
	order := parse(out, s, nil)
	order = parse([]byte("BenchmarkRelayout/100k-2 90 25000000 ns/op 8.5 cpu-ms/op\n"), s, order)
	want := []string{"Relayout/100k wall ms/op", "Relayout/100k cpu ms/op", "FilesSlider/one-key wall ms/op", "FilesSlider/one-key cpu ms/op"}
	if !slices.Equal(order, want) {
		t.Fatalf("keys %q, want %q", order, want)
	}
	if got := s["Relayout/100k cpu ms/op"]; !slices.Equal(got, []float64{7.077, 8.5}) {
		t.Errorf("Relayout/100k cpu: %v", got)
	}
	if got := s["Relayout/100k wall ms/op"]; !slices.Equal(got, []float64{23.301368, 25}) {
		t.Errorf("Relayout/100k wall: %v", got)
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		want float64
	}{{[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}, {[]float64{5}, 5}} {
		if got := median(c.v); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.v, got, c.want)
		}
	}
}
