package curve

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// Concrete vectors: comments in Delta's T/skipping/MultiDimClusteringSuite.scala and values of
// an independent re-implementation, all agreeing with testdata/ (vectors from Delta's own code).
func TestHilbertSpecVectors(t *testing.T) {
	cases := []struct {
		k     int
		point []uint32
		want  uint64
	}{
		// numBits = 3 (rangeId.max = 4), T/skipping/MultiDimClusteringSuite.scala.
		{3, []uint32{0, 0}, 0}, {3, []uint32{1, 1}, 2}, {3, []uint32{1, 2}, 13},
		{3, []uint32{2, 3}, 11}, {3, []uint32{3, 0}, 5},
		// numBits = 10 (rangeId.max = 1000).
		{10, []uint32{0, 1}, 3}, {10, []uint32{1, 1}, 2}, {10, []uint32{2, 2}, 8},
		{10, []uint32{3, 3}, 10}, {10, []uint32{4, 4}, 32}, {10, []uint32{5, 5}, 34},
		{10, []uint32{6, 0}, 20}, {10, []uint32{7, 1}, 22},
		// 3-D.
		{2, []uint32{0, 0, 1}, 7}, {2, []uint32{0, 1, 0}, 1}, {2, []uint32{1, 0, 0}, 3},
		{2, []uint32{1, 1, 1}, 5}, {2, []uint32{3, 3, 3}, 43}, {2, []uint32{2, 1, 3}, 50},
		{10, []uint32{0, 0, 1}, 1}, {10, []uint32{0, 1, 0}, 3}, {10, []uint32{1, 0, 0}, 7},
		{10, []uint32{5, 9, 1000}, 187474262},
	}
	for _, c := range cases {
		if got := HilbertLongIndex(c.k, c.point); got != c.want {
			t.Errorf("HilbertLongIndex(%d, %v) = %d, want %d", c.k, c.point, got, c.want)
		}
		b := HilbertIndex(c.k, c.point)
		var be [8]byte
		binary.BigEndian.PutUint64(be[:], c.want)
		if want := be[8-len(b):]; len(b) != (len(c.point)*c.k+7)/8 || !bytes.Equal(b, want) {
			t.Errorf("HilbertIndex(%d, %v) = %x, want %x", c.k, c.point, b, want)
		}
	}
}

// 2-D grids (rows x0, columns x1) from an independent re-implementation, agreeing with
// testdata/; the orientation flips with the parity of k.
func TestHilbertSpecGrids(t *testing.T) {
	grids := map[int][4][4]uint64{
		2: {{0, 3, 4, 5}, {1, 2, 7, 6}, {14, 13, 8, 9}, {15, 12, 11, 10}},
		3: {{0, 1, 14, 15}, {3, 2, 13, 12}, {4, 7, 8, 11}, {5, 6, 9, 10}},
	}
	for k, g := range grids {
		for x0 := range 4 {
			for x1 := range 4 {
				if got := HilbertLongIndex(k, []uint32{uint32(x0), uint32(x1)}); got != g[x0][x1] {
					t.Errorf("k=%d (%d,%d): got %d, want %d", k, x0, x1, got, g[x0][x1])
				}
			}
		}
	}
}

// HilbertUtilsSuite's vectors for the helpers this package has (getBits, setBits and addOne have
// no counterpart: bytes are written by a bit writer, checked against the vectors instead).
func TestHilbertUtils(t *testing.T) {
	if got := rotl(4, 7, 2); got != 13 {
		t.Errorf("circularLeftShift(4,7,2) = %d, want 13", got)
	}
	if got := rotr(4, 7, 2); got != 13 {
		t.Errorf("circularRightShift(4,7,2) = %d, want 13", got)
	}
	for i := range 16 {
		if got := setColumn(16, 1<<i); got != uint32(15-i) {
			t.Errorf("getSetColumn(16, 1<<%d) = %d, want %d", i, got, 15-i)
		}
	}
	m := matrix{x2: 0, dy: 5}
	if got := m.multiply(10, m); got != (matrix{}) {
		t.Errorf("HilbertMatrix(10,0,5)² = %+v, want identity", got)
	}
}

