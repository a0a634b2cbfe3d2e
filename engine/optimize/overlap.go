package optimize

import (
	"cmp"
	"math"
	"slices"
	"unsafe"

	"layoutlab/engine/table"
)

// The Fabric overlap pass (offendingFiles) runs on every live file every night; under js/wasm
// its comparison sort of ranges, string compares of ZCube ids and calls for each float max and
// min made it a quarter of a Fabric run. What follows is the same search on flat arrays.

// overlapIntervals is the files with a ClusterRange (of those among marks, when set), as
// offendingFiles searches them: each file's range, its ZCube numbered (files of one ZCube
// share a number) and its index in files, sorted by range minimum, then maximum, then index,
// as cmp.Compare orders floats (NaN first, -0 with +0). For finite ranges the order of equal
// minima would not matter (a file's partners are those whose minimum lies within reach of its
// own), but an infinite bound makes one side of the reach NaN, and the search then sees only
// one side of the ties.
type overlapIntervals []interval

// interval is one scored file: its range, the range's width, its ZCube's number and its index.
type interval struct {
	min, max, w float64
	cube, idx   int32
}

func overlapIntervalsOf(files []File, among []bool) overlapIntervals {
	in := func(i int) bool { return files[i].ClusterRange != nil && (among == nil || among[i]) }
	n := 0
	for i := range files {
		if in(i) {
			n++
		}
	}
	keys, pos := make([]uint64, 0, n), make([]int32, 0, n)
	cubes := make([]int32, len(files)) // by file
	var tr tagReader
	number := map[string]int32{}
	lastID, lastCube := "", int32(-1)
	for i := range files {
		f := &files[i]
		if !in(i) {
			continue
		}
		id, _ := tr.zcubeID(f)
		if lastCube < 0 || !sameString(id, lastID) {
			c, ok := number[id]
			if !ok {
				c = int32(len(number))
				number[id] = c
			}
			lastID, lastCube = id, c
		}
		keys = append(keys, floatOrderKey(f.ClusterRange.Min))
		pos = append(pos, int32(i))
		cubes[i] = lastCube
	}
	var rs table.RadixSorter
	rs.SortPairs(keys, pos) // no Yield: the only error is Yield's
	sortTiesByMax(keys, pos, files)
	iv := make(overlapIntervals, n)
	for k, i := range pos {
		r := files[i].ClusterRange
		iv[k] = interval{min: r.Min, max: r.Max, w: r.Max - r.Min, cube: cubes[i], idx: i}
	}
	return iv
}

// sortTiesByMax orders each run of equal keys (stable after the radix sort, so by index) by
// range maximum, then index. Runs are short: files rarely share a minimum rank.
func sortTiesByMax(keys []uint64, pos []int32, files []File) {
	for s := 0; s < len(keys); {
		e := s + 1
		for e < len(keys) && keys[e] == keys[s] {
			e++
		}
		if e-s > 1 {
			slices.SortFunc(pos[s:e], func(a, b int32) int {
				return cmp.Or(cmp.Compare(floatOrderKey(files[a].ClusterRange.Max),
					floatOrderKey(files[b].ClusterRange.Max)), cmp.Compare(a, b))
			})
		}
		s = e
	}
}

