package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
)

// TestPosterOfALinkAndAPreset: a link (whole URL or fragment) and a preset's name give the same
// poster, a well-formed SVG stating the figure's point; -o writes the posters and the figure,
// whose readouts are the engine's, and prints the figure's HTML with the paths at --base.
func TestPosterOfALinkAndAPreset(t *testing.T) {
	p, _ := scenario.PresetByName("two-keys")
	code, byName, errs := cli("poster", "two-keys")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, byLink, _ := cli("poster", "https://example.org/docs/layoutlab/widget.html"+scenario.Link(p.Scenario))
	if byName != byLink {
		t.Error("the preset's name and its link give different posters")
	}
	if err := xml.Unmarshal([]byte(byName), new(struct{})); err != nil || !strings.Contains(byName, "<title id=\"summary\">") {
		t.Errorf("not a well-formed SVG with a title (%v)", err)
	}
	dir := t.TempDir()
	code, out, errs := cli("poster", "-o", filepath.Join(dir, "mine"), "--base", "layoutlab/", scenario.Link(p.Scenario))
	if code != 0 {
		t.Fatalf("-o: exit %d: %s", code, errs)
	}
	var f figurebox.Figure
	b, err := os.ReadFile(filepath.Join(dir, "mine.json"))
	if err == nil {
		err = json.Unmarshal(b, &f)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, svg := range []string{"mine.svg", "mine.narrow.svg"} {
		if _, err := os.Stat(filepath.Join(dir, svg)); err != nil {
			t.Error(err)
		}
	}
	var read string
	for _, r := range f.Readouts {
		if r.Metric == "files_read" {
			read = r.Value
		}
	}
	_, js, _ := cli("layout", "--link", scenario.Link(p.Scenario))
	var lay struct {
		FilesRead int `json:"files_read"`
	}
	json.Unmarshal([]byte(js), &lay)
	if read == "" || read != itoa(lay.FilesRead) {
		t.Errorf("the figure's files_read is %q, the engine's %d", read, lay.FilesRead)
	}
	for _, want := range []string{`src="layoutlab/posters/mine.svg"`, `data-live="layoutlab/figure.html#s=`, `alt="` + strings.SplitN(f.Alt, " ", 2)[0]} {
		if !strings.Contains(out, want) {
			t.Errorf("the printed figure lacks %s:\n%s", want, out)
		}
	}
}

// TestPosterRefusesBadInput names what was wrong and exits 2.
func TestPosterRefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"poster", "nope"}, "neither a preset"},
		{[]string{"poster", "#s=AQ"}, "truncated"},
		{[]string{"poster", "--theme", "sepia", "liquid"}, "--theme"},
		{[]string{"poster", "--width", "5", "one-key"}, "size"},
		{[]string{"poster"}, "want one link or preset"},
		{[]string{"poster", "one-key", "two-keys"}, "want one link or preset"},
	} {
		code, _, errs := cli(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and a message naming %q", c.args, code, errs, c.want)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }
