package tablepage

import (
	"strings"
	"testing"
	"testing/fstest"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

// TestRefusalNamesTheFileAndField: a table refused for a reader feature names the commit that
// set the protocol and the field, found from the listing (a gap of 10^15 versions between the
// commits costs nothing), and a refusal whose class names no field is Delta's message alone.
func TestRefusalNamesTheFileAndField(t *testing.T) {
	commit := func(v int64, lines ...string) (string, *fstest.MapFile) {
		return deltalog.LogDir + "/" + deltalog.CommitFileName(v), &fstest.MapFile{Data: []byte(strings.Join(lines, "\n") + "\n")}
	}
	m := fstest.MapFS{}
	n0, f0 := commit(0, `{"commitInfo":{}}`, `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`, `{"metaData":{"id":"x"}}`)
	n1, f1 := commit(1_000_000_000_000_000, `{"commitInfo":{}}`, `  {"protocol":{"minReaderVersion":3,"minWriterVersion":7,"readerFeatures":["futureFeature"]}}`)
	n2, f2 := commit(1_000_000_000_000_001, `{"commitInfo":{"operation":"WRITE"}}`, `{"add":{"path":"a","protocol":1}}`)
	m[n0], m[n1], m[n2] = f0, f1, f2
	e := &inspect.ErrorInfo{Class: "DELTA_UNSUPPORTED_FEATURES_FOR_READ", Message: "futureFeature"}
	if got, want := RefusalText(m, "t", -1, e), "t: "+n1+": protocol.readerFeatures: [DELTA_UNSUPPORTED_FEATURES_FOR_READ] futureFeature"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got, want := RefusalText(m, "t", 5, e), "t: "+n0+": protocol.readerFeatures: [DELTA_UNSUPPORTED_FEATURES_FOR_READ] futureFeature"; got != want {
		t.Errorf("at version 5: got %q, want %q", got, want)
	}
	other := &inspect.ErrorInfo{Class: "DELTA_VERSION_NOT_FOUND", Message: "no such version"}
	if got, want := RefusalText(m, "t", -1, other), "t: [DELTA_VERSION_NOT_FOUND] no such version"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
