package timeline

import "layoutlab/engine/optimize"

// snapshotFiles writes the live files, in log order, into the planner's File array kept from
// the night before (n.snapFiles), entry by entry only where it changed. A night removes some
// files and appends its outputs at the end, so the older files before the first removal sit
// where they sat the night before, unchanged: a file's fields are fixed once it is live
// (commit sets its tags before it goes live), and the planner treats the array as read-only
// (optimize.Bin.Files). Rewriting an unchanged entry copied its six pointers again, a bulk
// write barrier under js/wasm, where a collection is open for most of a night. snapIDs[i] is
// the file id entry i holds, plus one (zero: none); the cluster ranges, which a clustering-key
// change recomputes, must also be the same (a pointer to the range kept for the file).
func (n *nightlyOptimize) snapshotFiles(fabric bool) []optimize.File {
	live := n.tbl.live
	if cap(n.snapFiles) < len(live) {
		// New arrays, every entry empty; otherwise each entry up to the capacity still holds
		// what a night wrote, whatever the length was since.
		c := len(live) + len(live)/2
		n.snapFiles, n.snapIDs = make([]optimize.File, 0, c), make([]int32, 0, c)
	}
	files, ids := n.snapFiles[:len(live)], n.snapIDs[:len(live)]
	for i, id := range live {
		var ranges *optimize.Range
		if fabric {
			if r := n.clusterRanges(id); len(r) > 0 {
				ranges = &r[0] // the same range while the clustering key stays (fileRanges)
			}
		}
		if ids[i] == id+1 && files[i].ClusterRange == ranges {
			continue
		}
		f := n.tbl.files.f(id)
		files[i] = optimize.File{Path: f.path, Size: f.size, PartitionValues: f.part, NumRecords: int64(len(f.rows)),
			Extra: n.extras.Of(f.tags, f.provider, 0), Ref: int64(id), ClusterRange: ranges}
		ids[i] = id + 1
	}
	n.snapFiles, n.snapIDs = files, ids
	return files
}
