package curve

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

func repeat(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }

// The vectors of T/expressions/InterleaveBitsSuite.scala and
// T/skipping/MultiDimClusteringFunctionsSuite.scala. NULL inputs are passed as 0, which is
// how Delta reads them.
func TestInterleaveBitsSpecVectors(t *testing.T) {
	ff00, mixed := int32(0xff00), []int32{0xff00, 0x00ff, 0}
	cases := []struct {
		ids  []int32
		want []byte
	}{
		{[]int32{0x000ff0ff, -0x000ff100 /* 0xfff00f00 */}, []byte{0x55, 0x55, 0x55, 0xaa, 0xaa, 0x55, 0xaa, 0xaa}},
		{mixed, []byte{0, 0, 0, 0, 0, 0, 0x92, 0x49, 0x24, 0x49, 0x24, 0x92}},
		{[]int32{-1, 0}, repeat(0xaa, 8)},
		{[]int32{0, -1}, repeat(0x55, 8)},
		{slices.Concat(mixed, mixed, mixed), append(repeat(0, 18),
			0x92, 0x49, 0x24, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24,
			0x49, 0x24, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24, 0x92)},
		{[]int32{ff00}, []byte{0, 0, 0xff, 0}},
		{[]int32{}, []byte{}},
	}
	for i := 1; i <= 9; i++ {
		cases = append(cases, struct {
			ids  []int32
			want []byte
		}{make([]int32, i), repeat(0, 4*i)})
	}
	for n := 1; n <= 8; n++ {
		ones, all := make([]int32, n), make([]int32, n)
		for j := range ones {
			ones[j], all[j] = 1, -1
		}
		cases = append(cases,
			struct {
				ids  []int32
				want []byte
			}{ones, append(repeat(0, 4*n-1), byte(1<<n-1))},
			struct {
				ids  []int32
				want []byte
			}{all, repeat(0xff, 4*n)})
	}
	for _, c := range cases {
		if got := InterleaveBits(c.ids); !bytes.Equal(got, c.want) || got == nil {
			t.Errorf("InterleaveBits(%#x) = %x, want %x", c.ids, got, c.want)
		}
	}
}

// The Z values of the (c1, c2) range ids in T/skipping/MultiDimClusteringSuite.scala, column 0 most
// significant.
func TestInterleaveBitsZValues(t *testing.T) {
	for _, c := range []struct{ a, b, z int32 }{{0, 0, 0}, {1, 1, 3}, {1, 2, 6}, {2, 3, 13}, {3, 0, 10}} {
		got := InterleaveBits([]int32{c.a, c.b})
		if want := append(repeat(0, 7), byte(c.z)); !bytes.Equal(got, want) {
			t.Errorf("InterleaveBits(%d, %d) = %x, want %x", c.a, c.b, got, want)
		}
	}
}

// The fast paths against the bit-at-a-time definition on random ids, for 1..12 columns.
func TestInterleaveBitsMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for n := 0; n <= 12; n++ {
		for range 200 {
			ids := make([]int32, n)
			for j := range ids {
				ids[j] = int32(rng.Uint32())
			}
			want := referenceInterleave(ids)
			if got := InterleaveBits(ids); !bytes.Equal(got, want) {
				t.Fatalf("InterleaveBits(%#x) = %x, want %x", ids, got, want)
			}
			// Appending after garbage must not leak it into the key.
			dst := append(make([]byte, 0, 64), 0xde, 0xad)
			dst = append(dst, repeat(0xff, 40)...)[:2]
			if got := AppendInterleaveBits(dst, ids); !bytes.Equal(got[2:], want) || got[0] != 0xde {
				t.Fatalf("AppendInterleaveBits(dead, %#x) = %x, want dead%x", ids, got, want)
			}
		}
	}
}

// InterleaveTail64's columns give, row by row, the last eight bytes of Delta's interleave: ids
// over the whole 32 bits (whose high bits fall off the key) and ids of range-id size.
func TestInterleaveTail64MatchesInterleaveBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const rows = 300
	for d := 0; d <= 12; d++ {
		for _, bits := range []uint{32, 10} {
			cols := make([][]uint32, d)
			for j := range cols {
				cols[j] = make([]uint32, rows)
				for i := range cols[j] {
					cols[j][i] = rng.Uint32() >> (32 - bits)
				}
			}
			out := make([]uint64, rows)
			for i := range out {
				out[i] = rng.Uint64() // garbage the call must overwrite
			}
			InterleaveTail64(out, cols)
			ids := make([]int32, d)
			for i := range rows {
				for j := range ids {
					ids[j] = int32(cols[j][i])
				}
				var want uint64
				for _, x := range referenceInterleave(ids) {
					want = want<<8 | uint64(x) // the last eight bytes, or all when fewer
				}
				if out[i] != want {
					t.Fatalf("%d columns of %d bits, row %d (%#x): key %#x, want %#x", d, bits, i, ids, out[i], want)
				}
			}
		}
	}
}

func TestInterleaveBitsAllocs(t *testing.T) {
	ids := []int32{1, 2, 3, 4}
	buf := make([]byte, 0, 16)
	if a := testing.AllocsPerRun(100, func() { buf = AppendInterleaveBits(buf[:0], ids) }); a != 0 {
		t.Errorf("AppendInterleaveBits allocates %v times", a)
	}
}
