package deltalog

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"layoutlab/engine/table"

	"layoutlab/engine/work"
)

// Snapshot is the immutable state of a table at one version, the result of
// Action Reconciliation over commits 0..Version (PROTOCOL.md "Action
// Reconciliation"; Spark: spark/src/main/scala/org/apache/spark/sql/delta/actions/InMemoryLogReplay.scala):
//
//   - the latest protocol and metaData win;
//   - a logical file is identified by (path, deletionVector unique id). Within
//     a commit, removes are applied before adds, because PROTOCOL.md says
//     actions in one commit are not ordered (a DV update writes the new add
//     before the remove of the old DV). A remove deletes the live file at its
//     path only if its DV id matches; an add makes its (path, DV) the live
//     file for the path, replacing any earlier add;
//   - domainMetadata is kept per domain; removed=true deletes the domain;
//   - each version contributes one commitInfo to the history (an empty one,
//     with only the version set, when the commit has none).
//
// Files are kept sorted by path, whatever order they were added in. Values
// returned by the accessors share maps (partitionValues, tags,
// configuration) with the snapshot: treat them as read-only.
type Snapshot struct {
	version  int64
	protocol *Protocol
	metadata *Metadata
	// files is the live files by path while the snapshot is built (fileIndex); an AddFile is
	// never changed once it is here. SortFiles drops it (under mu) once sorted holds the same
	// files, and File searches those.
	files *fileIndex
	// pending is a checkpoint's adds while no commit after it has added or removed a file:
	// counted (count, bytes) but not indexed by path, as an index that the first sort drops
	// was 0.16 s of a million files' open (BenchmarkInspect1M); sortFiles sorts them where they
	// are, and index puts them in files when a commit changes the files.
	pending []AddFile
	mu      sync.Mutex // guards dropping files and pending against Apply and File reading them
	count   int        // live files, kept as files changes (putFile, dropFile)
	bytes   int64      // their size in bytes
	domains map[string]DomainMetadata
	history []CommitInfo // one per version, oldest first
	// sorted holds the values of files by path, sorted when first asked for (sortedFiles):
	// sorting 100,000 paths is a step of its own for a caller that shows progress.
	sorted   []*AddFile
	sortOnce sync.Once
	shared   sharedMaps // the adds' partitionValues and tags maps, one of each contents
}

// EmptySnapshot is the state before commit 0: version -1, no protocol, no
// metadata, no files. Apply on it accepts only version 0.
func EmptySnapshot() *Snapshot {
	return &Snapshot{version: -1, files: newFileIndex(0), domains: map[string]DomainMetadata{}}
}

// Replay builds the snapshot at the last of commits. The commits may come
// in any order; together they must be versions 0..N with no gap or
// duplicate, and by the end the table must have a protocol and metadata.
func Replay(commits []Commit) (*Snapshot, error) {
	if len(commits) == 0 {
		return nil, &LogError{File: "_delta_log", Msg: "no commits to replay"}
	}
	sorted := slices.Clone(commits)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Version < sorted[j].Version })
	s := EmptySnapshot()
	for _, c := range sorted {
		if err := s.checkNext(c.Version); err != nil {
			return nil, err
		}
		if err := s.applyInPlace(c); err != nil {
			return nil, err
		}
	}
	return s, s.checkComplete()
}

// Apply returns the snapshot after commit c, which must be version
// s.Version()+1. s is not changed.
func (s *Snapshot) Apply(c Commit) (*Snapshot, error) {
	if err := s.checkNext(c.Version); err != nil {
		return nil, err
	}
	next := &Snapshot{
		version:  s.version,
		protocol: s.protocol,
		metadata: s.metadata,
		files:    s.liveMap(),
		count:    s.count,
		bytes:    s.bytes,
		domains:  maps.Clone(s.domains),
		history:  slices.Clip(s.history),
	}
	if err := next.applyInPlace(c); err != nil {
		return nil, err
	}
	if err := next.checkComplete(); err != nil {
		return nil, err
	}
	return next, nil
}

