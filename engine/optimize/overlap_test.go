package optimize

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// specialFloats are the values where float max, min and comparisons have their own rules.
var specialFloats = []float64{math.NaN(), math.Inf(-1), math.Inf(1), -1, math.Copysign(0, -1), 0,
	0.25, 0.5, 1, 2, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}

// TestOverlapAbove: overlapAbove is OverlapScore(a, b) > t on every combination of special
// values for the four bounds and thresholds in and out of (0.25, 1], and on random ranges.
func TestOverlapAbove(t *testing.T) {
	ts := []float64{-1, 0, 0.3, 0.5, 0.75, 1, 1.5, math.NaN()}
	check := func(a, b Range) {
		for _, th := range ts {
			if got, want := overlapAbove(a, b, th), OverlapScore(a, b) > th; got != want {
				t.Fatalf("overlapAbove(%v, %v, %v) = %v, OverlapScore %v", a, b, th, got, OverlapScore(a, b))
			}
		}
	}
	for _, a0 := range specialFloats {
		for _, a1 := range specialFloats {
			for _, b0 := range specialFloats {
				for _, b1 := range specialFloats {
					check(Range{a0, a1}, Range{b0, b1})
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		r := func() Range {
			lo := float64(rng.IntN(40)) / 8
			return Range{lo, lo + float64(rng.IntN(24))/8 - 0.5}
		}
		check(r(), r())
	}
}

// TestFloatOrderKey: the keys' unsigned order is cmp.Compare's on floats (NaN first, -0 = +0).
func TestFloatOrderKey(t *testing.T) {
	vals := append([]float64{}, specialFloats...)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		vals = append(vals, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(40)-20)))
	}
	for _, x := range vals {
		for _, y := range vals {
			if got, want := cmp.Compare(floatOrderKey(x), floatOrderKey(y)), cmp.Compare(x, y); got != want {
				t.Fatalf("keys of %v and %v compare %d, the floats %d", x, y, got, want)
			}
		}
	}
}

// TestSameMap: one map, however reached, against an equal but distinct one and nil.
func TestSameMap(t *testing.T) {
	a := map[string]string{"k": "v"}
	b := map[string]string{"k": "v"}
	c := a
	var n1, n2 map[string]string
	for _, tc := range []struct {
		x, y map[string]string
		want bool
	}{{a, c, true}, {a, b, false}, {a, nil, false}, {n1, n2, true}} {
		if got := SameMap(tc.x, tc.y); got != tc.want {
			t.Errorf("SameMap(%v, %v) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
}

// TestTagReader: the reader answers as File.zcubeID for runs of files sharing a map, maps
// equal in content but distinct, untagged files and a file with one tag only.
func TestTagReader(t *testing.T) {
	m1 := map[string]string{TagZCubeID: "c1", TagZCubeZOrder: `["a"]`}
	m2 := map[string]string{TagZCubeID: "c2", TagZCubeZOrder: `["b"]`}
	m2b := map[string]string{TagZCubeID: "c3", TagZCubeZOrder: `["b"]`}
	half := map[string]string{TagZCubeID: "c4"}
	files := []File{{Extra: &FileExtra{Tags: m1}}, {Extra: &FileExtra{Tags: m1}}, {}, {Extra: &FileExtra{Tags: m2}}, {Extra: &FileExtra{Tags: m2b}}, {Extra: &FileExtra{Tags: m2b}}, {Extra: &FileExtra{Tags: half}}, {Extra: &FileExtra{Tags: m1}}, {}}
	var r tagReader
	for i := range files {
		id, ok := r.zcubeID(&files[i])
		wid, wok := files[i].zcubeID()
		if id != wid || ok != wok || r.raw != files[i].Tags()[TagZCubeZOrder] {
			t.Errorf("file %d: read %q %v %q, want %q %v %q", i, id, ok, r.raw, wid, wok, files[i].Tags()[TagZCubeZOrder])
		}
	}
}

// TestOffendingFilesAsBefore: offendingFiles answers as it did before its search moved to flat
// arrays (offendingFilesBefore, its earlier code), on files whose ZCube shares one Tags map (as a
// bin's adds do), in runs and scattered, with some ranges NaN, infinite, inverted or -0, some
// files unscored, and thresholds and minimum counts beyond the accepted ones.
func TestOffendingFilesAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	odd := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1)}
	for trial := range 2000 {
		n := 1 + rng.IntN(80)
		maps := map[int]map[string]string{}
		files := make([]File, n)
		cube := 0
		for i := range files {
			if rng.IntN(3) == 0 {
				cube = rng.IntN(n/3 + 1)
			}
			if maps[cube] == nil {
				maps[cube] = map[string]string{TagZCubeID: fmt.Sprint("c", cube), TagZCubeZOrder: `["k"]`}
			}
			lo := float64(rng.IntN(20)) / 4
			hi := lo + float64(rng.IntN(12))/4
			if rng.IntN(10) == 0 {
				lo = odd[rng.IntN(len(odd))]
			}
			if rng.IntN(10) == 0 {
				hi = odd[rng.IntN(len(odd))]
			}
			files[i] = File{Path: fmt.Sprint(i), Extra: &FileExtra{Tags: maps[cube]}, ClusterRange: &Range{lo, hi}}
			switch rng.IntN(15) {
			case 0:
				files[i].ClusterRange = nil // never scored
			case 1:
				extra(&files[i]).Tags = nil
			}
		}
		minOff := rng.IntN(6)
		th := []float64{0.3, 0.5, 0.75, 0.9, 1.0, 0.1, 1.2}[rng.IntN(7)]
		off, rec, scored := offendingFiles(files, minOff, th)
		wantOff, wantRec, wantScored := offendingFilesBefore(files, minOff, th)
		if scored != wantScored || !slices.Equal(off, wantOff) || !slices.Equal(rec, wantRec) {
			t.Fatalf("trial %d (minOffending %d, threshold %v, %d files): scored %d offending %v re-clustered %v,\nwant %d %v %v",
				trial, minOff, th, n, scored, off, rec, wantScored, wantOff, wantRec)
		}
	}
}

