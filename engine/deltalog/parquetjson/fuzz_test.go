package parquetjson

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

var strictPanics = flag.Bool("strictpanics", false, "fail FuzzRows on a panic of the Parquet library that the reader recovered")

// FuzzRows decodes arbitrary bytes as a Parquet checkpoint through both decoders. Neither may
// panic, hang or allocate without bound: a malformed file is an error. The seed corpus
// (testdata/fuzz/FuzzRows, written by gen_test.go) is the legacy and hostile checkpoints and a
// few real ones; go test runs it. With -strictpanics a panic of the library that the reader's
// recover turned into an error fails too (the pre-checks should have refused the file first).
func FuzzRows(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		pa, err := Rows(bytes.NewReader(b), int64(len(b)), nil)
		if err == nil && pa == nil {
			t.Fatal("Rows: no actions and no error")
		}
		lines, lerr := Lines(b)
		for _, e := range []error{err, lerr} {
			if e == nil {
				continue
			}
			if e.Error() == "" {
				t.Fatal("empty error")
			}
			if *strictPanics && strings.Contains(e.Error(), libraryPanic) {
				t.Fatalf("recovered: %v", e)
			}
		}
		if err == nil && lerr == nil {
			adds := len(pa.Adds)
			for _, l := range pa.Lines {
				if bytes.HasPrefix(l.JSON, []byte(`{"add"`)) {
					adds++
				}
			}
			n := 0
			for _, l := range lines {
				if bytes.HasPrefix(l, []byte(`{"add"`)) {
					n++
				}
			}
			if adds != n {
				t.Errorf("Rows read %d adds, Lines %d", adds, n)
			}
		}
	})
}