func (s *Snapshot) checkNext(v int64) error {
	want := s.version + 1
	switch {
	case v == want:
		return nil
	case s.version < 0:
		return &LogError{File: CommitFileName(v), Msg: fmt.Sprintf(
			"commit 0 is missing: the log starts at version %d (earlier commits were probably removed by log cleanup after a checkpoint: read the table from its checkpoint)", v)}
	case v <= s.version:
		return &LogError{File: CommitFileName(v), Msg: fmt.Sprintf("duplicate or out-of-order commit: version %d follows version %d", v, s.version)}
	default:
		return &LogError{File: CommitFileName(v), Msg: fmt.Sprintf("version gap: expected version %d after version %d, got %d", want, s.version, v)}
	}
}

func (s *Snapshot) checkComplete() error {
	file := CommitFileName(s.version)
	if s.protocol == nil {
		return &LogError{File: file, Msg: fmt.Sprintf("no protocol action in versions 0..%d", s.version)}
	}
	if s.metadata == nil {
		return &LogError{File: file, Msg: fmt.Sprintf("no metaData action in versions 0..%d", s.version)}
	}
	return nil
}

// applyInPlace applies c to s, whose maps must already be private to s.
func (s *Snapshot) applyInPlace(c Commit) error {
	return s.applyInPlaceFile(c, CommitFileName(c.Version))
}

// applyInPlaceFile is applyInPlace with errors naming file.
func (s *Snapshot) applyInPlaceFile(c Commit, file string) error {
	var seen singletons
	var info *CommitInfo
	for i, a := range c.Actions {
		err := validateAction(a)
		if err == nil {
			err = seen.check(a, i+1)
		}
		if err != nil {
			return &LogError{File: file, Line: i + 1, Msg: err.Error()}
		}
	}
	// Removes first, then everything else in order.
	for _, a := range c.Actions {
		if r, ok := a.(RemoveFile); ok {
			s.dropFile(r)
		}
	}
	for _, a := range c.Actions {
		s.applyState(a)
		if ci, ok := a.(CommitInfo); ok && info == nil {
			info = &ci
		}
	}
	ci := CommitInfo{}
	if info != nil {
		ci = *info
	}
	v := c.Version
	ci.Version = &v
	s.history = append(s.history, ci)
	s.version = c.Version
	return nil
}

// sortedFiles is the live files by path, sorted on the first call.
func (s *Snapshot) sortedFiles() []*AddFile {
	s.SortFiles(nil) // no Yield: nothing stops it
	return s.sorted
}

// SortFiles sorts the live files by path if they are not sorted yet (AllFiles and Files sort
// them when first asked), telling yield, when set, "the files, by path" once the paths are
// read and before they are ordered: a caller that keeps a page answering ends its task there,
// the two halves of sorting 100,000 paths being about as long. Its error is returned once the
// files are sorted (a half-sorted list is never kept).
func (s *Snapshot) SortFiles(yield work.Yield) (err error) {
	s.sortOnce.Do(func() {
		keep := func(e error) {
			if err == nil {
				err = e
			}
		}
		// Turns (counts without a unit) as the paths are gathered and keyed: a million files'
		// were one 407 ms stretch of the table page.
		turn := func(done, total int) { keep(yield.Tick("the files' paths", done, total, "")) }
		s.sortFiles(func() { keep(yield.Begin("the files, by path")) }, turn)
		s.mu.Lock()
		s.files, s.pending = nil, nil // sorted holds them (liveMap, File)
		s.shared = sharedMaps{}       // no add comes after
		s.mu.Unlock()
	})
	return err
}

// settle sorts the files if a checkpoint's are still pending, for a reader of files, count
// or bytes: a path the checkpoint holds twice is counted once, as index has it.
func (s *Snapshot) settle() {
	s.mu.Lock()
	pending := s.pending != nil
	s.mu.Unlock()
	if pending {
		s.SortFiles(nil)
	}
}

