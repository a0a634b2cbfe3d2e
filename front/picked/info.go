package picked

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"time"
)

// Info is a picked file's or folder's fs.FileInfo, known without reading it.
type Info struct {
	name string
	size int64
	dir  bool
}

// FileInfo is the Info of the file at name, size bytes.
func FileInfo(name string, size int64) Info { return Info{name: path.Base(name), size: size} }

// DirInfo is the Info of the folder at name.
func DirInfo(name string) Info { return Info{name: path.Base(name), dir: true} }

func (i Info) Name() string { return i.name }
func (i Info) Size() int64  { return i.size }
func (i Info) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i Info) ModTime() time.Time { return time.Time{} }
func (i Info) IsDir() bool        { return i.dir }
func (i Info) Sys() any           { return nil }

// Dir is an opened folder (fs.ReadDirFile), listed by its file system's ReadDir.
type Dir struct {
	name string
	list func(name string) ([]fs.DirEntry, error)
	read bool
}

// NewDir opens the folder at name, which list lists.
func NewDir(name string, list func(name string) ([]fs.DirEntry, error)) *Dir {
	return &Dir{name: name, list: list}
}

func (d *Dir) Stat() (fs.FileInfo, error) { return DirInfo(d.name), nil }
func (d *Dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}
func (d *Dir) Close() error { return nil }

// ReadDir gives the whole listing at the first call, then nothing more (io.EOF when n > 0).
func (d *Dir) ReadDir(n int) ([]fs.DirEntry, error) {
	if d.read {
		if n > 0 {
			return nil, io.EOF
		}
		return nil, nil
	}
	d.read = true
	return d.list(d.name)
}