// offendingFilesBefore is offendingFiles as it was, a comparison sort of (range, ZCube id,
// index) and a closure for each look (git show f985299:engine/optimize/fabric.go).
func offendingFilesBefore(files []File, minOffending int, threshold float64) (offending, recluster []bool, scored int) {
	type iv struct {
		r    Range
		cube string
		idx  int
	}
	var ivs []iv
	for i := range files {
		if files[i].ClusterRange == nil {
			continue
		}
		id, _ := files[i].zcubeID()
		r := *files[i].ClusterRange
		ivs = append(ivs, iv{r, id, i})
	}
	slices.SortFunc(ivs, func(a, b iv) int {
		return cmp.Or(cmp.Compare(a.r.Min, b.r.Min), cmp.Compare(a.r.Max, b.r.Max), cmp.Compare(a.idx, b.idx))
	})
	need := minOffending - 1
	offending = make([]bool, len(files))
	partners := make([][]int, len(files)) // of the files short of need: all their partners
	for i := range ivs {
		a := ivs[i]
		// A partner b has |b| > t·|a| and |a| > t·|b|, so |b| < |a|/t, and its start is within
		// (1-t)·max(|a|,|b|) < (1-t)·|a|/t of a's; zero-width ranges match only their point.
		reach := (1 - threshold) * (a.r.Max - a.r.Min) / threshold
		var found []int
		look := func(j int) bool {
			b := ivs[j]
			if b.cube != a.cube && OverlapScore(a.r, b.r) > threshold {
				found = append(found, b.idx)
			}
			return len(found) >= need
		}
		done := false
		for j := i + 1; !done && j < len(ivs) && ivs[j].r.Min <= a.r.Min+reach; j++ {
			done = look(j)
		}
		for j := i - 1; !done && j >= 0 && ivs[j].r.Min >= a.r.Min-reach; j-- {
			done = look(j)
		}
		if done {
			offending[a.idx] = true
		} else {
			partners[a.idx] = found
		}
	}
	recluster = slices.Clone(offending)
	for i, ps := range partners {
		for _, p := range ps {
			if offending[p] {
				recluster[i] = true
			}
		}
	}
	return offending, recluster, len(ivs)
}

