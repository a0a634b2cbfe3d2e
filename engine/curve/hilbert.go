package curve

import (
	"errors"
	"fmt"
)

// HilbertEncoder maps dims-dimensional points with numBits bits per coordinate to their
// position on Delta's Hilbert curve (HilbertCompactStateList.translateNPointToDKey and
// translateNPointToDKeyArray in
// spark/src/main/scala/org/apache/spark/sql/delta/expressions/HilbertIndex.scala). Only the low
// numBits bits of each coordinate count, as in Delta. A HilbertEncoder is immutable and safe for
// concurrent use.
type HilbertEncoder struct {
	dims, numBits int
	t             *table
	mode          encodeMode
	// lead is how many levels of a modeLong key come before its first full multi-level
	// step: numBits mod t.levels.
	lead int
	// first is how many levels the first 64-bit z word of a modeGroups key holds; the rest
	// hold t.group each.
	first int
}

type encodeMode uint8

const (
	// modeLong: numBits ≤ 32 and dims·numBits ≤ 64, so the z bits of all levels fit one word.
	modeLong encodeMode = iota
	// modeGroups: numBits ≤ 32 with a longer key; the levels go in 64-bit z words.
	modeGroups
	// modeReference: numBits > 32. Delta shifts Java ints by numBits-1-i, which Java takes
	// modulo 32, so the upper levels reread low bits; the straightforward loop does exactly that.
	modeReference
)

// NewHilbertEncoder checks dims and numBits and returns the encoder. dims outside [2, 9] gives
// Delta's own error (HilbertStates.getStateList); a negative numBits is rejected too. The state
// tables for dims are generated on first use.
func NewHilbertEncoder(dims, numBits int) (*HilbertEncoder, error) {
	h, err := makeHilbert(dims, numBits)
	if err != nil {
		return nil, err
	}
	return &h, nil
}

func makeHilbert(dims, numBits int) (HilbertEncoder, error) {
	if dims < minDims || dims > maxDims {
		return HilbertEncoder{}, errDims(dims)
	}
	if numBits < 0 {
		return HilbertEncoder{}, fmt.Errorf("curve: negative numBits %d", numBits)
	}
	t := tableFor(dims)
	h := HilbertEncoder{dims: dims, numBits: numBits, t: t}
	switch {
	case numBits > 32:
		h.mode = modeReference
	case dims*numBits <= 64:
		h.mode = modeLong
		h.lead = int(t.leadOf[numBits])
	default:
		h.mode = modeGroups
		h.first = int(t.firstOf[numBits])
	}
	return h, nil
}

// mustHilbert backs the convenience functions, for which a bad dimension count is a
// programmer error.
func mustHilbert(dims, numBits int) HilbertEncoder {
	h, err := makeHilbert(dims, numBits)
	if err != nil {
		panic(err)
	}
	return h
}

// HilbertLongIndex is Delta's HilbertLongIndex: the Hilbert index of point (len(point)
// dimensions, numBits bits each). Delta uses this form when len(point)·numBits < 64; for longer
// keys it returns the low 64 bits of the index, as Delta's long arithmetic would. It panics when
// len(point) is outside [2, 9] or numBits is negative (NewHilbertEncoder is the checked form).
func HilbertLongIndex(numBits int, point []uint32) uint64 {
	n := len(point)
	if n >= minDims && n <= maxDims && numBits >= 0 && n*numBits <= 64 {
		// modeLong without building an encoder: this is the per-row hot path.
		t := tableFor(n)
		return t.long(point, numBits, int(t.leadOf[numBits]))
	}
	h := mustHilbert(n, numBits)
	return h.Long(point)
}

// Dims is the number of dimensions.
func (h *HilbertEncoder) Dims() int { return h.dims }

// NumBits is the number of bits per coordinate.
func (h *HilbertEncoder) NumBits() int { return h.numBits }