// floatOrderKey maps x to a key whose unsigned order is cmp.Compare's order of floats: NaN
// below everything, -0 equal to +0, then the IEEE order (sign bit flipped for positives, all
// bits for negatives).
func floatOrderKey(x float64) uint64 {
	if x != x {
		return 0
	}
	if x == 0 {
		x = 0 // +0 for -0
	}
	b := math.Float64bits(x)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// partnersOf appends to found the partners of ivs[i], the files of other ZCubes whose range
// starts within reach of its own and scores above t with it, looking up the sorted ranges and
// then down, and stops at need of them (done). The score is saneAbove, inlined, unless a width
// is NaN.
func partnersOf(ivs overlapIntervals, i int, reach, t float64, need int, found []int32) ([]int32, bool) {
	a := &ivs[i]
	sane := a.w == a.w
	done := false
	for j := i + 1; !done && j < len(ivs) && ivs[j].min <= a.min+reach; j++ {
		if b := &ivs[j]; b.cube != a.cube {
			if sane && b.w == b.w && saneAbove(a.min, a.max, a.w, b.min, b.max, b.w, t) ||
				!(sane && b.w == b.w) && oddAbove(a, b, t) {
				found = append(found, b.idx)
			}
		}
		done = len(found) >= need
	}
	for j := i - 1; !done && j >= 0 && ivs[j].min >= a.min-reach; j-- {
		if b := &ivs[j]; b.cube != a.cube {
			if sane && b.w == b.w && saneAbove(a.min, a.max, a.w, b.min, b.max, b.w, t) ||
				!(sane && b.w == b.w) && oddAbove(a, b, t) {
				found = append(found, b.idx)
			}
		}
		done = len(found) >= need
	}
	return found, done
}

// oddAbove is OverlapScore(a, b) > t for a NaN bound or width: OverlapScore's own rules.
//
//go:noinline
func oddAbove(a, b *interval, t float64) bool {
	return OverlapScore(Range{a.min, a.max}, Range{b.min, b.max}) > t
}

// saneAbove reports OverlapScore > t for [alo, ahi] and [blo, bhi], of widths aw and bw, none
// of them NaN, without its calls: under js/wasm the builtin float max and min are calls into the
// runtime. The comparisons pick the same values as max and min but for the sign of a zero, which
// changes neither a comparison nor a quotient's comparison with t; a NaN width is left to
// OverlapScore (oddAbove). Small enough to be inlined in the overlap scan, where a call per
// range compared cost js/wasm more than the comparison. TestOverlapAbove holds it to OverlapScore.
func saneAbove(alo, ahi, aw, blo, bhi, bw, t float64) bool {
	if blo > alo {
		alo = blo
	}
	if bhi < ahi {
		ahi = bhi
	}
	if bw > aw {
		aw = bw
	}
	if ahi < alo {
		return 0 > t
	}
	if aw <= 0 {
		return 1 > t
	}
	return (ahi-alo)/aw > t
}

// tagReader reads files' ZCube ids, remembering the last Tags map read: a bin's adds share one
// map and files sorted by ZCube id come a bin at a time (1,173 files in 38 maps on a night of
// the Fabric preset), so most reads are the previous file's, found without hashing the tag keys
// (a byte-at-a-time hash under js/wasm). Tags maps are read-only (File.Tags).
type tagReader struct {
	tags      map[string]string
	id, raw   string // ZCUBE_ID and ZCUBE_ZORDER_BY, "" when absent
	ok, valid bool   // ok: both present (File.zcubeID)
}

// read brings the reader to f's tags.
func (r *tagReader) read(f *File) {
	tags := f.Tags()
	if r.valid && SameMap(r.tags, tags) {
		return
	}
	var ok1, ok2 bool
	r.id, ok1 = tags[TagZCubeID]
	r.raw, ok2 = tags[TagZCubeZOrder]
	r.tags, r.ok, r.valid = tags, ok1 && ok2, true
}

// zcubeID returns f's ZCUBE_ID when it carries both ZCube tags (ZCubeInfo.getForFile needs
// both), without parsing ZCUBE_ZORDER_BY.
func (r *tagReader) zcubeID(f *File) (string, bool) {
	r.read(f)
	return r.id, r.ok
}

// SameMap reports whether a and b are one map (the timeline asks it of an OPTIMIZE commit's
// tags, which its bin shares): a map value is a pointer to the runtime's map,
// compared here without reflect (reflect.Value.UnsafePointer is a call and a type switch).
func SameMap(a, b map[string]string) bool {
	return *(*unsafe.Pointer)(unsafe.Pointer(&a)) == *(*unsafe.Pointer)(unsafe.Pointer(&b))
}

// sameString is a == b, with the common case of one string's bytes (the ZCube ids and
// ZCUBE_ZORDER_BY values of a bin's files, read from one Tags map) answered without a call:
// under js/wasm == calls runtime.memequal, which only then sees the pointers are equal.
func sameString(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// ZOrderByMemo keeps the ZCUBE_ZORDER_BY value of a table's last clustering commit. A caller
// that commits night after night (the timeline) passes one in CommitEnv: the value is the same
// each night, and files whose tags share its bytes are compared pointer first (sameString) when
// the planner sorts and counts them. Owned by its table, not the package: two tables simulated
// at once never trade strings.
type ZOrderByMemo struct{ last string }

// intern returns s, as the last commit's string when equal to it.
func (m *ZOrderByMemo) intern(s string) string {
	if m == nil {
		return s
	}
	if m.last == s {
		return m.last
	}
	m.last = s
	return s
}
