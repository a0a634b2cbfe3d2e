//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"layoutlab/assets"
	"layoutlab/engine/scenario"
	"layoutlab/front/poster"
	"layoutlab/front/poster/postertest"
)

// overlayTexts are the texts of the figure's labels the page shows (#figure-labels' spans), in
// the Scene's order.
func overlayTexts(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `[...document.querySelectorAll("#figure-labels > span")].filter(s => s.style.display !== "none").map(s => s.textContent)`)
}

// svgTexts are an SVG's <text> contents in document order (the first theme's, when it has two).
func svgTexts(t *testing.T, svg []byte) []string {
	t.Helper()
	out, err := postertest.Texts(svg)
	if err != nil {
		t.Fatalf("the poster is not well-formed XML: %v", err)
	}
	return out
}

// TestCanvasLabelsMatchThePoster: for a panel preset and a timeline preset, in each theme, the
// labels the live widget first draws over its canvas are the poster's, rendered natively at the
// canvas's CSS size; and the summary the page gives screen readers is the poster's.
func TestCanvasLabelsMatchThePoster(t *testing.T) {
	ctx := browser(t)
	for _, name := range []string{"two-keys", "change-keys"} {
		for _, theme := range []string{"light", "dark"} {
			p, _ := scenario.PresetByName(name)
			sc := p.Scenario
			sc.Figure.Theme = theme
			open(t, ctx, scenario.Link(sc))
			time.Sleep(300 * time.Millisecond) // the frame after ready has drawn its labels
			size := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("body > canvas").getBoundingClientRect(); return [r.width, r.height]; })()`)
			svg, summary, err := poster.Render(sc, size[0], size[1], theme)
			if err != nil {
				t.Fatal(err)
			}
			live, want := overlayTexts(t, ctx), svgTexts(t, svg)
			if !slices.Equal(live, want) {
				t.Errorf("%s, %s, %gx%g: the canvas's labels\n%q\nare not the poster's\n%q", name, theme, size[0], size[1], live, want)
			}
			if got := eval[string](t, ctx, `document.getElementById("figure-summary").textContent`); got != summary {
				t.Errorf("%s: the page's summary %q is not the poster's %q", name, got, summary)
			}
			if got := eval[string](t, ctx, `document.documentElement.dataset.theme`); got != theme {
				t.Errorf("%s: the page's theme is %q, the link forces %q", name, got, theme)
			}
		}
	}
}

// TestCanvasKeyboardSelectsFiles: the canvas takes the focus from the keyboard, arrow keys
// select files, and the tip names the selected file's reason.
func TestCanvasKeyboardSelectsFiles(t *testing.T) {
	ctx := browser(t)
	p, _ := scenario.PresetByName("one-key")
	open(t, ctx, scenario.Link(p.Scenario))
	eval[bool](t, ctx, `(document.querySelector("body > canvas").focus(), true)`)
	if !eval[bool](t, ctx, `document.activeElement === document.querySelector("body > canvas")`) {
		t.Fatal("the canvas does not take the focus")
	}
	for _, k := range []string{kb.ArrowRight, kb.ArrowRight, kb.ArrowDown} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`/^File \d+ of \d+[^]*(Read|Skipped): /.test(document.getElementById("figure-tip").textContent)`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("no tip with a reason after the arrow keys: %q", eval[string](t, ctx, `document.getElementById("figure-tip").textContent`))
	}
}

// TestWidgetFollowsTheReadersColourScheme: a panel preset and a timeline preset at desktop and
// phone sizes are drawn in the theme the reader prefers, with their axis labels (saved, with
// LAYOUTLAB_SCREENSHOTS set, as PNGs).
func TestWidgetFollowsTheReadersColourScheme(t *testing.T) {
	ctx := browser(t)
	dir := os.Getenv("LAYOUTLAB_SCREENSHOTS")
	for _, size := range []viewport{{"desktop", 1280, 900, false, 1}, {"phone", 390, 844, true, 3}} {
		emulate(t, ctx, size)
		for _, theme := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"two-keys", "change-keys"} {
				p, _ := scenario.PresetByName(name)
				open(t, ctx, scenario.Link(p.Scenario))
				time.Sleep(300 * time.Millisecond)
				if got := eval[string](t, ctx, `document.documentElement.dataset.theme`); got != theme {
					t.Errorf("%s %s: drawn in %q, the reader prefers %q", name, size.name, got, theme)
				}
				// The page around the canvas (site/theme.css) in the same theme, and in the
				// other one when the root names it, as a link's Figure.Theme makes it.
				for _, th := range []string{theme, map[string]string{"light": "dark", "dark": "light"}[theme]} {
					bg := assets.Themes[th]["background"]
					want := fmt.Sprintf("rgb(%d, %d, %d)", bg.R, bg.G, bg.B)
					if got := eval[string](t, ctx, `document.documentElement.dataset.theme = "`+th+`"; getComputedStyle(document.body).backgroundColor`); got != want {
						t.Errorf("%s %s, reader prefers %s: the page's background in %s is %s, the palette's %s", name, size.name, theme, th, got, want)
					}
				}
				eval[string](t, ctx, `document.documentElement.dataset.theme = "`+theme+`"`)
				texts := overlayTexts(t, ctx)
				if len(texts) < 8 {
					t.Errorf("%s %s %s: %d labels: %q", name, size.name, theme, len(texts), texts)
				}
				if dir != "" {
					buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
					if err != nil {
						t.Fatal(err)
					}
					os.WriteFile(filepath.Join(dir, "figure-"+name+"-"+size.name+"-"+theme+".png"), buf, 0o644)
				}
			}
		}
	}
}
