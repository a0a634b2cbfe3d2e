package optimize

import (
	"cmp"
	"slices"
	"strconv"
	"sync"

	"layoutlab/engine/layout"
)

// ClusteringFileStats is M/skipping/clustering/ClusteringStats.scala ClusteringFileStats.
type ClusteringFileStats struct {
	NumFiles int64 `json:"numFiles"`
	Size     int64 `json:"size"`
}

// ClusteringStats is M/skipping/clustering/ClusteringStats.scala ClusteringStats, the
// OptimizeMetrics.clusteringStats of a clustering OPTIMIZE.
type ClusteringStats struct {
	InputZCubeFiles ClusteringFileStats `json:"inputZCubeFiles"`
	InputOtherFiles ClusteringFileStats `json:"inputOtherFiles"`
	InputNumZCubes  int64               `json:"inputNumZCubes"`
	MergedFiles     ClusteringFileStats `json:"mergedFiles"`
	NumOutputZCubes int64               `json:"numOutputZCubes"`
}

// ZOrderFileStats is M/commands/optimize/ZOrderMetrics.scala ZOrderFileStats.
type ZOrderFileStats struct {
	Num  int64 `json:"num"`
	Size int64 `json:"size"`
}

// ZOrderStats is M/commands/optimize/ZOrderMetrics.scala ZOrderStats, as ZOrderStrategy fills it.
type ZOrderStats struct {
	StrategyName    string          `json:"strategyName"`
	InputCubeFiles  ZOrderFileStats `json:"inputCubeFiles"`
	InputOtherFiles ZOrderFileStats `json:"inputOtherFiles"`
	InputNumCubes   int64           `json:"inputNumCubes"`
	MergedFiles     ZOrderFileStats `json:"mergedFiles"`
	NumOutputCubes  int64           `json:"numOutputCubes"`
	MergedNumCubes  *int64          `json:"mergedNumCubes,omitempty"`
}

// zCubeFileStatsCollector is M/commands/optimize/ZCubeFileStatsCollector.scala: a file is a
// "matchingCube" file when it is ZCube-tagged and (isFull or its ZCUBE_ZORDER_BY equals the
// current columns), else an "otherFiles" file; numZCubes counts changes of ZCube id among the
// matching files, so it must see files sorted by ZCube id.
type zCubeFileStatsCollector struct {
	zOrderBy                []string
	isFull                  bool
	processed               string
	seen                    bool
	numZCubes               int64
	matchingCnt, otherCnt   int64
	matchingSize, otherSize int64
	cache                   map[string]bool // ZCUBE_ZORDER_BY value → equals zOrderBy
	lastRaw                 string          // the last value looked up, and its answer
	lastEq, lastValid       bool
	tags                    tagReader // update's
}

func (c *zCubeFileStatsCollector) sameRaw(raw string, f *File) bool {
	if c.lastValid && sameString(raw, c.lastRaw) {
		return c.lastEq
	}
	if eq, ok := c.cache[raw]; ok {
		c.lastRaw, c.lastEq, c.lastValid = raw, eq, true
		return eq
	}
	if c.cache == nil {
		c.cache = map[string]bool{}
	}
	eq := zOrderByIs(f, raw, c.zOrderBy)
	c.cache[raw] = eq
	c.lastRaw, c.lastEq, c.lastValid = raw, eq, true
	return eq
}

func (c *zCubeFileStatsCollector) update(f *File) {
	c.tags.read(f)
	c.count(f, c.tags.id, c.tags.ok, c.tags.raw)
}

// updateZ is update on read tags.
func (c *zCubeFileStatsCollector) updateZ(z *zfile) { c.count(z.f, z.id, z.cube, z.zraw) }

func (c *zCubeFileStatsCollector) count(f *File, id string, ok bool, raw string) {
	if ok && (c.isFull || c.sameRaw(raw, f)) {
		if !c.seen || !sameString(c.processed, id) {
			c.processed, c.seen = id, true
			c.numZCubes++
		}
		c.matchingCnt++
		c.matchingSize += f.Size
	} else {
		c.otherCnt++
		c.otherSize += f.Size
	}
}

// clusteringStatsCollector is ClusteringStatsCollector: inputStats sees every file of
// prepareFilesPerPartition, outputStats every file it returns.
type clusteringStatsCollector struct {
	input, output   zCubeFileStatsCollector
	numOutputZCubes int64
}

func newClusteringStatsCollector(cols []string, isFull bool) *clusteringStatsCollector {
	return &clusteringStatsCollector{
		input:  zCubeFileStatsCollector{zOrderBy: cols, isFull: isFull},
		output: zCubeFileStatsCollector{zOrderBy: cols, isFull: isFull},
	}
}

