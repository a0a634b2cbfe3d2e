package deltalog

import (
	"cmp"
	"fmt"
	"path"
	"slices"
)

// LogSegment is what a snapshot at one version is built from, chosen and validated from the
// listing before any file is read, as Delta Kernel's LogSegment is
// (kernel/kernel-api/src/main/java/io/delta/kernel/internal/snapshot/LogSegment.java): the
// newest complete checkpoint at or before the version, then the commits after it without a gap,
// each run of commits covered by a log compaction file (X.Y.compacted.json) taken from that
// file instead. Every step is a listed file, so a segment is as long as the listing at most,
// whatever version numbers the file names hold.
type LogSegment struct {
	Version    int64       // the snapshot's version
	Checkpoint *Checkpoint // nil: replay from commit 0
	// Deltas are the commit and compaction files after the checkpoint, in order: each starts at
	// the version after the one before, and the last ends at Version.
	Deltas []LogFile
	// History is every commit file in the log at or before Version, oldest first: the versions
	// DESCRIBE HISTORY lists.
	History []LogFile
}

// Segment chooses and validates the log segment of the snapshot opt asks for.
func (l *Listing) Segment(opt OpenOptions) (*LogSegment, error) {
	target, err := l.target(opt)
	if err != nil {
		return nil, err
	}
	seg := &LogSegment{Version: target}
	if !opt.NoCheckpoint {
		seg.Checkpoint = l.latestCheckpoint(target)
		if seg.Checkpoint == nil && l.cleanedUp() {
			// Time travel before the oldest checkpoint of a log whose early commits are gone:
			// the version is no longer available (DeltaHistoryManager.checkVersionExists),
			// not a broken log.
			return nil, l.versionNotFound(target)
		}
	}
	commits := l.sortedCommits()
	hi, found := slices.BinarySearchFunc(commits, target, byVersion) // not target+1, which overflows at the largest version
	if found {
		hi++
	}
	seg.History = commits[:hi]
	start := int64(0)
	if seg.Checkpoint != nil {
		if seg.Checkpoint.Version == target {
			return seg, nil
		}
		start = seg.Checkpoint.Version + 1
	} else if err := l.checkRebuildable(commits, target, opt); err != nil {
		return nil, err
	}
	seg.Deltas, err = l.deltas(commits, start, target, opt)
	return seg, err
}

// cleanedUp reports whether log cleanup removed the first commits after a checkpoint: commit 0
// is gone and a checkpoint is listed.
func (l *Listing) cleanedUp() bool {
	_, ok := l.Commits[0]
	return !ok && len(l.Checkpoints) > 0
}

func byVersion(f LogFile, v int64) int { return cmp.Compare(f.Version, v) }

// target is the version opt asks for, checked against the listing.
func (l *Listing) target(opt OpenOptions) (int64, error) {
	if l.MaxVersion < 0 {
		return 0, &LogError{File: LogDir, Msg: "no commit files (%020d.json) or checkpoints in the log"}
	}
	if opt.Version < 0 {
		return l.MaxVersion, nil
	}
	if opt.Version > l.MaxVersion {
		return 0, l.versionNotFound(opt.Version)
	}
	return opt.Version, nil
}

func (l *Listing) versionNotFound(v int64) error {
	return &Refusal{"DELTA_VERSION_NOT_FOUND", fmt.Sprintf(
		"Cannot time travel Delta table to version %d. Available versions: [%d, %d].", v, l.earliest(), l.MaxVersion)}
}

// checkRebuildable refuses a segment without a checkpoint whose commits do not start at 0.
func (l *Listing) checkRebuildable(commits []LogFile, target int64, opt OpenOptions) error {
	if opt.NoCheckpoint || len(commits) == 0 || commits[0].Version == 0 || commits[0].Version > target {
		return nil // the walk of deltas names the missing commit
	}
	lo := commits[0].Version
	return &LogError{File: path.Join(LogDir, commits[0].Name), Msg: fmt.Sprintf(
		"commit 0 is missing and no checkpoint precedes version %d: the log starts at version %d, so the table cannot be rebuilt", lo, lo)}
}

// deltas walks the listed commits and compactions from version start to target. A version
// with neither is a missing commit.
func (l *Listing) deltas(commits []LogFile, start, target int64, opt OpenOptions) ([]LogFile, error) {
	var out []LogFile
	i, _ := slices.BinarySearchFunc(commits, start, byVersion)
	for v := start; ; {
		if !opt.NoCompaction {
			if c := l.compactionFrom(v, target); c != nil {
				out = append(out, *c)
				if c.To == target { // not c.To+1 > target, which overflows at the largest version
					return out, nil
				}
				v = c.To + 1
				i, _ = slices.BinarySearchFunc(commits, v, byVersion)
				continue
			}
		}
		if i >= len(commits) || commits[i].Version != v {
			msg := fmt.Sprintf("commit %d is missing", v)
			if v > 0 {
				msg += fmt.Sprintf(": the table is read up to version %d and the log goes on to version %d", v-1, target)
			}
			return nil, &LogError{File: path.Join(LogDir, CommitFileName(v)), Msg: msg}
		}
		out = append(out, commits[i])
		if v == target {
			return out, nil
		}
		i++
		v++
	}
}

// sortedCommits are the listed commit files by version.
func (l *Listing) sortedCommits() []LogFile {
	out := make([]LogFile, 0, len(l.Commits))
	for v, name := range l.Commits {
		out = append(out, LogFile{Name: name, Kind: KindCommit, Version: v})
	}
	slices.SortFunc(out, func(a, b LogFile) int { return cmp.Compare(a.Version, b.Version) })
	return out
}

func (l *Listing) earliestCommit() int64 {
	lo := int64(-1)
	for v := range l.Commits {
		if lo < 0 || v < lo {
			lo = v
		}
	}
	return lo
}

// compactionFrom is the compaction file that starts at version from and reaches furthest
// without passing to. l.Compactions is sorted by first version, then last.
func (l *Listing) compactionFrom(from, to int64) *LogFile {
	i, _ := slices.BinarySearchFunc(l.Compactions, from, byVersion)
	var best *LogFile
	for ; i < len(l.Compactions) && l.Compactions[i].Version == from; i++ {
		if c := &l.Compactions[i]; c.To <= to {
			best = c
		}
	}
	return best
}