// HilbertStates.java: the state machine has n·2^(n-1) states, and each state's row is a permutation.
func TestHilbertStateCounts(t *testing.T) {
	for n := minDims; n <= maxDims; n++ {
		tb := tableFor(n)
		if want := n << (n - 1); tb.states != want {
			t.Errorf("n=%d: %d states, want %d", n, tb.states, want)
		}
		size := 1 << n
		if len(tb.one) != tb.states*size {
			t.Fatalf("n=%d: table has %d entries, want %d", n, len(tb.one), tb.states*size)
		}
		for s := range tb.states {
			seen := make([]bool, size)
			for _, e := range tb.one[s*size : (s+1)*size] {
				y, next := e&uint32(size-1), int(e>>n)
				if seen[y] || next >= tb.states {
					t.Fatalf("n=%d state %d: y %d repeated or next %d out of range", n, s, y, next)
				}
				seen[y] = true
			}
		}
	}
}

// decoder inverts the state table (Delta's getDKeyToNPointStateMap) so tests can walk the
// curve in index order.
type decoder struct {
	n, k int
	inv  []uint32 // inv[s<<n | y] = x1 | next<<16
}

func newDecoder(n, k int) *decoder {
	tb := tableFor(n)
	size := 1 << n
	inv := make([]uint32, len(tb.one))
	for s := range tb.states {
		for x1, e := range tb.one[s*size : (s+1)*size] {
			y, next := int(e)&(size-1), e>>n
			inv[s*size+y] = uint32(x1) | next<<16
		}
	}
	return &decoder{n: n, k: k, inv: inv}
}

func (dc *decoder) point(d uint64, p []uint32) {
	n, mask := dc.n, uint64(1)<<dc.n-1
	clear(p)
	var s uint32
	for i := range dc.k {
		y := d >> uint((dc.k-1-i)*n) & mask
		e := dc.inv[s<<n|uint32(y)]
		for j := range n {
			p[j] = p[j]<<1 | e>>(n-1-j)&1
		}
		s = e >> 16
	}
}

func manhattan(a, b []uint32) int {
	d := 0
	for i := range a {
		if a[i] > b[i] {
			d += int(a[i] - b[i])
		} else {
			d += int(b[i] - a[i])
		}
	}
	return d
}

// HilbertIndexSuite's exhaustive cases: every point of the grid gets a distinct index (the map
// is one to one and onto [0, 2^(nk))), and points at consecutive indices are neighbours.
func TestHilbertBijectiveAndContinuous(t *testing.T) {
	for _, c := range []struct{ n, k int }{{2, 10}, {3, 6}, {4, 5}, {5, 4}, {6, 3}, {2, 1}, {9, 2}} {
		t.Run(fmt.Sprintf("n=%d,k=%d", c.n, c.k), func(t *testing.T) {
			total := uint64(1) << (c.n * c.k)
			h, err := NewHilbertEncoder(c.n, c.k)
			if err != nil {
				t.Fatal(err)
			}
			at := make([][]uint32, total) // at[d] = the point with index d
			p := make([]uint32, c.n)
			for v := range total {
				for j := range p {
					p[j] = uint32(v >> uint(j*c.k) & (1<<c.k - 1))
				}
				d := h.Long(p)
				if d >= total || at[d] != nil {
					t.Fatalf("point %v: index %d out of range or taken by %v", p, d, at[min(d, total-1)])
				}
				at[d] = append([]uint32(nil), p...)
			}
			dc := newDecoder(c.n, c.k)
			got := make([]uint32, c.n)
			for d := range total {
				if dc.point(d, got); !slices.Equal(got, at[d]) {
					t.Fatalf("decode(%d) = %v, want %v", d, got, at[d])
				}
				if d > 0 && manhattan(at[d-1], at[d]) != 1 {
					t.Fatalf("indices %d and %d: points %v and %v are not neighbours", d-1, d, at[d-1], at[d])
				}
			}
		})
	}
}

