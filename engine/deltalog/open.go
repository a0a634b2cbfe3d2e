package deltalog

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode"

	"layoutlab/engine/work"
)

// Refusal is a table or request Delta itself refuses, with Delta's error class: an answer, not a
// broken log.
type Refusal struct {
	Class   string
	Message string
}

func (r *Refusal) Error() string { return "[" + r.Class + "] " + r.Message }

// SupportedReaderFeatures are the reader features whose effect on the log this package models
// (TableFeature.scala names). deletionVectors: the deleted-row count comes from the descriptor's
// cardinality; columnMapping: statistics are keyed by physical names, which the schema maps;
// timestampNtz, typeWidening, variantType: schema types only; v2Checkpoint: read here;
// vacuumProtocolCheck: a writer-side rule.
var SupportedReaderFeatures = []string{
	FeatureColumnMapping, FeatureDeletionVectors, "timestampNtz", "typeWidening", "typeWidening-preview",
	FeatureV2Checkpoint, "vacuumProtocolCheck", "variantType", "variantType-preview",
}

// CheckReadable refuses a protocol this reader cannot honour, as Delta's
// DeltaErrors.unsupportedReaderTableFeaturesInTableException and invalidProtocolVersionException do.
func CheckReadable(p Protocol) error {
	if p.MinReaderVersion > TableFeaturesMinReaderVersion {
		return &Refusal{"DELTA_INVALID_PROTOCOL_VERSION", fmt.Sprintf(
			"Unsupported Delta protocol version: table requires reader version %d, but this reader supports up to %d.",
			p.MinReaderVersion, TableFeaturesMinReaderVersion)}
	}
	var unsupported []string
	for _, f := range p.ReaderFeatures {
		if !slices.Contains(SupportedReaderFeatures, f) {
			unsupported = append(unsupported, f)
		}
	}
	if len(unsupported) > 0 {
		return &Refusal{"DELTA_UNSUPPORTED_FEATURES_FOR_READ", fmt.Sprintf(
			"Unsupported Delta read feature: table requires reader table feature(s) that are unsupported: %s.",
			strings.Join(unsupported, ", "))}
	}
	return nil
}

// OpenOptions chooses what OpenSnapshot reads.
type OpenOptions struct {
	// Version is the version to read (time travel); -1 reads the latest.
	Version int64
	// NoCheckpoint replays JSON commits only (every commit from 0 must exist).
	NoCheckpoint bool
	// NoCompaction ignores log compaction files.
	NoCompaction bool
	// Parquet decodes Parquet checkpoints and sidecars (parquetjson.Rows). It is passed in, not
	// imported, so that programs which never open a real table (the docs widget) do not carry a
	// Parquet library; nil makes a Parquet checkpoint an error that says so.
	Parquet ParquetRows
	// Yield, when set, is told every few thousand rows how many rows of a Parquet checkpoint
	// (or sidecar) have been read, as "Reading the checkpoint: 4096 of 100000 actions": a large
	// one is most of the time a table takes to open. Its error stops the replay, which returns
	// it as it is.
	Yield work.Yield
}

// OpenSnapshot builds the snapshot at opt.Version from the log of the table rooted at fsys the
// way Delta Kernel does (kernel/src/log_segment.rs; Spark's SnapshotManagement): the listing
// gives a validated LogSegment (Segment), which is then replayed (ReplaySegment). History
// (commitInfo) is read from every commit file still in the log at or before the version, as
// DESCRIBE HISTORY lists them.
//
// A missing commit, a corrupt commit or checkpoint is a *LogError naming the file; asking for a
// version the log cannot give is a *Refusal (DELTA_VERSION_NOT_FOUND), as is a protocol with
// reader features this package does not model.
func OpenSnapshot(fsys fs.FS, opt OpenOptions) (*Snapshot, error) {
	l, err := List(fsys)
	if err != nil {
		return nil, err
	}
	seg, err := l.Segment(opt)
	if err != nil {
		return nil, err
	}
	return ReplaySegment(fsys, seg, opt)
}

// ReplaySegment reads the files of seg and reconciles their actions into the snapshot at
// seg.Version: the checkpoint, then each commit or compaction in order, then the history.
func ReplaySegment(fsys fs.FS, seg *LogSegment, opt OpenOptions) (*Snapshot, error) {
	s := EmptySnapshot()
	if cp := seg.Checkpoint; cp != nil {
		acts, err := readCheckpoint(fsys, cp, parquetReader{opt.Parquet, opt.Yield})
		if err != nil {
			return nil, err
		}
		if err := s.applyCheckpoint(cp.Version, acts, opt.Yield); err != nil {
			return nil, err
		}
		if err := s.checkCompleteIn(path.Join(LogDir, cp.Files[0])); err != nil {
			return nil, err
		}
	}
	parsed := map[int64]CommitInfo{}
	for _, f := range seg.Deltas {
		if err := s.applyLogFile(fsys, f, parsed, opt.Yield); err != nil {
			return nil, err
		}
	}
	if err := s.checkCompleteIn(path.Join(LogDir, CommitFileName(seg.Version))); err != nil {
		return nil, err
	}
	hist, err := readHistory(fsys, seg.History, parsed)
	if err != nil {
		return nil, err
	}
	s.history = hist
	return s, nil
}

