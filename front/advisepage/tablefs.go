package advisepage

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/work"
	"layoutlab/front/picked"
)

// Limits on what the advisor takes from what the reader picked (docs/limits.md).
const (
	// MaxTableFiles caps the files of one table the advisor lists (log and data files).
	MaxTableFiles = 1_000_000
	// MaxHeldBytes caps the bytes of a .tar.gz's files held in memory in all: gzip cannot be
	// read from the middle, so its files (log and data) are inflated once and held. Each file's
	// size, from its tar header, is checked against it before any of its bytes are.
	MaxHeldBytes = 512 << 20
	// MaxInflatedBytes caps what a .tar.gz inflates to in all, entries passed over included.
	MaxInflatedBytes = 1 << 30
)

// TableFS is a whole table as the reader picked it (a folder's files, or a zip's or tar's
// entries): its _delta_log and its data files, under the table's root. Each file is known by its
// name and size until engine/inspect or engine/datafiles opens it; then it is read by slices of
// the reader's File (a stored zip entry, a tar entry, a folder's file), or as a stream (a
// deflated zip entry, which engine/datafiles reads whole, up to its MaxUnseekableBytes).
type TableFS struct {
	files map[string]*entry
	dirs  map[string][]string // folder -> its children's names
	// Root is the folder the table's _delta_log was found in ("" for what was picked itself).
	Root string
	// Data counts the files outside _delta_log: data files and deletion vectors.
	Data int
}

type entry struct {
	size   int64
	at     func() io.ReaderAt
	stream func() (io.ReadCloser, error)
}

// NewTableFS gathers the files at paths (relative to what the reader picked) into one table:
// the folder holding _delta_log is the root, files outside it are left out; open gives file i.
func NewTableFS(what string, paths []string, sizes []int64, open func(i int) (at func() io.ReaderAt, stream func() (io.ReadCloser, error))) (*TableFS, error) {
	if len(paths) > MaxTableFiles {
		return nil, fmt.Errorf("%s holds %d files; the advisor reads tables of %d files at most", what, len(paths), MaxTableFiles)
	}
	roots := map[string]bool{}
	for _, p := range paths {
		if r, ok := logRoot(p); ok {
			roots[r] = true
		}
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("%s holds no _delta_log files", what)
	}
	if len(roots) > 1 {
		rs := make([]string, 0, len(roots))
		for r := range roots {
			rs = append(rs, "'"+r+"'")
		}
		slices.Sort(rs)
		return nil, fmt.Errorf("%s holds the logs of %d tables (%s): advise one table at a time", what, len(rs), strings.Join(rs, ", "))
	}
	t := &TableFS{files: map[string]*entry{}, dirs: map[string][]string{}}
	for r := range roots {
		t.Root = r
	}
	for i, p := range paths {
		rel, ok := t.under(p)
		if !ok || sizes[i] < 0 {
			continue
		}
		at, stream := open(i)
		t.add(rel, &entry{size: sizes[i], at: at, stream: stream})
	}
	return t, nil
}

// logRoot is the folder holding the _delta_log a path is in.
func logRoot(p string) (string, bool) {
	parts := strings.Split(clean(p), "/")
	i := slices.Index(parts, deltalog.LogDir)
	if i < 0 || i == len(parts)-1 {
		return "", false
	}
	return strings.Join(parts[:i], "/"), true
}

