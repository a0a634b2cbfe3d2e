package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestInspectDatesPastTimeDuration: `inspect --where` on a table whose dates and timestamps run
// from 0001 to 9999 (engine/skipping/testdata/tables/layoutlab, see its PROVENANCE.md) reads the
// files that hold matching rows and echoes the literals as written. DATE'9999-12-31' and
// TIMESTAMP'9999-12-30 00:00:00' were once clamped to 2262-04-11, and dates before 1677-09-21 to
// that day, which skipped these files.
func TestInspectDatesPastTimeDuration(t *testing.T) {
	const table = "../../engine/skipping/testdata/tables/layoutlab/datetime-range"
	for _, tc := range []struct {
		where string
		read  []string // files that hold a matching row, by their part number
		echo  string   // the canonical literal in a pruned file's reason
	}{
		{"ts <= TIMESTAMP '9999-12-30 00:00:00' AND d >= DATE '9999-12-30'", []string{"part-00003", "part-00004"}, "d >= DATE'9999-12-30'"},
		{"d = DATE '9999-12-31'", []string{"part-00003", "part-00004"}, "d = DATE'9999-12-31'"},
		{"d = DATE '0500-06-15'", []string{"part-00000"}, "d = DATE'0500-06-15'"},
		{"tsn < TIMESTAMP_NTZ '1677-09-21 00:00:00.000001'", []string{"part-00000", "part-00004"}, "tsn < TIMESTAMP_NTZ'1677-09-21 00:00:00.000001'"},
	} {
		var out, errb bytes.Buffer
		if code := dispatch([]string{"inspect", table, "--where", tc.where}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.where, code, errb.String())
		}
		pruned := 0
		for _, line := range strings.Split(out.String(), "\n") {
			i := strings.Index(line, "part-0000")
			if i < 0 {
				continue
			}
			part := line[i : i+len("part-00000")]
			mustRead := false
			for _, r := range tc.read {
				mustRead = mustRead || r == part
			}
			read := strings.HasPrefix(strings.TrimSpace(line), "true")
			if mustRead && !read {
				t.Errorf("%s: %s holds a matching row but is skipped: %s", tc.where, part, line)
			}
			if !read {
				pruned++
				if !strings.Contains(line, tc.echo) {
					t.Errorf("%s: reason %q does not name %s", tc.where, line, tc.echo)
				}
			}
		}
		if pruned == 0 {
			t.Errorf("%s: nothing pruned:\n%s", tc.where, out.String())
		}
	}
}

// TestInspectInvalidTypedLiteral: a typed literal Spark's parser refuses is reported with Spark's
// error class.
func TestInspectInvalidTypedLiteral(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"inspect", "../../engine/skipping/testdata/tables/layoutlab/datetime-range", "--format", "json",
		"--where", "d = DATE'2024-02-30'"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var r struct {
		Error struct{ Class, Message string } `json:"error"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Error.Class != "INVALID_TYPED_LITERAL" || !strings.Contains(r.Error.Message, "'2024-02-30'") {
		t.Errorf("error %+v, want class INVALID_TYPED_LITERAL naming the literal", r.Error)
	}
}
