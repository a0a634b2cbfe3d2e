package tablepage

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
)

const tables = "../../engine/deltalog/testdata/tables"

func TestLogPath(t *testing.T) {
	for _, c := range []struct {
		rel, table, name string
		ok               bool
	}{
		{"t/_delta_log/00000000000000000000.json", "t", "_delta_log/00000000000000000000.json", true},
		{"_delta_log/_last_checkpoint", "", "_delta_log/_last_checkpoint", true},
		{"a/b/_delta_log/_sidecars/x.parquet", "a/b", "_delta_log/_sidecars/x.parquet", true},
		{`t\_delta_log\00000000000000000001.crc`, "t", "_delta_log/00000000000000000001.crc", true},
		{"00000000000000000003.checkpoint.parquet", "", "_delta_log/00000000000000000003.checkpoint.parquet", true},
		{"t/part-00000.snappy.parquet", "", "", false},
		{"t/letter=a/part-00000.snappy.parquet", "", "", false},
		{"t/_delta_log/_sidecars/deep/x.parquet", "", "", false},
		{"t/_delta_log/", "", "", false},
		{"deletion_vector_1.bin", "", "", false},
	} {
		table, name, ok := LogPath(c.rel)
		if table != c.table || name != c.name || ok != c.ok {
			t.Errorf("LogPath(%q) = %q, %q, %t; want %q, %q, %t", c.rel, table, name, ok, c.table, c.name, c.ok)
		}
	}
}