// applyLogFile applies one commit or compaction file of a segment to s, noting a commit's
// commitInfo in parsed so that the history need not read it again. A checkpoint's pending adds
// are indexed first, telling y, when the file adds or removes files.
func (s *Snapshot) applyLogFile(fsys fs.FS, f LogFile, parsed map[int64]CommitInfo, y work.Yield) error {
	file := path.Join(LogDir, f.Name)
	if f.Kind == KindCompaction {
		r, err := fsys.Open(file)
		if err != nil {
			return &LogError{File: file, Msg: err.Error()}
		}
		cm, err := parseCommit(f.To, file, r, defaultLimits)
		r.Close()
		if err != nil {
			return err
		}
		if changesFiles(cm) {
			if err := s.index(y); err != nil {
				return err
			}
		}
		return s.applyCompaction(f.Version, cm, file)
	}
	c, err := readCommitFile(fsys, f.Version, file)
	if err != nil {
		return err
	}
	if changesFiles(c) {
		if err := s.index(y); err != nil {
			return err
		}
	}
	if s.version < 0 {
		s.version = f.Version - 1 // commit 0 (no checkpoint): Apply's order check starts here
	}
	if err := s.applyInPlaceFile(c, file); err != nil {
		return err
	}
	parsed[f.Version] = s.history[len(s.history)-1]
	return nil
}

// changesFiles says whether c adds or removes a file.
func changesFiles(c Commit) bool {
	for _, a := range c.Actions {
		switch a.(type) {
		case AddFile, RemoveFile:
			return true
		}
	}
	return false
}

// readHistory is the commitInfo of each commit file in files, taken from parsed when replay
// already read it.
func readHistory(fsys fs.FS, files []LogFile, parsed map[int64]CommitInfo) ([]CommitInfo, error) {
	var hist []CommitInfo
	var br *bufio.Reader
	for _, f := range files {
		if ci, ok := parsed[f.Version]; ok {
			hist = append(hist, ci)
			continue
		}
		if br == nil {
			// A commit's head: Delta writes commitInfo as its first line, a few hundred bytes
			// (a longer line is read on, ErrBufferFull). The table page reads each commit's head
			// through a promise of its own: 64 KB a commit was 6.4 of the 100,000-file open's
			// 29.9 MB read.
			br = bufio.NewReaderSize(nil, 4<<10)
		}
		ci, err := readCommitInfo(fsys, path.Join(LogDir, f.Name), f.Version, br)
		if err != nil {
			return nil, err
		}
		hist = append(hist, ci)
	}
	return hist, nil
}

// Earliest is the first version the log can rebuild, the lower bound of time travel.
func (l *Listing) Earliest() int64 { return l.earliest() }

// earliest is the first version the log can rebuild: the oldest checkpoint or commit 0.
func (l *Listing) earliest() int64 {
	if _, ok := l.Commits[0]; ok {
		return 0
	}
	if len(l.Checkpoints) > 0 {
		return l.Checkpoints[0].Version
	}
	return max(l.earliestCommit(), 0)
}

// applyCheckpoint sets s (EmptySnapshot) to the state a checkpoint records: its adds, protocol,
// metaData and live domains. Its removes are tombstones for VACUUM and take no part in the
// state. The adds are kept where they were decoded, pending (Snapshot.pending): indexed by path
// only if a commit after the checkpoint adds or removes files. y is told every pathTurn adds, a
// count without a unit (a page takes a turn there: a million adds were one 615 ms stretch of
// the table page); its error stops the replay.
func (s *Snapshot) applyCheckpoint(version int64, acts *checkpointActions, y work.Yield) error {
	s.pending = acts.adds
	for i := range acts.adds {
		f := &acts.adds[i]
		s.shared.share(f)
		s.count++ // a path held twice is counted once when sorted (sortFiles)
		s.bytes += f.Size
		if (i+1)%pathTurn == 0 {
			if err := y.Tick("the checkpoint's files", i+1, len(acts.adds), ""); err != nil {
				return err
			}
		}
	}
	for _, a := range acts.others {
		s.applyState(a) // on EmptySnapshot, so a removed domain's tombstone deletes nothing
	}
	s.version = version
	return nil
}

