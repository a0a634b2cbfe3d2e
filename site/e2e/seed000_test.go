//go:build browser

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// The maintenance article's (seed 000's) figures on the explainer, print, and the pages without
// JavaScript, at a desktop's and two phones' widths, in both themes. With LAYOUTLAB_SCREENSHOTS
// set each test saves what it checked there as PNGs.

var seedWidths = []struct {
	name string
	w, h int64
	mob  bool
}{{"1280", 1280, 900, false}, {"390", 390, 844, true}, {"320", 320, 640, true}}

// viewAt sets the viewport and the colour scheme the reader prefers.
func viewAt(t *testing.T, ctx context.Context, w, h int64, mob bool, theme string) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if mob {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}); err != nil {
		t.Fatal(err)
	}
}

// shot saves the element sel (scrolled into view) or the viewport (sel "") as DIR/name.png when
// LAYOUTLAB_SCREENSHOTS names DIR.
func shot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	dir := os.Getenv("LAYOUTLAB_SCREENSHOTS")
	if dir == "" {
		return
	}
	act := chromedp.CaptureScreenshot()
	if sel != "" {
		act = chromedp.Screenshot(chromedp.CSS(sel))
	}
	buf, err := chromedp.Run(ctx, act)
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// noScripts turns JavaScript off in the tab.
func noScripts(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
}

