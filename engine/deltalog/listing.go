package deltalog

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// LogFileKind classifies a file in _delta_log (FileNames.scala, PROTOCOL.md "Delta Log Entries").
type LogFileKind uint8

const (
	KindOther          LogFileKind = iota
	KindCommit                     // %020d.json
	KindCheckpoint                 // %020d.checkpoint.parquet, classic single-part (or a V2 checkpoint so named)
	KindMultiPart                  // %020d.checkpoint.%010d.%010d.parquet
	KindV2Checkpoint               // %020d.checkpoint.<uuid>.json|parquet
	KindCompaction                 // %020d.%020d.compacted.json
	KindChecksum                   // %020d.crc
	KindLastCheckpoint             // _last_checkpoint
)

// LogFile is one parsed _delta_log file name.
type LogFile struct {
	Name    string
	Kind    LogFileKind
	Version int64 // the commit, checkpoint or checksum version; a compaction's first version
	// To is a compaction's last version (inclusive).
	To int64
	// Part and Parts number a multi-part checkpoint's file (1-based).
	Part, Parts int
}

func allDigits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ParseLogFileName classifies a _delta_log file name, as FileNames.scala's
// DeltaFile/CheckpointFile/CompactedDeltaFile/ChecksumFile patterns do.
func ParseLogFileName(name string) LogFile {
	f := LogFile{Name: name}
	if name == "_last_checkpoint" {
		f.Kind = KindLastCheckpoint
		return f
	}
	parts := strings.Split(name, ".")
	if len(parts) < 2 || !allDigits(parts[0], 20) {
		return f
	}
	v, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil {
		return f
	}
	f.Version = v
	switch {
	case len(parts) == 2 && parts[1] == "json":
		f.Kind = KindCommit
	case len(parts) == 2 && parts[1] == "crc":
		f.Kind = KindChecksum
	case len(parts) == 3 && parts[1] == "checkpoint" && parts[2] == "parquet":
		f.Kind = KindCheckpoint
	case len(parts) == 5 && parts[1] == "checkpoint" && parts[4] == "parquet" && allDigits(parts[2], 10) && allDigits(parts[3], 10):
		f.Part, _ = strconv.Atoi(parts[2])
		f.Parts, _ = strconv.Atoi(parts[3])
		if f.Part >= 1 && f.Part <= f.Parts {
			f.Kind = KindMultiPart
		}
	case len(parts) == 4 && parts[1] == "checkpoint" && (parts[3] == "json" || parts[3] == "parquet") && len(parts[2]) == 36:
		f.Kind = KindV2Checkpoint
	case len(parts) == 4 && allDigits(parts[1], 20) && parts[2] == "compacted" && parts[3] == "json":
		to, err := strconv.ParseInt(parts[1], 10, 64)
		if err == nil && to >= v {
			f.Kind, f.To = KindCompaction, to
		}
	}
	return f
}

// LastCheckpoint is the _last_checkpoint file (PROTOCOL.md "Last Checkpoint File").
type LastCheckpoint struct {
	Version int64 `json:"version"`
	Size    int64 `json:"size"`
	Parts   *int  `json:"parts,omitempty"`
	V2      *struct {
		Path string `json:"path"`
	} `json:"v2Checkpoint,omitempty"`
}

// MaxLastCheckpointBytes caps _last_checkpoint, one small JSON object: a version, a size and,
// for a V2 checkpoint, at most 30 non-file actions and 30 sidecars (Spark's
// lastCheckpoint.nonFileActions.threshold and lastCheckpoint.sidecars.threshold), which Spark
// leaves out of it when they would be larger.
const MaxLastCheckpointBytes = 1 << 20

// readLastCheckpoint reads _delta_log/_last_checkpoint, nil when it is absent, not a regular
// file, larger than MaxLastCheckpointBytes or not JSON: the listing decides the snapshot, as in
// Delta, which lists when _last_checkpoint cannot be read (Checkpoints.readLastCheckpointFile).
func readLastCheckpoint(fsys fs.FS) *LastCheckpoint {
	name := path.Join(LogDir, "_last_checkpoint")
	if st, err := fs.Stat(fsys, name); err != nil || !st.Mode().IsRegular() || st.Size() > MaxLastCheckpointBytes {
		return nil // a device (/dev/zero) or a sparse 8 GiB file is not read at all
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxLastCheckpointBytes+1)) // the file may grow after Stat
	var lc LastCheckpoint
	if err != nil || len(b) > MaxLastCheckpointBytes || json.Unmarshal(b, &lc) != nil {
		return nil
	}
	return &lc
}

