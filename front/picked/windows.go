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
	spans []span
	data  [][]byte // data[i] holds spans[i]'s bytes
	tick  int64
	// Fetches counts the round trips, for the tests.
	Fetches int
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
		i := findSpan(w.spans, at)
		if i < 0 {
			var err error
			if i, err = w.load(at, want-int64(n)); err != nil {
				return n, err
			}
		}
		w.spans[i].used = w.tick
		n += copy(p[n:want], w.data[i][at-w.spans[i].off:])
	}
	if int64(n) < int64(len(p)) {
		return n, io.EOF
	}
	return n, nil
}

// load fetches the window that starts at at, at least want bytes long, in place of the window
// it continues, else of the least recently used when there are maxWindows (chooseSpan).
func (w *Windows) load(at, want int64) (int, error) {
	i, next := chooseSpan(w.spans, at, maxWindows)
	if i < 0 {
		w.spans, w.data = append(w.spans, span{}), append(w.data, nil)
		i = len(w.spans) - 1
	}
	end := min(w.size, at+max(want, next))
	w.spans[i].n, w.data[i] = 0, nil // the old window goes before the new one comes
	data, err := w.fetch(at, end)
	w.Fetches++
	if err != nil {
		return -1, fmt.Errorf("reading bytes %d to %d: %v", at, end, err)
	}
	if len(data) == 0 {
		return -1, io.ErrUnexpectedEOF
	}
	w.spans[i] = span{off: at, n: int64(len(data)), next: min(2*next, windowMax), used: w.tick}
	w.data[i] = data
	return i, nil
}