// LongForm reports whether Delta keys these points with HilbertLongIndex (dims·numBits < 64,
// hilbert_index in M/skipping/MultiDimClusteringFunctions.scala) rather than with the byte
// array cast to a string.
func (h *HilbertEncoder) LongForm() bool { return h.dims*h.numBits < 64 }

// KeyLen is the length of the byte form: ceil(dims·numBits/8).
func (h *HilbertEncoder) KeyLen() int { return (h.dims*h.numBits + 7) / 8 }

// errPointLen is the panic for a point whose length is not Dims: Delta assumes n coordinates.
var errPointLen = errors.New("curve: point length differs from the encoder's dimensions")

// maxGroups bounds the 64-bit z words of a key: 32 levels of 9 dims in words of 7 levels.
const maxGroups = 5

// Long returns the Hilbert index of point, which must have Dims coordinates (else it panics):
// the exact index when dims·numBits ≤ 64, else its low 64 bits (Delta's long wraps the same way).
func (h *HilbertEncoder) Long(point []uint32) uint64 {
	if len(point) != h.dims {
		panic(errPointLen)
	}
	switch h.mode {
	case modeLong:
		return h.t.long(point, h.numBits, h.lead)
	case modeGroups:
		var parts [maxGroups]uint64
		var d uint64
		for i := range h.groupParts(point, &parts) {
			d = d<<uint(h.partBits(i)) | parts[i]
		}
		return d
	}
	return h.referenceLong(point)
}

// AppendBytes appends Delta's HilbertByteArrayIndex of point to dst: KeyLen big-endian bytes,
// right-aligned (leading pad bits are zero). Delta casts it to a string, so keys sort as
// unsigned big-endian integers.
// point must have Dims coordinates (else it panics). It does not allocate when dst has room.
func (h *HilbertEncoder) AppendBytes(dst []byte, point []uint32) []byte {
	if len(point) != h.dims {
		panic(errPointLen)
	}
	nb := h.KeyLen()
	start := len(dst)
	dst = append(dst, make([]byte, nb)...)
	out := dst[start:]
	switch h.mode {
	case modeLong:
		d := h.t.long(point, h.numBits, h.lead)
		for i := nb - 1; i >= 0; i-- {
			out[i] = byte(d)
			d >>= 8
		}
	case modeGroups:
		// Keys over 64 bits (7..9 dims at 10 bits) go out a z word at a time, most significant
		// first, after the zero pad bits that right-align the index.
		var parts [maxGroups]uint64
		w := bitWriter{out: out, n: uint(8*nb - h.dims*h.numBits)}
		for i := range h.groupParts(point, &parts) {
			w.put(parts[i], h.partBits(i))
		}
	default:
		h.referenceBytes(out, point)
	}
	return dst
}

// LongColumns is Long for every row of the column-major points cols (cols[d][r]; len(cols)
// must be Dims), written to out[r]. The z words are built column by column in out and then
// walked through the state table, which costs far less than Long per row.
func (h *HilbertEncoder) LongColumns(out []uint64, cols [][]uint32) {
	if len(cols) != h.dims {
		panic(errPointLen)
	}
	if h.mode != modeLong {
		p := make([]uint32, h.dims)
		for r := range out {
			for d, c := range cols {
				p[d] = c[r]
			}
			out[r] = h.Long(p)
		}
		return
	}
	k := h.numBits
	n := uint(h.dims)
	sp := h.t.spread
	mask := uint32(1)<<uint(k) - 1
	clear(out)
	for _, c := range cols {
		c = c[:len(out)]
		if k <= spreadBits {
			for r, v := range c {
				out[r] = out[r]<<1 | sp[v&mask&(1<<spreadBits-1)]
			}
			continue
		}
		for r, v := range c {
			out[r] = out[r]<<1 | spreadWide(sp, v&mask, n)
		}
	}
	h.t.walkAll(out, k, h.lead)
}

