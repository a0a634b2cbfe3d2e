package datafiles

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"strings"
)

// MaxUnseekableBytes caps a file read whole because its file system cannot read at an offset
// (a zip's compressed member): such a file is held in memory while it is read.
const MaxUnseekableBytes = 1 << 30

// openAt opens name in fsys for reading at offsets. Files of os.DirFS and fstest.MapFS read at
// offsets directly; any other file is read whole, up to MaxUnseekableBytes. want > 0 is the
// size the log gives the file: a file of another size is refused before anything is read (a
// zip's member declaring a gigabyte is not inflated to learn that it is the wrong file).
func openAt(fsys fs.FS, name string, want int64) (io.ReaderAt, int64, func(), error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, 0, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, nil, err
	}
	if want > 0 && st.Size() != want {
		f.Close()
		return nil, 0, nil, fmt.Errorf("the file holds %d bytes, its add action says %d", st.Size(), want)
	}
	if ra, ok := f.(io.ReaderAt); ok {
		return ra, st.Size(), func() { f.Close() }, nil
	}
	defer f.Close()
	if st.Size() > MaxUnseekableBytes {
		return nil, 0, nil, fmt.Errorf("%d bytes, over the %d this file system lets the reader hold (MaxUnseekableBytes)", st.Size(), MaxUnseekableBytes)
	}
	b, err := io.ReadAll(io.LimitReader(f, st.Size()+1))
	if err != nil {
		return nil, 0, nil, err
	}
	if int64(len(b)) != st.Size() {
		return nil, 0, nil, fmt.Errorf("read %d bytes, its size is %d", len(b), st.Size())
	}
	return bytes.NewReader(b), int64(len(b)), func() {}, nil
}

// dataFileName is the fs.FS name of an add action's path: URL-decoded (PROTOCOL.md "Add File and
// Remove File": the path is a URI), relative to the table root. An absolute URI is refused: a
// table read from a folder cannot reach it.
func dataFileName(p string) (string, error) {
	if uriScheme.MatchString(p) || strings.HasPrefix(p, "/") {
		return "", fmt.Errorf("path %q is absolute: only files inside the table's folder are read", p)
	}
	u, err := url.PathUnescape(p)
	if err != nil {
		return "", fmt.Errorf("path %q is not URL-encoded: %v", p, err)
	}
	name := path.Clean(u)
	if !fs.ValidPath(name) {
		return "", fmt.Errorf("path %q leaves the table's folder", p)
	}
	return name, nil
}

// uriScheme matches a URI's scheme (RFC 3986: a letter, then letters, digits, +, - or .) and
// its colon and slash: "s3://", "file:/".
var uriScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:/`)
