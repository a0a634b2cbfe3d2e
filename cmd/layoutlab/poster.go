package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
	"layoutlab/front/poster"
)

func init() {
	register("poster", "draw a figure's poster: the SVG its live figure first draws, for a docs page", posterCmd)
}

var posterUsage = `usage: layoutlab poster [flags] LINK|PRESET

Draws the poster of a figure: the SVG of exactly what the live figure first draws for the
scenario (the engine runs it, natively), for a docs page to show until the reader touches the
figure (site/embed.js then starts it live in the same box). LINK is a Layout Lab link (the
widget's Copy link, or just its '#s=...' part); PRESET is one of the explainer's presets:
` + presetNames() + `

Without -o, the SVG is written to standard output.

  -o DIR/NAME          write DIR/NAME.svg (a wide box's poster, ` + posterSize(figurebox.WideWidth, figurebox.WideHeight) + `), DIR/NAME.narrow.svg
                       (a phone's, ` + posterSize(figurebox.NarrowWidth, figurebox.NarrowHeight) + `), both themes in each, and DIR/NAME.json (the
                       figure: its live link, posters, summary and readouts, which the Hugo
                       shortcode, Sphinx directive and Docusaurus component write it from),
                       and print the figure's HTML for a page (plain HTML, MkDocs). DIR is
                       the posters/ folder of the build copied into your docs
                       (layoutlab/posters/)
  --base PATH          the path from a page to the build, in the printed HTML
                       (default /layoutlab/, which MkDocs' hook rewrites for each page;
                       layoutlab/ for a hand-written page beside it)
  --theme T            without -o: light | dark (default: both, switched by the reader's
                       prefers-color-scheme, unless the link forces one)
  --width W            without -o: the poster's CSS width (default 760)
  --height H           without -o: the poster's CSS height (default 662)

Exit status: 0 on success; 1 when the poster cannot be written; 2 for a bad flag or an unknown
link or preset, with a message naming it.
`

func presetNames() string {
	var names []string
	for _, p := range scenario.Presets() {
		names = append(names, p.Name)
	}
	return "  " + strings.Join(names, ", ")
}

func posterCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("poster", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "")
	base := fs.String("base", "/layoutlab/", "")
	theme := fs.String("theme", "", "")
	width := fs.Float64("width", figurebox.WideWidth, "")
	height := fs.Float64("height", figurebox.WideHeight, "")
	// The link or preset may come before the flags or after them.
	var what []string
	rest := args
	for {
		if code, done := parseFlags(fs, "poster", rest, stdout, stderr); done {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		what = append(what, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	bad := badFlag(stderr, "poster")
	if len(what) != 1 {
		fmt.Fprintf(stderr, "layoutlab poster: want one link or preset, got %d\n\n%s", len(what), posterUsage)
		return 2
	}
	if *theme != "" && *theme != "light" && *theme != "dark" {
		return bad("theme", "%q is not light or dark", *theme)
	}
	sc, title, err := posterScenario(what[0])
	if err != nil {
		fmt.Fprintf(stderr, "layoutlab poster: %v\n", err)
		return 2
	}
	if *out == "" {
		svg, _, err := poster.Render(sc, *width, *height, *theme)
		if err != nil {
			fmt.Fprintf(stderr, "layoutlab poster: %v\n", err)
			return 2
		}
		stdout.Write(svg)
		return 0
	}
	rs, err := readout.Run(sc)
	if err != nil {
		fmt.Fprintf(stderr, "layoutlab poster: %v\n", err)
		return 1
	}
	f, err := figurebox.Write(*out, sc, "figure.html", title, rs)
	if err != nil {
		fmt.Fprintf(stderr, "layoutlab poster: %v\n", err)
		return 1
	}
	f.Base, f.Inline = *base, true
	fmt.Fprintln(stdout, f.HTML())
	return 0
}

// parseFlags parses flags up to the first argument that is not one: -h prints the usage; a
// parse error prints it and exits 2.
func parseFlags(fs *flag.FlagSet, name string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stdout, posterUsage)
			return 0, true
		}
		fmt.Fprintf(stderr, "layoutlab %s: %v\n\n%s", name, err, posterUsage)
		return 2, true
	}
	return 0, false
}

// posterScenario is the scenario a preset's name or a link names (a whole URL, or its fragment),
// and the figure's title.
func posterScenario(what string) (scenario.Scenario, string, error) {
	if p, ok := scenario.PresetByName(what); ok {
		return p.Scenario, p.Title, nil
	}
	i := strings.Index(what, "#")
	if i < 0 {
		return scenario.Scenario{}, "", fmt.Errorf("%q is neither a preset (%s) nor a link (…#s=…)", what, strings.TrimSpace(presetNames()))
	}
	sc, err := scenario.ParseLink(what[i:])
	if err != nil {
		return scenario.Scenario{}, "", fmt.Errorf("the link %q: %v", what, err)
	}
	return sc, "Layout Lab figure", nil
}

// posterSize is a poster's CSS size as the usage states it (figurebox's).
func posterSize(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }
