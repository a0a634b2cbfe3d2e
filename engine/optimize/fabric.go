package optimize

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
)

// Microsoft Fabric Runtime 2.0 incremental liquid clustering — a PLATFORM behaviour, not
// open-source Delta, modelled from Microsoft's Fabric documentation of liquid clustering in
// Runtime 2.0 (docs/fabric.md quotes it and says which parts below are Layout Lab's reading):
//
//	spark.microsoft.delta.optimize.clustering.strategy.incremental=true:
//	  OPTIMIZE processes only unclustered files, small files, unhealthy files and files whose
//	  deletion vectors exceed the purge threshold; well-clustered right-sized files are skipped.
//	…incremental.autoRecluster=true:
//	  files whose clustering-column ranges overlap are found and only those are reclustered;
//	  minOffendingFiles (default 4, ≥ 2), minOverlapThreshold (default 0.75, in (0.25, 1.0]).
//
// Fabric does not publish its algorithm. Layout Lab's model, step by step:
//
//  1. Files are sorted by ZCube id, untagged first, and the open-source applyMinZCube split
//     applies: files clustered by other columns or another provider are set aside (FULL adds
//     them back, and FULL also selects every candidate).
//  2. A candidate is selected when it is unclustered (no ZCube tags), smaller than
//     FabricConfig.TargetFileSize, or its deleted-rows ratio exceeds maxDeletedRowsRatio (the
//     purge threshold; a DV without numRecords counts). There is no minCubeSize sealing: a
//     ZCube is never rewritten whole because it is small.
//  3. Auto-recluster scores the well-clustered files, each file's [min, max] on the first
//     clustering column against those of other ZCubes, with OverlapScore. A file is offending
//     when at least minOffendingFiles-1 others score above minOverlapThreshold with it; the
//     offending files and the files they overlap so are re-clustered (see offendingFiles).
//  4. As in open source, when every selected file belongs to one ZCube and none is
//     unclustered, nothing is done (a lone small clustered file is not rewritten forever).
//  5. Bins are formed greedily up to max(targetCubeSize, minCubeSize), in two runs that never
//     share a bin: the incremental files (unclustered first, in log order, then the others by
//     range minimum), then the re-clustered files by range minimum, so a recluster bin covers
//     one contiguous key range and its output ZCube does not overlap its neighbours. A
//     recluster bin of a single file is dropped: rewriting one file alone changes no range.
//
// Why the cost stays flat (docs/fabric.md shows the figures): new data becomes a ZCube of its
// own. Files of similar width that cover nearly the same range score high; a narrow file under
// a wide one scores low. So files merge with files of their own "age": minOffendingFiles
// day-ZCubes that cover the same ranges merge into narrower files, and minOffendingFiles of
// those merge later, as in a size-tiered log-structured merge. Each byte is rewritten about
// once per tier, and a lookup opens about minOffendingFiles-1 files per tier.

// OverlapScore is Layout Lab's overlap score for two closed ranges a and b of one clustering
// column in rank space: |a ∩ b| / max(|a|, |b|), the share of the wider range that both cover.
// It is above t exactly when the overlap covers more than t of each file's range, so a narrow
// file inside a wide one scores low: their ranges overlap, but reclustering them together
// would rewrite the wide file's whole range for a small gain. It is 0 when they are disjoint,
// and 1 for two zero-width ranges (one distinct value each) at the same point.
func OverlapScore(a, b Range) float64 {
	lo, hi := max(a.Min, b.Min), min(a.Max, b.Max)
	if hi < lo {
		return 0
	}
	w := max(a.Max-a.Min, b.Max-b.Min)
	if w <= 0 {
		return 1
	}
	return (hi - lo) / w
}

// offendingAmong marks, among files (tagged with the current columns), those that overlap at
// least minOffending-1 other files with OverlapScore > threshold on the first clustering column,
// counting only partners from a different ZCube (files of one ZCube come from one curve pass; on
// a multi-column curve they overlap on the first column by design). Files without
// a ClusterRange are neither scored nor partners. It returns the offending flags, the files to
// re-cluster (the offending ones and their partners) and the number of scored files.
//
// The search is bounded so that many files over one range (every file a ZCube of its own)
// cost O(files x minOffending), not a pass over every pair: a partner's range starts within
// (1 - threshold) of the wider range's width of the file's own start, and its width is above
// threshold times the file's (OverlapScore > t needs |a∩b| > t·max(|a|,|b|)), so each file
// looks at the files sorted by start inside that window, both ways, and stops at
// minOffending-1 partners. A file that stops short of that has all its partners listed, which
// is all the pulling of partners needs: it is re-clustered when one of them is offending.
//
// Only the files among marks are looked at (all when among is nil), the others left out as if
// absent: neither scored nor partners, never offending nor re-clustered.
func offendingAmong(files []File, among []bool, minOffending int, threshold float64) (offending, recluster []bool, scored int) {
	ivs := overlapIntervalsOf(files, among)
	need := minOffending - 1
	offending = make([]bool, len(files))
	// Of the files short of need: all their partners, file i's at partners[pfrom[i]:pto[i]].
	var partners []int32
	pfrom, pto := make([]int32, len(files)), make([]int32, len(files))
	found := make([]int32, 0, max(need, 0))
	for i := range ivs {
		a := &ivs[i]
		// A partner b has |b| > t·|a| and |a| > t·|b|, so |b| < |a|/t, and its start is within
		// (1-t)·max(|a|,|b|) < (1-t)·|a|/t of a's; zero-width ranges match only their point.
		reach := (1 - threshold) * a.w / threshold
		var done bool
		found, done = partnersOf(ivs, i, reach, threshold, need, found[:0])
		if done {
			offending[a.idx] = true
		} else {
			pfrom[a.idx] = int32(len(partners))
			partners = append(partners, found...)
			pto[a.idx] = int32(len(partners))
		}
	}
	recluster = slices.Clone(offending)
	for i := range files {
		for _, p := range partners[pfrom[i]:pto[i]] {
			if offending[p] {
				recluster[i] = true
			}
		}
	}
	return offending, recluster, len(ivs)
}

// fabricIncremental is the Fabric Runtime 2.0 incremental prepareFilesPerPartition.
func (st *planState) fabricIncremental(files []File) []File {
	cols := st.snap.ClusteringColumns
	files = sortByZCubeID(files)
	for i := range files {
		st.stats.input.update(&files[i])
	}
	candidates, skipped := splitClustered(files, cols)
	st.emit(FilterApplied{Stage: "applyMinZCube", Name: "different clustering columns or provider",
		Detail:       "in ZCubes clustered by other columns or another provider (current " + encodeNames(cols) + ")",
		DroppedFiles: len(skipped), DroppedBytes: sumBytes(skipped), DroppedZCubes: countZCubes(skipped),
		KeptFiles: len(candidates), KeptBytes: sumBytes(candidates)})

	var selected, recluster []File
	if st.req.Full {
		selected = append(append(make([]File, 0, len(candidates)+len(skipped)), candidates...), skipped...)
		if len(skipped) > 0 {
			st.emit(StaleAdded{Stage: "fabric incremental", Files: len(skipped), Bytes: sumBytes(skipped), ZCubes: countZCubes(skipped)})
		}
	} else {
		var inRest []bool
		selected, inRest = st.selectIncremental(candidates)
		if *st.cfg.Fabric.AutoRecluster {
			recluster = st.autoRecluster(candidates, inRest)
		}
		kept, keptBytes, d := filterOutSingleZCubesOf(selected, recluster)
		st.emit(FilterApplied{Stage: "filterOutSingleZCubes", Name: "all remaining files in one ZCube",
			Detail:       "as all remaining files are in one ZCube with no unclustered file",
			DroppedFiles: d.files, DroppedBytes: d.bytes, DroppedZCubes: d.zcubes, KeptFiles: kept, KeptBytes: keptBytes})
		if kept == 0 {
			selected, recluster = nil, nil
		}
	}
	selected = st.fabricBinOrder(selected, recluster)
	for i := range selected {
		st.stats.output.update(&selected[i])
	}
	return selected
}

// selectIncremental splits the candidates into those incremental clustering rewrites
// (untagged, smaller than the target file size, or with too many deleted rows) and the rest,
// which are well clustered and right-sized; inRest[i] tells which candidates are the rest. Only
// the selected files are copied, into an array sized once (planned night after night on every
// live file, growing it an append at a time was a tenth of a Fabric run's memory); the rest are
// counted where they lie (a million files' copy was 112 MB of the page's peak).
func (st *planState) selectIncremental(candidates []File) (selected []File, inRest []bool) {
	cfg, fc := st.cfg, &st.cfg.Fabric
	inRest = make([]bool, len(candidates))
	var tr tagReader
	for i := range candidates {
		f := &candidates[i]
		_, tagged := tr.zcubeID(f)
		sel := !tagged || f.Size < fc.TargetFileSize
		if !sel && f.hasDV() {
			r, ok := f.deletedRatio()
			sel = !ok || r > cfg.MaxDeletedRowsRatio
		}
		inRest[i] = !sel
	}
	var rest dropInfo
	for i := range candidates {
		if inRest[i] {
			rest.files++
			rest.bytes += candidates[i].Size
		}
	}
	if n := len(candidates) - rest.files; n > 0 {
		selected = make([]File, 0, n)
		for i := range candidates {
			if !inRest[i] {
				selected = append(selected, candidates[i])
			}
		}
	}
	st.emit(FilterApplied{Stage: "fabric incremental", Name: "well-clustered right-sized file",
		Detail: fmt.Sprintf("well clustered and right-sized (≥ target file size %s, deleted-rows ratio ≤ %s)",
			FormatBytes(fc.TargetFileSize), strconv.FormatFloat(cfg.MaxDeletedRowsRatio, 'g', -1, 64)),
		DroppedFiles: rest.files, DroppedBytes: rest.bytes, DroppedZCubes: countZCubesAmong(candidates, inRest),
		KeptFiles: len(selected), KeptBytes: sumBytes(selected)})
	return selected, inRest
}

