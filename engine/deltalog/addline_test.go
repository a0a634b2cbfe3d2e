package deltalog

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestAddLineAgrees: parseActionLine's one-decode path for adds (parseAddLine) answers every
// line as parseAction does, the action and the error: tricky lines (a second action after the
// add, a null add, whitespace, escapes in the key, a trailing byte, a body that does not decode,
// duplicate keys, invalid UTF-8) and every line of the logs under testdata.
func TestAddLineAgrees(t *testing.T) {
	lines := []string{
		`{"add":{"path":"a","partitionValues":{"p":"1"},"size":1,"modificationTime":2,"dataChange":true,"stats":"{\"numRecords\":1}"}}`,
		`{"add":{"path":"a","size":1},"remove":{"path":"b"}}`,
		`{"add":{"path":"a","size":1},"add":{"path":"b","size":2}}`,
		`{"add":{"path":"a","size":1},"commitInfo":null}`,
		`{"add":{"path":"a","size":1} }`,
		`{"add":{"path":"a","size":1}}` + " ",
		`{"add":{"path":"a","size":1}}x`,
		`{"add":{"path":"a","size":1}}}`,
		`{"add":{"path":"a","size":"1"}}`,
		`{"add":{"path":"a"}}`,
		`{"add":{}}`,
		`{"add":{"path":"a","size":1,"path":"b"}}`,
		`{"add":{"PATH":"a","Size":1}}`,
		`{"add":{"path":"a\xff","size":1}}`,
		`{"add":{"path":"a","size":1,"tags":null,"partitionValues":null}}`,
		`{"add":null}`,
		`{"add":[1]}`,
		`{"\u0061dd":{"path":"a","size":1}}`,
		` {"add":{"path":"a","size":1}}`,
		`{"add":{"path":"a","size":1}`,
		`{"add":{"path":"a","size":1,}}`,
		`{"add":{"path":"a","size":1}}{"add":{"path":"b","size":1}}`,
		`{"add":{"path":"a","size":1},"x":{}}`,
		`{"add":{"path":"a","size":1,"deletionVector":{"storageType":"u","pathOrInlineDv":"x","offset":1,"sizeInBytes":2,"cardinality":3}}}`,
	}
	err := fs.WalkDir(os.DirFS("testdata"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := os.ReadFile("testdata/" + p)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	adds := 0
	for _, l := range lines {
		got, gotErr := parseActionLine([]byte(l))
		want, wantErr := parseAction([]byte(l))
		if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("%q:\n got %#v, %v\nwant %#v, %v", l, got, gotErr, want, wantErr)
		}
		if _, ok := parseAddLine([]byte(l)); ok {
			adds++
		}
	}
	t.Logf("%d of %d lines took the one-decode path", adds, len(lines))
	if adds < 100 {
		t.Errorf("only %d of %d lines took the one-decode path: the test checks little", adds, len(lines))
	}
}

// FuzzAddLine holds parseActionLine to parseAction on any line (go test runs the seeds).
func FuzzAddLine(f *testing.F) {
	for _, s := range []string{`{"add":{"path":"a","size":1}}`, `{"add":{"path":"a","size":1},"remove":{"path":"b"}}`,
		`{"add":{"path":"a","size":"1"}}`, `{"add":null}`, `{"add":{"path":"a","size":1} }`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, gotErr := parseActionLine(b)
		want, wantErr := parseAction(b)
		if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("%q:\n got %#v, %v\nwant %#v, %v", b, got, gotErr, want, wantErr)
		}
	})
}
