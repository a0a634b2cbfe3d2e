package picked

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
)

// TestListArchive: a .tar.gz is read only where the caller holds its entries (the table page),
// refused by name elsewhere (the advisor); a file that is no archive says so, as ErrNotArchive.
func TestListArchive(t *testing.T) {
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	for _, name := range []string{"t/_delta_log/0.json", "t/part-0.parquet"} {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: 3, Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte("abc"))
	}
	tw.Close()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(tb.Bytes())
	zw.Close()
	r := bytes.NewReader(gz.Bytes())

	var held []string
	var got []string
	err := ListArchive("t.tar.gz", r, r.Size(), Lister{
		Want: func(n string) bool { return strings.Contains(n, "_delta_log") },
		Add: func(n string, e Entry) error {
			b, err := io.ReadAll(io.NewSectionReader(e.At(), 0, e.Size))
			got = append(got, n+"="+string(b))
			return err
		},
		Hold: func(n string, size int64) error { held = append(held, n); return nil },
	})
	if err != nil || strings.Join(got, ",") != "t/_delta_log/0.json=abc" || strings.Join(held, ",") != "t.tar.gz: t/_delta_log/0.json" {
		t.Fatalf("held .tar.gz: err %v, got %q, held %q", err, got, held)
	}
	err = ListArchive("t.tar.gz", r, r.Size(), Lister{Add: func(string, Entry) error { t.Fatal("added"); return nil }})
	if err == nil || !strings.Contains(err.Error(), "t.tar.gz is a .tar.gz") {
		t.Fatalf("a .tar.gz without Hold: %v", err)
	}
	if err := ListArchive("x.bin", strings.NewReader("plain"), 5, Lister{}); !errors.Is(err, ErrNotArchive) || !strings.HasPrefix(err.Error(), "x.bin is neither") {
		t.Fatalf("not an archive: %v", err)
	}
}

// TestDirReadDir: an opened folder lists its entries once, then says it has no more (a loop
// on ReadDir(n > 0) until io.EOF ends).
func TestDirReadDir(t *testing.T) {
	list := func(string) ([]fs.DirEntry, error) {
		return []fs.DirEntry{fs.FileInfoToDirEntry(FileInfo("d/a", 1))}, nil
	}
	d := NewDir("d", list)
	if es, err := d.ReadDir(10); err != nil || len(es) != 1 || es[0].Name() != "a" {
		t.Fatalf("first ReadDir: %v %v", es, err)
	}
	if es, err := d.ReadDir(10); err != io.EOF || len(es) != 0 {
		t.Fatalf("second ReadDir: %v %v, want io.EOF", es, err)
	}
	if st, _ := d.Stat(); !st.IsDir() || st.Name() != "d" {
		t.Fatalf("Stat: %v", st)
	}
}
