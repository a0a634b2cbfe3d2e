package tablepage

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
	"layoutlab/front/picked"
)

// Limits on what the page takes from a reader's files. A log file is read only when the replay
// opens it, by slices of the reader's File (a folder's files, a zip's stored entries, a tar's
// entries) or as a stream (a zip's deflated entries); only a .tar.gz's log entries are held, as
// gzip cannot be read from the middle.
const (
	// MaxHeldBytes caps the log bytes held in memory at once: a .tar.gz's log entries in all,
	// and one deflated zip entry of a Parquet checkpoint, which the Parquet reader must read
	// at offsets and so gets whole. A wasm module has 4 GiB at most, and the replay of what is
	// held needs about as much again.
	MaxHeldBytes = 512 << 20
)

// LogFS is the file system engine/inspect reads: the _delta_log files a reader gave (a folder's
// files, an archive's entries, or the log's files chosen loose) under _delta_log/ at its root.
// Each is known by its name and size until the replay opens it; data files are never kept, and
// an archive's are never decompressed.
type LogFS struct {
	files map[string]*logEntry
	Table string // the folder the log was found in ("" for the given folder itself)
	roots map[string]bool
	held  int64 // bytes held in memory (a .tar.gz's entries)
	read  int64 // bytes read from the reader's files so far (log bytes, as the replay opened them)
	// Yield, when set, is told each log file the replay opens (OpenedUnit: the status line names
	// it, the bar counts it) and every read of one (picked.ReadUnit: a turn for the page); its
	// error stops the replay with that error.
	Yield  work.Yield
	opened int // the log files opened since CountOpens
}

// OpenedUnit is the Unit of the Progress LogFS tells its Yield as the replay opens a log file:
// Done of Total files opened, Step the status line ("Replaying the log: 00000000000000000007.json").
const OpenedUnit = "log files opened"

// CountOpens counts the log files opened from now on, for the Progress of the replay that begins.
func (l *LogFS) CountOpens() { l.opened = 0 }

// replaying tells Yield that the replay opens name (size bytes).
func (l *LogFS) replaying(name string, size int64) error {
	l.opened++
	step := "Replaying the log: " + path.Base(name)
	if size > 1<<20 {
		step += fmt.Sprintf(" (%.1f MB)", float64(size)/(1<<20))
	}
	return l.Yield.Tick(step, min(l.opened, l.Len()), l.Len(), OpenedUnit)
}

// logEntry is one log file the reader gave, not read yet.
type logEntry struct {
	size int64
	// at gives the file to be read at offsets; nil when it can only be streamed.
	at func() io.ReaderAt
	// stream gives the file as a stream (a deflated zip entry), when at is nil.
	stream func() (io.ReadCloser, error)
}

// NewLogFS returns an empty LogFS.
func NewLogFS() *LogFS { return &LogFS{files: map[string]*logEntry{}, roots: map[string]bool{}} }

