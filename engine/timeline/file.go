package timeline

import (
	"layoutlab/engine/optimize"
	"layoutlab/engine/stats"
)

// file is one data file the run ever wrote (an AddFile with its rows). Files are never changed
// once written; removing one only takes it out of the live set.
type file struct {
	path     string
	size     int64
	rows     []int32 // the sample rows it holds, row indices into the run's table
	day      int     // the day it was written (history days ≤ 0)
	partDay  int     // its event_date partition (partitioned tables), else 0
	part     map[string]string
	tags     map[string]string
	provider string
	cube     int32 // index into zcubes.cubes, -1 when in no ZCube
	layout   int32 // the Z-order cache entry that wrote it, -1 otherwise
	slab     int32 // the executor's slab holding rows, -1 for an append file (a window of its day's rows)
	live     bool  // in the table as it stands
	modTime  int64
	st       *fileStats // shared by the files a reused Z-order layout rewrites
	lo, hi   [3]int64   // per leaf min/max; for a partition column, its partition value
}

// fileStats is a file's statistics (engine/stats over its rows) and the stats string of its
// add action, made when the log is read.
type fileStats struct {
	st   stats.FileStats
	json string
}

const (
	chunkBits = 10
	chunkMask = 1<<chunkBits - 1
)

// fileChunk holds files by id. Files live in fixed chunks, so adding one never moves the others
// and the statistics worker can read and fill files while the run adds more.
type fileChunk [1 << chunkBits]file

// fileIn returns file id of chunks.
func fileIn(chunks []*fileChunk, id int32) *file { return &chunks[id>>chunkBits][id&chunkMask] }

// fileStore is every file the run ever wrote, by id: live, removed, or written by a bin and not
// yet committed.
type fileStore struct {
	chunks []*fileChunk
	n      int
	// ranges are the files' cluster ranges by id, what only Fabric's overlap score reads: kept
	// out of file, whose every byte a run writes tens of thousands of times (216 bytes with
	// them, 176 without).
	ranges []fileRanges
}

// fileRanges is a file's [min, max] of a clustering column as rank positions.
type fileRanges struct {
	r   []optimize.Range
	col string // the column r was computed for
}

// rangesOf returns file id's cluster ranges, to read or set.
func (fs *fileStore) rangesOf(id int32) *fileRanges {
	if int(id) >= len(fs.ranges) {
		fs.ranges = append(fs.ranges, make([]fileRanges, fs.n-len(fs.ranges))...)
	}
	return &fs.ranges[id]
}

// clusterRanges returns file id's cluster ranges as last computed, nil when never.
func (fs *fileStore) clusterRanges(id int32) []optimize.Range {
	if int(id) >= len(fs.ranges) {
		return nil
	}
	return fs.ranges[id].r
}

// f returns file id.
func (fs *fileStore) f(id int32) *file { return fileIn(fs.chunks, id) }

// alloc returns a new file's id and its place, zero, for the caller to fill in place: a file
// built on the stack and copied in is one bulk write barrier over the whole struct while the
// collector marks, a runtime call under js/wasm, where a collection is under way for most of a run.
func (fs *fileStore) alloc() (int32, *file) {
	id := int32(fs.n)
	if int(id>>chunkBits) == len(fs.chunks) {
		fs.chunks = append(fs.chunks, new(fileChunk))
	}
	fs.n++
	return id, &fs.chunks[id>>chunkBits][id&chunkMask]
}

// isLive reports whether id is a live file with this path (the planner hands ids back as Refs).
func (fs *fileStore) isLive(id int32, path string) bool {
	return id >= 0 && id < int32(fs.n) && fs.f(id).live && fs.f(id).path == path
}
