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
	size int64
	fill func(dst []byte, off int64) error
	wins []boundedWindow
	tick int64
	// Fetches counts the round trips, for the tests.
	Fetches int
}

type boundedWindow struct {
	off  int64
	buf  []byte // boundedWindowBytes, allocated once; buf[:n] holds the file's bytes at off
	n    int
	next int // the size of the window that continues this one
	used int64
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
		i := b.find(at)
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
		w := &b.wins[i]
		w.used = b.tick
		n += copy(p[n:want], w.buf[at-w.off:w.n])
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

// find is the window holding byte at, -1 for none.
func (b *Bounded) find(at int64) int {
	for i := range b.wins {
		if w := &b.wins[i]; at >= w.off && at < w.off+int64(w.n) {
			return i
		}
	}
	return -1
}

// load fills the window that continues the run ending nearest before at (within maxGap), else
// a new one while there are fewer than boundedWindows, else the least recently used, with at
// least want bytes at at.
func (b *Bounded) load(at int64, want int) (int, error) {
	i, next, gap := -1, windowMin, int64(maxGap)
	for k := range b.wins {
		if end := b.wins[k].off + int64(b.wins[k].n); end <= at && at-end < gap {
			i, next, gap = k, b.wins[k].next, at-end
		}
	}
	if i < 0 && len(b.wins) < boundedWindows {
		b.wins = append(b.wins, boundedWindow{})
		i = len(b.wins) - 1
	} else if i < 0 {
		i = 0
		for k := range b.wins {
			if b.wins[k].used < b.wins[i].used {
				i = k
			}
		}
	}
	w := &b.wins[i]
	if w.buf == nil {
		w.buf = make([]byte, min(int64(boundedWindowBytes), b.size))
	}
	n := int(min(b.size-at, int64(max(want, next))))
	w.n = 0 // emptied before it is filled: a failed fill leaves no stale bytes
	if err := b.fetch(w.buf[:n], at); err != nil {
		return -1, err
	}
	w.off, w.n, w.next, w.used = at, n, min(2*next, boundedWindowBytes), b.tick
	return i, nil
}
