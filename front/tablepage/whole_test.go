package tablepage

import (
	"bytes"
	"io"
	"testing"
)

// TestReadWhole: only a log's Parquet files (a checkpoint, a sidecar) up to MaxWholeBytes are read
// whole, larger ones by bounded windows (ReadBounded); commits (of which DESCRIBE HISTORY reads a
// first line) and data files are read by slices.
func TestReadWhole(t *testing.T) {
	for _, c := range []struct {
		rel     string
		size    int64
		want    bool
		bounded bool
	}{
		{"t/_delta_log/00000000000000000099.checkpoint.parquet", 22 << 20, true, false},
		{"t/_delta_log/_sidecars/abc.parquet", 1 << 20, true, false},
		{"00000000000000000099.checkpoint.parquet", 1 << 20, true, false}, // a loose log file
		{"t/_delta_log/00000000000000000099.checkpoint.parquet", MaxWholeBytes, true, false},
		{"t/_delta_log/00000000000000000099.checkpoint.parquet", MaxWholeBytes + 1, false, true},
		{"t/_delta_log/_sidecars/abc.parquet", 238 << 20, false, true},
		{"t/_delta_log/00000000000000000099.checkpoint.parquet", MaxHeldBytes + 1, false, true},
		{"t/part-00000.snappy.parquet", 238 << 20, false, false},
		{"t/_delta_log/00000000000000000099.json", 1 << 20, false, false},
		{"t/_delta_log/_last_checkpoint", 100, false, false},
		{"t/part-00000.snappy.parquet", 1 << 20, false, false}, // a data file is never a log's
		{"t/_delta_log/00000000000000000099.checkpoint.parquet", -1, false, false},
	} {
		if got := ReadWhole(c.rel, c.size); got != c.want {
			t.Errorf("ReadWhole(%q, %d) = %t, want %t", c.rel, c.size, got, c.want)
		}
		if got := ReadBounded(c.rel, c.size); got != c.bounded {
			t.Errorf("ReadBounded(%q, %d) = %t, want %t", c.rel, c.size, got, c.bounded)
		}
	}
}

// closingReader is a file held whole by its reader, which must be told when the replay is done.
type closingReader struct {
	*bytes.Reader
	closed int
}

func (c *closingReader) Close() error { c.closed++; return nil }

// TestClosingAFileReadWholeDropsIt: closing a log file the replay read at offsets closes its
// reader (the page's drops the file's bytes), once, and reads after it fail.
func TestClosingAFileReadWholeDropsIt(t *testing.T) {
	l := NewLogFS()
	data := []byte("PAR1 not really a checkpoint PAR1")
	cr := &closingReader{Reader: bytes.NewReader(data)}
	l.AddFile("t/_delta_log/00000000000000000001.checkpoint.parquet", int64(len(data)), func() io.ReaderAt { return cr })
	f, err := l.Open("_delta_log/00000000000000000001.checkpoint.parquet")
	if err != nil {
		t.Fatal(err)
	}
	ra := f.(io.ReaderAt)
	p := make([]byte, 4)
	if _, err := ra.ReadAt(p, 0); err != nil || string(p) != "PAR1" {
		t.Fatalf("ReadAt: %q, %v", p, err)
	}
	if err := f.Close(); err != nil || cr.closed != 1 {
		t.Fatalf("Close: %v, the reader closed %d times, want 1", err, cr.closed)
	}
	if _, err := ra.ReadAt(p, 0); err == nil {
		t.Error("a read after Close succeeded")
	}
	f.Close()
	if cr.closed != 1 {
		t.Errorf("a second Close closed the reader again (%d)", cr.closed)
	}
}