// HilbertIndexSuite's sampled cases: n = 2..9 with k = 15-n, 1000 blocks of 1000 consecutive
// indices from random starts. Each index decodes to a point that encodes back to it (long and
// byte form), and consecutive points are neighbours.
func TestHilbertSampledBlocks(t *testing.T) {
	blocks := 1000
	if testing.Short() {
		blocks = 20
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := minDims; n <= maxDims; n++ {
		k := 15 - n
		total := uint64(1) << (n * k)
		h, _ := NewHilbertEncoder(n, k)
		dc := newDecoder(n, k)
		prev, p := make([]uint32, n), make([]uint32, n)
		var buf []byte
		for range blocks {
			start := rng.Uint64N(total - 1000)
			for d := start; d < start+1000; d++ {
				dc.point(d, p)
				if got := h.Long(p); got != d {
					t.Fatalf("n=%d k=%d: Long(decode(%d)=%v) = %d", n, k, d, p, got)
				}
				buf = h.AppendBytes(buf[:0], p)
				var be [8]byte
				binary.BigEndian.PutUint64(be[:], d)
				if !bytes.Equal(buf, be[8-len(buf):]) {
					t.Fatalf("n=%d k=%d: bytes of decode(%d) = %x", n, k, d, buf)
				}
				if d > start && manhattan(prev, p) != 1 {
					t.Fatalf("n=%d k=%d: indices %d,%d: %v and %v are not neighbours", n, k, d-1, d, prev, p)
				}
				copy(prev, p)
			}
		}
	}
}

// The fast paths (spread tables, multi-level steps, 64-bit groups, batches) against the
// straightforward state machine, on random full 32-bit coordinates so that masking to numBits
// is exercised too.
func TestHilbertFastMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const rows = 64
	for n := minDims; n <= maxDims; n++ {
		for k := 0; k <= 32; k++ {
			h, err := NewHilbertEncoder(n, k)
			if err != nil {
				t.Fatal(err)
			}
			cols := make([][]uint32, n)
			for j := range cols {
				cols[j] = make([]uint32, rows)
				for r := range cols[j] {
					cols[j][r] = rng.Uint32()
				}
			}
			batch := make([]uint64, rows)
			h.LongColumns(batch, cols)
			p := make([]uint32, n)
			ref := make([]byte, h.KeyLen())
			for r := range rows {
				for j := range p {
					p[j] = cols[j][r]
				}
				want := h.referenceLong(p)
				if got := h.Long(p); got != want {
					t.Fatalf("n=%d k=%d %v: Long = %d, reference %d", n, k, p, got, want)
				}
				if batch[r] != want {
					t.Fatalf("n=%d k=%d %v: LongColumns = %d, reference %d", n, k, p, batch[r], want)
				}
				clear(ref)
				h.referenceBytes(ref, p)
				if got := h.AppendBytes(nil, p); !bytes.Equal(got, ref) {
					t.Fatalf("n=%d k=%d %v: AppendBytes = %x, reference %x", n, k, p, got, ref)
				}
			}
		}
	}
}

// Delta reads coordinates as Java ints shifted by k-1-i, and Java takes shift amounts modulo 32:
// with k = 33 the first level reads bit 0 and the other 32 levels read bits 31..0. So the
// 33-level key is the position of the bit-0 level from state 0 followed by the ordinary 32-bit
// walk from the state that level leads to.
func TestHilbertJavaShiftWraps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := minDims; n <= maxDims; n++ {
		tb := tableFor(n)
		h, _ := NewHilbertEncoder(n, 33)
		p := make([]uint32, n)
		for range 20 {
			var z0 uint32
			for j := range p {
				p[j] = rng.Uint32()
				z0 = z0<<1 | p[j]&1
			}
			e := tb.one[z0]
			want, s := uint64(e&(1<<n-1)), e>>n
			for i := range 32 {
				var z uint32
				for j := range n {
					z = z<<1 | p[j]>>(31-i)&1
				}
				e := tb.one[s<<n|z]
				want = want<<n | uint64(e&(1<<n-1))
				s = e >> n
			}
			if got := h.Long(p); got != want {
				t.Fatalf("n=%d %v: k=33 Long = %x, want %x", n, p, got, want)
			}
		}
	}
}