func (c *clusteringStatsCollector) stats() *ClusteringStats {
	return &ClusteringStats{
		InputZCubeFiles: ClusteringFileStats{c.input.matchingCnt, c.input.matchingSize},
		InputOtherFiles: ClusteringFileStats{c.input.otherCnt, c.input.otherSize},
		InputNumZCubes:  c.input.numZCubes,
		MergedFiles: ClusteringFileStats{c.output.matchingCnt + c.output.otherCnt,
			c.output.matchingSize + c.output.otherSize},
		NumOutputZCubes: c.numOutputZCubes,
	}
}

// zfile is a file with its ZCube tags read once: every step of the clustering preparation asks
// for them, and reading them from the Tags map on each comparison dominated planning.
type zfile struct {
	f     *File
	id    string // ZCUBE_ID, "" when absent
	zraw  string // ZCUBE_ZORDER_BY as written (a JSON array)
	hasID bool   // ZCUBE_ID is present: the sort key is Some(id)
	cube  bool   // both tags are present: the file is in a ZCube (ZCubeInfo.getForFile)
}

// zfilesInto is zfilesOf writing into buf's array when it is large enough.
func zfilesInto(buf []zfile, files []File) []zfile {
	zs := slices.Grow(buf[:0], len(files))[:len(files)]
	for i := range files {
		f := &files[i]
		z := zfile{f: f}
		if tags := f.Tags(); i > 0 && len(tags) > 0 && SameMap(tags, files[i-1].Tags()) {
			// A bin's adds share one tags map: the previous file's tags, read already.
			p := &zs[i-1]
			z.id, z.zraw, z.hasID, z.cube = p.id, p.zraw, p.hasID, p.cube
		} else if len(tags) > 0 {
			var ok1, ok2 bool
			z.id, ok1 = tags[TagZCubeID]
			z.zraw, ok2 = tags[TagZCubeZOrder]
			z.hasID, z.cube = ok1, ok1 && ok2
		}
		zs[i] = z
	}
	return zs
}

// filesOf copies the files zs point at, in order.
func filesOf(zs []zfile) []File {
	if len(zs) == 0 {
		return nil
	}
	out := make([]File, len(zs))
	for i := range zs {
		out[i] = *zs[i].f
	}
	return out
}

// zscratch holds the file-sized buffers of one clustering preparation (the tags read, the
// sorted files, the kept files). Pooled, so planning night after night on thousands of files
// does not allocate them each time; nothing in a Plan points into them.
type zscratch struct {
	in, sorted, kept []zfile
	group            []int32
}

var zscratchPool = sync.Pool{New: func() any { return new(zscratch) }}

// release clears the buffers' pointers into the snapshot and returns them to the pool. A
// preparation writes each buffer within its first len(sc.in) entries (the partition's files)
// and the previous release cleared the rest, so only those are cleared: clearing every entry
// of the largest partition ever seen (a write barrier each, under js/wasm a runtime call per
// pointer while the collector marks) cost more than the preparation of a small one.
func (sc *zscratch) release() {
	n := len(sc.in)
	clear(sc.in)
	clear(sc.sorted[:min(n, cap(sc.sorted))])
	clear(sc.kept[:min(n, cap(sc.kept))])
	zscratchPool.Put(sc)
}

// cubeID is zcubeID on the cached tags.
func (z *zfile) cubeID() (string, bool) { return z.id, z.cube }

// sortByZCubeID is ClusteringStrategy.prepareFilesPerPartition's
// inputFiles.sortBy(_.tag(ZCUBE_ID)): a stable sort on Option[String], None (untagged) first.
// Note it sorts on the ZCUBE_ID tag alone, while ZCube membership (ZCubeInfo.getForFile) needs
// both tags; a file with only one of them sorts as tagged but counts as untagged.
// Files already in order are returned as they are (not a copy).
// The tags read and the sort use the pooled scratch: on a clustered table the open-source
// plan's preparation leaves it sized for every file, and Fabric's plan just after takes it.
func sortByZCubeID(files []File) []File {
	sc := zscratchPool.Get().(*zscratch)
	defer sc.release()
	sc.in = zfilesInto(sc.in, files)
	if sorted := sortZByID(sc.in, sc); len(sorted) == 0 || &sorted[0] != &sc.in[0] {
		return filesOf(sorted)
	}
	return files
}

