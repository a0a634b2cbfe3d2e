// Package figurebox writes a Layout Lab figure as a docs page shows it before, and without, any
// script: a box of the live figure's size (width:100%; aspect-ratio:16/10; min-height:460px,
// and under 560 px wide 9:16 up to 720 px tall: embed.css; the iframe figure.html fills) holding
// the poster, the picture the live figure first draws,
// with its summary as alt text, and the readouts as HTML text; embed.js starts the live figure
// in the same box. site/gen writes one per preset into the explainer and the embedding page;
// `layoutlab poster --html` writes one for a docs author's own link.
package figurebox

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/front/poster"
)

// Box is the style of the box every figure is shown in, poster or live: its height is known
// before any script runs, and the same for both. It is the wide shape; under 560 px wide
// embed.css overrides it with the narrow one (NarrowAspect, NarrowMaxHeight), which a style
// attribute cannot state (it follows the figure's width, a container query).
const Box = "width:100%;aspect-ratio:16/10;min-height:460px"

// The narrow box (embed.css; figure.css lays out the live figure in it): height over width, the
// greatest height, and the height of the panel of knobs and readouts under the canvas.
const (
	NarrowAspect    = 16.0 / 9
	NarrowMaxHeight = 720
	NarrowPanel     = 256
)

// The sizes posters are drawn at: the canvas of figure.css in the explainer's box on a desktop
// (1,060 px wide, so 662 tall: the canvas is left of a 300 px panel) and on a 390 px phone (a
// 350 px box, 622 tall: the canvas is all of it but the panel's 256 px, above the panel).
const (
	WideWidth, WideHeight     = 760, 662
	NarrowWidth, NarrowHeight = 350, 366
)

// Narrow is the media query of a screen whose figures have their canvas above their readouts
// (a box under 560 px wide: figure.css).
const Narrow = "(max-width: 559px)"

// Figure is one figure's box. Paths are relative to the Layout Lab build (dist/) and written
// after Base, which reaches it from the page ("" on the build's own pages, "layoutlab/" beside it,
// "/layoutlab/" for MkDocs' hook).
//
// Its JSON (posters/NAME.json beside the SVG) is what the Hugo shortcode, the Sphinx directive
// and the Docusaurus component write the same box from.
type Figure struct {
	Base string `json:"-"`
	Live string `json:"live"` // the live page and scenario: "figure.html#s=…"
	Open string `json:"open"` // the full application on the same scenario: "widget.html#s=…"
	// Poster is the picture the live figure first draws in a wide box (its canvas left of the
	// readouts), in both themes (the reader's prefers-color-scheme picks one); PosterNarrow in a
	// phone's box (its canvas above them), "" when Poster serves both. A figure without a Poster
	// (the widget's Copy embed: a browser cannot write the SVG beside the page) shows its
	// readouts and starts live when touched.
	Poster       string    `json:"poster"`
	Width        int       `json:"width"` // Poster's CSS size
	Height       int       `json:"height"`
	PosterNarrow string    `json:"poster_narrow,omitempty"`
	Title        string    `json:"title"` // the figure's title (the live iframe's title)
	Alt          string    `json:"alt"`   // the summary: the figure's point in one sentence
	Readouts     []Readout `json:"readouts"`
	// Inline writes the box's size in a style attribute, so that it holds on a page without
	// embed.css; off on pages whose Content-Security-Policy refuses inline styles (the build's).
	Inline bool `json:"-"`
}

// Readout is one readout as the figure states it: the widget's label, the CLI's JSON name, the
// engine's exact figure (the live readout's data-value) and the text shown.
type Readout struct {
	Label  string `json:"label"`
	Metric string `json:"metric"`
	Value  string `json:"value"`
	Text   string `json:"text"`
}

// Readouts are rs as a figure states them.
func Readouts(rs []readout.Readout) []Readout {
	out := make([]Readout, len(rs))
	for i, r := range rs {
		out[i] = Readout{Label: r.Label, Metric: r.Metric, Value: r.Exact(), Text: r.Text()}
	}
	return out
}

