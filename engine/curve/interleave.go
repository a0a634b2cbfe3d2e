package curve

import (
	"encoding/binary"
	"slices"
)

// spread[n][b] moves bit i of the byte b to bit i·n, leaving n-1 zero bits between neighbours.
// Interleaving columns is then a shift-and-OR of one lookup per column byte instead of a loop
// over 32 bits (InterleaveBits) or over numBits levels (the Hilbert z values). Bit 7 lands at
// 7·9 = 63 for n = 9, so every entry fits a uint64. 18 KiB, filled at start-up in a few
// microseconds.
var spread = func() (t [10][256]uint64) {
	for n := 1; n < len(t); n++ {
		for b := range 256 {
			var v uint64
			for i := range 8 {
				v |= uint64(b>>i&1) << (i * n)
			}
			t[n][b] = v
		}
	}
	return t
}()

// InterleaveBits is Delta's interleave_bits (M/expressions/InterleaveBits.scala,
// defaultInterleaveBits): 4·len(ids) bytes holding bit 31 of every id, then bit 30 of every id,
// and so on down to bit 0, most significant bit first; within each group of len(ids) bits column
// 0 supplies the most significant one. One id gives its 4-byte big-endian form, none gives an
// empty (non-nil) slice. Delta reads a NULL id as 0; pass 0 for it.
func InterleaveBits(ids []int32) []byte {
	return AppendInterleaveBits(make([]byte, 0, 4*len(ids)), ids)
}

// AppendInterleaveBits appends InterleaveBits(ids) to dst and returns the extended slice; it does
// not allocate when dst has room for 4·len(ids) more bytes.
func AppendInterleaveBits(dst []byte, ids []int32) []byte {
	n := len(ids)
	start := len(dst)
	dst = slices.Grow(dst, 4*n)[:start+4*n]
	out := dst[start:]
	switch {
	case n == 0:
	case n == 1:
		binary.BigEndian.PutUint32(out, uint32(ids[0]))
	case n <= 8:
		// Bits 31-8c .. 24-8c of every id (byte c from the top) fill exactly the n output bytes
		// out[c·n : (c+1)·n], so each such byte group is one 8n-bit word built from spread bytes.
		sp := &spread[n]
		for c := range 4 {
			sh := uint(24 - 8*c)
			var w uint64
			for j, id := range ids {
				w |= sp[uint32(id)>>sh&0xff] << uint(n-1-j)
			}
			group := out[c*n : c*n+n]
			for b := n - 1; b >= 0; b-- {
				group[b] = byte(w)
				w >>= 8
			}
		}
	default:
		// More than 8 columns make a group wider than 64 bits; Delta's bit loop is fast enough
		// for these rare keys.
		clear(out)
		pos := 0
		for bit := 31; bit >= 0; bit-- {
			for _, id := range ids {
				out[pos>>3] |= byte(uint32(id)>>uint(bit)&1) << (7 - uint(pos&7))
				pos++
			}
		}
	}
	return dst
}
