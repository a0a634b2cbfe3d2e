package picked

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
)

// TestWindows: reads through Windows give the file's bytes; a run of reads costs round trips
// that grow its window, so a file read from start to end costs few, and runs side by side (a
// Parquet reader's columns) keep their windows instead of fetching at every switch.
func TestWindows(t *testing.T) {
	data := randomFile(40 << 20)
	fetch := func(off, end int64) ([]byte, error) { return bytes.Clone(data[off:end]), nil }
	w := NewWindows(int64(len(data)), fetch)
	got, err := io.ReadAll(io.NewSectionReader(w, 0, int64(len(data))))
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("a whole read: %v, equal %t", err, bytes.Equal(got, data))
	}
	// 64 KiB, 128 KiB, ... 4 MiB, then 4 MiB at a time: 7 fetches for the first 8 MiB.
	if w.Fetches > 7+32/4+1 {
		t.Errorf("a 40 MiB file read in order took %d fetches", w.Fetches)
	}
	// Four runs side by side, 4 KiB at a time in turn.
	w = NewWindows(int64(len(data)), fetch)
	p := make([]byte, 4096)
	for step := int64(0); step < 2048; step++ {
		for run := int64(0); run < 4; run++ {
			off := run*(10<<20) + step*4096
			if _, err := w.ReadAt(p, off); err != nil || !bytes.Equal(p, data[off:off+4096]) {
				t.Fatalf("run %d at %d: %v", run, off, err)
			}
		}
	}
	if w.Fetches > 4*8 {
		t.Errorf("four runs of 8 MiB side by side took %d fetches", w.Fetches)
	}
	// A read past the end, and across windows.
	if n, err := w.ReadAt(make([]byte, 10), int64(len(data))-4); n != 4 || err != io.EOF {
		t.Errorf("a read over the end: %d, %v", n, err)
	}
	big := make([]byte, 9<<20)
	if _, err := w.ReadAt(big, 123); err != nil || !bytes.Equal(big, data[123:123+len(big)]) {
		t.Errorf("a read of 9 MiB: %v", err)
	}
}

// TestWindowsGaps: reads a little apart, going forward (a Parquet checkpoint's page headers,
// read one by one before its pages), go on with one run whose window grows, so that 96 headers
// 250 KB apart cost a handful of fetches instead of one each; a read far ahead starts a run of
// its own, and its gap is never fetched.
func TestWindowsGaps(t *testing.T) {
	data := make([]byte, 24<<20)
	for i := range data {
		data[i] = byte(i * 7)
	}
	var fetched int64
	fetch := func(off, end int64) ([]byte, error) { fetched += end - off; return bytes.Clone(data[off:end]), nil }
	w := NewWindows(int64(len(data)), fetch)
	p := make([]byte, 4096)
	for off := int64(0); off+4096 <= int64(len(data)); off += 250_000 {
		if _, err := w.ReadAt(p, off); err != nil || !bytes.Equal(p, data[off:off+4096]) {
			t.Fatalf("a header at %d: %v", off, err)
		}
	}
	// 64 KiB, 128 KiB, ... 4 MiB windows, then 4 MiB at a time: 7 for the first 8 MiB, 4 more.
	if w.Fetches > 12 {
		t.Errorf("101 headers 250 KB apart took %d fetches", w.Fetches)
	}
	// A read 2 MiB past the last window's end starts a run of its own: 64 KiB fetched.
	w, fetched = NewWindows(int64(len(data)), fetch), 0
	for _, off := range []int64{0, 64<<10 + 2<<20} {
		if _, err := w.ReadAt(p, off); err != nil || !bytes.Equal(p, data[off:off+4096]) {
			t.Fatalf("a read at %d: %v", off, err)
		}
	}
	if w.Fetches != 2 || fetched != 2*windowMin {
		t.Errorf("two reads 2 MiB apart: %d fetches of %d bytes, want 2 of %d", w.Fetches, fetched, 2*windowMin)
	}
}

// randomFile is n bytes of a seeded generator's: a file whose every window differs.
func randomFile(n int) []byte {
	data := make([]byte, n)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	return data
}
