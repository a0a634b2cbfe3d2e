package picked

import (
	"fmt"
	"io"
)

// Bounded serves reads at offsets of a file fetched by slices, as Windows does, but from a fixed
// set of buffers, each filled again in place: what a large file costs the reader's memory is
// boundedWindows×boundedWindowBytes however much of it is read, and the reads make no garbage.
// Windows allocates each fetch anew: read twice over (a Parquet checkpoint's page headers, then
// its pages), the 1,000,000-file table's 238 MB checkpoint left 476 MB of windows for the
// collector, which under GOGC lets garbage grow as large as the decoded columns before it runs.
// As in Windows, a run of reads that go on where the last ended (within maxGap) grows its window
// from windowMin, doubling, so a read of a few bytes far from the others (a column's first page
// when rows are read side by side) fetches little.
type Bounded struct {
	size  int64
	fill  func(dst []byte, off int64) error
	spans []span
	bufs  [][]byte // boundedWindowBytes each, allocated once; bufs[i][:spans[i].n] holds spans[i]'s bytes
	tick  int64
	// Fetches counts the round trips, for the tests.
	Fetches int
}

const (
	boundedWindows     = 4
	boundedWindowBytes = 8 << 20
)

// NewBounded reads a file of size bytes through fill, which fills dst with the file's bytes at
// off (off+len(dst) is never past size).
func NewBounded(size int64, fill func(dst []byte, off int64) error) *Bounded {
	return &Bounded{size: size, fill: fill}
}

// ReadAt reads len(p) bytes at off (io.ReaderAt). A read longer than a window is filled
// directly into p.
func (b *Bounded) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("read at %d, before the start", off)
	}
	if off >= b.size {
		return 0, io.EOF
	}
	want := int(min(int64(len(p)), b.size-off))
	b.tick++
	n := 0
	for n < want {
		at := off + int64(n)
		i := findSpan(b.spans, at)
		if i < 0 && want-n >= boundedWindowBytes {
			if err := b.fetch(p[n:want], at); err != nil {
				return n, err
			}
			n = want
			break
		}
		if i < 0 {
			var err error
			if i, err = b.load(at, want-n); err != nil {
				return n, err
			}
		}
		w := &b.spans[i]
		w.used = b.tick
		n += copy(p[n:want], b.bufs[i][at-w.off:w.n])
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (b *Bounded) fetch(dst []byte, at int64) error {
	b.Fetches++
	if err := b.fill(dst, at); err != nil {
		return fmt.Errorf("reading bytes %d to %d: %v", at, at+int64(len(dst)), err)
	}
	return nil
}

// load fills the window chooseSpan gives for a read at at (the run it continues, a new one
// while there are fewer than boundedWindows, else the least recently used) with at least want
// bytes at at.
func (b *Bounded) load(at int64, want int) (int, error) {
	i, next := chooseSpan(b.spans, at, boundedWindows)
	if i < 0 {
		b.spans, b.bufs = append(b.spans, span{}), append(b.bufs, make([]byte, min(int64(boundedWindowBytes), b.size)))
		i = len(b.spans) - 1
	}
	w := &b.spans[i]
	n := min(b.size-at, max(int64(want), next))
	w.n = 0 // emptied before it is filled: a failed fill leaves no stale bytes
	if err := b.fetch(b.bufs[i][:n], at); err != nil {
		return -1, err
	}
	*w = span{off: at, n: n, next: min(2*next, boundedWindowBytes), used: b.tick}
	return i, nil
}