// LogPath says where a file given with its path relative to what the reader picked belongs:
// the table folder holding its _delta_log, and the name under the table root
// ("_delta_log/00000000000000000000.json", "_delta_log/_sidecars/x.parquet"). A loose file
// named as a log file is taken as one of _delta_log. Anything else (data files, deletion
// vectors, other folders' files) is not wanted.
func LogPath(rel string) (table, name string, ok bool) {
	rel = strings.Trim(strings.ReplaceAll(rel, `\`, "/"), "/")
	parts := strings.Split(rel, "/")
	i := slices.Index(parts, deltalog.LogDir)
	if i < 0 {
		if len(parts) == 1 && deltalog.ParseLogFileName(parts[0]).Kind != deltalog.KindOther {
			return "", path.Join(deltalog.LogDir, parts[0]), true
		}
		return "", "", false
	}
	sub := parts[i+1:]
	switch {
	case len(sub) == 1 && sub[0] != "":
	case len(sub) == 2 && sub[0] == deltalog.SidecarDir && sub[1] != "":
	default:
		return "", "", false
	}
	return strings.Join(parts[:i], "/"), path.Join(append([]string{deltalog.LogDir}, sub...)...), true
}

// Wants reports whether a file at rel would be kept: the page reads only those files.
func Wants(rel string) bool {
	_, _, ok := LogPath(rel)
	return ok
}

// add keeps e as the file at rel if it belongs to a log; it reports whether it did.
func (l *LogFS) add(rel string, e *logEntry) bool {
	table, name, ok := LogPath(rel)
	if !ok {
		return false
	}
	l.roots[table] = true
	l.Table = table
	l.files[name] = e
	return true
}

// Add keeps data as the file at rel if it belongs to a log, held in memory (under MaxHeldBytes
// in all); it reports whether it did.
func (l *LogFS) Add(rel string, data []byte) (bool, error) {
	if !Wants(rel) {
		return false, nil
	}
	if err := l.hold(rel, int64(len(data))); err != nil {
		return false, err
	}
	return l.add(rel, &logEntry{size: int64(len(data)), at: func() io.ReaderAt { return bytes.NewReader(data) }}), nil
}

// hold counts size more bytes held, or says why they cannot be.
func (l *LogFS) hold(rel string, size int64) error {
	if size < 0 || l.held+size > MaxHeldBytes {
		return fmt.Errorf("%s is %d bytes, and a .tar.gz's log files are held in memory, %d MiB at most in all: give the table's folder, a .zip or a .tar instead", rel, size, MaxHeldBytes>>20)
	}
	l.held += size
	return nil
}

// AddFile keeps the reader's file at rel (size bytes, read at offsets through the ReaderAt
// at gives, a fresh one for each open) if it belongs to a log; it reports whether it did.
// Nothing is read now: the size is the file's, as the browser gives it (File.size).
func (l *LogFS) AddFile(rel string, size int64, at func() io.ReaderAt) bool {
	if size < 0 {
		return false
	}
	return l.add(rel, &logEntry{size: size, at: at})
}

// Check reports a gathering that is not one table's log.
func (l *LogFS) Check(what string) error {
	if len(l.files) == 0 {
		return fmt.Errorf("%s holds no _delta_log files: pick a Delta table's folder, its _delta_log, or a .zip or .tar of either", what)
	}
	if len(l.roots) > 1 {
		var rs []string
		for r := range l.roots {
			if r == "" {
				r = "."
			}
			rs = append(rs, r)
		}
		slices.Sort(rs)
		return fmt.Errorf("%s holds the logs of %d tables (%s): open one table at a time", what, len(rs), strings.Join(rs, ", "))
	}
	return nil
}

// Len is how many log files were given.
func (l *LogFS) Len() int { return len(l.files) }

// Names are the log files given, sorted.
func (l *LogFS) Names() []string {
	ns := make([]string, 0, len(l.files))
	for n := range l.files {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

// Size is the size of the log files given, read or not.
func (l *LogFS) Size() int64 {
	var n int64
	for _, e := range l.files {
		n += e.size
	}
	return n
}

// Read is how many bytes of log files the replay has read so far.
func (l *LogFS) Read() int64 { return l.read }

// Held is how many bytes of log files are held in memory (a .tar.gz's).
func (l *LogFS) Held() int64 { return l.held }

// tooLarge says why a log file of size bytes is not read, or "" when it may be: each limit is
// the one the replay would stop at after reading that much (engine/deltalog's), so a file over it is
// refused on its size, before a byte of it is read.
func tooLarge(name string, size int64, streamed bool) string {
	kind := deltalog.ParseLogFileName(path.Base(name)).Kind
	switch {
	case kind == deltalog.KindLastCheckpoint && size > deltalog.MaxLastCheckpointBytes:
		return fmt.Sprintf("%d bytes, over the %d KiB a _last_checkpoint may have", size, deltalog.MaxLastCheckpointBytes>>10)
	case strings.HasSuffix(name, ".json") && size > deltalog.MaxCommitBytes:
		return fmt.Sprintf("%d bytes, over the %d MiB a commit or JSON checkpoint may have", size, deltalog.MaxCommitBytes>>20)
	case strings.HasSuffix(name, ".parquet") && streamed && size > MaxHeldBytes:
		return fmt.Sprintf("%d bytes deflated in a zip, over the %d MiB of a deflated checkpoint this page can hold to read: store the zip's entries uncompressed, or give the folder", size, MaxHeldBytes>>20)
	case size > deltalog.MaxCheckpointBytes:
		return fmt.Sprintf("%d bytes, over the %d MiB a log file may have", size, deltalog.MaxCheckpointBytes>>20)
	}
	return ""
}

// Open opens a log file (or the _delta_log folder, or its _sidecars).
func (l *LogFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	e, ok := l.files[name]
	if !ok {
		if l.isDir(name) {
			return picked.NewDir(name, l.ReadDir), nil
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if why := tooLarge(name, e.size, e.at == nil); why != "" {
		return nil, errors.New(why) // engine/deltalog names the file
	}
	if err := l.replaying(name, e.size); err != nil {
		return nil, err
	}
	f := &logFile{l: l, name: name, size: e.size}
	if e.at == nil {
		rc, err := e.stream()
		if err != nil {
			return nil, err
		}
		f.r, f.c = rc, rc
		return f, nil
	}
	ra := e.at()
	f.r = io.NewSectionReader(ra, 0, e.size)
	return &logFileAt{logFile: f, ra: ra}, nil
}

func (l *LogFS) isDir(name string) bool {
	if name == "." {
		return true
	}
	for n := range l.files {
		if strings.HasPrefix(n, name+"/") {
			return true
		}
	}
	return false
}

// ReadDir lists a folder (fs.ReadDirFS): the files and folders directly under it, by name.
func (l *LogFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !l.isDir(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	prefix := name + "/"
	if name == "." {
		prefix = ""
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for n, e := range l.files {
		rest, ok := strings.CutPrefix(n, prefix)
		if !ok {
			continue
		}
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			if d := rest[:i]; !seen[d] {
				seen[d] = true
				out = append(out, fs.FileInfoToDirEntry(picked.DirInfo(d)))
			}
			continue
		}
		out = append(out, fs.FileInfoToDirEntry(picked.FileInfo(rest, e.size)))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// Stat tells a file's size without reading it (fs.StatFS).
func (l *LogFS) Stat(name string) (fs.FileInfo, error) {
	if e, ok := l.files[name]; ok {
		return picked.FileInfo(name, e.size), nil
	}
	if l.isDir(name) {
		return picked.DirInfo(name), nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

// logFile is an opened log file read as a stream; it counts what it reads and lets the page
// take its turn as it goes.
type logFile struct {
	l      *LogFS
	name   string
	size   int64
	r      io.Reader
	c      io.Closer
	closed bool
}

func (f *logFile) Stat() (fs.FileInfo, error) {
	return picked.FileInfo(f.name, f.size), nil
}

// tick counts n bytes read and tells Yield, which lets the page take its turn when its task
// has run long enough: at every read, as what the reader does with each read (a scanner looking
// for the end of a long line through all it holds) is not in proportion to it.
func (f *logFile) tick(n int) error {
	f.l.read += int64(n)
	return f.l.Yield.Tick("reading the log", int(f.l.read), 0, picked.ReadUnit)
}

func (f *logFile) Read(p []byte) (int, error) {
	if f.closed {
		return 0, fs.ErrClosed
	}
	if f.c == nil {
		n, err := f.r.Read(p)
		if e := f.tick(n); e != nil {
			return n, e
		}
		return n, err
	}
	// An inflating stream gives at most its window (32 KiB) a read; p is filled instead, as
	// a reader that looks through all it holds at each read (bufio.Scanner for a line's end)
	// would otherwise look through a long line once every 32 KiB of it.
	n := 0
	for n < len(p) {
		k, err := f.r.Read(p[n:])
		n += k
		if e := f.tick(k); e != nil {
			return n, e
		}
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func (f *logFile) Close() error {
	f.closed = true
	f.r = nil // the reader's window of bytes goes with it
	if f.c != nil {
		return f.c.Close()
	}
	return nil
}

// logFileAt is a log file that can also be read at offsets (io.ReaderAt), as the Parquet
// reader reads a checkpoint: engine/deltalog decodes it where it is, without a copy of it whole.
type logFileAt struct {
	*logFile
	ra io.ReaderAt
}

func (f *logFileAt) ReadAt(p []byte, off int64) (int, error) {
	if f.closed {
		return 0, fs.ErrClosed
	}
	if off >= f.size {
		return 0, io.EOF
	}
	q := p
	if int64(len(q)) > f.size-off {
		q = q[:f.size-off]
	}
	n, err := f.ra.ReadAt(q, off)
	if e := f.tick(n); e != nil {
		return n, e
	}
	if err == nil && len(q) < len(p) {
		err = io.EOF
	}
	return n, err
}

// AddArchive keeps the log files of the zip, tar or .tar.gz archive data (named name).
func (l *LogFS) AddArchive(name string, data []byte) error {
	return l.AddArchiveFrom(name, bytes.NewReader(data), int64(len(data)))
}

// Archive is what AddArchiveFrom reads: the page's is the reader's File, read by slices.
type Archive interface {
	io.ReaderAt
	io.ReadSeeker
}

// AddArchiveFrom lists the log files of the archive r (size bytes): a zip's central directory
// and a tar's headers are all it reads now (it seeks past the rest); each log entry is read when
// the replay opens it. Only a .tar.gz's log entries are read now and held, as gzip cannot be
// read from the middle; each is checked against MaxHeldBytes on its header's size first.
func (l *LogFS) AddArchiveFrom(name string, r Archive, size int64) error {
	return picked.ListArchive(name, r, size, picked.Lister{
		Want: Wants,
		Add: func(rel string, e picked.Entry) error {
			le := &logEntry{size: e.Size, at: e.At}
			if e.At == nil {
				// Deflated: inflated as the replay reads, with the page let in between.
				le.stream = func() (io.ReadCloser, error) {
					rc, err := e.Stream()
					if err != nil {
						return nil, err
					}
					return struct {
						io.Reader
						io.Closer
					}{picked.YieldingReader(rc, l.Yield, "inflating "+rel), rc}, nil
				}
			}
			l.add(rel, le)
			return nil
		},
		Hold:  l.hold,
		Yield: l.Yield,
	})
}