// index puts a checkpoint's pending adds in files (on EmptySnapshot's, which holds none), in
// their order, telling y every pathTurn adds, before a commit adds or removes files: each later
// add of a path replaces the earlier one. Its error is y's.
func (s *Snapshot) index(y work.Yield) error {
	adds := s.pending
	if adds == nil {
		return nil
	}
	s.pending = nil
	s.files, s.count, s.bytes = newFileIndex(len(adds)), 0, 0
	for i := range adds {
		s.putIndexed(&adds[i])
		if (i+1)%pathTurn == 0 {
			if err := y.Tick("the checkpoint's files", i+1, len(adds), ""); err != nil {
				return err
			}
		}
	}
	return nil
}

// liveMap is a copy of the live files by path, for a snapshot built on this one.
func (s *Snapshot) liveMap() *fileIndex {
	s.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files != nil {
		return s.files.clone()
	}
	x := newFileIndex(len(s.sorted))
	for _, f := range s.sorted {
		x.put(f)
	}
	return x
}

// putFile makes f the live file at its path, replacing any earlier add.
func (s *Snapshot) putFile(f *AddFile) {
	s.index(nil) // a replay's commit is indexed first (ReplaySegment), with its Yield
	s.shared.share(f)
	s.putIndexed(f)
}

// putIndexed is putFile with f's maps shared already.
func (s *Snapshot) putIndexed(f *AddFile) {
	if old := s.files.put(f); old != nil {
		s.bytes -= old.Size
	} else {
		s.count++
	}
	s.bytes += f.Size
}

// dropFile removes the live file r names, when its deletion vector is the one r names too.
func (s *Snapshot) dropFile(r RemoveFile) {
	s.index(nil)
	if live, ok := s.files.get(r.Path); ok && live.DeletionVector().UniqueID() == r.DeletionVector.UniqueID() {
		s.files.remove(r.Path)
		s.count--
		s.bytes -= live.Size
	}
}

// sortFiles lists the live files by path. A large table's paths share a long prefix
// ("part-0", a partition directory): they are sorted from the first byte where they differ
// (sortPaths). The prefix is guessed from the first files and checked as the keys are made,
// so that each path is read once: in the browser, reading the paths costs more than sorting
// their keys.
//
// A checkpoint's pending adds are sorted where they are; should a path be there twice (no Delta
// writer does that), they are indexed, the later add of the path replacing the earlier, and
// sorted again.
func (s *Snapshot) sortFiles(between func(), turn func(done, total int)) {
	if s.pending == nil {
		s.sortLive(between, turn)
		return
	}
	files := make([]*AddFile, len(s.pending))
	for i := range s.pending {
		files[i] = &s.pending[i]
	}
	sortGathered(files, between, turn)
	for i := 1; i < len(files); i++ {
		if files[i].Path == files[i-1].Path {
			s.index(nil)
			s.sortLive(between, turn)
			return
		}
	}
	s.sorted = files
}

// sortLive is sortFiles of the indexed files.
func (s *Snapshot) sortLive(between func(), turn func(done, total int)) {
	n := s.files.live
	files := make([]*AddFile, 0, n)
	s.files.each(func(f *AddFile) {
		files = append(files, f)
		if len(files)%pathTurn == 0 && turn != nil {
			turn(len(files), 2*n)
		}
	})
	sortGathered(files, between, turn)
	s.sorted = files
}

// sortGathered sorts files by path (sortFiles), telling turn as the keys are made.
func sortGathered(files []*AddFile, between func(), turn func(done, total int)) {
	if len(files) < radixMin {
		if between != nil {
			between()
		}
		slices.SortFunc(files, func(a, b *AddFile) int { return strings.Compare(a.Path, b.Path) })
		return
	}
	prefix := commonPrefix(files[:radixMin], files[0].Path)
	keys, order := make([]uint64, len(files)), make([]int32, len(files))
	from := len(prefix)
	for lo := 0; lo < len(files); lo += pathBlock {
		hi := min(lo+pathBlock, len(files))
		from = min(from, prefixKeys(keys[lo:hi], order[lo:hi], files[lo:hi], prefix, lo))
		if lo%pathTurn == 0 && lo > 0 && turn != nil {
			turn(len(files)+lo, 2*len(files))
		}
	}
	if from < len(prefix) { // a path beyond the first files differs sooner: key them from there
		keyPaths(keys, order, files, from)
	}
	if between != nil {
		between()
	}
	sortKeyed(files, keys, order, from)
}

