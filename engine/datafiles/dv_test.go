package datafiles

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
)

// TestZ85SpecVector is the example of https://rfc.zeromq.org/spec/32/.
func TestZ85SpecVector(t *testing.T) {
	b, err := decodeZ85("HelloWorld")
	if err != nil || !bytes.Equal(b, []byte{0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B}) {
		t.Fatalf("% x, %v", b, err)
	}
	for _, bad := range []string{"Hello", "Hell~World", "#####"} {
		if _, err := decodeZ85(bad); err == nil && bad != "Hello" {
			t.Errorf("%q decoded", bad)
		}
	}
}

// TestInlineDVProtocolExample is PROTOCOL.md's "JSON Example 3 — Inline" (rows 3, 4, 7, 11, 18,
// 29). Its bytes are Delta's native format with a big-endian header (magic 1681511376, count,
// size), which Delta's reader refuses: RoaringBitmapArray.readFrom reads little-endian
// (spark/src/main/scala/org/apache/spark/sql/delta/deletionvectors/RoaringBitmapArray.scala).
// So is it refused here, naming the magic number; with its header little-endian, as Delta writes
// the native format, its 32-bit bitmap decodes to the rows the protocol lists.
func TestInlineDVProtocolExample(t *testing.T) {
	const example = "wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L"
	dv := &deltalog.DeletionVectorDescriptor{StorageType: "i", PathOrInlineDv: example, SizeInBytes: 40, Cardinality: 6}
	if _, err := deletedRows(nil, dv, 100); err == nil || !strings.Contains(err.Error(), "magic number") {
		t.Fatalf("the big-endian example: %v", err)
	}
	raw, err := decodeZ85(example)
	if err != nil {
		t.Fatal(err)
	}
	le := bytes.Clone(raw)
	for _, at := range []int{0, 4, 8} { // magic, number of bitmaps, size of bitmap 0
		binary.LittleEndian.PutUint32(le[at:], binary.BigEndian.Uint32(raw[at:]))
	}
	got, err := decodeBitmapArray(le, 100, 6)
	if err != nil || !slices.Equal(got, []uint64{3, 4, 7, 11, 18, 29}) {
		t.Fatalf("%v, %v", got, err)
	}
	// Its rows must lie in the file, and number at most its cardinality.
	if _, err := decodeBitmapArray(le, 20, 6); err == nil || !strings.Contains(err.Error(), "past the file") {
		t.Errorf("a row past the file: %v", err)
	}
	if _, err := decodeBitmapArray(le, 100, 5); err == nil {
		t.Error("a bitmap holding more rows than its cardinality was accepted")
	}
}

// TestInlineDVRoundTrip reads an inline ('i') DV of the portable format, Z85-encoded here.
func TestInlineDVRoundTrip(t *testing.T) {
	var data bytes.Buffer
	binary.Write(&data, binary.LittleEndian, uint32(magicPortable))
	binary.Write(&data, binary.LittleEndian, uint64(1))
	binary.Write(&data, binary.LittleEndian, uint32(0))
	data.Write(roaring32(t, []testContainer{{0, 'a', []uint16{2, 9}}}, false))
	b := data.Bytes()
	size := len(b)
	for len(b)%4 != 0 {
		b = append(b, 0) // Z85 encodes whole 4-byte blocks; sizeInBytes says where the DV ends
	}
	dv := &deltalog.DeletionVectorDescriptor{StorageType: "i", PathOrInlineDv: encodeZ85(b), SizeInBytes: int32(size), Cardinality: 2}
	got, err := deletedRows(nil, dv, 10)
	if err != nil || !slices.Equal(got, []uint64{2, 9}) {
		t.Fatalf("%v, %v", got, err)
	}
}

// encodeZ85 is Z85's encoder (https://rfc.zeromq.org/spec/32/), for tests.
func encodeZ85(b []byte) string {
	var out []byte
	for i := 0; i < len(b); i += 4 {
		v := binary.BigEndian.Uint32(b[i:])
		var block [5]byte
		for j := 4; j >= 0; j-- {
			block[j] = z85Alphabet[v%85]
			v /= 85
		}
		out = append(out, block[:]...)
	}
	return string(out)
}

// TestUUIDPathProtocolExample is PROTOCOL.md's "JSON Example 1": prefix "ab", UUID d2c639aa-....
func TestUUIDPathProtocolExample(t *testing.T) {
	got, err := dvPath("ab^-aqEH.-t@S}K{vb[*k^")
	if want := "ab/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin"; err != nil || got != want {
		t.Fatalf("%q, %v; want %q", got, err, want)
	}
}

