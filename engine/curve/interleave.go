package curve

import (
	"encoding/binary"
	"slices"
)

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
		// Byte c of every id (bits 31-8c .. 24-8c) fills exactly the n output bytes
		// out[c·n : (c+1)·n]: one 8n-bit word per byte position, built from spread bytes with
		// column 0 ending up most significant.
		sp := spreadFor(n)
		var w0, w1, w2, w3 uint64
		for _, id := range ids {
			v := uint32(id)
			w0 = w0<<1 | sp[v>>24]
			w1 = w1<<1 | sp[v>>16&0xff]
			w2 = w2<<1 | sp[v>>8&0xff]
			w3 = w3<<1 | sp[v&0xff]
		}
		// Each word goes out as 8 big-endian bytes, n of them real; the next word overwrites the
		// (zero) rest.
		var tmp [32]byte
		sh := uint(64-8*n) & 63
		binary.BigEndian.PutUint64(tmp[0:], w0<<sh)
		binary.BigEndian.PutUint64(tmp[n:], w1<<sh)
		binary.BigEndian.PutUint64(tmp[2*n:], w2<<sh)
		binary.BigEndian.PutUint64(tmp[3*n:], w3<<sh)
		copy(out, tmp[:4*n])
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

// InterleaveTail64 writes, for each row i, the last eight bytes of InterleaveBits of the row's
// ids (cols[j][i] for each column j) as a big-endian number into out[i]: the low 64 bits of the
// interleave, bit b of column j at bit b·d+d-1-j, the key a Z-order layout sorts by. Up to 9
// columns it reads one column at a time, one spread per id, rather than building each row's bytes
// as InterleaveBits does: the per-row form was a Z-order layout's largest cost under wasm. Every
// column must be as long as out.
func InterleaveTail64(out []uint64, cols [][]uint32) {
	d := uint(len(cols))
	if d > maxDims {
		interleaveTail64Rows(out, cols)
		return
	}
	clear(out)
	if d == 0 {
		return
	}
	sp := spreadFor(len(cols))
	for j, col := range cols {
		sh := d - 1 - uint(j)
		for i, v := range col[:len(out)] {
			out[i] |= spreadWide(sp, v, d) << sh
		}
	}
}

// interleaveTail64Rows is InterleaveTail64 row by row, for more columns than the spread tables
// serve.
func interleaveTail64Rows(out []uint64, cols [][]uint32) {
	ids := make([]int32, len(cols))
	buf := make([]byte, 0, 4*len(cols))
	for i := range out {
		for j, col := range cols {
			ids[j] = int32(col[i])
		}
		buf = AppendInterleaveBits(buf[:0], ids)
		out[i] = binary.BigEndian.Uint64(buf[len(buf)-8:])
	}
}
