package picked

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"layoutlab/engine/work"
)

// Entry is one of the reader's files, known by its size until it is opened.
type Entry struct {
	Size int64
	// At gives the file to be read at offsets, a fresh reader for each open; nil when it can
	// only be streamed.
	At func() io.ReaderAt
	// Stream gives the file as a stream (a deflated zip entry), when At is nil.
	Stream func() (io.ReadCloser, error)
}

// ErrNotArchive is what ListArchive says of a file that is neither a zip nor a tar.
var ErrNotArchive = errors.New("neither a zip nor a tar archive")

// Lister says which of an archive's files ListArchive gives, and to whom.
type Lister struct {
	// Want says whether the file at a name is wanted; nil wants every file.
	Want func(name string) bool
	// Add is given each wanted file; an error stops the listing.
	Add func(name string, e Entry) error
	// Hold, when set, lets a .tar.gz be read: its wanted entries are read now and held in
	// memory, each after Hold took its size from its header (gzip cannot be read from the
	// middle). Without it a .tar.gz is refused.
	Hold func(name string, size int64) error
	// Yield, when set, is told every read of a .tar.gz's inflating stream (ReadProgress); its
	// error stops the listing.
	Yield work.Yield
	// MaxInflated, when > 0, caps the bytes a .tar.gz inflates to in all (headers, held and
	// skipped entries): deflated zeros inflate a thousandfold, and an entry skipped (not wanted,
	// or of a type that is not a file) is inflated to be passed over. Past it the listing stops
	// with an error naming the limit.
	MaxInflated int64
}

// Kind names the archive whose first bytes are head: "zip", "gzip" (a .tar.gz), "tar", or "".
func Kind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return "zip"
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return "gzip"
	case len(head) >= 262 && string(head[257:262]) == "ustar":
		return "tar"
	}
	return ""
}

// ListArchive lists the files of the archive r (size bytes, named name): a zip's central
// directory and a tar's headers are all it reads (it seeks past the rest); each wanted file is
// given to l.Add as an Entry read by slices of r (a stored zip entry, a tar entry) or as a
// stream (a deflated zip entry, never inflated past the size its directory gives: archive/zip
// checks it). A .tar.gz is read only with l.Hold.
func ListArchive(name string, r io.ReaderAt, size int64, l Lister) error {
	head := make([]byte, min(size, 512))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %v", name, err)
	}
	switch Kind(head) {
	case "zip":
		return l.zip(name, r, size)
	case "gzip":
		if l.Hold == nil {
			return fmt.Errorf("%s is a .tar.gz, which cannot be read by slices: give the table's folder, a .zip or a .tar", name)
		}
		zr, err := gzip.NewReader(io.NewSectionReader(r, 0, size))
		if err != nil {
			return fmt.Errorf("%s: not a readable gzip file: %v", name, err)
		}
		var in io.Reader = zr
		if l.MaxInflated > 0 {
			in = &cappedReader{r: zr, left: l.MaxInflated, limit: l.MaxInflated, name: name}
		}
		return l.tar(name, &yieldingReader{r: in, yield: l.Yield, step: "inflating " + name}, nil)
	case "tar":
		sr := io.NewSectionReader(r, 0, size)
		return l.tar(name, sr, sr)
	}
	return fmt.Errorf("%s is %w", name, ErrNotArchive)
}

func (l Lister) wants(name string) bool { return l.Want == nil || l.Want(name) }

func (l Lister) zip(name string, r io.ReaderAt, size int64) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return fmt.Errorf("%s: not a readable zip archive: %v", name, err)
	}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || !l.wants(f.Name) {
			continue
		}
		if f.UncompressedSize64 > 1<<62 {
			return fmt.Errorf("%s: %s: its size in the zip's directory, %d bytes, is impossible", name, f.Name, f.UncompressedSize64)
		}
		e := Entry{Size: int64(f.UncompressedSize64)}
		if off, err := f.DataOffset(); err == nil && f.Method == zip.Store && f.CompressedSize64 == f.UncompressedSize64 && off >= 0 && off+e.Size <= size {
			n := e.Size
			e.At = func() io.ReaderAt { return io.NewSectionReader(r, off, n) }
		} else {
			e.Stream = f.Open
		}
		if err := l.Add(f.Name, e); err != nil {
			return err
		}
	}
	return nil
}

// tar lists a tar's wanted entries. With at (an uncompressed tar) each is a slice of the
// archive, read when opened; without (a .tar.gz), each is read now and held.
func (l Lister) tar(name string, r io.Reader, at *io.SectionReader) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: not a readable tar archive: %v", name, err)
		}
		if h.Typeflag != tar.TypeReg || !l.wants(h.Name) {
			continue // an unwanted file's bytes are skipped by the next Next
		}
		for k := range h.PAXRecords {
			if strings.HasPrefix(k, "GNU.sparse.") {
				return fmt.Errorf("%s: %s is a sparse file, which a table's file never is", name, h.Name)
			}
		}
		e := Entry{Size: h.Size}
		if at != nil {
			// archive/tar reads headers in whole blocks and no further: the entry starts here.
			off, err := at.Seek(0, io.SeekCurrent)
			if err != nil || h.Size < 0 || off+h.Size > at.Size() {
				return fmt.Errorf("%s: %s: its header says %d bytes, past the archive's end", name, h.Name, h.Size)
			}
			e.At = func() io.ReaderAt { return io.NewSectionReader(at, off, e.Size) }
		} else {
			if err := l.Hold(name+": "+h.Name, h.Size); err != nil {
				return err
			}
			b := make([]byte, h.Size)
			if _, err := io.ReadFull(tr, b); err != nil {
				return fmt.Errorf("%s: %s: %v", name, h.Name, err)
			}
			e.At = func() io.ReaderAt { return bytes.NewReader(b) }
		}
		if err := l.Add(h.Name, e); err != nil {
			return err
		}
	}
}

// ReadUnit is the Unit of the Progress a read of the reader's files reports: bytes read so
// far, a turn for the page and nothing to show (the step's own Progress says how far it is).
const ReadUnit = "bytes read"

// yieldingReader tells yield of every read through it (an inflating stream: deflated zeros
// inflate a thousandfold, so the bytes read say nothing of the time taken).
type yieldingReader struct {
	r     io.Reader
	yield work.Yield
	step  string
	read  int
}

// YieldingReader is r, telling yield (when set) of every read as step's ReadUnit progress; the
// yield's error stops the read with that error.
func YieldingReader(r io.Reader, yield work.Yield, step string) io.Reader {
	return &yieldingReader{r: r, yield: yield, step: step}
}

func (y *yieldingReader) Read(p []byte) (int, error) {
	n, err := y.r.Read(p)
	y.read += n
	if e := y.yield.Tick(y.step, y.read, 0, ReadUnit); e != nil {
		return n, e
	}
	return n, err
}

// cappedReader is r, failing once more than limit bytes would come through it.
type cappedReader struct {
	r           io.Reader
	left, limit int64
	name        string
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// At the limit: only the stream's end may follow.
		var b [1]byte
		if n, err := c.r.Read(b[:]); n == 0 && errors.Is(err, io.EOF) {
			return 0, io.EOF
		}
		return 0, fmt.Errorf("%s inflates to more than %d bytes, the most a .tar.gz may here: give the table's folder, a .zip or a .tar instead", c.name, c.limit)
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