// roaring32 encodes one 32-bit Roaring bitmap as the RoaringFormatSpec lays it out, written here
// from the spec (not from the decoder): containers is key -> (kind, values).
func roaring32(_ *testing.T, containers []testContainer, withRuns bool) []byte {
	var b bytes.Buffer
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	n := len(containers)
	if withRuns {
		le(uint32(12347) | uint32(n-1)<<16)
		runs := make([]byte, (n+7)/8)
		for i, c := range containers {
			if c.kind == 'r' {
				runs[i/8] |= 1 << (i % 8)
			}
		}
		b.Write(runs)
	} else {
		le(uint32(12346))
		le(uint32(n))
	}
	for _, c := range containers {
		le(c.key)
		le(uint16(len(c.vals) - 1))
	}
	if !withRuns || n >= 4 {
		for range containers {
			le(uint32(0)) // offsets: not read
		}
	}
	for _, c := range containers {
		switch c.kind {
		case 'a':
			for _, v := range c.vals {
				le(v)
			}
		case 'b':
			var words [1024]uint64
			for _, v := range c.vals {
				words[v/64] |= 1 << (v % 64)
			}
			le(words)
		case 'r': // one run per consecutive stretch
			var runs [][2]uint16
			for i, v := range c.vals {
				if i > 0 && v == c.vals[i-1]+1 {
					runs[len(runs)-1][1]++
					continue
				}
				runs = append(runs, [2]uint16{v, 0})
			}
			le(uint16(len(runs)))
			le(runs)
		}
	}
	return b.Bytes()
}

type testContainer struct {
	key  uint16
	kind byte
	vals []uint16
}

// TestRoaringContainers decodes array, bitmap and run containers in two 64-bit buckets, in the
// portable format Delta writes.
func TestRoaringContainers(t *testing.T) {
	var dense []uint16
	for v := uint16(0); v < 6000; v += 2 {
		dense = append(dense, v) // 3000 values: stored as an array
	}
	var bitmap []uint16
	for v := 0; v < 65536; v += 3 {
		bitmap = append(bitmap, uint16(v)) // 21846 values: a bitmap container
	}
	run := []uint16{10, 11, 12, 13, 100, 101, 65535}
	b0 := roaring32(t, []testContainer{{0, 'a', dense}, {1, 'b', bitmap}, {5, 'r', run}}, true)
	b1 := roaring32(t, []testContainer{{2, 'a', []uint16{7}}}, false)
	var data bytes.Buffer
	binary.Write(&data, binary.LittleEndian, uint32(magicPortable))
	binary.Write(&data, binary.LittleEndian, uint64(2))
	binary.Write(&data, binary.LittleEndian, uint32(0))
	data.Write(b0)
	binary.Write(&data, binary.LittleEndian, uint32(3))
	data.Write(b1)
	var want []uint64
	for _, v := range dense {
		want = append(want, uint64(v))
	}
	for _, v := range bitmap {
		want = append(want, 1<<16|uint64(v))
	}
	for _, v := range run {
		want = append(want, 5<<16|uint64(v))
	}
	want = append(want, 3<<32|2<<16|7)
	got, err := decodeBitmapArray(data.Bytes(), 1<<40, int64(len(want)))
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("%d values (%v), want %d", len(got), err, len(want))
	}
	// Cut short anywhere, it is an error, never a panic.
	for n := 0; n < data.Len(); n += 97 {
		if _, err := decodeBitmapArray(data.Bytes()[:n], 1<<40, int64(len(want))); err == nil {
			t.Errorf("cut at %d: no error", n)
		}
	}
}

// TestStoredDVChecks copies a real table whose deletion vector sits in a file ('u', offset 1)
// and corrupts that file: a flipped bitmap byte fails the CRC-32, a wrong dataSize the
// descriptor's size; both are errors naming the DV file and the data file.
func TestStoredDVChecks(t *testing.T) {
	src := logTables + "delta/kernel-defaults-basic-dv-with-checkpoint"
	fsys := fstest.MapFS{}
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(src, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	var dvFile string // the DV file a live add uses (older ones are superseded)
	for _, f := range snap.AllFiles() {
		if f.DeletionVector() != nil {
			if dvFile, err = dvPath(f.DeletionVector().PathOrInlineDv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if fsys[dvFile] == nil {
		t.Fatalf("no live DV file (%q)", dvFile)
	}
	if _, err := Read(fsys, snap, Options{}); err != nil {
		t.Fatal(err)
	}
	orig := fsys[dvFile].Data
	// The file: version byte, then for the DV at offset 1: dataSize, bitmap, CRC.
	size := binary.BigEndian.Uint32(orig[1:])
	if crc32.ChecksumIEEE(orig[5:5+size]) != binary.BigEndian.Uint32(orig[5+size:]) {
		t.Fatal("the fixture's CRC does not match: the test misreads the format")
	}
	for what, corrupt := range map[string]func([]byte){
		"CRC-32":   func(b []byte) { b[5+size-1] ^= 0x40 },
		"dataSize": func(b []byte) { binary.BigEndian.PutUint32(b[1:], size+1) },
		"version":  func(b []byte) { b[0] = 2 },
	} {
		b := bytes.Clone(orig)
		corrupt(b)
		fsys[dvFile] = &fstest.MapFile{Data: b}
		_, err := Read(fsys, snap, Options{})
		if err == nil || !strings.Contains(err.Error(), what) || !strings.Contains(err.Error(), dvFile) || !strings.Contains(err.Error(), ".parquet") {
			t.Errorf("%s corrupted: %v", what, err)
		}
	}
	fsys[dvFile] = &fstest.MapFile{Data: orig}
}
