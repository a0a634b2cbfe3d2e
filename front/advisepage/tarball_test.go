package advisepage

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"runtime"
	"strings"
	"testing"
)

// gzipOf is b gzip-compressed.
func gzipOf(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	return buf.Bytes()
}

// tarEntries writes entries of the given sizes (zeros) and type, without closing the tar when
// a header claims more than is written (a hostile archive).
func tarEntries(t *testing.T, typ byte, sizes []int64, written int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for i, n := range sizes {
		name := "t/_delta_log/" + strings.Repeat("0", 19) + string(rune('0'+i%10)) + ".json"
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: n, Typeflag: typ}); err != nil {
			t.Fatal(err)
		}
		w := min(n, written)
		if _, err := tw.Write(make([]byte, w)); err != nil {
			t.Fatal(err)
		}
		if w < n {
			return buf.Bytes() // the rest never comes
		}
	}
	tw.Close()
	return buf.Bytes()
}

// TestTarGzBombs: a hostile .tar.gz is refused with an error naming the limit, before its bytes
// are held: a header claiming 8 GiB (checked against MaxHeldBytes before anything of it is
// read or allocated), files whose sizes add up past the held limit, and an entry passed over
// that inflates past the inflated limit (deflated zeros, a thousandfold).
func TestTarGzBombs(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	claim := gzipOf(t, tarEntries(t, tar.TypeReg, []int64{8 << 30}, 1<<20))
	_, err := NewTableFSFromArchive("claim.tar.gz", bytes.NewReader(claim), int64(len(claim)), nil)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "8589934592 bytes") || !strings.Contains(err.Error(), "512 MiB at most") {
		t.Errorf("an 8 GiB entry: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("refusing an 8 GiB entry allocated %d MiB", grew>>20)
	}

	// Smaller limits, the same code: 4 MiB held, 8 MiB inflated.
	many := gzipOf(t, tarEntries(t, tar.TypeReg, []int64{1 << 20, 1 << 20, 1 << 20, 1 << 20, 1 << 20}, 1<<30))
	_, err = newTableFSFromArchive("many.tar.gz", bytes.NewReader(many), int64(len(many)), nil, 4<<20, 8<<20)
	if err == nil || !strings.Contains(err.Error(), "held in memory, 4 MiB at most in all") {
		t.Errorf("five 1 MiB files past 4 MiB held: %v", err)
	}
	// An entry of a type that is not a file is inflated to be passed over: 64 MiB of zeros.
	skipped := gzipOf(t, tarEntries(t, tar.TypeCont, []int64{64 << 20}, 64<<20))
	if len(skipped) > 1<<20 {
		t.Fatalf("the bomb is %d bytes deflated", len(skipped))
	}
	_, err = newTableFSFromArchive("skipped.tar.gz", bytes.NewReader(skipped), int64(len(skipped)), nil, 4<<20, 8<<20)
	if err == nil || !strings.Contains(err.Error(), "inflates to more than 8388608 bytes") {
		t.Errorf("64 MiB inflated past 8 MiB: %v", err)
	}
	// Within the limits, the same files are read.
	small := gzipOf(t, tarEntries(t, tar.TypeReg, []int64{1 << 10, 2 << 10}, 1<<30))
	tfs, err := newTableFSFromArchive("small.tar.gz", bytes.NewReader(small), int64(len(small)), nil, 4<<20, 8<<20)
	if err != nil || tfs.Root != "t" || len(tfs.files) != 2 {
		t.Errorf("within the limits: %v, %+v", err, tfs)
	}
}
