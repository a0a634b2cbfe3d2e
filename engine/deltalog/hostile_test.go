package deltalog

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// Hostile logs (issue 49): each is a few KB that once hung the reader or took gigabytes, and
// must now open or fail with an error naming the file and the line or field.

const (
	hostileProto = `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`
	hostileMeta  = `{"metaData":{"id":"m","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{}}}`
	hostileUUID  = "3a0d65cd-4056-49b8-937b-95f9e3ee90e5"
)

func hostileAdd(p string) string {
	return fmt.Sprintf(`{"add":{"path":%q,"partitionValues":{},"size":10,"modificationTime":1,"dataChange":true}}`, p)
}

// hostileTable is commit 0 (protocol, metaData, one add) plus the given files under _delta_log.
func hostileTable(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{
		path.Join(LogDir, CommitFileName(0)): {Data: []byte(`{"commitInfo":{"timestamp":1,"operation":"CREATE TABLE"}}` + "\n" + hostileProto + "\n" + hostileMeta + "\n" + hostileAdd("a") + "\n")},
	}
	for name, data := range files {
		m[path.Join(LogDir, name)] = &fstest.MapFile{Data: []byte(data)}
	}
	return m
}

// v2JSONCheckpointName is a V2 checkpoint's file name in JSON at version v.
func v2JSONCheckpointName(v int64) string {
	return fmt.Sprintf("%020d.checkpoint.%s.json", v, hostileUUID)
}

func v2JSONCheckpoint(v int64, lines ...string) string {
	return strings.Join(append([]string{
		fmt.Sprintf(`{"checkpointMetadata":{"version":%d}}`, v), hostileProto, hostileMeta}, lines...), "\n") + "\n"
}

func wantLogError(t *testing.T, err error, parts ...string) {
	t.Helper()
	var le *LogError
	if !errors.As(err, &le) {
		t.Fatalf("error %v (%T), want a *LogError", err, err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not name %q", err, p)
		}
	}
}

// TestVersionGapIsWalkedByListing: commit 0 and a checkpoint at version 10^15 open at once; the
// history lists the one commit, not 10^15 version numbers.
func TestVersionGapIsWalkedByListing(t *testing.T) {
	const far = int64(1e15)
	m := hostileTable(map[string]string{
		v2JSONCheckpointName(far): v2JSONCheckpoint(far, hostileAdd("b")),
		CommitFileName(far + 1):   `{"commitInfo":{"timestamp":2,"operation":"WRITE"}}` + "\n" + hostileAdd("c") + "\n",
	})
	s, err := readSnapshot(m)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version() != far+1 || s.NumFiles() != 2 {
		t.Errorf("version %d with %d files, want %d with 2", s.Version(), s.NumFiles(), far+1)
	}
	var got []int64
	for _, h := range s.history {
		got = append(got, *h.Version)
	}
	if fmt.Sprint(got) != fmt.Sprint([]int64{0, far + 1}) {
		t.Errorf("history versions %v, want [0 %d]", got, far+1)
	}
	// Time travel into the gap: the checkpoint is not at or before it, commit 1 is missing.
	_, err = OpenSnapshot(m, OpenOptions{Version: far - 1, Parquet: testParquet})
	wantLogError(t, err, path.Join(LogDir, CommitFileName(1)), "commit 1 is missing")
}

// TestLargestVersionDoesNotOverflow: a checkpoint and a commit at the largest version a file
// name can hold (2^63-1) neither wrap the walk around nor hang it.
func TestLargestVersionDoesNotOverflow(t *testing.T) {
	const top = int64(1<<63 - 1)
	m := hostileTable(map[string]string{
		CommitFileName(top): hostileAdd("z") + "\n",
	})
	_, err := readSnapshot(m)
	wantLogError(t, err, CommitFileName(1), "commit 1 is missing")
	m = hostileTable(map[string]string{v2JSONCheckpointName(top): v2JSONCheckpoint(top, hostileAdd("z"))})
	s, err := readSnapshot(m)
	if err != nil || s.Version() != top || s.NumFiles() != 1 {
		t.Fatalf("got %v, %v", s, err)
	}
}

// deepSchema is a schemaString of n structs, each the only field of the one around it.
func deepSchema(n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(`{"type":"struct","fields":[{"name":"s","nullable":true,"metadata":{},"type":`)
	}
	b.WriteString(`"long"`)
	for range n {
		b.WriteString(`}]}`)
	}
	return b.String()
}