// tableFiles lists a test table's files (data files too) relative to its parent folder.
func tableFiles(t *testing.T, table string) map[string][]byte {
	t.Helper()
	root := filepath.Join(tables, table)
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(filepath.Dir(root), p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func zipOf(t *testing.T, files map[string][]byte) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, k := range sortedKeys(files) {
		f, err := w.CreateHeader(&zip.FileHeader{Name: k, Method: zip.Store}) // stored: a data file costs its size
		if err != nil {
			t.Fatal(err)
		}
		f.Write(files[k])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func tarOf(t *testing.T, files map[string][]byte) []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, k := range sortedKeys(files) {
		w.WriteHeader(&tar.Header{Name: k, Mode: 0o644, Size: int64(len(files[k])), Typeflag: tar.TypeReg})
		w.Write(files[k])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sortedKeys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// TestArchivesGiveTheCLIsAnswer: a table given as loose files, a zip, a tar or a .tar.gz is
// the log the CLI reads from the folder, data files left out.
func TestArchivesGiveTheCLIsAnswer(t *testing.T) {
	const table = "delta-kernel-rs/v2-checkpoints-parquet-with-sidecars"
	files := tableFiles(t, table)
	want, err := inspect.Inspect(os.DirFS(filepath.Join(tables, table)), "t", inspect.Options{Version: -1, Where: "id > 3"})
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(tarOf(t, files))
	zw.Close()
	for name, give := range map[string]func(l *LogFS) error{
		"files": func(l *LogFS) error {
			for k, v := range files {
				if _, err := l.Add(k, v); err != nil {
					return err
				}
			}
			return nil
		},
		"zip":    func(l *LogFS) error { return l.AddArchive("t.zip", zipOf(t, files)) },
		"tar":    func(l *LogFS) error { return l.AddArchive("t.tar", tarOf(t, files)) },
		"tar.gz": func(l *LogFS) error { return l.AddArchive("t.tgz", gz.Bytes()) },
	} {
		l := NewLogFS()
		if err := give(l); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := l.Check(name); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range l.Names() {
			if !strings.HasPrefix(p, "_delta_log/") {
				t.Errorf("%s: kept %s, not a log file", name, p)
			}
		}
		if l.Table != "v2-checkpoints-parquet-with-sidecars" {
			t.Errorf("%s: table %q", name, l.Table)
		}
		got, err := inspect.Inspect(l, "t", inspect.Options{Version: -1, Where: "id > 3"})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.FilesTotal != want.FilesTotal || got.FilesRead != want.FilesRead || got.FilesTotal == 0 {
			t.Errorf("%s: %d of %d files read, the CLI %d of %d", name, got.FilesRead, got.FilesTotal, want.FilesRead, want.FilesTotal)
		}
	}
}

func TestBadGatherings(t *testing.T) {
	l := NewLogFS()
	l.Add("t/part-0.parquet", []byte("x"))
	if err := l.Check("t"); err == nil || !strings.Contains(err.Error(), "no _delta_log files") {
		t.Errorf("no log: %v", err)
	}
	l = NewLogFS()
	l.Add("a/_delta_log/00000000000000000000.json", []byte("{}"))
	l.Add("b/_delta_log/00000000000000000000.json", []byte("{}"))
	if err := l.Check("both"); err == nil || !strings.Contains(err.Error(), "2 tables (a, b)") {
		t.Errorf("two tables: %v", err)
	}
	if err := NewLogFS().AddArchive("x.zip", []byte("not an archive at all")); err == nil || !strings.Contains(err.Error(), "x.zip is neither") {
		t.Errorf("garbage archive: %v", err)
	}
	if err := NewLogFS().AddArchive("x.zip", []byte("PK\x03\x04garbage")); err == nil || !strings.Contains(err.Error(), "x.zip") {
		t.Errorf("truncated zip: %v", err)
	}
}

// countingArchive counts the bytes read through it.
type countingArchive struct {
	*bytes.Reader
	n int64
}

func (c *countingArchive) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.Reader.ReadAt(p, off)
	c.n += int64(n)
	return n, err
}

func (c *countingArchive) Read(p []byte) (int, error) {
	n, err := c.Reader.Read(p)
	c.n += int64(n)
	return n, err
}

// TestArchivesSkipDataFiles: a zip or a tar of a table with a large data file is read for its
// log only, the data file's bytes never.
func TestArchivesSkipDataFiles(t *testing.T) {
	files := tableFiles(t, "dat/basic_partitioned/delta")
	var logBytes int64
	for k, v := range files {
		if Wants(k) {
			logBytes += int64(len(v))
		}
	}
	files["delta/letter=a/part-big.snappy.parquet"] = bytes.Repeat([]byte{7}, 32<<20)
	for kind, data := range map[string][]byte{"zip": zipOf(t, files), "tar": tarOf(t, files)} {
		c := &countingArchive{Reader: bytes.NewReader(data)}
		l := NewLogFS()
		if err := l.AddArchiveFrom("t."+kind, c, int64(len(data))); err != nil {
			t.Fatal(err)
		}
		if l.Size() != logBytes {
			t.Errorf("%s: kept %d bytes of log, want %d", kind, l.Size(), logBytes)
		}
		if _, err := inspect.Inspect(l, "t", inspect.Options{Version: -1}); err != nil {
			t.Fatal(err)
		}
		if c.n > 4*logBytes+1<<20 {
			t.Errorf("%s: read %d bytes of a %d-byte archive for %d bytes of log", kind, c.n, len(data), logBytes)
		}
	}
}

// countedFile is a reader's file that counts the bytes read of it.
type countedFile struct {
	data []byte
	n    *int64
}

func (c countedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := bytes.NewReader(c.data).ReadAt(p, off)
	*c.n += int64(n)
	return n, err
}

// TestReadsWhatTheSnapshotNeeds: of a log given as loose files, the replay reads the checkpoint
// and the commit after it whole, and of each commit the checkpoint covers only the start that
// holds its commitInfo (DESCRIBE HISTORY), not the adds after it.
func TestReadsWhatTheSnapshotNeeds(t *testing.T) {
	m, err := inspecttest.Table(50_000)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLogFS()
	read := map[string]*int64{}
	var all int64
	for name, f := range m {
		read[name] = new(int64)
		all += int64(len(f.Data))
		l.AddFile("t/"+name, int64(len(f.Data)), func() io.ReaderAt { return countedFile{f.Data, read[name]} })
	}
	r, err := inspect.Inspect(l, "t", inspect.Options{Version: -1})
	if err != nil || r.Error != nil || r.FilesTotal != 50_000 {
		t.Fatalf("%v %+v %d files", err, r.Error, r.FilesTotal)
	}
	var sum int64
	for name, n := range read {
		sum += *n
		size := int64(len(m[name].Data))
		lf := deltalog.ParseLogFileName(path.Base(name))
		switch {
		case lf.Kind == deltalog.KindCheckpoint, lf.Kind == deltalog.KindCommit && lf.Version == inspecttest.Commits:
			if *n < size {
				t.Errorf("%s: read %d of its %d bytes", name, *n, size)
			}
		case lf.Kind == deltalog.KindCommit:
			if *n > 64<<10 || *n >= size {
				t.Errorf("%s, covered by the checkpoint: read %d of its %d bytes", name, *n, size)
			}
		}
	}
	if sum != l.Read() {
		t.Errorf("LogFS says %d bytes read, the files %d", l.Read(), sum)
	}
	t.Logf("read %d of the log's %d bytes", sum, all)
}

// TestLooseFilesAreSizedBeforeTheyAreRead: a loose commit of 1.1 GB (File.size) is refused
// naming it and its size, and not a byte of it is read.
func TestLooseFilesAreSizedBeforeTheyAreRead(t *testing.T) {
	for _, c := range []struct {
		name string
		size int64
		want string
	}{
		{deltalog.CommitFileName(0), 1_100_000_000, "1100000000 bytes, over the 256 MiB"},
		{"00000000000000000000.checkpoint.parquet", 1_100_000_000, "1100000000 bytes, over the 1024 MiB"},
	} {
		l := NewLogFS()
		var n int64
		l.AddFile(c.name, c.size, func() io.ReaderAt { return countedFile{make([]byte, 1), &n} })
		_, err := inspect.Inspect(l, "t", inspect.Options{Version: -1})
		if err == nil || !strings.Contains(err.Error(), "_delta_log/"+c.name) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
		if n != 0 {
			t.Errorf("%s: %d bytes read", c.name, n)
		}
	}
}

// TestArchiveEntriesAreCappedBeforeTheyAreHeld: a .tar.gz entry whose header says 1 GiB is
// refused on its header, before it is inflated; a zip's deflated commit of zeros under the
// commit limit is inflated only as far as its first line's limit, never held.
func TestArchiveEntriesAreCappedBeforeTheyAreHeld(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	tw := tar.NewWriter(zw)
	tw.WriteHeader(&tar.Header{Name: "t/_delta_log/" + deltalog.CommitFileName(0), Mode: 0o644, Size: 1 << 30, Typeflag: tar.TypeReg})
	tw.Write(make([]byte, 1<<20)) // the rest never comes: the header alone must be refused
	tw.Flush()
	zw.Close()
	l := NewLogFS()
	err := l.AddArchive("z.tar.gz", gz.Bytes())
	if err == nil || !strings.Contains(err.Error(), "t/_delta_log/"+deltalog.CommitFileName(0)) || !strings.Contains(err.Error(), "1073741824 bytes") {
		t.Errorf("a 1 GiB .tar.gz entry: %v", err)
	}
	if l.Held() != 0 {
		t.Errorf("%d bytes held", l.Held())
	}

	var zb bytes.Buffer
	w := zip.NewWriter(&zb)
	f, _ := w.Create("t/_delta_log/" + deltalog.CommitFileName(0))
	f.Write(make([]byte, 64<<20))
	w.Close()
	l = NewLogFS()
	if err := l.AddArchive("z.zip", zb.Bytes()); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = inspect.Inspect(l, "t", inspect.Options{Version: -1})
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "_delta_log/"+deltalog.CommitFileName(0)+":1:") {
		t.Errorf("a zip of 64 MiB of zeros: %v", err)
	}
	if l.Read() > 2*deltalog.MaxLineBytes {
		t.Errorf("%d bytes inflated to refuse a line over %d", l.Read(), deltalog.MaxLineBytes)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 4*deltalog.MaxLineBytes {
		t.Errorf("%d bytes allocated", a)
	}
}
