package curve

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
)

// This file generates the Hilbert state tables exactly as Delta does (getStateGenerator and
// GeneratorTable.generateStateList in
// spark/src/main/scala/org/apache/spark/sql/delta/expressions/HilbertIndex.scala, with the helpers
// of HilbertUtils.scala), so that every index matches Delta's bit for bit. The algorithm follows
// the paper Delta cites (doi bfd6d94c98627756989b0147a68b7ab1f881a0d6): each state is a rotation
// and reflection of the n-cube (a "matrix"); a point's n bits at one level pick a sub-cube, whose
// position along the curve is y and whose orientation is the next state.

// minDims and maxDims bound what HilbertStates.getStateList
// (spark/src/main/scala/org/apache/spark/sql/delta/expressions/HilbertStates.java) supports.
const (
	minDims = 2
	maxDims = 9
)

// errDims is HilbertStates.getStateList's message for an unsupported number of dimensions.
func errDims(n int) error {
	return fmt.Errorf("Cannot perform hilbert clustering on fewer than 2 or more than 9 dimensions; got %d dimensions", n)
}

// rotl and rotr are HilbertUtils.circularLeftShift and circularRightShift on n-bit values.
func rotl(n, i, s uint32) uint32 { return (i<<s | i>>(n-s)) & (1<<n - 1) }
func rotr(n, i, s uint32) uint32 { return (i>>s | i<<(n-s)) & (1<<n - 1) }

// setColumn is HilbertUtils.getSetColumn: the column, counted from the left, of v's lowest set bit.
func setColumn(n, v uint32) uint32 { return n - 1 - uint32(bits.TrailingZeros32(v)) }

// matrix is HilbertUtils.HilbertMatrix: the identity rotated right by dy, with the columns set
// in x2 negated. Two small integers stand for the whole n×n matrix.
type matrix struct{ x2, dy uint32 }

// transform applies the matrix to the n-point e.
func (m matrix) transform(n, e uint32) uint32 { return rotl(n, e^m.x2, m.dy) }

// multiply is HilbertMatrix.multiply(o).
func (m matrix) multiply(n uint32, o matrix) matrix {
	return matrix{x2: rotr(n, m.x2, o.dy) ^ o.x2, dy: (m.dy + o.dy) % n}
}

// x2GrayCodes is HilbertIndex.getX2GrayCodes: 2^(n+1) values, pairs of which are the first and
// last corner of the first-order curve each row's sub-cube maps to.
func x2GrayCodes(n uint32) []uint32 {
	if n == 1 {
		return []uint32{0, 1, 0, 1}
	}
	mask := uint32(1) << (n - 1)
	base := x2GrayCodes(n - 1)
	base[len(base)-1] = base[len(base)-2] + mask
	r := make([]uint32, 2*len(base))
	for i, b := range base {
		r[i] = b
		r[len(r)-1-i] = b ^ mask
	}
	return r
}

// grayInverse returns y with y^(y>>1) == g: the row of the initial state whose x1 is g, which is
// what generateStateList finds by searching initialState.pointStates for x1 == j.
func grayInverse(g uint32) uint32 {
	for s := uint(1); s < 32; s <<= 1 {
		g ^= g >> s
	}
	return g
}

// table is the generated state machine for n dimensions, kept in two packed forms.
//
// one is Delta's compact NPointToDKey map (HilbertIndex.StateList.getNPointToDKeyStateMap): for
// state s and the n bits z of one level (dimension 0 most significant), one[s<<n | z] holds the
// position y of that sub-cube along the curve and the next state. Where Delta packs
// (y, state) into a long, an entry here is next<<n | y, which is the next state's row start
// with y in the low bits: a step is one OR, one load, and one AND NOT for the next row.
//
// multi advances levels levels at a time (width = n·levels bits of z), built by composing one,
// with entries next<<width | y and y the concatenated positions. Halving the chain of dependent
// loads is what makes 4 dims × 10 bits fast. Where the entries fit 16 bits (n ≤ 7) multi16
// holds them in a 2^16-entry array, so an index made of 16-bit values needs no bounds check and
// the part in use stays small in cache (at most 112 KiB, 16 KiB for n = 4); otherwise multi32
// holds them. When levels is 1, multi is one.
type table struct {
	n       uint32
	states  int
	one     []uint32
	levels  uint32
	width   uint32
	multi16 *[1 << 16]uint16
	multi32 []uint32
	// lead[r], for 1 ≤ r < levels (multi16 tables only), takes the first r levels of a key from
	// state 0 in one step, for keys whose level count is not a multiple of levels (3 dims ×
	// 10 bits is 1 + 3·3 levels). Entries are next<<width | y as in multi.
	lead [][]uint16
	// group is how many levels a 64-bit z word holds for keys longer than 64 bits: 64/n.
	group int
	// spread is spreadFor(n), kept here for the hot paths.
	spread *[1 << spreadBits]uint64
	// leadOf[k] = k mod levels and firstOf[k] = (k mod group, or group), precomputed for every
	// numBits ≤ 32 so that making an encoder per call costs no division.
	leadOf, firstOf [33]uint8
}

// multiBudget caps a multi-level table at 16 Ki entries, about what stays in a core's L1/L2
// next to the data, and multiWidth caps the bits of z it consumes per step. For 2, 3 and 4
// dimensions this gives 5, 3 and 2 levels per step (4 096, 6 144 and 8 192 entries); from 5
// dimensions on, two levels would need ≥ 80 Ki entries and one level per step is used.
const (
	multiBudget = 1 << 14
	multiWidth  = 10
)

