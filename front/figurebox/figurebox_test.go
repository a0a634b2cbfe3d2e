package figurebox

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHTMLEscapesAndKeepsOneBlock: the figure's text is escaped (a title or summary is the
// author's or the engine's text, never markup), its paths start at Base, and it has no blank
// line (Markdown ends a raw HTML block there).
func TestHTMLEscapesAndKeepsOneBlock(t *testing.T) {
	f := Figure{Base: "/layoutlab/", Live: "figure.html#s=AQ", Open: "widget.html#s=AQ", Poster: "posters/x.svg",
		PosterNarrow: "posters/x.narrow.svg", Width: 640, Height: 400, Title: `a "title"`, Alt: "<b>point</b>",
		Readouts: []Readout{{Label: "Files & rows", Metric: "files_read", Value: "3", Text: "3"}}, Inline: true}
	h := f.HTML()
	for _, want := range []string{`data-live="/layoutlab/figure.html#s=AQ"`, `src="/layoutlab/posters/x.svg"`,
		`<source media="(max-width: 559px)" srcset="/layoutlab/posters/x.narrow.svg">`, `href="/layoutlab/widget.html#s=AQ"`, `alt="&lt;b&gt;point&lt;/b&gt;"`,
		`data-title="a &#34;title&#34;"`, `<dt>Files &amp; rows</dt>`, `style="` + Box + `"`, `data-metric="files_read" data-value="3">3</dd>`} {
		if !strings.Contains(h, want) {
			t.Errorf("the figure lacks %s:\n%s", want, h)
		}
	}
	if strings.Contains(h, "\n\n") {
		t.Errorf("the figure has a blank line:\n%s", h)
	}
	f.Inline = false
	if strings.Contains(f.HTML(), "style=") {
		t.Error("a figure for a page that refuses inline styles has a style attribute")
	}
	// Without a poster (the widget's Copy embed): the box, the readouts and the buttons, no picture.
	f.Poster, f.PosterNarrow = "", ""
	h = f.HTML()
	if strings.Contains(h, "<picture") || strings.Contains(h, "<img") || !strings.Contains(h, `<div class="layoutlab-poster"><div class="layoutlab-side">`) ||
		!strings.Contains(h, `data-metric="files_read"`) || !strings.Contains(h, `class="layoutlab-start"`) {
		t.Errorf("the poster-less figure:\n%s", h)
	}
}

// TestNarrowBoxIsTheStylesheets: the narrow box and its panel, as the posters are drawn for them,
// are the ones embed.css and figure.css lay out.
func TestNarrowBoxIsTheStylesheets(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("../../site", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	panel := fmt.Sprintf("calc(100%% - %dpx)", NarrowPanel)
	for name, want := range map[string][]string{
		"embed.css":  {"aspect-ratio: 9/16 !important", fmt.Sprintf("max-height: %dpx", NarrowMaxHeight), panel},
		"figure.css": {fmt.Sprintf("calc(100vh - %dpx)", NarrowPanel)},
	} {
		css := read(name)
		for _, w := range want {
			if !strings.Contains(css, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	if 9*NarrowAspect != 16 {
		t.Errorf("NarrowAspect %v is not embed.css's 9:16", NarrowAspect)
	}
	// The narrow poster is the canvas of a 350 px box.
	h := math.Min(NarrowWidth*NarrowAspect, NarrowMaxHeight)
	if want := math.Round(math.Max(h*0.45, h-NarrowPanel)); NarrowHeight != want {
		t.Errorf("the narrow poster is %d px tall, the canvas of a %d px box %v", NarrowHeight, NarrowWidth, want)
	}
}
