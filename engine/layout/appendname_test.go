package layout

import "testing"

// TestAppendNameIsName: names appended one after another into one buffer (as the timeline names
// a bin's files) are the names Name returns from a namer of the same seed, in the same order.
func TestAppendNameIsName(t *testing.T) {
	a, b := NewFileNamer(11), NewFileNamer(11)
	buf := []byte("prefix:")
	ends := []int{len(buf)}
	for split := range 20 {
		dir := ""
		if split%3 == 1 {
			dir = "event_date=2026-02-03"
		}
		buf = a.AppendName(buf, dir, split)
		ends = append(ends, len(buf))
		if got, want := string(buf[ends[split]:ends[split+1]]), b.Name(dir, split); got != want {
			t.Fatalf("split %d: appended %q, Name gives %q", split, got, want)
		}
	}
	if string(buf[:7]) != "prefix:" {
		t.Fatalf("the buffer's start was overwritten: %q", buf[:7])
	}
}