var (
	tableOnce [maxDims + 1]sync.Once
	tables    [maxDims + 1]atomic.Pointer[table]
)

// tableFor returns the tables for n dimensions, generating them on first use; n must be in
// [minDims, maxDims]. Like HilbertStates' holder classes, each n is built once, lazily, and the
// result is shared by all goroutines.
func tableFor(n int) *table {
	if t := tables[n].Load(); t != nil {
		return t // built already: a plain load on the convenience functions' hot path
	}
	tableOnce[n].Do(func() { tables[n].Store(newTable(uint32(n))) })
	return tables[n].Load()
}

// stateRow fills state m's row: for each x1 = i, the point's y and next state (next(y, m)).
// (Its own function: newTable runs once per dimension count, and with this loop inline it was
// large enough that V8 recompiled it, uselessly, during the widget's first run.)
func stateRow(row []uint32, n uint32, m matrix, next func(y uint32, m matrix) uint32) {
	for i := range uint32(len(row)) {
		y := grayInverse(m.transform(n, i))
		row[i] = next(y, m)<<n | y
	}
}

func newTable(n uint32) *table {
	size := uint32(1) << n
	x2s := x2GrayCodes(n)

	// The generator table's rows: y, its Gray code x1 (implicit, y^(y>>1)) and the matrix taking
	// the first-order curve onto the sub-cube at y.
	rowMatrix := make([]matrix, size)
	for i := range size {
		x21, x22 := x2s[2*i], x2s[2*i+1]
		rowMatrix[i] = matrix{x2: x21, dy: setColumn(n, x21^x22)}
	}

	// States are numbered in creation order, as generateStateList numbers them: 0 is the
	// identity, then the rows' matrices in row order, then breadth first. A state's id is found
	// by its matrix; Delta searches its map for an equal matrix, and matrices are unique per
	// state, so the ids agree.
	mats := []matrix{{}}
	ids := map[matrix]uint32{{}: 0}
	stateOf := func(m matrix) uint32 {
		if id, ok := ids[m]; ok {
			return id
		}
		id := uint32(len(mats))
		mats = append(mats, m)
		ids[m] = id
		return id
	}

	// State 0: the point at y has x1 = gray(y) and moves to the state of row y's matrix.
	next0 := make([]uint32, size)
	for y := range size {
		next0[y] = stateOf(rowMatrix[y])
	}
	one := make([]uint32, size, size*n<<(n-1))
	for y := range size {
		one[y^y>>1] = next0[y]<<n | y
	}

	// Every later state s (matrix M): the point whose x1 is i sits where the initial state puts
	// x1 = M·i, and moves to (that point's next matrix)·M. New states join the end of the queue,
	// which is mats itself since ids grow in creation order.
	row := make([]uint32, size)
	for s := 1; s < len(mats); s++ {
		stateRow(row, n, mats[s], func(y uint32, m matrix) uint32 { return stateOf(mats[next0[y]].multiply(n, m)) })
		one = append(one, row...)
	}

	t := &table{n: n, states: len(mats), one: one, levels: 1, width: n, spread: spreadFor(int(n))}
	for l := uint32(2); n*l <= multiWidth && t.states<<(n*l) <= multiBudget; l++ {
		t.levels, t.width = l, n*l
	}
	t.group = int(64 / n)
	for k := range t.leadOf {
		t.leadOf[k] = uint8(k % int(t.levels))
		t.firstOf[k] = uint8(k % t.group)
		if t.firstOf[k] == 0 {
			t.firstOf[k] = uint8(t.group)
		}
	}
	multi := one
	if t.levels > 1 {
		multi = t.compose()
	}
	if t.states<<t.width > 1<<16 {
		t.multi32 = multi
		return t
	}
	t.multi16 = new([1 << 16]uint16)
	narrow16(t.multi16[:], multi)
	t.lead = make([][]uint16, t.levels)
	for r := uint32(1); r < t.levels; r++ {
		t.lead[r] = t.leadLevels(r)
	}
	return t
}

// narrow16 copies src into dst, each entry as 16 bits. Not inlined, so that its loop of up to
// 65,536 entries does not make V8 optimise all of newTable under js/wasm
// (V8 optimises a wasm function for its later calls, never the one under way:
// v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func narrow16(dst []uint16, src []uint32) {
	for i, e := range src {
		dst[i] = uint16(e)
	}
}

// leadLevels is the lead table of r levels: every r·n-bit chunk of z walked from state 0. Not
// inlined, for the same reason as narrow16.
//
//go:noinline
func (t *table) leadLevels(r uint32) []uint16 {
	lead := make([]uint16, 1<<(t.n*r))
	for z := range uint32(len(lead)) {
		d, next := t.walk(uint64(z), int(r), 0)
		lead[z] = uint16(next<<t.width | uint32(d))
	}
	return lead
}

// compose builds the multi-level entries by walking levels single levels from every state over
// every width-bit chunk of z.
func (t *table) compose() []uint32 {
	w := t.width
	multi := make([]uint32, uint32(t.states)<<w)
	for s := range uint32(t.states) {
		for z := range uint32(1) << w {
			d, next := t.walk(uint64(z), int(t.levels), s)
			multi[s<<w|z] = next<<w | uint32(d)
		}
	}
	return multi
}