func TestHilbertErrors(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 10, 64} {
		_, err := NewHilbertEncoder(n, 10)
		want := fmt.Sprintf("Cannot perform hilbert clustering on fewer than 2 or more than 9 dimensions; got %d dimensions", n)
		if err == nil || err.Error() != want {
			t.Errorf("NewHilbertEncoder(%d, 10) error = %v, want %q", n, err, want)
		}
	}
	if _, err := NewHilbertEncoder(3, -1); err == nil {
		t.Error("NewHilbertEncoder(3, -1): want an error")
	}
	mustPanic(t, "HilbertLongIndex with 1 dim", func() { HilbertLongIndex(10, []uint32{1}) })
	mustPanic(t, "HilbertIndex with 10 dims", func() { HilbertIndex(10, make([]uint32, 10)) })
	h, _ := NewHilbertEncoder(3, 10)
	mustPanic(t, "Long with 2 coordinates", func() { h.Long([]uint32{1, 2}) })
	mustPanic(t, "AppendBytes with 4 coordinates", func() { h.AppendBytes(nil, []uint32{1, 2, 3, 4}) })
	mustPanic(t, "LongColumns with short column", func() {
		h.LongColumns(make([]uint64, 3), [][]uint32{{1, 2, 3}, {1, 2, 3}, {1, 2}})
	})

	// numBits = 0: Delta's loops never run, giving 0 and an empty key.
	if got := HilbertLongIndex(0, []uint32{5, 6}); got != 0 {
		t.Errorf("HilbertLongIndex(0, ...) = %d, want 0", got)
	}
	if got := HilbertIndex(0, []uint32{5, 6}); len(got) != 0 {
		t.Errorf("HilbertIndex(0, ...) = %x, want empty", got)
	}
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: did not panic", what)
		}
	}()
	f()
}

// Tables are built once per n, lazily, from any goroutine.
func TestHilbertConcurrentFirstUse(t *testing.T) {
	var wg sync.WaitGroup
	results := make([][]uint64, 16)
	for g := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := maxDims; n >= minDims; n-- {
				p := make([]uint32, n)
				for j := range p {
					p[j] = uint32(j*7 + g%3)
				}
				results[g] = append(results[g], HilbertLongIndex(5, p))
			}
		}()
	}
	wg.Wait()
	for g := 3; g < len(results); g++ {
		if !slices.Equal(results[g], results[g%3]) {
			t.Fatalf("goroutine %d got %v, goroutine %d got %v", g, results[g], g%3, results[g%3])
		}
	}
	for n := minDims; n <= maxDims; n++ {
		if tableFor(n) != tables[n].Load() {
			t.Fatalf("n=%d: table rebuilt", n)
		}
	}
}

func TestHilbertAllocs(t *testing.T) {
	h, _ := NewHilbertEncoder(9, 10)
	p := []uint32{1, 2, 3, 4, 5, 6, 7, 8, 9}
	buf := make([]byte, 0, 32)
	if a := testing.AllocsPerRun(100, func() { buf = h.AppendBytes(buf[:0], p) }); a != 0 {
		t.Errorf("AppendBytes allocates %v times", a)
	}
	if a := testing.AllocsPerRun(100, func() { _ = HilbertLongIndex(10, p[:4]) }); a != 0 {
		t.Errorf("HilbertLongIndex allocates %v times", a)
	}
}
