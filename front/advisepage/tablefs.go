package advisepage

import (
	"archive/tar"
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	deltalog "layoutlab/engine/deltalog"
)

// Limits on what the advisor takes from what the reader picked (docs/limits.md).
const (
	// MaxTableFiles caps the files of one table the advisor lists (log and data files).
	MaxTableFiles = 1_000_000
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
// entries) and gathers them as NewTableFS does; nothing else is read now.
func NewTableFSFromArchive(name string, r io.ReaderAt, size int64) (*TableFS, error) {
	head := make([]byte, min(size, 512))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(head) >= 4 && string(head[:4]) == "PK\x03\x04" || len(head) >= 4 && string(head[:4]) == "PK\x05\x06" {
		return zipTable(name, r, size)
	}
	if len(head) >= 262 && string(head[257:262]) == "ustar" {
		return tarTable(name, r, size)
	}
	return nil, fmt.Errorf("%s is neither a zip nor an uncompressed tar: the advisor reads a table's folder, .zip or .tar", name)
}

func zipTable(name string, r io.ReaderAt, size int64) (*TableFS, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable zip archive: %v", name, err)
	}
	var paths []string
	var sizes []int64
	var files []*zip.File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		if f.UncompressedSize64 > 1<<62 {
			return nil, fmt.Errorf("%s: %s: its size in the zip's directory, %d bytes, is impossible", name, f.Name, f.UncompressedSize64)
		}
		paths, sizes, files = append(paths, f.Name), append(sizes, int64(f.UncompressedSize64)), append(files, f)
	}
	return NewTableFS(name, paths, sizes, func(i int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
		f, n := files[i], sizes[i]
		if off, err := f.DataOffset(); err == nil && f.Method == zip.Store && f.CompressedSize64 == f.UncompressedSize64 && off >= 0 && off+n <= size {
			return func() io.ReaderAt { return io.NewSectionReader(r, off, n) }, nil
		}
		return nil, f.Open // inflated as read; archive/zip checks the size the directory gives
	})
}

func tarTable(name string, r io.ReaderAt, size int64) (*TableFS, error) {
	sr := io.NewSectionReader(r, 0, size)
	tr := tar.NewReader(sr)
	var paths []string
	var sizes, offs []int64
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: not a readable tar archive: %v", name, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		for k := range h.PAXRecords {
			if strings.HasPrefix(k, "GNU.sparse.") {
				return nil, fmt.Errorf("%s: %s is a sparse file, which the advisor does not read", name, h.Name)
			}
		}
		// archive/tar reads headers in whole blocks and no further: the entry starts here.
		off, err := sr.Seek(0, io.SeekCurrent)
		if err != nil || h.Size < 0 || off+h.Size > size {
			return nil, fmt.Errorf("%s: %s: its header says %d bytes, past the archive's end", name, h.Name, h.Size)
		}
		paths, sizes, offs = append(paths, h.Name), append(sizes, h.Size), append(offs, off)
		if len(paths) > MaxTableFiles {
			return nil, fmt.Errorf("%s holds over %d files; the advisor reads tables of %d files at most", name, MaxTableFiles, MaxTableFiles)
		}
	}
	return NewTableFS(name, paths, sizes, func(i int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
		off, n := offs[i], sizes[i]
		return func() io.ReaderAt { return io.NewSectionReader(r, off, n) }, nil
	})
}

// Open opens a file or a folder of the table.
func (t *TableFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if e, ok := t.files[name]; ok {
		if e.at != nil {
			return &fileAt{info: info{name: path.Base(name), size: e.size}, SectionReader: io.NewSectionReader(e.at(), 0, e.size)}, nil
		}
		rc, err := e.stream()
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &fileStream{info: info{name: path.Base(name), size: e.size}, ReadCloser: rc}, nil
	}
	if _, ok := t.dirs[name]; ok {
		return &dir{t: t, name: name}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// Stat is a file's or folder's size and kind, without opening it.
func (t *TableFS) Stat(name string) (fs.FileInfo, error) {
	if e, ok := t.files[name]; ok {
		return info{name: path.Base(name), size: e.size}, nil
	}
	if _, ok := t.dirs[name]; ok {
		return info{name: path.Base(name), dir: true}, nil
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

type info struct {
	name string
	size int64
	dir  bool
}

func (i info) Name() string { return i.name }
func (i info) Size() int64  { return i.size }
func (i info) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.dir }
func (i info) Sys() any           { return nil }

// fileAt is a file read at offsets: engine/datafiles reads its footer and column chunks so.
type fileAt struct {
	info
	*io.SectionReader
}

func (f *fileAt) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *fileAt) Close() error               { return nil }

// fileStream is a deflated zip entry.
type fileStream struct {
	info
	io.ReadCloser
}

func (f *fileStream) Stat() (fs.FileInfo, error) { return f.info, nil }

type dir struct {
	t    *TableFS
	name string
	read bool
}

func (d *dir) Stat() (fs.FileInfo, error) { return info{name: path.Base(d.name), dir: true}, nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}
func (d *dir) Close() error { return nil }
func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	if d.read {
		if n > 0 {
			return nil, io.EOF
		}
		return nil, nil
	}
	d.read = true
	return d.t.ReadDir(d.name)
}
