package optimize

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestFNV64a holds fnv64a, continued over several strings, to hash/fnv's New64a over their
// bytes written one after another, and NewZCubeID to the id hash/fnv gave (random seeds,
// versions, bins and paths).
func TestFNV64a(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 6))
	for range 500 {
		parts := make([]string, rng.IntN(5))
		h := fnv.New64a()
		got := uint64(fnvOffset64)
		for i := range parts {
			b := make([]byte, rng.IntN(40))
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
			parts[i] = string(b)
			h.Write(b)
			got = fnv64a(got, parts[i])
		}
		if want := h.Sum64(); got != want {
			t.Fatalf("fnv64a(%q) = %#x, want %#x", parts, got, want)
		}
		seed, version, bin := rng.Uint64(), rng.Int64()-1<<62, rng.IntN(1000)
		if id, want := NewZCubeID(seed, version, bin, parts), zcubeIDOfHashFNV(seed, version, bin, parts); id != want {
			t.Fatalf("NewZCubeID(%d, %d, %d, %q) = %s, hash/fnv's %s", seed, version, bin, parts, id, want)
		}
	}
}

// zcubeIDOfHashFNV is NewZCubeID as written with hash/fnv before fnv64a.
func zcubeIDOfHashFNV(seed uint64, version int64, bin int, inputPaths []string) string {
	h := fnv.New64a()
	var buf []byte
	buf = strconv.AppendUint(buf, seed, 10)
	buf = append(buf, '/')
	buf = strconv.AppendInt(buf, version, 10)
	buf = append(buf, '/')
	buf = strconv.AppendInt(buf, int64(bin), 10)
	h.Write(buf)
	for _, p := range inputPaths {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	s := h.Sum64()
	hi, lo := splitmix64(&s), splitmix64(&s)
	hi = hi&^0xF000 | 0x4000
	lo = lo&^(uint64(0xC)<<60) | uint64(0x8)<<60
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", hi>>32, (hi>>16)&0xFFFF, hi&0xFFFF, lo>>48, lo&0xFFFFFFFFFFFF)
}

// extra is f's FileExtra for a test to set, a copy of the one it had: files built from one
// another share none.
func extra(f *File) *FileExtra {
	e := &FileExtra{}
	if f.Extra != nil {
		*e = *f.Extra
	}
	f.Extra = e
	return e
}