// TestSameString: equal strings in one array or two, unequal ones of one length, and empties.
func TestSameString(t *testing.T) {
	s := "0d5c3a52-9a1e-4f7b-8c2d-1e2f3a4b5c6d"
	other := string([]byte(s)) // equal, its own bytes
	for _, tc := range []struct {
		a, b string
		want bool
	}{{s, s, true}, {s, other, true}, {s, s[:35] + "e", false}, {s, s[:35], false}, {"", "", true},
		{"", s[:0], true}, {s[1:5], s[1:5], true}, {s[1:5], s[2:6], false}} {
		if got := sameString(tc.a, tc.b); got != tc.want {
			t.Errorf("sameString(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestFilterOutLargeZCubesAsBefore: filterOutLargeZCubes, written as runs without closures,
// drops and keeps what its earlier code did (filterOutLargeZCubesBefore), on random files sorted
// by ZCube id: untagged ones, ids whose files share one string or hold equal copies, files with
// one tag only, deletion vectors, and cube sizes around the threshold.
func TestFilterOutLargeZCubesAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 3000 {
		n := rng.IntN(40)
		files := make([]File, n)
		for i := range files {
			f := File{Path: fmt.Sprint(i), Size: int64(1 + rng.IntN(8)), NumRecords: int64(rng.IntN(3) * 10)}
			if f.NumRecords > 0 && rng.IntN(4) == 0 {
				extra(&f).DeletedRecords = int64(rng.IntN(int(f.NumRecords)))
			}
			switch c := rng.IntN(7); {
			case c == 0: // untagged
			case c == 1: // ZCUBE_ID alone: sorts as tagged, counts as untagged
				extra(&f).Tags = map[string]string{TagZCubeID: fmt.Sprint("c", rng.IntN(4))}
			default:
				id := fmt.Sprint("c", rng.IntN(4))
				if rng.IntN(2) == 0 {
					id = string([]byte(id)) // an equal id in bytes of its own
				}
				extra(&f).Tags = map[string]string{TagZCubeID: id, TagZCubeZOrder: `["k"]`}
			}
			files[i] = f
		}
		zs := sortZByID(zfilesOf(files), nil)
		minCube := int64(rng.IntN(30))
		got, gd := filterOutLargeZCubes(slices.Clone(zs), minCube, nil)
		want, wd := filterOutLargeZCubesBefore(slices.Clone(zs), minCube, nil)
		if gd != wd || len(got) != len(want) {
			t.Fatalf("trial %d (min cube %d): dropped %+v keeping %d, want %+v keeping %d", trial, minCube, gd, len(got), wd, len(want))
		}
		for i := range got {
			if got[i].f != want[i].f {
				t.Fatalf("trial %d: kept file %d is %s, want %s", trial, i, got[i].f.Path, want[i].f.Path)
			}
		}
	}
}

// filterOutLargeZCubesBefore is filterOutLargeZCubes as it was, with closures to pass and flush
// a cube (git show f985299:engine/optimize/zcube.go).
func filterOutLargeZCubesBefore(files []zfile, minCubeSize int64, sc *zscratch) ([]zfile, dropInfo) {
	if sc == nil {
		sc = &zscratch{}
	}
	var out []zfile // nil until the first drop: until then every file so far passes
	var d dropInfo
	pass := func(from, to int) {
		if out != nil {
			out = append(out, files[from:to]...)
		}
	}
	start, cur, size := -1, "", int64(0)
	flush := func(end int) {
		if start < 0 {
			return
		}
		if size >= minCubeSize {
			if out == nil {
				sc.kept = slices.Grow(sc.kept[:0], len(files)) // appends below stay in it
				out = append(sc.kept, files[:start]...)
			}
			d.zcubes++
			d.files += end - start
			for _, z := range files[start:end] {
				d.bytes += z.f.Size
			}
		} else {
			pass(start, end)
		}
		start, size = -1, 0
	}
	for i := range files {
		z := &files[i]
		id, ok := z.cubeID()
		if !ok {
			flush(i)
			pass(i, i+1)
			continue
		}
		if start >= 0 && id == cur {
			size += z.f.estLogicalFileSize()
			continue
		}
		flush(i)
		start, cur, size = i, id, z.f.estLogicalFileSize()
	}
	flush(len(files))
	if out == nil {
		return files, d
	}
	return out, d
}

// TestZScratchReleaseLeavesNoPointers: after a large preparation and then a small one, each
// released, no buffer entry of the pooled scratch still points into a snapshot (what release
// clears is only what the last preparation wrote).
func TestZScratchReleaseLeavesNoPointers(t *testing.T) {
	files := func(n int) []File {
		fs := make([]File, n)
		for i := range fs {
			// Descending ids: sortZByID writes sorted; cubes of one file and 1 byte: with a
			// minimum cube size of 1 every cube is dropped but the untagged files, so kept is written.
			fs[i] = File{Path: fmt.Sprint(i), Size: 1,
				Extra: &FileExtra{Tags: map[string]string{TagZCubeID: fmt.Sprintf("c%03d", n-i), TagZCubeZOrder: `["k"]`}}}
			if i%3 == 0 {
				extra(&fs[i]).Tags = nil
			}
		}
		return fs
	}
	sc := new(zscratch)
	for _, n := range []int{300, 20, 7} {
		fs := files(n)
		sc.in = zfilesInto(sc.in, fs)
		kept, d := filterOutLargeZCubes(sortZByID(sc.in, sc), 1, sc)
		if d.files == 0 || len(kept) == 0 || &sc.sorted[0] == &sc.in[0] {
			t.Fatalf("%d files: the preparation must sort, drop and keep (dropped %d, kept %d)", n, d.files, len(kept))
		}
		sc.release()
		for name, buf := range map[string][]zfile{"in": sc.in, "sorted": sc.sorted, "kept": sc.kept} {
			for i, z := range buf[:cap(buf)] {
				if z != (zfile{}) {
					t.Fatalf("after %d files, %s[%d] still holds %+v", n, name, i, z)
				}
			}
		}
	}
}

// TestOffendingAmongIsTheSubset: scoring the files among a mask where they lie answers as
// scoring the marked files copied out (what autoRecluster did), file for file; the others are
// neither offending nor re-clustered.
func TestOffendingAmongIsTheSubset(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 500 {
		n := 1 + rng.IntN(60)
		files := make([]File, n)
		among := make([]bool, n)
		var sub []File
		var at []int
		for i := range files {
			lo := float64(rng.IntN(12)) / 4
			files[i] = fabricFile(fmt.Sprint("c", rng.IntN(n/2+1)), lo, lo+float64(rng.IntN(8))/4)
			if among[i] = rng.IntN(3) > 0; among[i] {
				sub, at = append(sub, files[i]), append(at, i)
			}
		}
		minOff, th := 2+rng.IntN(3), []float64{0.5, 0.75, 0.9}[rng.IntN(3)]
		off, rec, scored := offendingAmong(files, among, minOff, th)
		wOff, wRec, wScored := offendingFiles(sub, minOff, th)
		if scored != wScored {
			t.Fatalf("trial %d: scored %d, want %d", trial, scored, wScored)
		}
		for k, i := range at {
			if off[i] != wOff[k] || rec[i] != wRec[k] {
				t.Fatalf("trial %d, file %d: offending %v re-clustered %v, want %v %v", trial, i, off[i], rec[i], wOff[k], wRec[k])
			}
		}
		for i := range files {
			if !among[i] && (off[i] || rec[i]) {
				t.Fatalf("trial %d: file %d outside the mask offending %v re-clustered %v", trial, i, off[i], rec[i])
			}
		}
	}
}

// TestZCubeCountsAsBefore: countZCubes, sortByZCubeID and filterOutSingleZCubesOf, which no
// longer copy the files into a tags array (or join and sort them first), answer as the earlier
// code did, on random files: untagged, one tag only, runs of one ZCube, equal ids in bytes of
// their own, all in one ZCube.
func TestZCubeCountsAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 3000 {
		mk := func(n, ids int) []File {
			fs := make([]File, n)
			for i := range fs {
				fs[i] = File{Path: fmt.Sprint(trial, "-", i), Size: int64(1 + rng.IntN(9))}
				switch c := rng.IntN(8); {
				case c == 0 && trial%3 != 0:
				case c == 1 && trial%3 != 0:
					extra(&fs[i]).Tags = map[string]string{TagZCubeID: fmt.Sprint("z", rng.IntN(ids))}
				default:
					id := fmt.Sprint("z", rng.IntN(ids))
					if rng.IntN(2) == 0 {
						id = string([]byte(id))
					}
					extra(&fs[i]).Tags = map[string]string{TagZCubeID: id, TagZCubeZOrder: `["k"]`}
				}
			}
			return fs
		}
		ids := 1 + rng.IntN(3)
		a, b := mk(rng.IntN(8), ids), mk(rng.IntN(8), ids)
		if got, want := countZCubes(a), countZCubesBefore(a); got != want {
			t.Fatalf("trial %d: countZCubes %d, want %d", trial, got, want)
		}
		sorted, want := sortByZCubeID(a), filesOf(sortZByID(zfilesOf(a), nil))
		if len(sorted) != len(want) {
			t.Fatalf("trial %d: sortByZCubeID gave %d files, want %d", trial, len(sorted), len(want))
		}
		for i := range sorted {
			if sorted[i].Path != want[i].Path {
				t.Fatalf("trial %d: sortByZCubeID file %d is %s, want %s", trial, i, sorted[i].Path, want[i].Path)
			}
		}
		kept, keptBytes, d := filterOutSingleZCubesOf(a, b)
		wKept, wd := filterOutSingleZCubesBefore(sortByZCubeID(append(slices.Clone(a), b...)))
		if kept != len(wKept) || keptBytes != sumBytes(wKept) || d != wd {
			t.Fatalf("trial %d: kept %d files %d bytes, dropped %+v; want %d %d %+v", trial, kept, keptBytes, d, len(wKept), sumBytes(wKept), wd)
		}
	}
}

// The earlier code (git show f985299:engine/optimize/zcube.go).
func filterOutSingleZCubesBefore(files []File) ([]File, dropInfo) {
	out, d := filterOutSingleZ(zfilesOf(files))
	if out == nil {
		return nil, d
	}
	return files, d
}

func countZCubesBefore(files []File) int { return countZ(zfilesOf(files)) }

// TestZOrderByMemo: an equal value comes back as the last one's bytes, another as itself, and
// no memo (a one-off commit) interns nothing.
func TestZOrderByMemo(t *testing.T) {
	var m ZOrderByMemo
	a := m.intern(string([]byte(`["x","y"]`)))
	b := m.intern(string([]byte(`["x","y"]`)))
	if a != b || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("equal values not shared: %q at %p, %q at %p", a, unsafe.StringData(a), b, unsafe.StringData(b))
	}
	if c := m.intern(`["z"]`); c != `["z"]` {
		t.Errorf("another value came back as %q", c)
	}
	if d := m.intern(`["x","y"]`); d != `["x","y"]` {
		t.Errorf("the first value again came back as %q", d)
	}
	var other ZOrderByMemo // another table's memo shares nothing with this one
	e := string([]byte(`["x","y"]`))
	if f := other.intern(e); unsafe.StringData(f) != unsafe.StringData(e) {
		t.Errorf("a fresh memo returned another table's string")
	}
	var none *ZOrderByMemo
	if g := none.intern(e); unsafe.StringData(g) != unsafe.StringData(e) {
		t.Errorf("no memo returned another string")
	}
	// A hit allocates nothing: every clustering commit asks.
	s := string([]byte(`["x","y"]`))
	if n := testing.AllocsPerRun(100, func() { m.intern(s) }); n != 0 {
		t.Errorf("a hit allocates %v times", n)
	}
}

// TestSplitClusteredAsBefore: splitClustered, which hands back files themselves when none is set
// aside, gives the candidates and skipped files the earlier code's copies held.
func TestSplitClusteredAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	cols := []string{"k"}
	for trial := range 2000 {
		files := make([]File, rng.IntN(10))
		for i := range files {
			files[i] = File{Path: fmt.Sprint(i), Size: 1}
			if rng.IntN(3) > 0 {
				by := []string{`["k"]`, `["k"]`, `["k"]`, `["j"]`}[rng.IntN(4)]
				extra(&files[i]).Tags = map[string]string{TagZCubeID: fmt.Sprint("z", rng.IntN(3)), TagZCubeZOrder: by}
			}
			extra(&files[i]).ClusteringProvider = []string{"", ProviderLiquid, ProviderLiquid, "zorder"}[rng.IntN(4)]
		}
		c, s := splitClustered(files, cols)
		wc, ws := splitClusteredZ(zfilesOf(files), cols)
		if len(c) != len(wc) || len(s) != len(ws) {
			t.Fatalf("trial %d: %d candidates %d skipped, want %d %d", trial, len(c), len(s), len(wc), len(ws))
		}
		for i := range c {
			if c[i].Path != wc[i].f.Path {
				t.Fatalf("trial %d: candidate %d is %s, want %s", trial, i, c[i].Path, wc[i].f.Path)
			}
		}
		for i := range s {
			if s[i].Path != ws[i].f.Path {
				t.Fatalf("trial %d: skipped %d is %s, want %s", trial, i, s[i].Path, ws[i].f.Path)
			}
		}
	}
}

