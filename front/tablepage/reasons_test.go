package tablepage

import (
	"testing"

	"layoutlab/engine/inspect"
)

// TestReasonsHTML: each reason is counted over every file, its runs apart as well as together,
// most first, ties in name order, and escaped.
func TestReasonsHTML(t *testing.T) {
	var files []inspect.File
	for _, k := range []string{"b", "b", "a", "<x>", "b", "a", "a", "c", "<x>", "<x>"} {
		files = append(files, inspect.File{Reason: k})
	}
	got := ReasonsHTML(&inspect.Report{Files: files})
	want := `<ul class="reasons"><li>3 × &lt;x&gt;</li><li>3 × a</li><li>3 × b</li><li>1 × c</li></ul>`
	if got != want {
		t.Errorf("ReasonsHTML:\n got %s\nwant %s", got, want)
	}
	if got := ReasonsHTML(&inspect.Report{}); got != `<ul class="reasons"></ul>` {
		t.Errorf("no files: %s", got)
	}
}