// pathBlock is the files of one call of sortPaths' loops. Under js/wasm V8 runs a call in the
// code it began in, and a function's first calls in baseline code: loops over 100,000 files in
// one call would run unoptimised throughout (V8 optimises a wasm function for its later calls,
// never the one under way: v8.dev/blog/wasm-dynamic-tiering).
const pathBlock = 4096

// pathTurn is how many files sortFiles gathers or keys between two turns: a multiple of
// pathBlock.
const pathTurn = 32 * pathBlock

// commonPrefix is the part of common that every file's path begins with.
//
//go:noinline
func commonPrefix(files []*AddFile, common string) string {
	for _, f := range files {
		n := min(len(common), len(f.Path))
		i := 0
		for i < n && common[i] == f.Path[i] {
			i++
		}
		common = common[:i]
	}
	return common
}

// radixMin is the fewest files sortPaths sorts by a radix sort; fewer are compared.
const radixMin = 256

// sortPaths sorts files by path; they all hold the same bytes before from. Many are sorted by
// their next 8 bytes as one integer (pathBytes) with engine/table's radix sort, which moves no
// pointer and calls no function per comparison, and each run of equal integers by the bytes
// after them.
func sortPaths(files []*AddFile, from int) {
	if len(files) < radixMin {
		slices.SortFunc(files, func(a, b *AddFile) int { return strings.Compare(a.Path[from:], b.Path[from:]) })
		return
	}
	keys, order := make([]uint64, len(files)), make([]int32, len(files))
	keyPaths(keys, order, files, from)
	sortKeyed(files, keys, order, from)
}

// keyPaths sets each file's key (pathBytes from from) and position, in blocks of pathBlock.
func keyPaths(keys []uint64, order []int32, files []*AddFile, from int) {
	for lo := 0; lo < len(files); lo += pathBlock {
		hi := min(lo+pathBlock, len(files))
		pathKeys(keys[lo:hi], order[lo:hi], files[lo:hi], from, lo)
	}
}

// sortKeyed is sortPaths with each file's key made: keys[i] is pathBytes(files[i].Path, from),
// order[i] is i.
func sortKeyed(files []*AddFile, keys []uint64, order []int32, from int) {
	var rs table.RadixSorter
	rs.SortPairs(keys, order) // stable: equal keys keep their order
	byKey := make([]*AddFile, len(files))
	for lo := 0; lo < len(files); lo += pathBlock {
		hi := min(lo+pathBlock, len(files))
		permute(byKey[lo:hi], files, order[lo:hi])
	}
	copy(files, byKey)
	for i := 0; i < len(files); {
		j := runEnd(keys, i)
		if run := files[i:j]; len(run) > 1 {
			// Equal integers: the same bytes up to from+8, unless a path ends before and the
			// zeros it was padded with stand for bytes of another.
			if slices.ContainsFunc(run, func(f *AddFile) bool { return len(f.Path) < from+8 }) {
				slices.SortFunc(run, func(a, b *AddFile) int { return strings.Compare(a.Path, b.Path) })
			} else {
				sortPaths(run, from+8)
			}
		}
		i = j
	}
}

// prefixKeys is pathKeys from len(prefix) for files whose paths begin with prefix; it returns
// how many bytes of prefix every path holds (len(prefix) when all do).
//
//go:noinline
func prefixKeys(keys []uint64, order []int32, files []*AddFile, prefix string, first int) int {
	from := len(prefix)
	for i, f := range files {
		if !strings.HasPrefix(f.Path, prefix) {
			from = min(from, len(commonPrefix(files[i:i+1], prefix)))
		}
		keys[i], order[i] = pathBytes(f.Path, len(prefix)), int32(first+i)
	}
	return from
}

// pathKeys sets each file's key (pathBytes from from) and its position, counted from first.
//
//go:noinline
func pathKeys(keys []uint64, order []int32, files []*AddFile, from, first int) {
	for i, f := range files {
		keys[i], order[i] = pathBytes(f.Path, from), int32(first+i)
	}
}

// permute sets dst[i] to files[order[i]].
//
//go:noinline
func permute(dst, files []*AddFile, order []int32) {
	for i, j := range order {
		dst[i] = files[j]
	}
}

