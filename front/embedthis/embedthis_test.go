package embedthis

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
	"layoutlab/front/poster"
)

// mine is a scenario no preset has: the two-key figure's table, Z-ordered, another seed.
func mine(t *testing.T) scenario.Scenario {
	t.Helper()
	p, ok := scenario.PresetByName("two-keys")
	if !ok {
		t.Fatal("no preset two-keys")
	}
	sc := p.Scenario
	sc.Panel.Layout = "zorder"
	sc.Panel.Seed = 7
	for _, p := range scenario.Presets() {
		if scenario.Link(p.Scenario) == scenario.Link(sc) {
			t.Fatalf("the test's scenario is preset %s's", p.Name)
		}
	}
	return sc
}

// TestRenderIsTheBuildsFigure: the embed of a scenario no preset has holds the posters the
// build's renderer draws for it (front/poster, as `layoutlab poster -o` writes them), its JSON,
// and a snippet for each generator embed.html documents, naming the files.
func TestRenderIsTheBuildsFigure(t *testing.T) {
	sc := mine(t)
	link := scenario.Link(sc)
	e, err := Render("https://docs.example.org/layoutlab/widget.html"+link, "my-figure-2")
	if err != nil {
		t.Fatal(err)
	}
	if e.Link != link || e.Title != "Layout Lab figure" || e.Alt == "" {
		t.Errorf("link %q title %q alt %q", e.Link, e.Title, e.Alt)
	}
	wide, summary, err := poster.Render(sc, figurebox.WideWidth, figurebox.WideHeight, "")
	if err != nil {
		t.Fatal(err)
	}
	narrow, _, err := poster.Render(sc, figurebox.NarrowWidth, figurebox.NarrowHeight, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Files) != 3 {
		t.Fatalf("%d files, want 3", len(e.Files))
	}
	want := map[string][]byte{"my-figure-2.svg": wide, "my-figure-2.narrow.svg": narrow}
	for _, f := range e.Files[:2] {
		if !bytes.Equal([]byte(f.Text), want[f.Name]) {
			t.Errorf("%s is not front/poster's SVG (%d bytes, want %d)", f.Name, len(f.Text), len(want[f.Name]))
		}
	}
	var fig figurebox.Figure
	if e.Files[2].Name != "my-figure-2.json" {
		t.Fatalf("third file %s", e.Files[2].Name)
	}
	if err := json.Unmarshal([]byte(e.Files[2].Text), &fig); err != nil {
		t.Fatal(err)
	}
	if fig.Live != "figure.html"+link || fig.Poster != "posters/my-figure-2.svg" || fig.PosterNarrow != "posters/my-figure-2.narrow.svg" || fig.Alt != summary || len(fig.Readouts) == 0 {
		t.Errorf("the figure's JSON: %+v", fig)
	}
	code := map[string]string{}
	for _, s := range e.Snippets {
		code[s.ID] = s.Code
		if s.Setup != "embed.html#"+s.ID || !strings.HasSuffix(s.Dest, "layoutlab/posters/") {
			t.Errorf("%s: setup %q dest %q", s.ID, s.Setup, s.Dest)
		}
	}
	for id, want := range map[string]string{
		"html":       `<img src="layoutlab/posters/my-figure-2.svg"`,
		"mkdocs":     `data-live="/layoutlab/figure.html` + link + `"`,
		"hugo":       `{{< layoutlab "posters/my-figure-2" >}}`,
		"sphinx":     ".. layoutlab:: posters/my-figure-2",
		"docusaurus": "import myFigure2 from '@site/static/layoutlab/posters/my-figure-2.json';\n\n<LayoutLab figure={myFigure2} />",
	} {
		if !strings.Contains(code[id], want) {
			t.Errorf("%s's snippet lacks %q:\n%s", id, want, code[id])
		}
	}
	if len(code) != 5 {
		t.Errorf("%d snippets, want 5", len(code))
	}
}

// TestRenderWithoutAFragmentIsTheDefault: a widget opened bare shows the defaults; its embed is theirs.
func TestRenderWithoutAFragmentIsTheDefault(t *testing.T) {
	e, err := Render("", "bare")
	if err != nil {
		t.Fatal(err)
	}
	if e.Link != scenario.Link(scenario.Default()) {
		t.Errorf("link %q, want the default's", e.Link)
	}
}

// TestRenderRefusesWhatItCannotName: a bad name or link is an error that says what is wrong.
func TestRenderRefusesWhatItCannotName(t *testing.T) {
	for _, c := range []struct{ link, name, want string }{
		{"", "", "1 to 60 characters"},
		{"", strings.Repeat("a", 61), "1 to 60 characters"},
		{"", "My figure", `character 1 ('M')`},
		{"", "fig/ure", `character 4 ('/')`},
		{"", "2fig", `character 1 ('2')`},
		{"widget.html", "a", "has no #s=… fragment"},
		{"widget.html#s=!!", "a", "not base64url at character 1"},
	} {
		_, err := Render(c.link, c.name)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Render(%q, %q) = %v, want an error with %q", c.link, c.name, err, c.want)
		}
	}
}

// TestWrapKeepsTheFigure: wrapped, a figure is the same markup with line breaks between its
// elements, one readout a line, and no blank line (Markdown's raw HTML block ends at one).
func TestWrapKeepsTheFigure(t *testing.T) {
	e, err := Render(scenario.Link(mine(t)), "mine")
	if err != nil {
		t.Fatal(err)
	}
	f := e.Figure
	f.Base, f.Inline = "layoutlab/", true
	one := f.HTML()
	w := Wrap(one)
	if strings.ReplaceAll(w, "\n", "") != strings.ReplaceAll(one, "\n", "") {
		t.Fatal("Wrap changed the markup beyond line breaks")
	}
	if strings.Contains(w, "\n\n") {
		t.Error("a blank line ends Markdown's HTML block")
	}
	lines := strings.Split(w, "\n")
	if got := strings.Count(w, "<dt>"); got != len(f.Readouts) || len(lines) < len(f.Readouts)+6 {
		t.Errorf("%d lines for %d readouts (%d <dt>):\n%s", len(lines), len(f.Readouts), got, w)
	}
	for _, l := range lines {
		// Only a line with the link or the alt text (an attribute, unbreakable) may be long.
		if len(l) > 200 && !strings.Contains(l, "#s=") && !strings.Contains(l, "alt=") {
			t.Errorf("a line of %d characters: %s", len(l), l)
		}
	}
}