// walkAll replaces each z word in out (levels levels from state 0, the first lead of them taken
// in one step through t.lead) by its key. Each row is
// a short chain of dependent loads; rows are independent, so the core overlaps several rows'
// chains by itself as long as the loop body stays small. (Interleaving rows by hand ran out of
// amd64's registers and measured slower.)
func (t *table) walkAll(out []uint64, levels, lead int) {
	tab := t.multi16
	if tab == nil { // 8 or 9 dimensions
		for r, m := range out {
			out[r], _ = t.walk(m, levels, 0)
		}
		return
	}
	w := uint(t.width) & 63
	if w == 8 && lead == 0 {
		walkAll8(tab, out, levels*int(t.n)/8)
		return
	}
	wmask := uint16(1)<<w - 1
	hmask := ^wmask
	// The lead step is unconditional: without a lead it reads the single entry 0 of noLead
	// (position 0, state 0), which costs less than a branch in this loop.
	lt, lbits := noLead[:], uint(0)
	if lead > 0 {
		lt, lbits = t.lead[lead], uint(lead)*uint(t.n)
	}
	lmask := uint64(1)<<lbits - 1
	top := uint(levels)*uint(t.n) - lbits
	for r, m := range out {
		e := lt[m>>(top&63)&lmask]
		d, s := uint64(e&wmask)<<(top&63), e&hmask
		for pos := top; pos > 0; {
			pos -= w
			e := tab[s|uint16(m>>(pos&63))&wmask]
			d |= uint64(e&wmask) << (pos & 63)
			s = e & hmask
		}
		out[r] = d
	}
}

var noLead [1]uint16

// walkAll8 is walkAll for 8 bits of z per step (4 dimensions, two levels per step) with no
// lead: step j from the bottom reads bits [8j, 8j+8) of the z word and writes its position to
// the same bits of the key, so the steps unroll with constant shifts instead of the loop's
// variable ones. 4 columns is liquid clustering's default maximum.
func walkAll8(tab *[1 << 16]uint16, out []uint64, steps int) {
	for r, m := range out {
		var d uint64
		var s, e uint16
		switch steps {
		case 8:
			e = tab[uint16(m>>56)]
			d, s = uint64(e&0xff)<<56, e&^0xff
			fallthrough
		case 7:
			e = tab[s|uint16(m>>48)&0xff]
			d, s = d|uint64(e&0xff)<<48, e&^0xff
			fallthrough
		case 6:
			e = tab[s|uint16(m>>40)&0xff]
			d, s = d|uint64(e&0xff)<<40, e&^0xff
			fallthrough
		case 5:
			e = tab[s|uint16(m>>32)&0xff]
			d, s = d|uint64(e&0xff)<<32, e&^0xff
			fallthrough
		case 4:
			e = tab[s|uint16(m>>24)&0xff]
			d, s = d|uint64(e&0xff)<<24, e&^0xff
			fallthrough
		case 3:
			e = tab[s|uint16(m>>16)&0xff]
			d, s = d|uint64(e&0xff)<<16, e&^0xff
			fallthrough
		case 2:
			e = tab[s|uint16(m>>8)&0xff]
			d, s = d|uint64(e&0xff)<<8, e&^0xff
			fallthrough
		case 1:
			e = tab[s|uint16(m)&0xff]
			d |= uint64(e & 0xff)
		}
		out[r] = d
	}
}

// long is the modeLong key of point: one z word through walkAll.
func (t *table) long(point []uint32, levels, lead int) uint64 {
	z := [1]uint64{t.morton(point, 0, levels)}
	t.walkAll(z[:], levels, lead)
	return z[0]
}

// morton returns the z bits of levels [lo, lo+levels) of point, counted from the least
// significant bit (levels·len(point) ≤ 64, levels ≤ 32): bit b of coordinate d lands at
// (b-lo)·n + n-1-d, so dimension 0 is the most significant bit of each level's z, as Delta's
// `z = (z << 1) | bit` loop builds it, and higher levels come first.
func (t *table) morton(point []uint32, lo, levels int) uint64 {
	sp := t.spread
	mask := uint32(1)<<uint(levels) - 1
	sh := uint(lo) & 31
	var m uint64
	if levels <= spreadBits {
		for _, v := range point {
			m = m<<1 | sp[v>>sh&mask&(1<<spreadBits-1)]
		}
		return m
	}
	for _, v := range point {
		m = m<<1 | spreadWide(sp, v>>sh&mask, uint(t.n))
	}
	return m
}

