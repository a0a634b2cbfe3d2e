package advisepage

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/advise"
	"layoutlab/engine/datafiles"
	"layoutlab/engine/datafiles/datafilestest"
	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
)

// eventsDir is engine/advise's generated event table: 16 Parquet files and their log.
const eventsDir = "../../engine/advise/testdata/events"

// pack writes dir's files under its base name into a zip (deflated or stored), a tar or a
// .tar.gz, as a reader's archive of the folder would hold them.
func pack(t *testing.T, dir, kind string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, tw := zip.NewWriter(&buf), tar.NewWriter(&buf)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		rel = filepath.ToSlash(rel)
		var w io.Writer
		switch kind {
		case "zip", "zip-stored":
			m := zip.Deflate
			if kind == "zip-stored" {
				m = zip.Store
			}
			w, err = zw.CreateHeader(&zip.FileHeader{Name: rel, Method: m})
		case "tar", "tar.gz":
			err = tw.WriteHeader(&tar.Header{Name: rel, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg})
			w = tw
		}
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if kind == "tar.gz" {
		tw.Close()
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(buf.Bytes())
		zw.Close()
		return gz.Bytes()
	}
	if kind == "tar" {
		tw.Close()
	} else {
		zw.Close()
	}
	return buf.Bytes()
}

// folder gathers dir's files as a folder picker gives them: paths under the folder's name.
func folder(t *testing.T, dir string) *TableFS {
	return folderOf(t, dir, func(string) bool { return true })
}

