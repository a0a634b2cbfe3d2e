package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// built is the pages built once for every test of the package.
func built(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "gen-test-")
		if buildErr == nil {
			os.WriteFile(filepath.Join(buildDir, "placeholder"), nil, 0o644)
			buildErr = run("..", buildDir)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// posterBudget is the most a poster may weigh gzipped (as a static host serves SVG): a page of a
// dozen figures loads like a page of a dozen small images.
const posterBudget = 12 << 10

// TestEveryPresetHasItsPoster: every preset has its posters (wide and narrow, both themes in
// each: the reader's prefers-color-scheme picks), each within the budget, and its figure, with
// its summary and readouts; the explainer shows one figure per preset, each once.
func TestEveryPresetHasItsPoster(t *testing.T) {
	out := built(t)
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range scenario.Presets() {
		var f figurebox.Figure
		b, err := os.ReadFile(filepath.Join(out, "posters", p.Name+".json"))
		if err == nil {
			err = json.Unmarshal(b, &f)
		}
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		if len(f.Alt) < 20 || len(f.Readouts) == 0 || !strings.HasSuffix(f.Live, scenario.Link(p.Scenario)) {
			t.Errorf("%s: figure %+v: want a summary, readouts and the preset's link", p.Name, f)
		}
		for _, svg := range []string{f.Poster, f.PosterNarrow} {
			b, err := os.ReadFile(filepath.Join(out, svg))
			if err != nil {
				t.Errorf("%s: %v", p.Name, err)
				continue
			}
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
			w.Write(b)
			w.Close()
			if z.Len() > posterBudget || !bytes.Contains(b, []byte("prefers-color-scheme: dark")) {
				t.Errorf("%s: %d bytes, %d gzipped (budget %d), both themes: %v", svg, len(b), z.Len(), posterBudget, bytes.Contains(b, []byte("prefers-color-scheme: dark")))
			}
			t.Logf("%s: %d bytes, %d gzipped", svg, len(b), z.Len())
		}
		if n := strings.Count(string(index), `src="`+f.Poster+`"`); n != 1 {
			t.Errorf("the explainer shows %s's poster %d times, want once", p.Name, n)
		}
	}
}

// TestExplainerQuotesTheEngine builds the pages and checks that the explainer's prose states no
// figure by hand: once tags, code and the section numbers are removed, every digit left on the
// page must have come from a template call. It compares the template's text, without its
// actions, with the built page.
func TestExplainerQuotesTheEngine(t *testing.T) {
	out := built(t)
	src, err := os.ReadFile("../index.tmpl.html")
	if err != nil {
		t.Fatal(err)
	}
	prose := func(page string) string {
		page = regexp.MustCompile(`(?s)<head>.*</head>|<code>.*?</code>|<h2>\d+\. `).ReplaceAllString(page, " ")
		return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, " ")
	}
	text := prose(regexp.MustCompile(`(?s)\{\{.*?\}\}`).ReplaceAllString(string(src), " "))
	if d := regexp.MustCompile(`[^\s.,;:()]*\d[^\s.,;:()]*`).FindAllString(text, -1); len(d) > 0 {
		t.Errorf("the explainer's template states figures by hand: %q", d)
	}
	built, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{" GiB a night", " files on average"} {
		if !strings.Contains(prose(string(built)), want) {
			t.Errorf("the built explainer does not say %q", want)
		}
	}
}

// TestEmbedPageQuotesEverySnippet: each file a docs author saves into their generator's project
// (site/snippets) appears on the embedding page, whole, in a code block named after the file.
func TestEmbedPageQuotesEverySnippet(t *testing.T) {
	out := built(t)
	page, err := os.ReadFile(filepath.Join(out, "embed.html"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)<code data-file="[a-z]+:([^"]+)">(.*?)</code>`).FindAllStringSubmatch(string(page), -1) {
		blocks[filepath.Base(m[1])] = html.UnescapeString(m[2])
	}
	snippets, err := filepath.Glob("../snippets/*")
	if err != nil || len(snippets) == 0 {
		t.Fatalf("no snippets (%v)", err)
	}
	for _, s := range snippets {
		want, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := blocks[filepath.Base(s)]; !ok {
			t.Errorf("embed.html has no code block for %s", filepath.Base(s))
		} else if got != strings.TrimRight(string(want), "\n") {
			t.Errorf("embed.html's %s differs from the file:\n%s", filepath.Base(s), got)
		}
	}
}