// Checkpoint is one complete checkpoint found in the listing: its files in part order.
type Checkpoint struct {
	Version int64
	Files   []string // names under _delta_log
	V2      bool     // named with a UUID (a V2 checkpoint)
}

// Listing is what a _delta_log directory holds, classified and sorted.
type Listing struct {
	Commits     map[int64]string
	Checkpoints []Checkpoint // complete ones, by version
	Compactions []LogFile    // by first version, then last
	Checksums   map[int64]string
	Last        *LastCheckpoint // nil when absent or unreadable (Kernel then lists, as here)
	MaxVersion  int64           // the highest commit or checkpoint version; -1 when none
}

// List reads and classifies _delta_log of the table rooted at fsys. Incomplete multi-part
// checkpoints are left out, as Delta ignores them (Checkpoints.getLatestCompleteCheckpointFromList).
func List(fsys fs.FS) (*Listing, error) {
	entries, err := fs.ReadDir(fsys, LogDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &LogError{File: LogDir, Msg: "no such folder: this is not a Delta table (name the table root or its _delta_log)"}
	}
	if err != nil {
		return nil, &LogError{File: LogDir, Msg: "cannot list the log: " + err.Error()}
	}
	l := &Listing{Commits: map[int64]string{}, Checksums: map[int64]string{}, MaxVersion: -1}
	multi := map[string][]LogFile{} // "version/parts" -> parts seen
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		f := ParseLogFileName(e.Name())
		switch f.Kind {
		case KindCommit:
			l.Commits[f.Version] = f.Name
			l.MaxVersion = max(l.MaxVersion, f.Version)
		case KindCheckpoint, KindV2Checkpoint:
			l.Checkpoints = append(l.Checkpoints, Checkpoint{Version: f.Version, Files: []string{f.Name}, V2: f.Kind == KindV2Checkpoint})
		case KindMultiPart:
			k := fmt.Sprintf("%d/%d", f.Version, f.Parts)
			multi[k] = append(multi[k], f)
		case KindCompaction:
			l.Compactions = append(l.Compactions, f)
		case KindChecksum:
			l.Checksums[f.Version] = f.Name
		case KindLastCheckpoint:
			l.Last = readLastCheckpoint(fsys)
		}
	}
	for _, files := range multi {
		slices.SortFunc(files, func(a, b LogFile) int { return a.Part - b.Part })
		files = slices.CompactFunc(files, func(a, b LogFile) bool { return a.Part == b.Part })
		if len(files) != files[0].Parts {
			continue
		}
		cp := Checkpoint{Version: files[0].Version}
		for _, f := range files {
			cp.Files = append(cp.Files, f.Name)
		}
		l.Checkpoints = append(l.Checkpoints, cp)
	}
	slices.SortFunc(l.Checkpoints, func(a, b Checkpoint) int {
		if a.Version != b.Version {
			return cmp.Compare(a.Version, b.Version) // not a difference, which overflows
		}
		return strings.Compare(a.Files[0], b.Files[0])
	})
	for _, c := range l.Checkpoints {
		l.MaxVersion = max(l.MaxVersion, c.Version)
	}
	slices.SortFunc(l.Compactions, func(a, b LogFile) int {
		if a.Version != b.Version {
			return cmp.Compare(a.Version, b.Version)
		}
		return cmp.Compare(a.To, b.To)
	})
	return l, nil
}

// latestCheckpoint is the newest complete checkpoint at or before version, nil when none.
// Among several at the same version (classic and V2 both written), the first by name is taken.
func (l *Listing) latestCheckpoint(version int64) *Checkpoint {
	var best *Checkpoint
	for i := range l.Checkpoints {
		c := &l.Checkpoints[i]
		if c.Version <= version && (best == nil || c.Version > best.Version) {
			best = c
		}
	}
	return best
}