// applyCompaction applies a log compaction file covering versions from..c.Version
// (PROTOCOL.md "Log Compaction Files"). Its actions are read as Delta Kernel's log replay reads
// them (kernel/src/log_replay.rs): the first action seen for a logical file (path, DV id), a
// domain, the protocol or the metaData wins. A reconciled compaction holds one action per key;
// one that concatenates its commits newest first (as kernel-rs's test table does) replays
// the same way. It carries no commitInfo.
func (s *Snapshot) applyCompaction(from int64, c Commit, file string) error {
	if s.version >= 0 && from != s.version+1 {
		return &LogError{File: file, Msg: fmt.Sprintf("compaction starts at version %d, expected %d", from, s.version+1)}
	}
	seen := map[string]bool{}
	var adds []AddFile
	var removes []RemoveFile
	first := func(k string) bool {
		if seen[k] {
			return false
		}
		seen[k] = true
		return true
	}
	for i, a := range c.Actions {
		if err := validateAction(a); err != nil {
			return &LogError{File: file, Line: i + 1, Msg: err.Error()}
		}
		switch a := a.(type) {
		case AddFile:
			if first("f" + a.Path + "\x00" + a.DeletionVector().UniqueID()) {
				adds = append(adds, a)
			}
		case RemoveFile:
			if first("f" + a.Path + "\x00" + a.DeletionVector.UniqueID()) {
				removes = append(removes, a)
			}
		case Protocol:
			if first("p") {
				s.protocol = &a
			}
		case Metadata:
			if first("m") {
				s.metadata = &a
			}
		case DomainMetadata:
			if first("d" + a.Domain) {
				if a.Removed {
					delete(s.domains, a.Domain)
				} else {
					s.domains[a.Domain] = a
				}
			}
		}
	}
	for _, r := range removes {
		s.dropFile(r)
	}
	for i := len(adds) - 1; i >= 0; i-- { // oldest first, so the newest add of a path stays
		s.putFile(&adds[i])
	}
	s.version = c.Version
	return nil
}

func (s *Snapshot) checkCompleteIn(file string) error {
	if s.protocol == nil {
		return &LogError{File: file, Msg: fmt.Sprintf("no protocol action in the log up to version %d", s.version)}
	}
	if s.metadata == nil {
		return &LogError{File: file, Msg: fmt.Sprintf("no metaData action in the log up to version %d", s.version)}
	}
	return nil
}

// readCommitInfo reads only the commitInfo line of a commit file, for history: it looks for the
// line that starts with {"commitInfo" (Delta writes it first) and keeps no other line, reading
// the file through br (shared by the calls, so a long history allocates one buffer).
func readCommitInfo(fsys fs.FS, file string, v int64, br *bufio.Reader) (CommitInfo, error) {
	f, err := fsys.Open(file)
	if err != nil {
		return CommitInfo{}, &LogError{File: file, Msg: err.Error(), Err: err}
	}
	defer f.Close()
	br.Reset(f)
	ci := CommitInfo{}
	key := []byte(`{"commitInfo"`)
	for line := 1; ; line++ {
		chunk, err := br.ReadSlice('\n')
		if bytes.HasPrefix(bytes.TrimLeftFunc(chunk, unicode.IsSpace), key) {
			b := append([]byte(nil), chunk...)
			for err == bufio.ErrBufferFull {
				chunk, err = br.ReadSlice('\n')
				if len(b)+len(chunk) > MaxLineBytes+1 {
					return CommitInfo{}, tooLong(file, line, defaultLimits)
				}
				b = append(b, chunk...)
			}
			if err != nil && err != io.EOF {
				return CommitInfo{}, &LogError{File: file, Msg: "read error: " + err.Error(), Err: err}
			}
			b = bytes.TrimSpace(b)
			if len(b) > MaxLineBytes {
				return CommitInfo{}, tooLong(file, line, defaultLimits)
			}
			a, perr := parseActionLine(b)
			if perr != nil {
				return CommitInfo{}, &LogError{File: file, Line: line, Msg: perr.Error()}
			}
			if c, ok := a.(CommitInfo); ok {
				ci = c
				break
			}
			if err == io.EOF { // {"commitInfo":null,...}: not the commitInfo line after all
				break
			}
			continue
		}
		for err == bufio.ErrBufferFull { // the rest of a long line
			_, err = br.ReadSlice('\n')
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return CommitInfo{}, &LogError{File: file, Msg: "read error: " + err.Error(), Err: err}
		}
	}
	ci.Version = &v
	return ci, nil
}
