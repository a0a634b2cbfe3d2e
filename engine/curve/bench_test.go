package curve

import (
	"math/rand/v2"
	"testing"
)

// keysPerSec reports keys/s for a benchmark that processed keys keys in all.
func keysPerSec(b *testing.B, keys int) {
	b.ReportMetric(float64(keys)/b.Elapsed().Seconds(), "keys/s")
}

// randomPoints returns count points of dims coordinates below 2^bits, row-major and
// column-major.
func randomPoints(count, dims, bits int) (rows [][]uint32, cols [][]uint32) {
	rng := rand.New(rand.NewPCG(7, 8))
	cols = make([][]uint32, dims)
	for d := range cols {
		cols[d] = make([]uint32, count)
		for r := range cols[d] {
			cols[d][r] = rng.Uint32N(1 << bits)
		}
	}
	rows = make([][]uint32, count)
	for r := range rows {
		rows[r] = make([]uint32, dims)
		for d := range rows[r] {
			rows[r][d] = cols[d][r]
		}
	}
	return rows, cols
}

var sinkU64 uint64

// BenchmarkHilbertLong4x10 is liquid clustering on 4 columns at the default 1000 range ids
// (10 bits): HilbertLongIndexes over 4096 column-major rows per call, the way a layout keys a
// bin of rows.
func BenchmarkHilbertLong4x10(b *testing.B) {
	_, cols := randomPoints(4096, 4, 10)
	out := make([]uint64, 4096)
	for b.Loop() {
		HilbertLongIndexes(10, cols, out)
	}
	keysPerSec(b, b.N*len(out))
}

// BenchmarkHilbertLongPerPoint4x10 keys one point per HilbertLongIndex call.
func BenchmarkHilbertLongPerPoint4x10(b *testing.B) {
	rows, _ := randomPoints(4096, 4, 10)
	var s uint64
	for i := 0; b.Loop(); i++ {
		s += HilbertLongIndex(10, rows[i&4095])
	}
	sinkU64 = s
	keysPerSec(b, b.N)
}

// BenchmarkHilbertLong3x10 and BenchmarkHilbertLong6x10 are other column counts in the long
// form (3 dims take a lead step; 6 dims one level per step).
func BenchmarkHilbertLong3x10(b *testing.B) { benchLongColumns(b, 3) }
func BenchmarkHilbertLong6x10(b *testing.B) { benchLongColumns(b, 6) }

func benchLongColumns(b *testing.B, dims int) {
	_, cols := randomPoints(4096, dims, 10)
	out := make([]uint64, 4096)
	for b.Loop() {
		HilbertLongIndexes(10, cols, out)
	}
	keysPerSec(b, b.N*len(out))
}

// BenchmarkHilbertReference4x10 is the straightforward state machine (Delta's loop), the
// baseline the fast paths are measured against.
func BenchmarkHilbertReference4x10(b *testing.B) {
	rows, _ := randomPoints(4096, 4, 10)
	h, _ := NewHilbertEncoder(4, 10)
	var s uint64
	for i := 0; b.Loop(); i++ {
		s += h.referenceLong(rows[i&4095])
	}
	sinkU64 = s
	keysPerSec(b, b.N)
}

// BenchmarkHilbertBytes9x10 is the byte form Delta uses from 7 columns on (90-bit keys).
func BenchmarkHilbertBytes9x10(b *testing.B) {
	rows, _ := randomPoints(4096, 9, 10)
	h, _ := NewHilbertEncoder(9, 10)
	buf := make([]byte, 0, h.KeyLen())
	for i := 0; b.Loop(); i++ {
		buf = h.AppendBytes(buf[:0], rows[i&4095])
	}
	keysPerSec(b, b.N)
}

// BenchmarkInterleaveBits is the Z-order key of 4 range ids, one AppendInterleaveBits per row.
func BenchmarkInterleaveBits(b *testing.B) {
	rows, _ := randomPoints(4096, 4, 10)
	ids := make([][]int32, len(rows))
	for r, p := range rows {
		for _, v := range p {
			ids[r] = append(ids[r], int32(v))
		}
	}
	buf := make([]byte, 0, 16)
	for i := 0; b.Loop(); i++ {
		buf = AppendInterleaveBits(buf[:0], ids[i&4095])
	}
	keysPerSec(b, b.N)
}

// BenchmarkRangePartitionIDs computes range ids for a 100k-row column with 30k distinct values
// at N = 1000.
func BenchmarkRangePartitionIDs(b *testing.B) {
	const rows, distinct = 100_000, 30_000
	rng := rand.New(rand.NewPCG(9, 10))
	ranks := make([]int32, rows)
	for r := range ranks {
		ranks[r] = int32(rng.IntN(distinct))
	}
	var x RangeIDs
	dst := make([]int32, 0, rows)
	for b.Loop() {
		dst, _ = x.Append(dst[:0], ranks, distinct, DefaultNumRanges)
	}
	keysPerSec(b, b.N*rows)
}
