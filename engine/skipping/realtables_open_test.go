package skipping

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/stats"
)

// tableRoots are the folders that hold the repository's real Delta tables, with or without their
// data files, relative to this package.
var tableRoots = []string{"../deltalog/testdata/tables", "testdata/tables"}

// corruptTables are tables kept in the corpus because they are broken on purpose, by the file
// their error must name. None today: a table added here must say how it was broken.
var corruptTables = map[string]string{}

// featureRefusals are the classes with which Delta refuses a table whose protocol a reader does
// not support (DeltaErrors.unsupportedReaderTableFeaturesInTableException,
// invalidProtocolVersionException).
var featureRefusals = map[string]bool{
	"DELTA_UNSUPPORTED_FEATURES_FOR_READ": true,
	"DELTA_INVALID_PROTOCOL_VERSION":      true,
}

// findDeltaTables walks root for _delta_log folders and returns their tables' folders.
func findDeltaTables(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == deltalog.LogDir {
			out = append(out, filepath.ToSlash(filepath.Dir(p)))
			return fs.SkipDir
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking %s: %v", root, err)
	}
	return out
}

// openForInspect opens a table the way inspect does before it answers anything: the snapshot, the
// protocol check, the schema, and every file's statistics against the skipping schema.
func openForInspect(dir string) error {
	snap, err := deltalog.OpenSnapshot(os.DirFS(dir), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		return err
	}
	if err := deltalog.CheckReadable(snap.Protocol()); err != nil {
		return err
	}
	schema, err := deltalog.ParseSchema(snap.Metadata().SchemaString)
	if err != nil {
		return err
	}
	_, physical := schema.SkippingSchema()
	files := snap.AllFiles()
	parser := stats.NewJSONParser(physical.Leaves(), len(files))
	for _, f := range files {
		if f.Stats == "" {
			continue
		}
		var p stats.Parsed
		if err := parser.Parse(f.Stats, &p); err != nil {
			return &deltalog.LogError{File: f.Path, Msg: "stats: " + err.Error()}
		}
	}
	return nil
}

// TestEveryTableOpensOrIsRefusedByFeature: every real table in the repository opens, or is refused
// with Delta's class for the reader feature (or protocol version) it lacks, naming that feature;
// a table broken on purpose fails naming its broken file. Any other error fails the test.
func TestEveryTableOpensOrIsRefusedByFeature(t *testing.T) {
	var opened, refused []string
	for _, root := range tableRoots {
		tables := findDeltaTables(t, root)
		if len(tables) == 0 {
			t.Fatalf("no tables under %s", root)
		}
		for _, dir := range tables {
			name := strings.TrimPrefix(dir, root+"/")
			switch verdict, err := classifyOpen(dir, corruptTables[name]); verdict {
			case opensOK:
				opened = append(opened, name)
			case refusedByFeature:
				refused = append(refused, name+": "+err.Error())
			case brokenAsExpected:
			default:
				t.Errorf("%s: refused for a reason other than a reader feature it lacks: %v", name, err)
			}
		}
	}
	sort.Strings(opened)
	sort.Strings(refused)
	t.Logf("%d tables open, %d refused by a reader feature:\n%s", len(opened), len(refused), strings.Join(refused, "\n"))
	if len(opened) == 0 {
		t.Error("no table opened")
	}
}

type openVerdict int

const (
	opensOK openVerdict = iota
	refusedByFeature
	brokenAsExpected
	refusedOtherwise
)

// classifyOpen opens the table at dir and says how it went. brokenFile, when set, is the file a
// table broken on purpose must name in its error.
func classifyOpen(dir, brokenFile string) (openVerdict, error) {
	err := openForInspect(dir)
	if brokenFile != "" {
		if err != nil && strings.Contains(err.Error(), brokenFile) {
			return brokenAsExpected, err
		}
		return refusedOtherwise, err
	}
	if err == nil {
		return opensOK, nil
	}
	var ref *deltalog.Refusal
	if errors.As(err, &ref) && featureRefusals[ref.Class] && namesLackedFeature(dir, ref) {
		return refusedByFeature, err
	}
	return refusedOtherwise, err
}

// TestClassifyOpen checks the corpus test's own verdicts on tables written here: a reader feature
// this reader lacks is a feature refusal; a commit that is not JSON is not, unless the table is
// listed as broken in that file.
func TestClassifyOpen(t *testing.T) {
	write := func(commit string) string {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, deltalog.LogDir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, deltalog.LogDir, deltalog.CommitFileName(0)), []byte(commit), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	const md = `{"metaData":{"id":"x","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{}}}`
	ok := write(`{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}` + "\n" + md + "\n")
	feature := write(`{"protocol":{"minReaderVersion":3,"minWriterVersion":7,"readerFeatures":["someFutureFeature"],"writerFeatures":["someFutureFeature"]}}` + "\n" + md + "\n")
	broken := write(`{"protocol":{"minReaderVersion":1,` + "\n")
	for _, tc := range []struct {
		dir, brokenFile string
		want            openVerdict
	}{
		{ok, "", opensOK},
		{feature, "", refusedByFeature},
		{broken, "", refusedOtherwise},
		{broken, deltalog.CommitFileName(0), brokenAsExpected},
		{ok, deltalog.CommitFileName(0), refusedOtherwise}, // listed as broken but opens
	} {
		if got, err := classifyOpen(tc.dir, tc.brokenFile); got != tc.want {
			t.Errorf("%s (broken in %q): verdict %d, want %d (%v)", tc.dir, tc.brokenFile, got, tc.want, err)
		}
	}
}

// namesLackedFeature reports whether a feature refusal names one of the table's reader features
// that this reader does not support (or, for a version refusal, the table's reader version).
func namesLackedFeature(dir string, ref *deltalog.Refusal) bool {
	snap, err := deltalog.OpenSnapshot(os.DirFS(dir), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		return false
	}
	p := snap.Protocol()
	if ref.Class == "DELTA_INVALID_PROTOCOL_VERSION" {
		return p.MinReaderVersion > deltalog.TableFeaturesMinReaderVersion
	}
	for _, f := range p.ReaderFeatures {
		supported := false
		for _, s := range deltalog.SupportedReaderFeatures {
			supported = supported || s == f
		}
		if !supported && strings.Contains(ref.Message, f) {
			return true
		}
	}
	return false
}