// esc escapes text and quoted attribute values as html/template does (its htmlEscaper), so the
// figure reads the same whoever writes it. Written by hand because the widget (Copy embed)
// writes figures too, and html/template would add some 100 kB to its transfer.
var esc = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;").Replace

// HTML is the figure's markup, on one logical block (Markdown passes it through as raw HTML:
// it has no blank line). Without a Poster it is the readouts and the buttons alone.
func (f Figure) HTML() string {
	var b strings.Builder
	w := b.WriteString
	w(`<figure class="layoutlab" data-live="` + esc(f.Base+f.Live) + `" data-title="` + esc(f.Title) + `">`)
	w(`<div class="layoutlab-box"`)
	if f.Inline {
		w(` style="` + Box + `"`)
	}
	w(`><div class="layoutlab-poster">`)
	if f.Poster != "" {
		w("<picture>")
		if f.PosterNarrow != "" {
			w(`<source media="` + Narrow + `" srcset="` + esc(f.Base+f.PosterNarrow) + `">`)
		}
		w(`<img src="` + esc(f.Base+f.Poster) + `" alt="` + esc(f.Alt) + `" width="` + strconv.Itoa(f.Width) + `" height="` + strconv.Itoa(f.Height) + `"></picture>` + "\n")
	}
	w(`<div class="layoutlab-side"><dl class="layoutlab-readouts">`)
	for _, r := range f.Readouts {
		w(`<div><dt>` + esc(r.Label) + `</dt><dd data-metric="` + esc(r.Metric) + `" data-value="` + esc(r.Value) + `">` + esc(r.Text) + `</dd></div>`)
	}
	w(`</dl>` + "\n" + `<p class="layoutlab-actions"><button type="button" class="layoutlab-start" hidden>Interact</button> `)
	w(`<a class="layoutlab-open" href="` + esc(f.Base+f.Open) + `" target="_blank" rel="noopener">Open in Layout Lab</a></p></div>`)
	w(`</div></div></figure>`)
	return b.String()
}

// Write draws the figure of sc's posters (poster.Render: the wide one and the narrow one) into
// path.svg and path.narrow.svg, and its figure into path.json, and returns the figure, its
// paths relative to the build (posters/NAME.svg: path's folder is the build's posters/). live
// is the page that makes it live (figure.html); rs are its readouts.
func Write(path string, sc scenario.Scenario, live, title string, rs []readout.Readout) (Figure, error) {
	name := filepath.Base(path)
	f, files, err := Make(name, sc, live, title, rs)
	if err != nil {
		return f, err
	}
	for _, file := range files {
		if err := os.WriteFile(filepath.Join(filepath.Dir(path), file.Name), file.Data, 0o644); err != nil {
			return f, err
		}
	}
	return f, nil
}

// File is one file of a figure, named as it is saved in the build's posters/ folder.
type File struct {
	Name string // NAME.svg, NAME.narrow.svg, NAME.json
	Data []byte
}

// Make draws the figure of sc's posters (poster.Render: the wide one and the narrow one) and
// returns it with its three files: NAME.svg, NAME.narrow.svg and NAME.json. Write saves them; the
// widget's "Embed this" (front/embedthis) hands them to the reader to save.
func Make(name string, sc scenario.Scenario, live, title string, rs []readout.Readout) (Figure, []File, error) {
	link := scenario.Link(sc)
	f := Figure{
		Live: live + link, Open: "widget.html" + link, Title: title, Readouts: Readouts(rs),
		Poster: "posters/" + name + ".svg", Width: WideWidth, Height: WideHeight,
		PosterNarrow: "posters/" + name + ".narrow.svg",
	}
	wide, summary, err := poster.Render(sc, WideWidth, WideHeight, "")
	if err != nil {
		return f, nil, err
	}
	narrow, _, err := poster.Render(sc, NarrowWidth, NarrowHeight, "")
	if err != nil {
		return f, nil, err
	}
	f.Alt = summary
	js, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return f, nil, err
	}
	return f, []File{{name + ".svg", wide}, {name + ".narrow.svg", narrow}, {name + ".json", append(js, '\n')}}, nil
}