// TestSortedByZID: sortedByZID is slices.IsSortedFunc with the earlier comparison
// (cmpZByIDBefore), on random runs of untagged files and ids, equal ids in bytes of their own.
func TestSortedByZID(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	sorted := 0
	for range 20000 {
		zs := make([]zfile, rng.IntN(7))
		for i := range zs {
			if rng.IntN(4) > 0 {
				zs[i].hasID, zs[i].id = true, string([]byte{'a' + byte(rng.IntN(3)), 'b' + byte(rng.IntN(2))})[:1+rng.IntN(2)]
			}
		}
		want := slices.IsSortedFunc(zs, cmpZByIDBefore)
		if got := sortedByZID(zs); got != want {
			t.Fatalf("sortedByZID(%+v) = %v, want %v", zs, got, want)
		}
		if want {
			sorted++
		}
	}
	if sorted < 1000 {
		t.Fatalf("only %d sorted cases drawn", sorted)
	}
}

// cmpZByIDBefore is the comparison sortZByID checked order with (git show
// f985299:engine/optimize/zcube.go).
func cmpZByIDBefore(a, b zfile) int {
	switch {
	case !a.hasID && !b.hasID:
		return 0
	case !a.hasID:
		return -1
	case !b.hasID:
		return 1
	case a.id == b.id:
		// The files of one ZCube share their id's bytes (a bin's adds, one tags map): == sees
		// the same pointer at once, where Compare under js/wasm walks all 36 bytes.
		return 0
	}
	return strings.Compare(a.id, b.id)
}

// offendingFiles is offendingAmong on every file (fabric.go describes the search).
func offendingFiles(files []File, minOffending int, threshold float64) (offending, recluster []bool, scored int) {
	return offendingAmong(files, nil, minOffending, threshold)
}

// overlapAbove is saneAbove on two ranges, OverlapScore's own rules for a NaN width (what the
// overlap scan does).
func overlapAbove(a, b Range, t float64) bool {
	wa, wb := a.Max-a.Min, b.Max-b.Min
	if wa != wa || wb != wb {
		return OverlapScore(a, b) > t
	}
	return saneAbove(a.Min, a.Max, wa, b.Min, b.Max, wb, t)
}

// zcubeID returns the ZCUBE_ID of a file that carries both ZCube tags (ZCubeInfo.getForFile
// needs both): what tagReader answers, read directly.
func (f *File) zcubeID() (string, bool) {
	id, ok1 := f.Tags()[TagZCubeID]
	_, ok2 := f.Tags()[TagZCubeZOrder]
	return id, ok1 && ok2
}