// folderOf gathers the files of dir that keep keeps.
func folderOf(t *testing.T, dir string, keep func(rel string) bool) *TableFS {
	t.Helper()
	var paths []string
	var sizes []int64
	var datas [][]byte
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		if !keep(filepath.ToSlash(rel)) {
			return nil
		}
		paths, sizes, datas = append(paths, filepath.ToSlash(rel)), append(sizes, int64(len(b))), append(datas, b)
		return nil
	})
	// A stray file beside the table is not the table's.
	paths, sizes, datas = append(paths, "notes.txt"), append(sizes, 3), append(datas, []byte("hi\n"))
	tfs, err := NewTableFS("events", paths, sizes, func(i int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
		return func() io.ReaderAt { return bytes.NewReader(datas[i]) }, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tfs
}

// adviseOn runs the page's advisor on fsys, and engine/advise as the CLI runs it on the folder.
func adviseOn(t *testing.T, fsys fs.StatFS, workload string) *advise.Report {
	return adviseWith(t, fsys, workload, readmeKnobs)
}

// readmeKnobs are the README's run's flags: --max-file-size 20000 --ingest-gb-per-day 0.001,
// which cut the small event table into several files per candidate.
var readmeKnobs = Knobs{Keys: "event_date,user_id", MaxFileSize: "20000", IngestGBPerDay: "0.001"}

func adviseWith(t *testing.T, fsys fs.StatFS, workload string, k Knobs) *advise.Report {
	t.Helper()
	base, in, err := inspect.Open(fsys, "events", inspect.Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Advise(fsys, "events", in, base, workload, k, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTableFSReadsWhatTheFolderHolds: the table gathered from a folder's files, a deflated zip,
// a stored zip and a tar gives the advice os.DirFS gives, figure for figure, and the same rows.
func TestTableFSReadsWhatTheFolderHolds(t *testing.T) {
	w, err := os.ReadFile("../../engine/advise/testdata/mixed.workload")
	if err != nil {
		t.Fatal(err)
	}
	want := adviseOn(t, os.DirFS(eventsDir).(fs.StatFS), string(w))
	if len(want.Candidates) < 3 || want.Recommendation == nil || want.Sample == nil {
		t.Fatalf("the folder's advice has %d candidates, recommendation %v", len(want.Candidates), want.Recommendation)
	}
	sources := map[string]*TableFS{"folder": folder(t, eventsDir)}
	for _, kind := range []string{"zip", "zip-stored", "tar", "tar.gz"} {
		b := pack(t, eventsDir, kind)
		yields := 0
		tfs, err := NewTableFSFromArchive("events."+kind, bytes.NewReader(b), int64(len(b)), func(work.Progress) error { yields++; return nil })
		if kind == "tar.gz" && yields == 0 {
			t.Error("tar.gz: no yield while it inflated")
		}
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		sources[kind] = tfs
	}
	for name, tfs := range sources {
		if tfs.Root != "events" || tfs.Data != 16 {
			t.Errorf("%s: root %q, %d data files; want events, 16", name, tfs.Root, tfs.Data)
		}
		if got := adviseOn(t, tfs, string(w)); asJSON(t, got) != asJSON(t, want) {
			t.Errorf("%s: the advice differs from the folder's:\n%s\n%s", name, asJSON(t, got), asJSON(t, want))
		}
		_, in, _ := inspect.Open(tfs, "events", inspect.Options{Version: -1})
		rows, err := datafiles.Read(tfs, in.Snapshot(), datafiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir, _ := datafiles.Read(os.DirFS(eventsDir), in.Snapshot(), datafiles.Options{})
		if !reflect.DeepEqual(datafilestest.ColumnChecksums(rows.Table), datafilestest.ColumnChecksums(dir.Table)) {
			t.Errorf("%s: the rows read differ from the folder's", name)
		}
	}
}

// TestTableFSWithoutDataFiles: the log alone gives today's figures and the message, no candidate.
func TestTableFSWithoutDataFiles(t *testing.T) {
	tfs := folderOf(t, eventsDir, func(rel string) bool { return strings.Contains(rel, "/_delta_log/") })
	if tfs.Data != 0 {
		t.Fatalf("%d data files", tfs.Data)
	}
	rep := adviseOn(t, tfs, "user_id = 9702910")
	if rep.Sample != nil || len(rep.Candidates) != 0 || !strings.Contains(rep.Message, "a what-if needs the data files") {
		t.Errorf("without data files: sample %v, %d candidates, message %q", rep.Sample, len(rep.Candidates), rep.Message)
	}
	if len(rep.Today.Queries) != 1 || rep.Today.Queries[0].FilesRead < 1 {
		t.Errorf("today: %+v", rep.Today)
	}
	html := ReportHTML(rep, nil)
	if !strings.Contains(html, `id="advise-message"`) || strings.Contains(html, "advise-pareto") {
		t.Errorf("the view without data files:\n%s", html)
	}
}

// TestTableFSRefuses: what is not one table is refused, naming what was picked.
func TestTableFSRefuses(t *testing.T) {
	open := func(int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
		return func() io.ReaderAt { return bytes.NewReader(nil) }, nil
	}
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{"a/part-0.parquet"}, "holds no _delta_log files"},
		{[]string{"a/_delta_log/00000000000000000000.json", "b/_delta_log/00000000000000000000.json"}, "the logs of 2 tables ('a', 'b')"},
	} {
		_, err := NewTableFS("picked", c.paths, make([]int64, len(c.paths)), open)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "picked") {
			t.Errorf("%v: %v, want %q", c.paths, err, c.want)
		}
	}
	if _, err := NewTableFSFromArchive("x.bin", bytes.NewReader([]byte("not an archive")), 14, nil); err == nil || !strings.Contains(err.Error(), "x.bin is neither a zip nor") {
		t.Errorf("not an archive: %v", err)
	}
}

// TestKnobsAsTheCLIChecksThem: the view's fields are refused as the CLI refuses its flags.
func TestKnobsAsTheCLIChecksThem(t *testing.T) {
	for _, c := range []struct {
		k    Knobs
		want string
	}{
		{Knobs{Keys: "a,,b"}, "an empty key"},
		{Knobs{MaxFileSize: "12"}, "1 KiB..1 TiB"},
		{Knobs{MaxFileSize: "lots"}, "not a whole number"},
		{Knobs{IngestGBPerDay: "-1"}, "0..1e6"},
	} {
		if _, err := c.k.options("t"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.k, err, c.want)
		}
	}
	o, err := Knobs{Keys: "a, b; c", MaxFileSize: "20_000", IngestGBPerDay: "0.5"}.options("my`t")
	if err != nil || fmt.Sprint(o.Keys) != "[[a b] [c]]" || o.MaxFileSize != 20000 || o.IngestBytesPerDay != 0.5*(1<<30) || o.Table != "delta.`my``t`" {
		t.Errorf("options %+v, %v", o, err)
	}
}

// TestCancel: a Yield that says stop ends the read of the rows, then the candidates' layout,
// and its error is Advise's as it is: the error the page takes for a cancel.
func TestCancel(t *testing.T) {
	tfs := folder(t, eventsDir)
	base, in, _ := inspect.Open(tfs, "events", inspect.Options{Version: -1})
	stop := errors.New("cancelled")
	calls, last := 0, -1 // the read is told each row group, and between a group's columns
	_, err := Advise(tfs, "events", in, base, "user_id = 1", readmeKnobs, func(p work.Progress) error {
		calls++
		if p.Step != datafiles.ReadStep || p.Unit != "row groups" {
			t.Errorf("told %v while reading", p)
		}
		last = p.Done
		if p.Done >= 3 {
			return stop
		}
		return nil
	})
	if err != stop || last != 3 {
		t.Errorf("stopped at row group 3: %v after %d calls, the last at row group %d", err, calls, last)
	}
	seen := []int{}
	_, err = Advise(tfs, "events", in, base, "user_id = 1", readmeKnobs, func(p work.Progress) error {
		if p.Step != advise.CandidatesStep { // the rows read, the candidates prepared
			return nil
		}
		seen = append(seen, p.Done)
		if p.Done >= 2 {
			return stop
		}
		return nil
	})
	// Told before each candidate and again between its stages (its layout, pruning, each day of
	// its nightly timeline).
	if err != stop || fmt.Sprint(slices.Compact(slices.Clone(seen))) != "[0 1 2]" || len(seen) < 6 {
		t.Errorf("stopped before candidate 2: %v, progress %v, want 0s, 1s, then 2", err, seen)
	}
}
