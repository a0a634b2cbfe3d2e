package main

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestExplainerQuotesTheEngine builds the pages and checks that the explainer's prose states no
// figure by hand: once tags, code and the section numbers are removed, every digit left on the
// page must have come from a template call. It compares the template's text, without its
// actions, with the built page.
func TestExplainerQuotesTheEngine(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "placeholder"), nil, 0o644)
	if err := run("..", out); err != nil {
		t.Fatal(err)
	}
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
	out := t.TempDir()
	if err := run("..", out); err != nil {
		t.Fatal(err)
	}
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
