package inspect

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
)

// TestStatsTextsGiveBackEveryText: whatever a log's statistics hold (escapes, a ':' in a key,
// spaces, arrays, numbers of every form, text that is not JSON, a 0 byte), statsTexts gives it
// back byte for byte; texts of one shape share it.
func TestStatsTextsGiveBackEveryText(t *testing.T) {
	texts := []string{
		`{"numRecords":1000,"minValues":{"id":1,"day":"2024-01-01","name":"n000001"},"maxValues":{"id":9,"day":"2024-01-02","name":"n000002"},"nullCount":{"id":0,"day":0,"name":0}}`,
		`{"numRecords":7,"minValues":{"id":-12,"day":"2024-12-31","name":"x"},"maxValues":{"id":3e+10,"day":"2025-01-01","name":"y\"z"},"nullCount":{"id":0,"day":1,"name":2}}`,
		`{ "numRecords" : 3 , "minValues" : { "a:b" : "c\\" , "d" : [1, "e", null, true] } , "tightBounds":false }`,
		`{"minValues":{"s":"\u00e9\"\\\"","f":-0.5E-3,"t":"2024-01-01T00:00:00.000Z"}}`,
		`not json at all "unclosed`,
		`{"k":"`,
		`"lone"`,
		`12`,
		"{\"k\":\"a\x00b\"}",
		`{"numRecords":1000,"minValues":{"id":1,"day":"2024-01-01","name":"n000001"},"maxValues":{"id":9,"day":"2024-01-02","name":"n000002"},"nullCount":{"id":0,"day":0,"name":0}}`,
		"",
		`{"k":"\"":1}`,
		`{"numRecords":1000,"minValues":{"id":5,"day":"2024-01-09","name":"n000005"},"maxValues":{"id":6,"day":"2024-01-09","name":"n000006"},"nullCount":{"id":0,"day":0,"name":0}}`,
	}
	st := newStatsTexts(len(texts))
	for i, s := range texts {
		st.put(i, s)
	}
	for i, s := range texts {
		if got := st.text(i); got != s {
			t.Errorf("text %d given back as %q, want %q", i, got, s)
		}
	}
	shared := 0
	for _, s := range st.shapes {
		if strings.HasPrefix(s, `{"numRecords":`+"\x00"+`,"minValues":{"id":`) && strings.Contains(s, `"name":`+"\x00}}") {
			shared++
		}
	}
	if shared != 1 {
		t.Errorf("the three texts of one shape have %d shapes, want 1: %q", shared, st.shapes)
	}
	if _, ok := st.whole[8]; !ok {
		t.Errorf("the text with a 0 byte is not kept whole")
	}
}

// TestTextOrderFollowsMemory: compactStats takes the files in the order of their text in
// memory (by 4 MiB buckets), so that each of the checkpoint's slab blocks is garbage once its
// files are done; files sorted by path are in the writer's order, not the slabs'. It gives
// every file's text back after.
func TestTextOrderFollowsMemory(t *testing.T) {
	slab := strings.Repeat("x", 13<<20)
	at := []int{10 << 20, 0, 5 << 20, 12 << 20}
	files := make([]*deltalog.AddFile, len(at)+1) // the last without statistics
	for i := range files {
		files[i] = &deltalog.AddFile{Path: fmt.Sprint(i)}
	}
	for i, off := range at {
		files[i].Stats = slab[off : off+8]
	}
	if got, want := textOrder(files), []int32{1, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("files taken in the order %v, want %v", got, want)
	}
	in := &Inspector{}
	if err := in.compactStats(files, nil); err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		want := ""
		if i < len(at) {
			want = "xxxxxxxx"
		}
		if f.Stats != "" || in.texts.text(i) != want {
			t.Errorf("file %d: add's text %q, given back %q, want %q", i, f.Stats, in.texts.text(i), want)
		}
	}
}

// FuzzStatsTextsGiveBack: whatever two texts (JSON or not), each comes back byte for byte, the
// second put after the first (a shape shared or not).
func FuzzStatsTextsGiveBack(f *testing.F) {
	f.Add(`{"numRecords":1000,"minValues":{"id":1}}`, `{"numRecords":7,"minValues":{"id":-3e5}}`)
	f.Add(`{"k":"\"":1}`, `not json "unclosed`)
	f.Add("{\"k\":\"a\x00b\"}", `"lone"`)
	f.Fuzz(func(t *testing.T, a, b string) {
		st := newStatsTexts(2)
		st.put(0, a)
		st.put(1, b)
		if got := st.text(0); got != a {
			t.Errorf("text 0 given back as %q, want %q", got, a)
		}
		if got := st.text(1); got != b {
			t.Errorf("text 1 given back as %q, want %q", got, b)
		}
	})
}