func metaWithSchema(schema string) string {
	b, _ := marshalNoEscape(map[string]any{"metaData": Metadata{ID: "m", SchemaString: schema}})
	return string(b)
}

// TestDeepSchema: a schema nested 3,000 structs deep (once 77 s and 1.3 GB) is refused where it
// is read, naming the commit, the line and the field; one within the limit parses, once.
func TestDeepSchema(t *testing.T) {
	c0 := path.Join(LogDir, CommitFileName(0))
	m := fstest.MapFS{c0: {Data: []byte(hostileProto + "\n" + metaWithSchema(deepSchema(3000)) + "\n")}}
	_, err := readSnapshot(m)
	wantLogError(t, err, c0+":2:", "schemaString", fmt.Sprint(MaxSchemaDepth))
	if _, err := ParseSchema(deepSchema(3000)); err == nil || !strings.Contains(err.Error(), "schemaString: nested deeper") {
		t.Errorf("ParseSchema of 3000 levels: %v", err)
	}
	deepest := (MaxSchemaDepth - 1) / 3 // three JSON levels a struct, one for the outer object
	st, err := ParseSchema(deepSchema(deepest))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for f := st.Fields; len(f) == 1; f = f[0].Type.Fields {
		n++
	}
	if n != deepest {
		t.Errorf("parsed %d levels, want %d", n, deepest)
	}
	if _, err := ParseSchema(deepSchema(deepest + 1)); err == nil {
		t.Errorf("%d levels accepted", deepest+1)
	}
}

// BenchmarkParseDeepSchema parses the deepest schema the limit lets through, as wide as the
// line limit allows: the cost grows with the schema's length, not length times depth.
func BenchmarkParseDeepSchema(b *testing.B) {
	s := deepSchema((MaxSchemaDepth - 1) / 3)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if _, err := ParseSchema(s); err != nil {
			b.Fatal(err)
		}
	}
}

// countingFS counts the opens of each file of a MapFS.
type countingFS struct {
	fstest.MapFS
	opens map[string]int
}

func (c countingFS) Open(name string) (fs.File, error) {
	c.opens[name]++
	return c.MapFS.Open(name)
}

func sidecarLine(p string) string {
	return fmt.Sprintf(`{"sidecar":{"path":%q,"sizeInBytes":1,"modificationTime":1}}`, p)
}

// TestSidecarReadOnce: one sidecar named 1,000 times (once 110 s and 886 MB) is read once.
func TestSidecarReadOnce(t *testing.T) {
	refs := make([]string, 1000)
	for i := range refs {
		refs[i] = sidecarLine("s.json")
	}
	m := hostileTable(map[string]string{
		v2JSONCheckpointName(1):         v2JSONCheckpoint(1, refs...),
		path.Join(SidecarDir, "s.json"): hostileAdd("b") + "\n" + hostileAdd("c") + "\n",
	})
	c := countingFS{m, map[string]int{}}
	s, err := readSnapshot(c)
	if err != nil {
		t.Fatal(err)
	}
	if s.NumFiles() != 2 {
		t.Errorf("%d files, want 2", s.NumFiles())
	}
	if n := c.opens[path.Join(LogDir, SidecarDir, "s.json")]; n != 1 {
		t.Errorf("sidecar opened %d times, want once", n)
	}
}

// TestSidecarCap: a checkpoint naming more than MaxSidecars files is refused, naming the
// checkpoint, before any sidecar is read.
func TestSidecarCap(t *testing.T) {
	refs := make([]string, MaxSidecars+1)
	for i := range refs {
		refs[i] = sidecarLine(fmt.Sprintf("s%d.json", i))
	}
	m := hostileTable(map[string]string{v2JSONCheckpointName(1): v2JSONCheckpoint(1, refs...)})
	c := countingFS{m, map[string]int{}}
	_, err := readSnapshot(c)
	wantLogError(t, err, v2JSONCheckpointName(1)+": ", fmt.Sprintf("more than %d sidecar files", MaxSidecars))
	for name := range c.opens {
		if strings.Contains(name, SidecarDir) {
			t.Errorf("%s read before the cap was checked", name)
		}
	}
}

