package picked

import (
	"fmt"
	"io"
)

// Windows serve reads at offsets of a file that is fetched by slices, each fetch a round trip
// (the page's is a promise per Blob slice). Each window follows one run of reads that go on
// where the last ended: it starts at windowMin bytes (the history reads only a commit's first
// line) and doubles at each step of its run, up to windowMax. Several runs at once (the Parquet
// reader reads a checkpoint's columns side by side) each keep a window, up to maxWindows, the
// least recently used given up first. A read a little ahead of a run's end (less than maxGap)
// goes on with that run, its gap fetched too: a Parquet checkpoint's page headers, read one by
// one a few hundred KB apart before its pages, cost a round trip each otherwise (124 of the 225
// fetches that open a 100,000-file table), and in the page a round trip costs more than the
// bytes of a gap.
type Windows struct {
	size  int64
	fetch func(off, end int64) ([]byte, error)
	wins  []window
	tick  int64
	// Fetches counts the round trips, for the tests.
	Fetches int
}

type window struct {
	off  int64
	data []byte
	next int64 // the size of the window that continues this one
	used int64
}

const (
	windowMin  = 64 << 10
	windowMax  = 4 << 20
	maxWindows = 8
	// maxGap is how far ahead of a run's end a read may start and still go on with the run.
	maxGap = 1 << 20
)

// NewWindows reads a file of size bytes through fetch, which gives bytes [off, end).
func NewWindows(size int64, fetch func(off, end int64) ([]byte, error)) *Windows {
	return &Windows{size: size, fetch: fetch}
}

// ReadAt reads len(p) bytes at off (io.ReaderAt).
func (w *Windows) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("read at %d, before the start", off)
	}
	if off >= w.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), w.size-off)
	w.tick++
	n := 0
	for int64(n) < want {
		at := off + int64(n)
		i := w.find(at)
		if i < 0 {
			var err error
			if i, err = w.load(at, want-int64(n)); err != nil {
				return n, err
			}
		}
		win := &w.wins[i]
		win.used = w.tick
		n += copy(p[n:want], win.data[at-win.off:])
	}
	if int64(n) < int64(len(p)) {
		return n, io.EOF
	}
	return n, nil
}

// find is the window holding byte at, -1 for none.
func (w *Windows) find(at int64) int {
	for i := range w.wins {
		if at >= w.wins[i].off && at < w.wins[i].off+int64(len(w.wins[i].data)) {
			return i
		}
	}
	return -1
}

// load fetches the window that starts at at, at least want bytes long, in place of the window
// it continues (the nearest whose end is at or less than maxGap before it), else of the least recently used when there are maxWindows.
func (w *Windows) load(at, want int64) (int, error) {
	i, next := -1, int64(windowMin)
	gap := int64(maxGap)
	for k := range w.wins {
		if end := w.wins[k].off + int64(len(w.wins[k].data)); end <= at && at-end < gap {
			i, next, gap = k, w.wins[k].next, at-end // the run whose end is nearest
		}
	}
	if i < 0 {
		if len(w.wins) < maxWindows {
			w.wins = append(w.wins, window{})
			i = len(w.wins) - 1
		} else {
			i = 0
			for k := range w.wins {
				if w.wins[k].used < w.wins[i].used {
					i = k
				}
			}
		}
	}
	end := min(w.size, at+max(want, next))
	w.wins[i].data = nil // the old window goes before the new one comes
	data, err := w.fetch(at, end)
	w.Fetches++
	if err != nil {
		return -1, fmt.Errorf("reading bytes %d to %d: %v", at, end, err)
	}
	if len(data) == 0 {
		return -1, io.ErrUnexpectedEOF
	}
	w.wins[i] = window{off: at, data: data, next: min(2*next, windowMax), used: w.tick}
	return i, nil
}
