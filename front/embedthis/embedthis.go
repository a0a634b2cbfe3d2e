// Package embedthis is the widget's "Embed this": for the scenario a widget link carries, the
// figure's three files (its posters, drawn by front/poster as the build draws the presets', and
// its JSON) and, for each docs generator embed.html documents, the lines that show it on a page.
// A docs author saves the files into the build's posters/ folder, as the presets' are, so any
// scenario embeds from dist/ alone, without the CLI. The module wasm/embedthis runs it in the
// browser; site/gen writes embed.html's figures with Wrap.
package embedthis

import (
	"fmt"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
)

// Embed is one scenario's figure, ready to save and paste.
type Embed struct {
	Name     string           `json:"name"`
	Title    string           `json:"title"`
	Alt      string           `json:"alt"`
	Link     string           `json:"link"` // the scenario's fragment, #s=…
	Files    []File           `json:"files"`
	Snippets []Snippet        `json:"snippets"`
	Figure   figurebox.Figure `json:"-"`
}

// File is one file to save into the build's posters/ folder.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Snippet is what one docs generator's page writes to show the figure, once the generator is set
// up as embed.html's section Setup says (a hook, a shortcode, an extension, a component).
type Snippet struct {
	ID        string `json:"id"`        // embed.html's section: html, mkdocs, hugo, sphinx, docusaurus
	Generator string `json:"generator"` // its name as shown
	Dest      string `json:"dest"`      // the folder the files are saved into, in the docs project
	Setup     string `json:"setup"`     // embed.html#ID
	Code      string `json:"code"`
}

// generator is one docs generator: where the build is copied in its project, and how its page
// writes the figure (page gets the figure's name and the figure as a page there shows it).
type generator struct {
	id, name, build string
	page            func(name string, f figurebox.Figure) string
}

// generators are embed.html's recipes, in its order.
var generators = [...]generator{
	{"html", "Plain HTML", "layoutlab/", func(_ string, f figurebox.Figure) string {
		f.Base = "layoutlab/"
		return "<link rel=\"stylesheet\" href=\"layoutlab/embed.css\">\n<script src=\"layoutlab/embed.js\" defer></script>\n" + Wrap(f.HTML())
	}},
	{"mkdocs", "MkDocs", "docs/layoutlab/", func(_ string, f figurebox.Figure) string {
		f.Base = "/layoutlab/" // the hook rewrites it for each page
		return Wrap(f.HTML())
	}},
	{"hugo", "Hugo", "static/layoutlab/", func(name string, _ figurebox.Figure) string {
		return `{{< layoutlab "posters/` + name + `" >}}`
	}},
	{"sphinx", "Sphinx", "_static/layoutlab/", func(name string, _ figurebox.Figure) string {
		return ".. layoutlab:: posters/" + name
	}},
	{"docusaurus", "Docusaurus", "static/layoutlab/", func(name string, _ figurebox.Figure) string {
		id := identifier(name)
		return "import LayoutLab from '@site/src/components/LayoutLab';\nimport " + id + " from '@site/static/layoutlab/posters/" + name + ".json';\n\n<LayoutLab figure={" + id + "} />"
	}},
}

// MaxName is the longest figure name: it names three files and, in MDX, an identifier.
const MaxName = 60

// Render is the embed of the scenario link carries (a widget URL, its fragment, or "" for the
// widget's defaults), its files named name (lower-case letters, digits and '-').
func Render(link, name string) (*Embed, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	frag := link
	if i := strings.IndexByte(link, '#'); i >= 0 {
		frag = link[i:]
	} else if link != "" {
		return nil, fmt.Errorf("the link %q has no #s=… fragment", clip(link))
	}
	sc, err := scenario.FromFragment(frag)
	if err != nil {
		return nil, fmt.Errorf("the link: %w", err)
	}
	rs, err := readout.Run(sc)
	if err != nil {
		return nil, fmt.Errorf("the scenario: %w", err)
	}
	f, files, err := figurebox.Make(name, sc, "figure.html", title(sc), rs)
	if err != nil {
		return nil, err
	}
	e := &Embed{Name: name, Title: f.Title, Alt: f.Alt, Link: scenario.Link(sc), Figure: f}
	for _, file := range files {
		e.Files = append(e.Files, File{file.Name, string(file.Data)})
	}
	for _, g := range generators {
		e.Snippets = append(e.Snippets, Snippet{ID: g.id, Generator: g.name, Dest: g.build + "posters/",
			Setup: "embed.html#" + g.id, Code: g.page(name, f)})
	}
	return e, nil
}

// title is the preset's title when sc is a preset's scenario, as the build's posters have it.
func title(sc scenario.Scenario) string {
	link := scenario.Link(sc)
	for _, p := range scenario.Presets() {
		if scenario.Link(p.Scenario) == link {
			return p.Title
		}
	}
	return "Layout Lab figure"
}

// checkName accepts a name that is a file name and a URL path segment everywhere, and an MDX
// identifier once its dashes are gone.
func checkName(name string) error {
	if name == "" || len(name) > MaxName {
		return fmt.Errorf("the name %q: want 1 to %d characters", clip(name), MaxName)
	}
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r == '-' || r >= '0' && r <= '9' && i > 0
		if !ok {
			return fmt.Errorf("the name %q: character %d (%q) is not a lower-case letter, a digit or '-' (a digit may not come first)", clip(name), i+1, r)
		}
	}
	return nil
}

// identifier is name in camelCase: my-figure-2 → myFigure2.
func identifier(name string) string {
	var b strings.Builder
	up := false
	for _, r := range name {
		switch {
		case r == '-':
			up = b.Len() > 0
		case up && r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
			up = false
		default:
			b.WriteRune(r)
			up = false
		}
	}
	if b.Len() == 0 {
		return "figure"
	}
	return b.String()
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// wrap breaks a figure's markup (figurebox.Figure.HTML, one block on two lines) at its elements,
// one readout a line, so that a docs author reads what they paste. It adds no blank line: Markdown
// still takes the figure as one raw HTML block.
var wrap = strings.NewReplacer(
	`"><div class="layoutlab-box"`, "\">\n<div class=\"layoutlab-box\"",
	`><div class="layoutlab-poster">`, ">\n<div class=\"layoutlab-poster\">",
	`<picture><source`, "<picture>\n<source",
	`"><img `, "\">\n<img ",
	`<dl class="layoutlab-readouts"><div>`, "<dl class=\"layoutlab-readouts\">\n<div>",
	`</div><div><dt>`, "</div>\n<div><dt>",
	`</div></dl>`, "</div>\n</dl>",
	`</p></div></div></div></figure>`, "</p>\n</div></div></div></figure>",
)

// Wrap is a figure's markup broken into lines (wrap).
func Wrap(html string) string { return wrap.Replace(html) }