// autoRecluster scores every tagged candidate and returns the files to re-cluster: the
// offending ones and their partners among the files not yet selected (inRest, by candidate).
func (st *planState) autoRecluster(candidates []File, inRest []bool) []File {
	fc := &st.cfg.Fabric
	cols := st.snap.ClusteringColumns
	// The tagged candidates are scored where they lie, not copied out: a File copy is a bulk
	// write barrier while the collector marks, a runtime call under js/wasm.
	tagged := make([]bool, len(candidates))
	var tr tagReader
	for i := range candidates {
		_, tagged[i] = tr.zcubeID(&candidates[i])
	}
	off, rec, scored := offendingAmong(candidates, tagged, fc.MinOffendingFiles, fc.MinOverlapThreshold)
	ev := OverlapDetected{Threshold: fc.MinOverlapThreshold, MinOffending: fc.MinOffendingFiles,
		ScoredFiles: scored}
	if len(cols) > 0 {
		ev.Column = cols[0]
	}
	for i := range candidates {
		if off[i] {
			ev.OffendingFiles++
		}
		if rec[i] && inRest[i] {
			ev.AddedFiles++
			ev.AddedBytes += candidates[i].Size
		}
	}
	var recluster []File // counted first: grown an append at a time, it was twice its size
	if ev.AddedFiles > 0 {
		recluster = make([]File, 0, ev.AddedFiles)
		for i := range candidates {
			if rec[i] && inRest[i] {
				recluster = append(recluster, candidates[i])
			}
		}
	}
	st.emit(ev)
	return recluster
}

// fabricBinOrder orders the selected files for binning: unclustered first (stable), then
// clustered by range minimum on the first column, then the re-clustered files in bins of their
// own (st.binBreaks).
func (st *planState) fabricBinOrder(selected, recluster []File) []File {
	cfg := st.cfg
	type binKey struct {
		clustered bool
		min       float64
	}
	var tr tagReader
	order := stableOrder(selected, func(f *File) binKey {
		_, clustered := tr.zcubeID(f)
		return binKey{clustered, rangeMin(f)}
	}, func(a, b binKey) int {
		switch {
		case !a.clustered && !b.clustered:
			return 0
		case !a.clustered:
			return -1
		case !b.clustered:
			return 1
		}
		return cmp.Compare(a.min, b.min)
	})
	// Re-clustered files form their own bins, by range minimum, so that a bin covers one
	// contiguous key range and its output files do not overlap their neighbours; new data, which
	// spans the whole key range, is never binned with them.
	// A recluster bin of one file would write that file again as it was: its overlap stays,
	// and it would be selected again every night. Such bins are dropped.
	rorder := rangeMinOrder(recluster)
	// The ordered files, then the recluster files in order, in one array sized once, binned
	// where they lie and moved down over the dropped single-file bins: a million selected files
	// were copied in order, the recluster files sorted into a copy of their own, and both again
	// as the bins' appends outgrew the array.
	out := selected
	if order != nil || len(recluster) > 0 {
		out = appendInOrder(make([]File, 0, len(selected)+len(recluster)), selected, order)
	}
	start := len(out)
	out = appendAt(out, recluster, rorder)
	var single []File
	w := start
	for _, b := range groupIntoBins(out[start:], cfg.clusteringMaxBinSize()) {
		if len(b) == 1 {
			single = append(single, b[0])
			continue
		}
		st.binBreaks = append(st.binBreaks, w)
		w += copy(out[w:], b) // b starts at or after w: a move down, or none
	}
	out = out[:w]
	if len(single) > 0 {
		st.emit(FilterApplied{Stage: "fabric autoRecluster", Name: "single-file recluster bin",
			Detail:       "alone in a recluster bin (no other overlapping file fits within " + FormatBytes(cfg.clusteringMaxBinSize()) + ")",
			DroppedFiles: len(single), DroppedBytes: sumBytes(single), DroppedZCubes: countZCubes(single),
			KeptFiles: len(out), KeptBytes: sumBytes(out)})
	}
	return out
}

func rangeMin(f *File) float64 {
	if f.ClusterRange == nil {
		return 0
	}
	return f.ClusterRange.Min
}
