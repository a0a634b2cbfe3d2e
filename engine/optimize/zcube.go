package optimize

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
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
}

// sameColumns reports ZCUBE_ZORDER_BY == zOrderBy, parsing each distinct tag value once.
func (c *zCubeFileStatsCollector) sameColumns(f *File) bool {
	raw := f.Tags[TagZCubeZOrder]
	if eq, ok := c.cache[raw]; ok {
		return eq
	}
	if c.cache == nil {
		c.cache = map[string]bool{}
	}
	_, cols, _ := f.ZCube()
	eq := slices.Equal(cols, c.zOrderBy)
	c.cache[raw] = eq
	return eq
}

func (c *zCubeFileStatsCollector) update(f *File) {
	id, ok := f.zcubeID()
	if ok && (c.isFull || c.sameColumns(f)) {
		if !c.seen || c.processed != id {
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

// sortByZCubeID is ClusteringStrategy.prepareFilesPerPartition's
// inputFiles.sortBy(_.tag(ZCUBE_ID)): a stable sort on Option[String], None (untagged) first.
// Note it sorts on the ZCUBE_ID tag alone, while ZCube membership (ZCubeInfo.getForFile) needs
// both tags; a file with only one of them sorts as tagged but counts as untagged.
func sortByZCubeID(files []File) []File {
	return sortFilesStable(files, func(a, b *File) int {
		ia, oka := a.Tags[TagZCubeID]
		ib, okb := b.Tags[TagZCubeID]
		switch {
		case !oka && !okb:
			return 0
		case !oka:
			return -1
		case !okb:
			return 1
		}
		return cmp.Compare(ia, ib)
	})
}

// sortFilesStable returns files stably sorted by cmpFn, moving indices rather than the large
// File values while sorting.
func sortFilesStable(files []File, cmpFn func(a, b *File) int) []File {
	idx := make([]int32, len(files))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortStableFunc(idx, func(a, b int32) int { return cmpFn(&files[a], &files[b]) })
	out := make([]File, len(files))
	for i, j := range idx {
		out[i] = files[j]
	}
	return out
}

// dropInfo tallies what a filter dropped.
type dropInfo struct {
	files, zcubes int
	bytes         int64
}

// filterOutLargeZCubes is ZCube.filterOutLargeZCubes (M/skipping/clustering/ZCube.scala): files
// sorted by ZCube id, untagged first; contiguous files with the same ZCUBE_ID form a cube, and a
// cube whose Σ estLogicalFileSize ≥ minCubeSize is dropped. Untagged files always pass.
func filterOutLargeZCubes(files []File, minCubeSize int64) ([]File, dropInfo) {
	var out []File
	var d dropInfo
	start, cur, size := -1, "", int64(0)
	flush := func(end int) {
		if start < 0 {
			return
		}
		if size >= minCubeSize {
			d.zcubes++
			d.files += end - start
			for _, f := range files[start:end] {
				d.bytes += f.Size
			}
		} else {
			out = append(out, files[start:end]...)
		}
		start, size = -1, 0
	}
	for i := range files {
		f := &files[i]
		id, ok := f.zcubeID()
		if !ok {
			flush(i)
			out = append(out, *f)
			continue
		}
		if start >= 0 && id == cur {
			size += f.estLogicalFileSize()
			continue
		}
		flush(i)
		start, cur, size = i, id, f.estLogicalFileSize()
	}
	flush(len(files))
	return out, d
}

// filterOutSingleZCubes is ZCube.filterOutSingleZCubes: when every remaining file belongs to one
// ZCube and no untagged file is present, all are dropped (so OPTIMIZE is a no-op on a table that
// is a single ZCube). Once a second ZCube or an untagged file shows up, everything passes.
func filterOutSingleZCubes(files []File) ([]File, dropInfo) {
	single, first := true, ""
	seen := false
	for i := range files {
		id, ok := files[i].zcubeID()
		if !ok {
			single = false
			break
		}
		if !seen {
			first, seen = id, true
		} else if id != first {
			single = false
			break
		}
	}
	if !single || len(files) == 0 {
		return files, dropInfo{}
	}
	d := dropInfo{files: len(files), zcubes: 1}
	for _, f := range files {
		d.bytes += f.Size
	}
	return nil, d
}

// countZCubes counts distinct ZCube ids among files.
func countZCubes(files []File) int {
	seen := map[string]bool{}
	for i := range files {
		if id, ok := files[i].zcubeID(); ok {
			seen[id] = true
		}
	}
	return len(seen)
}

// NewZCubeID returns the deterministic stand-in for ClusteringStrategy.initNewBin's
// UUID.randomUUID: a version-4-formatted UUID hashed (FNV-1a, then splitmix64) from the seed,
// the snapshot version, the bin index and the bin's input paths. Input paths never repeat in a
// table's life, so ids from different nights never collide even at equal versions.
func NewZCubeID(seed uint64, version int64, bin int, inputPaths []string) string {
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
	hi = hi&^0xF000 | 0x4000                     // version 4
	lo = lo&^(uint64(0xC)<<60) | uint64(0x8)<<60 // RFC 4122 variant
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", hi>>32, (hi>>16)&0xFFFF, hi&0xFFFF, lo>>48, lo&0xFFFFFFFFFFFF)
}

func splitmix64(s *uint64) uint64 {
	*s += 0x9E3779B97F4A7C15
	z := *s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