// TestSidecarsConfined: a sidecar is a file name under _delta_log/_sidecars; any other path is
// refused, naming the checkpoint that names it and the path, and nothing outside is read.
func TestSidecarsConfined(t *testing.T) {
	cp := v2JSONCheckpointName(1)
	for _, p := range []string{"../secret.json", "../../secret.json", "/etc/passwd", "s3://bucket/t/_delta_log/_sidecars/s.json",
		"_sidecars/s.json", ".", "..", "../" + cp, `..\secret.json`} {
		t.Run(p, func(t *testing.T) {
			m := hostileTable(map[string]string{
				cp:                              v2JSONCheckpoint(1, sidecarLine(p)),
				path.Join(SidecarDir, "s.json"): hostileAdd("b") + "\n",
			})
			m["secret.json"] = &fstest.MapFile{Data: []byte(hostileAdd("secret") + "\n")}
			m[path.Join(LogDir, "secret.json")] = &fstest.MapFile{Data: []byte(hostileAdd("secret") + "\n")}
			c := countingFS{m, map[string]int{}}
			_, err := readSnapshot(c)
			wantLogError(t, err, path.Join(LogDir, cp)+": ", fmt.Sprintf("%q", p), "not a file name")
			if c.opens["secret.json"]+c.opens[path.Join(LogDir, "secret.json")] > 0 {
				t.Errorf("a file outside %s/%s was read", LogDir, SidecarDir)
			}
		})
	}
	// The checkpoint's own name, as a name: looked for under _sidecars, and missing.
	m := hostileTable(map[string]string{cp: v2JSONCheckpoint(1, sidecarLine(cp))})
	_, err := readSnapshot(m)
	wantLogError(t, err, path.Join(LogDir, cp)+": ", "sidecar "+path.Join(LogDir, SidecarDir, cp)+" is missing")
}

// lastCheckpointFS serves _delta_log/_last_checkpoint as an endless stream of zeros (a link to
// /dev/zero) or as a file that claims a size, and counts the bytes read from it.
type lastCheckpointFS struct {
	m    fstest.MapFS // not embedded: its ReadFile would be used instead of Open
	mode fs.FileMode
	size int64
	read *int64
}

func (l lastCheckpointFS) Open(name string) (fs.File, error) {
	if name != path.Join(LogDir, "_last_checkpoint") {
		return l.m.Open(name)
	}
	return &zeroFile{l}, nil
}

func (l lastCheckpointFS) Stat(name string) (fs.FileInfo, error) {
	if name != path.Join(LogDir, "_last_checkpoint") {
		return l.m.Stat(name)
	}
	return &zeroFile{l}, nil
}

type zeroFile struct{ l lastCheckpointFS }

func (z *zeroFile) Stat() (fs.FileInfo, error) { return z, nil }
func (z *zeroFile) Close() error               { return nil }
func (z *zeroFile) Read(b []byte) (int, error) {
	if *z.l.read > 64<<20 {
		return 0, errors.New("test: read on past 64 MiB") // an unbounded reader stops here, not at the OOM killer
	}
	clear(b)
	*z.l.read += int64(len(b))
	return len(b), nil
}
func (z *zeroFile) Name() string       { return "_last_checkpoint" }
func (z *zeroFile) Size() int64        { return z.l.size }
func (z *zeroFile) Mode() fs.FileMode  { return z.l.mode }
func (z *zeroFile) ModTime() time.Time { return time.Time{} }
func (z *zeroFile) IsDir() bool        { return false }
func (z *zeroFile) Sys() any           { return nil }

// TestLastCheckpointBounded: _last_checkpoint as /dev/zero, as an 8 GiB sparse file, or as a
// small file that streams on past its stated size is read at most MaxLastCheckpointBytes+1
// bytes (the listing decides the snapshot, as before).
func TestLastCheckpointBounded(t *testing.T) {
	for _, c := range []struct {
		name string
		mode fs.FileMode
		size int64
		max  int64
	}{
		{"device", fs.ModeDevice | fs.ModeCharDevice, 0, 0},
		{"8 GiB sparse", 0, 8 << 30, 0},
		{"grows after stat", 0, 10, MaxLastCheckpointBytes + 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := hostileTable(nil)
			m[path.Join(LogDir, "_last_checkpoint")] = &fstest.MapFile{}
			var read int64
			s, err := readSnapshot(lastCheckpointFS{m, c.mode, c.size, &read})
			if err != nil || s.NumFiles() != 1 {
				t.Fatalf("got %v, %v", s, err)
			}
			if read > c.max {
				t.Errorf("read %d bytes of _last_checkpoint, want at most %d", read, c.max)
			}
		})
	}
}
