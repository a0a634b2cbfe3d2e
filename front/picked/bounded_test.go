package picked

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
)

// TestBounded: reads through Bounded give the file's bytes, in order, side by side, across
// windows, longer than a window and over the end; the buffers it holds stay at most
// boundedWindows windows however much is read, and a file read again (a Parquet checkpoint's
// second pass) makes no garbage: the windows are filled in place.
func TestBounded(t *testing.T) {
	data := randomFile(40 << 20)
	fill := func(dst []byte, off int64) error {
		if off < 0 || off+int64(len(dst)) > int64(len(data)) {
			t.Fatalf("a fill of %d bytes at %d, past the file's %d", len(dst), off, len(data))
		}
		copy(dst, data[off:])
		return nil
	}
	b := NewBounded(int64(len(data)), fill)
	got, err := io.ReadAll(io.NewSectionReader(b, 0, int64(len(data))))
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("a whole read: %v, equal %t", err, bytes.Equal(got, data))
	}
	// 64 KiB, 128 KiB, ... 8 MiB (8 fetches for the first 16 MiB), then 8 MiB at a time.
	if b.Fetches > 8+24/8+1 {
		t.Errorf("a 40 MiB file read in order took %d fetches", b.Fetches)
	}
	// Four runs side by side, 4 KiB at a time in turn, each at a random place.
	p := make([]byte, 4096)
	for step := int64(0); step < 2048; step++ {
		for run := int64(0); run < 4; run++ {
			off := run*(10<<20) + step*4096
			if _, err := b.ReadAt(p, off); err != nil || !bytes.Equal(p, data[off:off+4096]) {
				t.Fatalf("run %d at %d: %v", run, off, err)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4)) // reads at random offsets and lengths
	for range 1000 {
		off, k := rng.Int64N(int64(len(data))), rng.IntN(1<<20)
		q := make([]byte, k)
		n, err := b.ReadAt(q, off)
		end := min(off+int64(k), int64(len(data)))
		if n != int(end-off) || !bytes.Equal(q[:n], data[off:end]) || (end < off+int64(k)) != errors.Is(err, io.EOF) {
			t.Fatalf("%d bytes at %d: %d, %v", k, off, n, err)
		}
	}
	big := make([]byte, 9<<20)
	if _, err := b.ReadAt(big, 123); err != nil || !bytes.Equal(big, data[123:123+len(big)]) {
		t.Errorf("a read of 9 MiB: %v", err)
	}
	if n, err := b.ReadAt(make([]byte, 10), int64(len(data))-4); n != 4 || err != io.EOF {
		t.Errorf("a read over the end: %d, %v", n, err)
	}
	if _, err := b.ReadAt(p, -1); err == nil {
		t.Error("a read before the start gave no error")
	}
	held := 0
	for _, buf := range b.bufs {
		held += cap(buf)
	}
	if len(b.spans) > boundedWindows || held > boundedWindows*boundedWindowBytes {
		t.Errorf("%d windows holding %d bytes, over %d of %d", len(b.spans), held, boundedWindows, boundedWindowBytes)
	}
	// The second pass over the file allocates nothing.
	allocs := testing.AllocsPerRun(2, func() {
		for off := int64(0); off+4096 <= int64(len(data)); off += 64 << 10 {
			if _, err := b.ReadAt(p, off); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("a read of the file in order allocated %v times", allocs)
	}
}

// TestBoundedFails: a fill that fails names the bytes asked for, and leaves no window that
// would serve stale bytes.
func TestBoundedFails(t *testing.T) {
	fail := true
	b := NewBounded(1<<20, func(dst []byte, off int64) error {
		if fail {
			return errors.New("the file changed")
		}
		for i := range dst {
			dst[i] = byte(off + int64(i))
		}
		return nil
	})
	if _, err := b.ReadAt(make([]byte, 8), 100); err == nil || !bytes.Contains([]byte(err.Error()), []byte("reading bytes 100 to")) {
		t.Fatalf("a failed fill: %v", err)
	}
	fail = false
	p := make([]byte, 8)
	if _, err := b.ReadAt(p, 100); err != nil || p[0] != 100 || p[7] != 107 {
		t.Fatalf("after a failed fill: %v, %v", p, err)
	}
}
