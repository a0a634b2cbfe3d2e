package main

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"layoutlab/engine/advise"
)

// The explainer's "Which keys for my table?" section renders the build's advise run: the
// command, every candidate with its figures, the recommendation and its SQL; and the command
// shown, run through the CLI, gives that very report, figure for figure.
func TestWhichKeysSection(t *testing.T) {
	out := built(t)
	b, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	start, end := strings.Index(page, `<section id="which-keys">`), strings.Index(page, "</section>")
	if start < 0 || end < start {
		t.Fatal("index.html has no which-keys section")
	}
	sec := html.UnescapeString(page[start:end])
	ex, err := runAdvice(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"$ " + ex.Command, "It recommends <code>" + advise.Label(ex.Recommended) + "</code>"}
	for i, c := range ex.Report.Candidates {
		row := "<tr><td>" + itoa(i) + "</td><td><code>" + advise.Label(c) + "</code></td><td>" + itoa(c.Files) + "</td><td>" +
			files2(c.FilesReadWeighted) + "</td><td>" + bytesText(c.BytesReadWeighted) + "</td>"
		want = append(want, row)
	}
	for _, s := range ex.Report.Recommendation.SQL {
		want = append(want, s+";")
	}
	for _, w := range want {
		if !strings.Contains(sec, w) {
			t.Errorf("the section lacks %q", w)
		}
	}
	if !strings.Contains(sec, "CLUSTER BY (user_id)") || !strings.Contains(sec, "opens 1.00 files") {
		t.Errorf("the section does not tell seed 003's lesson:\n%s", sec)
	}

	// The command as the page prints it, from the repository's root, through the CLI.
	args := strings.Fields(strings.TrimPrefix(ex.Command, "layoutlab "))
	cmd := exec.Command("go", append([]string{"run", "./cmd/layoutlab"}, append(args, "--format", "json")...)...)
	cmd.Dir = filepath.Join("..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cli, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", ex.Command, err, stderr.String())
	}
	var got, built map[string]any
	if err := json.Unmarshal(cli, &got); err != nil {
		t.Fatal(err)
	}
	mine, _ := json.Marshal(ex.Report)
	json.Unmarshal(mine, &built)
	for _, k := range []string{"today", "candidates", "pareto", "recommendation", "sample"} {
		g, _ := json.Marshal(got[k])
		m, _ := json.Marshal(built[k])
		if !bytes.Equal(g, m) {
			t.Errorf("%s: the CLI's %s\n%s\nthe page's\n%s", ex.Command, k, g, m)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func files2(f float64) string { return adviceFuncs(nil)["files2"].(func(float64) string)(f) }
