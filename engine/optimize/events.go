package optimize

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Event is one planning decision. Every event prints as one stable line.
type Event interface {
	fmt.Stringer
	isEvent()
}

// CandidatesListed: the files OPTIMIZE starts from (snapshot.filesForScan after the partition
// predicate), i.e. totalConsideredFiles.
type CandidatesListed struct {
	Mode       Mode
	Platform   Platform
	Files      int
	Bytes      int64
	Partitions int
	Full       bool
}

func (e CandidatesListed) String() string {
	// Once a plan, every night of a timeline: built without fmt, which under js/wasm cost
	// ~15 µs a line (TestEventStringsAsFormatted holds it to the fmt format).
	s := "candidates: " + e.Mode.String() + " on " + e.Platform.String() + ", " + fileCount(e.Files) +
		" (" + FormatBytes(e.Bytes) + ") in " + strconv.Itoa(e.Partitions) + " " + plural(e.Partitions, "partition", "partitions")
	if e.Full {
		s += ", FULL"
	}
	return s
}

// FilterApplied: one candidate filter and what it dropped. Stage names the Delta function (or
// the platform step), Name the reason in the product's words (a stable category for the UI),
// Detail the phrase, with thresholds, that String() prints after the dropped counts.
type FilterApplied struct {
	Stage         string
	Name          string
	Detail        string // e.g. "at or over minCubeSize 100.0 GiB"
	DroppedFiles  int
	DroppedBytes  int64
	DroppedZCubes int // 0 when the filter does not work on whole ZCubes
	KeptFiles     int
	KeptBytes     int64
}

func (e FilterApplied) String() string {
	var b strings.Builder
	b.WriteString(e.Stage)
	b.WriteString(": dropped ")
	// Without fmt, as CandidatesListed.
	if e.DroppedZCubes > 0 {
		b.WriteString(strconv.Itoa(e.DroppedZCubes) + " " + plural(e.DroppedZCubes, "ZCube", "ZCubes") + " (" +
			fileCount(e.DroppedFiles) + ", " + FormatBytes(e.DroppedBytes) + ")")
	} else {
		b.WriteString(fileCount(e.DroppedFiles) + " (" + FormatBytes(e.DroppedBytes) + ")")
	}
	b.WriteString(" ")
	if e.Detail != "" {
		b.WriteString(e.Detail)
	} else {
		b.WriteString(e.Name)
	}
	b.WriteString("; kept " + fileCount(e.KeptFiles) + " (" + FormatBytes(e.KeptBytes) + ")")
	return b.String()
}

// StaleAdded: OPTIMIZE FULL re-adding the files applyMinZCube had set aside (ZCubes with
// different clustering columns or provider).
type StaleAdded struct {
	Stage  string
	Files  int
	Bytes  int64
	ZCubes int
}

func (e StaleAdded) String() string {
	return fmt.Sprintf("%s: FULL re-adds %s (%s) in %d %s with different clustering columns or provider",
		e.Stage, fileCount(e.Files), FormatBytes(e.Bytes), e.ZCubes, plural(e.ZCubes, "ZCube", "ZCubes"))
}

// OverlapDetected: the Fabric auto-recluster overlap pass (see OverlapScore).
type OverlapDetected struct {
	Column         string
	Threshold      float64
	MinOffending   int
	ScoredFiles    int
	OffendingFiles int
	AddedFiles     int // offending files not already selected
	AddedBytes     int64
}

func (e OverlapDetected) String() string {
	return fmt.Sprintf("fabric autoRecluster: %d of %d scored files offending on %s (overlap = |a∩b|/max(|a|,|b|) > %.2f with ≥ %d others in other ZCubes); re-clustering them and the files they overlap: %s (%s) not already selected",
		e.OffendingFiles, e.ScoredFiles, e.Column, e.Threshold, e.MinOffending-1, fileCount(e.AddedFiles), FormatBytes(e.AddedBytes))
}

// BinFormed: one bin of groupFilesIntoBins.
type BinFormed struct {
	Index           int
	PartitionValues map[string]string
	Files           int
	Bytes           int64
	ApproxNumFiles  int64
}

func (e BinFormed) String() string {
	// One per bin, 10,000 on a large table: built without fmt.
	return "bin " + strconv.Itoa(e.Index) + " " + partitionString(e.PartitionValues) + ": " + fileCount(e.Files) +
		" (" + FormatBytes(e.Bytes) + ") -> ~" + fileCount(int(e.ApproxNumFiles))
}

// ZCubeWritten: the new ZCube a clustering bin becomes (ClusteringStrategy.initNewBin).
type ZCubeWritten struct {
	Bin      int
	ZCubeID  string
	ZOrderBy []string
	Files    int
	Bytes    int64
}

func (e ZCubeWritten) String() string {
	// One per clustering bin, every night of a timeline: built without fmt.
	return "zcube " + e.ZCubeID + " from bin " + strconv.Itoa(e.Bin) + ": " + fileCount(e.Files) +
		" in (" + FormatBytes(e.Bytes) + "), ZCUBE_ZORDER_BY " + encodeNames(e.ZOrderBy)
}

// NothingToDo: the plan has no bins.
type NothingToDo struct{ Reason string }

func (e NothingToDo) String() string { return "nothing to do: " + e.Reason }

func (CandidatesListed) isEvent() {}
func (FilterApplied) isEvent()    {}
func (StaleAdded) isEvent()       {}
func (OverlapDetected) isEvent()  {}
func (BinFormed) isEvent()        {}
func (ZCubeWritten) isEvent()     {}
func (NothingToDo) isEvent()      {}

// EventListener receives planning events as they happen, like pebble's EventListener.
// EnsureDefaults fills nil handlers with no-ops.
type EventListener struct {
	CandidatesListed func(CandidatesListed)
	FilterApplied    func(FilterApplied)
	StaleAdded       func(StaleAdded)
	OverlapDetected  func(OverlapDetected)
	BinFormed        func(BinFormed)
	ZCubeWritten     func(ZCubeWritten)
	NothingToDo      func(NothingToDo)
}

// EnsureDefaults sets every nil handler to a no-op.
func (l *EventListener) EnsureDefaults() {
	if l.CandidatesListed == nil {
		l.CandidatesListed = func(CandidatesListed) {}
	}
	if l.FilterApplied == nil {
		l.FilterApplied = func(FilterApplied) {}
	}
	if l.StaleAdded == nil {
		l.StaleAdded = func(StaleAdded) {}
	}
	if l.OverlapDetected == nil {
		l.OverlapDetected = func(OverlapDetected) {}
	}
	if l.BinFormed == nil {
		l.BinFormed = func(BinFormed) {}
	}
	if l.ZCubeWritten == nil {
		l.ZCubeWritten = func(ZCubeWritten) {}
	}
	if l.NothingToDo == nil {
		l.NothingToDo = func(NothingToDo) {}
	}
}

// dispatch sends e to the matching handler of a defaulted listener.
func (l *EventListener) dispatch(e Event) {
	switch e := e.(type) {
	case CandidatesListed:
		l.CandidatesListed(e)
	case FilterApplied:
		l.FilterApplied(e)
	case StaleAdded:
		l.StaleAdded(e)
	case OverlapDetected:
		l.OverlapDetected(e)
	case BinFormed:
		l.BinFormed(e)
	case ZCubeWritten:
		l.ZCubeWritten(e)
	case NothingToDo:
		l.NothingToDo(e)
	}
}

func fileCount(n int) string { return strconv.Itoa(n) + " " + plural(n, "file", "files") }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// partitionString prints partition values as "[k=v, k2=v2]" with sorted keys, "[]" when none.
func partitionString(pv map[string]string) string {
	if len(pv) == 0 {
		return "[]"
	}
	keys := make([]string, 0, len(pv))
	for k := range pv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('[')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(pv[k])
	}
	b.WriteByte(']')
	return b.String()
}