// sortZByID is sortByZCubeID on read tags. A table holds few distinct ZCube ids and many files
// per id, so the ids are numbered (files of one cube are usually adjacent: one lookup per run
// of them), only the distinct ids are sorted, and the files are placed by a stable counting
// sort on the id's rank. It returns zs itself when it is already in order.
func sortZByID(zs []zfile, sc *zscratch) []zfile {
	if sortedByZID(zs) {
		return zs
	}
	if sc == nil {
		sc = &zscratch{}
	}
	sc.group = slices.Grow(sc.group[:0], len(zs))[:len(zs)]
	group := sc.group // index into ids, -1 when untagged
	var ids []string
	index := map[string]int32{}
	last, lastG := "", int32(-1)
	for i := range zs {
		z := &zs[i]
		if !z.hasID {
			group[i] = -1
			continue
		}
		if lastG < 0 || !sameString(z.id, last) {
			g, ok := index[z.id]
			if !ok {
				g = int32(len(ids))
				index[z.id] = g
				ids = append(ids, z.id)
			}
			last, lastG = z.id, g
		}
		group[i] = lastG
	}
	order := make([]int32, len(ids))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(ids[a], ids[b]) })
	// start[r+1] is the first output slot of rank r; start[0] that of the untagged files.
	rank := make([]int32, len(ids))
	for r, g := range order {
		rank[g] = int32(r)
	}
	start := make([]int32, len(ids)+2)
	for i, g := range group {
		if g >= 0 {
			group[i] = rank[g]
		}
		start[group[i]+2]++
	}
	for r := 1; r < len(start); r++ {
		start[r] += start[r-1]
	}
	sc.sorted = slices.Grow(sc.sorted[:0], len(zs))[:len(zs)]
	out := sc.sorted
	for i, g := range group {
		out[start[g+1]] = zs[i]
		start[g+1]++
	}
	return out
}

// sortedByZID reports whether zs is in sortByZCubeID's order (untagged first, then by id): a
// loop rather than slices.IsSortedFunc, whose comparison is a call through a func value per
// file, and ids of one ZCube are equal pointer first (sameString) without a call.
func sortedByZID(zs []zfile) bool {
	for i := 1; i < len(zs); i++ {
		a, b := &zs[i-1], &zs[i]
		switch {
		case !b.hasID:
			if a.hasID {
				return false
			}
		case !a.hasID || sameString(a.id, b.id):
		case b.id < a.id:
			return false
		}
	}
	return true
}

// keyedFile is a file's sort key and its index, what stableOrder sorts.
type keyedFile[K any] struct {
	key K
	i   int
}