// runEnd is the end of the run of keys equal to keys[i].
func runEnd(keys []uint64, i int) int {
	j := i + 1
	for j < len(keys) && keys[j] == keys[i] {
		j++
	}
	return j
}

// pathBytes is p[from:from+8] as a big-endian integer, padded with zeros: integers compare as
// the bytes do, a shorter path first.
func pathBytes(p string, from int) uint64 {
	var k uint64
	for i := from; i < from+8; i++ {
		k <<= 8
		if i < len(p) {
			k |= uint64(p[i])
		}
	}
	return k
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Version is the table version of the snapshot (-1 for EmptySnapshot).
func (s *Snapshot) Version() int64 { return s.version }

// Protocol is the table's protocol action (zero for EmptySnapshot).
func (s *Snapshot) Protocol() Protocol {
	if s.protocol == nil {
		return Protocol{}
	}
	return *s.protocol
}

// Metadata is the table's metaData action (zero for EmptySnapshot).
func (s *Snapshot) Metadata() Metadata {
	if s.metadata == nil {
		return Metadata{}
	}
	return *s.metadata
}

// Files returns a copy of the live AddFiles, sorted by path.
func (s *Snapshot) Files() []AddFile {
	sorted := s.sortedFiles()
	out := make([]AddFile, len(sorted))
	for i, f := range sorted {
		out[i] = *f
	}
	return out
}

// AllFiles returns the live AddFiles, sorted by path, as the snapshot holds them: shared with
// it, to be read and never changed. A large table's reader takes these rather than Files, which
// copies every add action.
func (s *Snapshot) AllFiles() []*AddFile { return s.sortedFiles() }

// File returns the live AddFile at path.
func (s *Snapshot) File(path string) (AddFile, bool) {
	s.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files != nil {
		f, ok := s.files.get(path)
		if !ok {
			return AddFile{}, false
		}
		return *f, true
	}
	i, ok := slices.BinarySearchFunc(s.sorted, path, func(f *AddFile, p string) int { return strings.Compare(f.Path, p) })
	if !ok {
		return AddFile{}, false
	}
	return *s.sorted[i], true
}

// NumFiles is the number of live files (Snapshot.numOfFiles in Delta).
func (s *Snapshot) NumFiles() int {
	s.settle()
	return s.count
}

// SizeInBytes is the total size of the live files (Snapshot.sizeInBytes).
func (s *Snapshot) SizeInBytes() int64 {
	s.settle()
	return s.bytes
}

// DomainMetadata returns the live domain metadata for domain.
func (s *Snapshot) DomainMetadata(domain string) (DomainMetadata, bool) {
	d, ok := s.domains[domain]
	return d, ok
}

// Domains returns the live domain metadata, sorted by domain.
func (s *Snapshot) Domains() []DomainMetadata {
	keys := sortedKeys(s.domains)
	out := make([]DomainMetadata, len(keys))
	for i, k := range keys {
		out[i] = s.domains[k]
	}
	return out
}

// History returns one CommitInfo per version, oldest first, with Version
// filled in.
func (s *Snapshot) History() []CommitInfo { return slices.Clone(s.history) }

// CommitInfo returns the commitInfo of the snapshot's own version, and
// whether that commit had one (one with an operation or a timestamp).
func (s *Snapshot) CommitInfo() (CommitInfo, bool) {
	if len(s.history) == 0 {
		return CommitInfo{}, false
	}
	ci := s.history[len(s.history)-1]
	return ci, ci.Operation != "" || ci.Timestamp != 0
}

// applyState applies one action's effect on the table's state: an add, the protocol, the
// metadata, or a domain (set, or deleted by its tombstone). Removes and commit info are the
// caller's.
func (s *Snapshot) applyState(a Action) {
	switch a := a.(type) {
	case AddFile:
		s.putFile(&a)
	case Protocol:
		s.protocol = &a
	case Metadata:
		s.metadata = &a
	case DomainMetadata:
		if a.Removed {
			delete(s.domains, a.Domain)
		} else {
			s.domains[a.Domain] = a
		}
	}
}