// waitImages waits until every image matching sel has loaded, with pixels.
func waitImages(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll("`+sel+`")].every(i => i.complete && i.naturalWidth > 0)`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("images %s never loaded: %v", sel, err)
	}
}

// TestSeed000FiguresOnTheExplainer: the explainer shows the strategy comparison and the key
// change's chart (their pictures loaded, the reader's narrow or wide one, the column's width), a
// figure for the 400 GiB cube and for Fabric's strategy, titled as Fabric's, and the history's
// explanation naming open-source Delta's source file.
func TestSeed000FiguresOnTheExplainer(t *testing.T) {
	ctx := browser(t)
	noScripts(t, ctx) // the posters: what every reader sees first, and prints
	for _, size := range seedWidths {
		for _, theme := range []string{"light", "dark"} {
			viewAt(t, ctx, size.w, size.h, size.mob, theme)
			if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
				t.Fatal(err)
			}
			waitImages(t, ctx, ".layoutlab-chart img")
			type chart struct {
				Src         string
				W, ColW, NW float64
			}
			charts := eval[[]chart](t, ctx, `[...document.querySelectorAll(".layoutlab-chart img")].map(i => ({src: i.currentSrc, w: i.getBoundingClientRect().width, colW: document.querySelector("main").clientWidth, nw: i.naturalWidth}))`)
			if len(charts) != 2 {
				t.Fatalf("%s %s: %d comparison charts, want 2", size.name, theme, len(charts))
			}
			for _, c := range charts {
				narrow := strings.HasSuffix(c.Src, ".narrow.svg")
				if narrow != (size.w < 560) || c.W > c.ColW+0.5 || c.W < c.ColW-60 {
					t.Errorf("%s %s: chart %s is %.0f px wide in a %.0f px column", size.name, theme, c.Src, c.W, c.ColW)
				}
			}
			text := eval[string](t, ctx, `document.querySelector("main").innerText`)
			for _, want := range []string{"The three strategies side by side", "A 400 GiB minimum cube", "17.17x",
				"Fabric's, not open-source Delta", "OptimizeTableStrategy.scala", "The nightly rewrite falls on the night of the change"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s %s: the explainer does not say %q", size.name, theme, want)
				}
			}
			for _, name := range []string{"big-cube", "fabric-incremental"} {
				p, _ := scenario.PresetByName(name)
				if !eval[bool](t, ctx, `[...document.querySelectorAll("figure.layoutlab")].some(f => f.dataset.title === `+jsString(p.Title)+`)`) {
					t.Errorf("%s %s: no figure of %s", size.name, theme, name)
				}
			}
			eval[bool](t, ctx, `(document.querySelector(".layoutlab-chart").scrollIntoView(), true)`)
			shot(t, ctx, ".layoutlab-chart", "explainer-strategies-"+size.name+"-"+theme)
			shot(t, ctx, `figure.layoutlab[data-title^="A 400 GiB"]`, "explainer-big-cube-"+size.name+"-"+theme)
			shot(t, ctx, `figure.layoutlab[data-title^="Changing the clustering keys"]`, "explainer-change-keys-"+size.name+"-"+theme)
		}
	}
}

// TestPrintedFiguresNeverSplit: printed (print media emulated), every figure of the explainer,
// poster or chart, is kept on one page (break-inside: avoid) and is shorter than an A4 page, so
// that it can be; the live figures' controls are not printed.
func TestPrintedFiguresNeverSplit(t *testing.T) {
	ctx := browser(t)
	noScripts(t, ctx)
	viewAt(t, ctx, 794, 1123, false, "light") // A4 at 96 dpi
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitImages(t, ctx, "figure img")
	type fig struct {
		Class, Break string
		H            float64
	}
	figs := eval[[]fig](t, ctx, `[...document.querySelectorAll("figure")].map(f => ({class: f.className, break: getComputedStyle(f).breakInside, h: f.getBoundingClientRect().height}))`)
	if len(figs) < len(scenario.Presets())+2 {
		t.Fatalf("%d figures printed, want every preset's and the two charts", len(figs))
	}
	for i, f := range figs {
		if f.Break != "avoid" {
			t.Errorf("figure %d (%s): break-inside %q when printed: it may split across pages", i, f.Class, f.Break)
		}
		if f.H > 1000 {
			t.Errorf("figure %d (%s) is %.0f px tall printed, more than a page", i, f.Class, f.H)
		}
	}
	if eval[bool](t, ctx, `[...document.querySelectorAll(".layoutlab-actions")].some(a => getComputedStyle(a).display !== "none")`) {
		t.Error("printed, the figures' buttons and links are shown")
	}
	// And without print media the rule does not change the screen's layout.
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
		t.Fatal(err)
	}
	if b := eval[string](t, ctx, `getComputedStyle(document.querySelector(".layoutlab-chart")).breakInside`); b != "auto" {
		t.Errorf("on screen the chart's break-inside is %q", b)
	}
}

// TestPagesWithoutJavaScript: widget.html and table.html with scripts off say so in a noscript,
// show the poster and never "Loading…"; the explainer says its figures are posters.
func TestPagesWithoutJavaScript(t *testing.T) {
	ctx := browser(t)
	noScripts(t, ctx)
	for _, size := range seedWidths {
		for _, theme := range []string{"light", "dark"} {
			viewAt(t, ctx, size.w, size.h, size.mob, theme)
			for _, page := range []string{"widget.html", "table.html", "index.html"} {
				if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/"+page)); err != nil {
					t.Fatal(err)
				}
				if eval[bool](t, ctx, `!!window.layoutlab`) {
					t.Fatal("scripts ran")
				}
				text := eval[string](t, ctx, `document.body.innerText`)
				if !strings.Contains(text, "JavaScript is off") {
					t.Errorf("%s %s %s: no noscript message: %.200q", page, size.name, theme, text)
				}
				if strings.Contains(text, "Loading") {
					t.Errorf("%s %s %s: still says Loading…", page, size.name, theme)
				}
				sel := ".noscript img"
				if page == "index.html" {
					sel = "figure.layoutlab img"
				}
				waitImages(t, ctx, sel)
				if w := eval[float64](t, ctx, `document.querySelector("`+sel+`").getBoundingClientRect().width`); w < 200 || w > float64(size.w) {
					t.Errorf("%s %s: the poster is %.0f px wide in a %d px screen", page, size.name, w, size.w)
				}
				if page != "index.html" {
					shot(t, ctx, "", "nojs-"+strings.TrimSuffix(page, ".html")+"-"+size.name+"-"+theme)
				}
			}
		}
	}
}

// TestTimelineLineLabelFollowsTheDaySlider: in the live timeline, moving the day slider moves the
// chart's line labels with the readouts, to the same rounding: "1,154.2 files" on the key change's
// night, the day's own value on day 10.
func TestTimelineLineLabelFollowsTheDaySlider(t *testing.T) {
	ctx := browser(t)
	p, _ := scenario.PresetByName("change-keys")
	for _, size := range seedWidths {
		for _, theme := range []string{"light", "dark"} {
			viewAt(t, ctx, size.w, size.h, size.mob, theme)
			open(t, ctx, scenario.Link(p.Scenario))
			h := eval[string](t, ctx, `location.hash`)
			for _, day := range []string{"30", "10"} {
				if day != "30" {
					setControl(t, ctx, "day", day, "input")
					h = settle(t, ctx, h)
				}
				readout := eval[string](t, ctx, `document.querySelector('[data-metric="lookup_files"]').textContent`)
				if !containsText(overlayTexts(t, ctx), readout+" files") {
					t.Errorf("%s %s day %s: the readout says %q, the chart's labels %q", size.name, theme, day, readout, overlayTexts(t, ctx))
				}
				if day == "30" && readout != "1,154.2" {
					t.Errorf("%s %s: the key change's night reads %q", size.name, theme, readout)
				}
			}
			shot(t, ctx, "", "widget-change-keys-day10-"+size.name+"-"+theme)
		}
	}
}

func containsText(texts []string, s string) bool {
	for _, t := range texts {
		if t == s {
			return true
		}
	}
	return false
}