// stableOrder is the stable order of files by their keys under compare, nil when they are in
// order already. Each file's key is read once, and (key, index) pairs are sorted rather than the
// large File values, which the caller moves once (appendInOrder); ties keep the original order,
// from pdqsort (n log n) rather than SortStableFunc's insertion sort and symMerge (n log² n, a
// second in wasm on 100,000 files).
func stableOrder[K any](files []File, key func(*File) K, compare func(a, b K) int) []keyedFile[K] {
	keys := make([]keyedFile[K], len(files))
	sorted := true
	for i := range files {
		keys[i] = keyedFile[K]{key(&files[i]), i}
		if i > 0 && sorted {
			sorted = compare(keys[i-1].key, keys[i].key) <= 0
		}
	}
	if sorted {
		return nil
	}
	slices.SortFunc(keys, func(a, b keyedFile[K]) int {
		if c := compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	return keys
}

// appendInOrder appends files to dst in order (all of them, as they are, for a nil order).
func appendInOrder[K any](dst, files []File, order []keyedFile[K]) []File {
	if order == nil {
		return append(dst, files...)
	}
	for _, k := range order {
		dst = append(dst, files[k.i])
	}
	return dst
}

// dropInfo tallies what a filter dropped.
type dropInfo struct {
	files, zcubes int
	bytes         int64
}

// filterOutLargeZCubes is ZCube.filterOutLargeZCubes (M/skipping/clustering/ZCube.scala): files
// sorted by ZCube id, untagged first; contiguous files with the same ZCUBE_ID form a cube, and a
// cube whose Σ estLogicalFileSize ≥ minCubeSize is dropped. Untagged files always pass. When
// nothing is dropped it returns files itself.
func filterOutLargeZCubes(files []zfile, minCubeSize int64, sc *zscratch) ([]zfile, dropInfo) {
	if sc == nil {
		sc = &zscratch{}
	}
	var out []zfile // nil until the first drop: until then every file so far passes
	var d dropInfo
	for i := 0; i < len(files); {
		z := &files[i]
		if !z.cube {
			if out != nil {
				out = append(out, *z)
			}
			i++
			continue
		}
		e, size := i+1, z.f.estLogicalFileSize()
		for e < len(files) && files[e].cube && sameString(files[e].id, z.id) {
			size += files[e].f.estLogicalFileSize()
			e++
		}
		switch {
		case size >= minCubeSize:
			if out == nil {
				sc.kept = slices.Grow(sc.kept[:0], len(files)) // appends below stay in it
				out = append(sc.kept, files[:i]...)
			}
			d.zcubes++
			d.files += e - i
			for _, x := range files[i:e] {
				d.bytes += x.f.Size
			}
		case out != nil:
			out = append(out, files[i:e]...)
		}
		i = e
	}
	if out == nil {
		return files, d
	}
	return out, d
}

// filterOutSingleZCubes is ZCube.filterOutSingleZCubes: when every remaining file belongs to one
// ZCube and no untagged file is present, all are dropped (so OPTIMIZE is a no-op on a table that
// is a single ZCube). Once a second ZCube or an untagged file shows up, everything passes.
//
// filterOutSingleZCubesOf is it on the files of a and b together (Fabric's selected and
// re-clustered files), without joining them or sorting them by ZCube id as the planner's
// other path does: whether every file is in one ZCube does not depend on their order. It
// returns the files and bytes kept, all or none.
func filterOutSingleZCubesOf(a, b []File) (kept int, keptBytes int64, d dropInfo) {
	var tr tagReader
	first, seen, single := "", false, true
	for _, fs := range [2][]File{a, b} {
		for i := 0; single && i < len(fs); i++ {
			id, ok := tr.zcubeID(&fs[i])
			switch {
			case !ok:
				single = false
			case !seen:
				first, seen = id, true
			case !sameString(id, first):
				single = false
			}
		}
	}
	kept, keptBytes = len(a)+len(b), sumBytes(a)+sumBytes(b)
	if !single || kept == 0 {
		return kept, keptBytes, dropInfo{}
	}
	return 0, 0, dropInfo{files: kept, zcubes: 1, bytes: keptBytes}
}

func filterOutSingleZ(files []zfile) ([]zfile, dropInfo) {
	single, first := true, ""
	seen := false
	for i := range files {
		id, ok := files[i].cubeID()
		if !ok {
			single = false
			break
		}
		if !seen {
			first, seen = id, true
		} else if !sameString(id, first) {
			single = false
			break
		}
	}
	if !single || len(files) == 0 {
		return files, dropInfo{}
	}
	d := dropInfo{files: len(files), zcubes: 1}
	for _, z := range files {
		d.bytes += z.f.Size
	}
	return nil, d
}

// countZCubes counts distinct ZCube ids among files (countZ on the files themselves: no tags
// array to fill, each entry a write barrier while the collector marks).
func countZCubes(files []File) int { return countZCubesAmong(files, nil) }

// countZCubesAmong is countZCubes of the files among marks (all when among is nil), as if
// copied out first.
func countZCubesAmong(files []File, among []bool) int {
	seen := map[string]bool{}
	last := ""
	var tr tagReader
	for i := range files {
		if among != nil && !among[i] {
			continue
		}
		if id, ok := tr.zcubeID(&files[i]); ok && (len(seen) == 0 || !sameString(id, last)) {
			seen[id] = true
			last = id
		}
	}
	return len(seen)
}

func countZ(files []zfile) int {
	seen := map[string]bool{}
	last := ""
	for i := range files {
		if id, ok := files[i].cubeID(); ok && (len(seen) == 0 || !sameString(id, last)) {
			seen[id] = true
			last = id
		}
	}
	return len(seen)
}

func sumZBytes(files []zfile) int64 {
	var n int64
	for i := range files {
		n += files[i].f.Size
	}
	return n
}

// NewZCubeID returns the deterministic stand-in for ClusteringStrategy.initNewBin's
// UUID.randomUUID: a version-4-formatted UUID hashed (FNV-1a, then splitmix64) from the seed,
// the snapshot version, the bin index and the bin's input paths. Input paths never repeat in a
// table's life, so ids from different nights never collide even at equal versions.
func NewZCubeID(seed uint64, version int64, bin int, inputPaths []string) string {
	var buf [64]byte
	b := strconv.AppendUint(buf[:0], seed, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, version, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(bin), 10)
	s := fnv64a(fnvOffset64, string(b))
	for _, p := range inputPaths {
		s = fnv64a(s, "\x00")
		s = fnv64a(s, p)
	}
	hi, lo := splitmix64(&s), splitmix64(&s)
	// The version-4 UUID of hi and lo, as the file names' (fmt's %08x-%04x-... cost a
	// timeline's wasm about a hundred Sprintf calls a run, each ten times its native cost).
	return string(layout.AppendUUID(buf[:0], hi, lo))
}

// FNV-1a, 64 bits (hash/fnv's New64a), over strings: a bin hashes every input path, and
// hash/fnv's Write wants a []byte, a copy of each path. TestFNV64a holds it to hash/fnv.
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

// fnv64a continues FNV-1a hash h over s.
func fnv64a(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime64
	}
	return h
}

func splitmix64(s *uint64) uint64 {
	*s += 0x9E3779B97F4A7C15
	z := *s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