// walk runs the state machine one level at a time from state over the levels whose z bits are
// packed in m (the first level in the most significant n·levels bits), returning the
// concatenated positions and the final state. It serves keys of more than 64 bits, whose later
// words start mid-curve, and 8 or 9 dimensions, whose tables take one level per step anyway.
func (t *table) walk(m uint64, levels int, state uint32) (uint64, uint32) {
	n := uint(t.n) & 63
	nmask := uint32(1)<<n - 1
	base := state << n
	var d uint64
	for pos := uint(levels) * n; pos > 0; {
		pos -= n
		e := t.one[base|uint32(m>>(pos&63))&nmask]
		d = d<<n | uint64(e&nmask)
		base = e &^ nmask
	}
	return d, base >> n
}

// groupParts computes a modeGroups key as its first count parts, most significant first, part
// i holding partBits(i) bits: the first h.first levels, then t.group levels at a time, the
// state carried across words.
func (h *HilbertEncoder) groupParts(point []uint32, parts *[maxGroups]uint64) (count int) {
	var state uint32
	levels := h.first
	for top := h.numBits; top > 0; count++ {
		top -= levels
		parts[count], state = h.t.walk(h.t.morton(point, top, levels), levels, state)
		levels = h.t.group
	}
	return count
}

// partBits is the width of groupParts' part i.
func (h *HilbertEncoder) partBits(i int) int {
	if i == 0 {
		return h.first * h.dims
	}
	return h.t.group * h.dims
}

// bitWriter writes bit strings into out, most significant bit first, starting n bits in.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint // bits in acc not yet written
	pos int
}

// put appends the low bits bits of v (bits ≤ 64).
func (w *bitWriter) put(v uint64, bits int) {
	if bits > 32 {
		w.put(v>>32, bits-32)
		v, bits = v&(1<<32-1), 32
	}
	w.acc = w.acc<<uint(bits) | v
	w.n += uint(bits)
	for w.n >= 8 {
		w.n -= 8
		w.out[w.pos] = byte(w.acc >> w.n)
		w.pos++
	}
}

// referenceStep is one iteration of translateNPointToDKey's loop, as Delta writes it: level
// i's z gathered a bit at a time with Java's int shift (amount modulo 32), then one table
// lookup. It is the whole algorithm for numBits > 32, and the yardstick for the fast paths.
func (h *HilbertEncoder) referenceStep(point []uint32, i int, state uint32) (y, next uint32) {
	n := uint(h.dims)
	var z uint32
	for _, v := range point {
		z = z<<1 | v>>(uint(h.numBits-1-i)&31)&1
	}
	e := h.t.one[state<<n|z]
	return e & (1<<n - 1), e >> n
}

// referenceLong is translateNPointToDKey level by level, with Java's wrapping long arithmetic.
func (h *HilbertEncoder) referenceLong(point []uint32) uint64 {
	var d uint64
	var state uint32
	for i := range h.numBits {
		var y uint32
		y, state = h.referenceStep(point, i, state)
		d = d<<uint(h.dims) | uint64(y)
	}
	return d
}

// referenceBytes is translateNPointToDKeyArray: level i's position goes in with setBits at bit
// offset (len(out)·8 - dims·numBits) + i·dims. out must be zero.
func (h *HilbertEncoder) referenceBytes(out []byte, point []uint32) {
	n := h.dims
	off := len(out)*8 - n*h.numBits
	var state uint32
	for i := range h.numBits {
		var y uint32
		y, state = h.referenceStep(point, i, state)
		for b := range n {
			if y>>uint(n-1-b)&1 != 0 {
				out[off/8] |= 0x80 >> uint(off%8)
			}
			off++
		}
	}
}
