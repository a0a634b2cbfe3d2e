package parquetjson

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/format"

	"layoutlab/engine/deltalog"
)

// openWith opens the table at fsys through Rows (typed adds) or, when lines, through Lines only.
func openWith(t *testing.T, fsys fstest.MapFS, lines bool, opt deltalog.OpenOptions) (*deltalog.Snapshot, error) {
	t.Helper()
	opt.Parquet = Rows
	if lines {
		opt.Parquet = linesAsRows
	}
	return deltalog.OpenSnapshot(fsys, opt)
}

func readTable(t *testing.T, dir string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLegacyShapesMatchTheirJSONTwin: a checkpoint whose maps and lists use each legacy shape
// (testdata/legacy, see PROVENANCE.md) opens, through both decoders, to the snapshot its JSON
// commits give.
func TestLegacyShapesMatchTheirJSONTwin(t *testing.T) {
	for _, s := range legacyShapes {
		t.Run(s.name, func(t *testing.T) {
			m := readTable(t, filepath.Join("testdata/legacy", s.name))
			cp := m["_delta_log/00000000000000000001.checkpoint.parquet"].Data
			_, md := footerOf(cp)
			var names []string
			for _, el := range md.Schema {
				names = append(names, el.Name)
			}
			if slices.Contains(names, "key_value") && slices.Contains(names, "element") {
				t.Fatalf("the checkpoint has the standard names only: %v", names)
			}
			want, err := openWith(t, m, false, deltalog.OpenOptions{Version: -1, NoCheckpoint: true})
			if err != nil {
				t.Fatal(err)
			}
			// Only the checkpoint: the snapshot cannot come from the commits.
			onlyCP := fstest.MapFS{"_delta_log/00000000000000000001.checkpoint.parquet": m["_delta_log/00000000000000000001.checkpoint.parquet"]}
			for _, lines := range []bool{false, true} {
				got, err := openWith(t, onlyCP, lines, deltalog.OpenOptions{Version: -1})
				if err != nil {
					t.Fatalf("lines=%v: %v", lines, err)
				}
				if got.Version() != 1 {
					t.Errorf("lines=%v: version %d", lines, got.Version())
				}
				wf, gf := want.Files(), got.Files()
				for i := range wf {
					wf[i].DataChange = false // a checkpoint's adds have dataChange false
				}
				if !reflect.DeepEqual(wf, gf) {
					t.Errorf("lines=%v: files differ:\nJSON       %+v\ncheckpoint %+v", lines, wf, gf)
				}
				if !reflect.DeepEqual(want.Metadata(), got.Metadata()) {
					t.Errorf("lines=%v: metadata differs:\nJSON       %+v\ncheckpoint %+v", lines, want.Metadata(), got.Metadata())
				}
				if !reflect.DeepEqual(want.Protocol(), got.Protocol()) {
					t.Errorf("lines=%v: protocol differs:\nJSON       %+v\ncheckpoint %+v", lines, want.Protocol(), got.Protocol())
				}
			}
		})
	}
}

// hostileAllocLimit bounds what opening a hostile checkpoint may allocate in all (the files are
// a few KB; the counts they declare would take gigabytes).
const hostileAllocLimit = 64 << 20

// TestHostileCheckpoints: each checkpoint of testdata/hostile declares a count or size its file
// cannot hold; opening the table fails with an error that names the checkpoint and the field,
// having allocated a bounded amount.
func TestHostileCheckpoints(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			m := readTable(t, filepath.Join("testdata/hostile", c.name))
			for _, lines := range []bool{false, true} {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				_, err := openWith(t, m, lines, deltalog.OpenOptions{Version: -1})
				runtime.ReadMemStats(&after)
				var le *deltalog.LogError
				if !errors.As(err, &le) || le.File != "_delta_log/00000000000000000001.checkpoint.parquet" || !strings.Contains(le.Msg, c.field) {
					t.Errorf("lines=%v: got %v, want an error naming the checkpoint and %s", lines, err, c.field)
				}
				limit := uint64(hostileAllocLimit)
				if c.field == "MaxDecodedBytes" { // decoded up to the limit, by design
					limit += 2 * MaxDecodedBytes
				}
				if a := after.TotalAlloc - before.TotalAlloc; a > limit {
					t.Errorf("lines=%v: allocated %d bytes", lines, a)
				}
				t.Logf("allocated %d bytes: %v", after.TotalAlloc-before.TotalAlloc, err)
			}
		})
	}
}

// TestEveryCodecPassesTheChecks: a checkpoint compressed with each codec the reader takes opens
// to the same lines (the page checks decompress each page to count it), and one whose page says
// it decompresses to less than it does is refused naming uncompressed_page_size.
func TestEveryCodecPassesTheChecks(t *testing.T) {
	want, err := Lines(genPlain())
	if err != nil {
		t.Fatal(err)
	}
	for _, codec := range []compress.Codec{&parquet.Uncompressed, &parquet.Snappy, &parquet.Gzip, &parquet.Zstd, &parquet.Brotli, &parquet.Lz4Raw} {
		var b bytes.Buffer
		w := parquet.NewGenericWriter[genRow[*string]](&b, append(slices.Clone(genOptions), parquet.Compression(codec))...)
		if _, err := w.Write(genRows("hostile", func(x string) *string { return &x })); err != nil {
			t.Fatal(err)
		}
		w.Close()
		got, err := Lines(b.Bytes())
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v", codec, err)
		}
		short := withPage(b.Bytes(), 0, func(h *format.PageHeader) { h.UncompressedPageSize -= 1 })
		if _, err := Lines(short); err == nil || !strings.Contains(err.Error(), "uncompressed_page_size") {
			t.Errorf("%s, a page one byte longer than declared: %v", codec, err)
		}
	}
}

// TestListRulesFourAndFive: a two-level list whose repeated group has one field is a list of
// one-field structs when the group is named `array` or `<list>_tuple` (LogicalTypes.md, rule 4:
// parquet-avro's and parquet-thrift's lists of records), and a list of that field otherwise
// (rule 5).
func TestListRulesFourAndFive(t *testing.T) {
	type tuple struct {
		Str string `parquet:"str"`
	}
	type meta struct {
		ID   string  `parquet:"id,optional"`
		Cols []tuple `parquet:"partitionColumns,optional,list"`
	}
	type row struct {
		MetaData *meta `parquet:"metaData,optional"`
	}
	var b bytes.Buffer
	w := parquet.NewGenericWriter[row](&b, genOptions...)
	w.Write([]row{{&meta{"t", []tuple{{"a"}, {"b"}}}}})
	w.Close()
	for name, want := range map[string]string{
		"array":                  `[{"str":"a"},{"str":"b"}]`,
		"partitionColumns_tuple": `[{"str":"a"},{"str":"b"}]`,
		"bag":                    `["a","b"]`,
	} {
		data, md := footerOf(b.Bytes())
		schemaEdit{md}.twoLevel("metaData.partitionColumns", name)
		lines, err := Lines(withFooter(data, md))
		if err != nil || len(lines) != 1 || !strings.Contains(string(lines[0]), `"partitionColumns":`+want) {
			t.Errorf("repeated group %s: %s, %v; want partitionColumns %s", name, lines, err, want)
		}
	}
}