func clean(p string) string { return strings.Trim(strings.ReplaceAll(p, `\`, "/"), "/") }

// under is p's name under the root, if it is under it.
func (t *TableFS) under(p string) (string, bool) {
	p = clean(p)
	if t.Root != "" {
		if !strings.HasPrefix(p, t.Root+"/") {
			return "", false
		}
		p = p[len(t.Root)+1:]
	}
	if !fs.ValidPath(p) || p == "." {
		return "", false
	}
	return p, true
}

func (t *TableFS) add(name string, e *entry) {
	if _, dup := t.files[name]; dup {
		t.files[name] = e
		return
	}
	t.files[name] = e
	if !strings.HasPrefix(name, deltalog.LogDir+"/") {
		t.Data++
	}
	// Each folder up to the root learns its child, until one that was known already.
	child := name
	for d := path.Dir(name); ; d = path.Dir(d) {
		_, known := t.dirs[d]
		t.dirs[d] = append(t.dirs[d], path.Base(child))
		if known || d == "." {
			return
		}
		child = d
	}
}

// NewTableFSFromArchive lists a zip's central directory or a tar's headers (seeking past the
// entries, front/picked) and gathers them as NewTableFS does; nothing else is read now, but
// for a .tar.gz: it is inflated as a stream once, calling yield (when set) at each read, and
// its files are held, MaxHeldBytes in all, MaxInflatedBytes inflated.
func NewTableFSFromArchive(name string, r io.ReaderAt, size int64, yield work.Yield) (*TableFS, error) {
	return newTableFSFromArchive(name, r, size, yield, MaxHeldBytes, MaxInflatedBytes)
}

func newTableFSFromArchive(name string, r io.ReaderAt, size int64, yield work.Yield, maxHeld, maxInflated int64) (*TableFS, error) {
	var held int64
	hold := func(rel string, n int64) error {
		if n < 0 || held+n > maxHeld {
			return fmt.Errorf("%s is %d bytes, and a .tar.gz's files are held in memory, %d MiB at most in all: give the table's folder, a .zip or a .tar instead", rel, n, maxHeld>>20)
		}
		held += n
		return nil
	}
	var paths []string
	var sizes []int64
	var entries []picked.Entry
	err := picked.ListArchive(name, r, size, picked.Lister{Add: func(rel string, e picked.Entry) error {
		paths, sizes, entries = append(paths, rel), append(sizes, e.Size), append(entries, e)
		if len(paths) > MaxTableFiles {
			return fmt.Errorf("%s holds over %d files; the advisor reads tables of %d files at most", name, MaxTableFiles, MaxTableFiles)
		}
		return nil
	}, Hold: hold, Yield: yield, MaxInflated: maxInflated})
	if errors.Is(err, picked.ErrNotArchive) {
		return nil, fmt.Errorf("%w: the advisor reads a table's folder, .zip, .tar or .tar.gz", err)
	}
	if err != nil {
		return nil, err
	}
	return NewTableFS(name, paths, sizes, func(i int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
		return entries[i].At, entries[i].Stream
	})
}

// Open opens a file or a folder of the table.
func (t *TableFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if e, ok := t.files[name]; ok {
		if e.at != nil {
			return &fileAt{Info: picked.FileInfo(name, e.size), SectionReader: io.NewSectionReader(e.at(), 0, e.size)}, nil
		}
		rc, err := e.stream()
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &fileStream{Info: picked.FileInfo(name, e.size), ReadCloser: rc}, nil
	}
	if _, ok := t.dirs[name]; ok {
		return picked.NewDir(name, t.ReadDir), nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// Stat is a file's or folder's size and kind, without opening it.
func (t *TableFS) Stat(name string) (fs.FileInfo, error) {
	if e, ok := t.files[name]; ok {
		return picked.FileInfo(name, e.size), nil
	}
	if _, ok := t.dirs[name]; ok {
		return picked.DirInfo(name), nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

// ReadDir lists a folder, sorted by name.
func (t *TableFS) ReadDir(name string) ([]fs.DirEntry, error) {
	kids, ok := t.dirs[name]
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	names := slices.Clone(kids)
	slices.Sort(names)
	names = slices.Compact(names)
	out := make([]fs.DirEntry, 0, len(names))
	for _, n := range names {
		st, err := t.Stat(path.Join(name, n))
		if err != nil {
			return nil, err
		}
		out = append(out, fs.FileInfoToDirEntry(st))
	}
	return out, nil
}

// fileAt is a file read at offsets: engine/datafiles reads its footer and column chunks so.
type fileAt struct {
	picked.Info
	*io.SectionReader
}

func (f *fileAt) Stat() (fs.FileInfo, error) { return f.Info, nil }
func (f *fileAt) Close() error               { return nil }

// fileStream is a deflated zip entry.
type fileStream struct {
	picked.Info
	io.ReadCloser
}

func (f *fileStream) Stat() (fs.FileInfo, error) { return f.Info, nil }
