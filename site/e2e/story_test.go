//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// The statistics section's live figures (#52): controls that stay put, a refusal that names
// its fix and offers it, the key space with the lookup marked at every width.

// storyShot saves the open page as a PNG under LAYOUTLAB_SCREENSHOTS, when it is set.
func storyShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("LAYOUTLAB_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil { // a folder named but not made yet
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// keyBoxes are the key tick boxes' columns and centres, in the list's order.
type keyBox struct {
	Col  string
	X, Y float64
}

func keyBoxes(t *testing.T, ctx context.Context) []keyBox {
	return eval[[]keyBox](t, ctx, `[...document.querySelectorAll("#keys-list input[data-col]")].map(e => {
		const r = e.getBoundingClientRect(); return {col: e.dataset.col, x: r.left + r.width / 2, y: r.top + r.height / 2}; })`)
}

// TestKeyBoxesStayUnderThePointer: ticking and unticking keys in a statistics figure moves no
// tick box, at a phone's width and a desktop's: a second click at the same place toggles the
// same column back.
func TestKeyBoxesStayUnderThePointer(t *testing.T) {
	ctx := browser(t)
	p, _ := scenario.PresetByName("zorder-two-keys")
	for _, w := range []int{390, 1000} {
		h := scenario.Link(p.Scenario)
		openFigure(t, ctx, h, w)
		before := keyBoxes(t, ctx)
		if len(before) < 4 {
			t.Fatalf("%d px: key boxes %v", w, before)
		}
		for _, col := range []string{"region_id", "user_id", "region_id", "user_id"} {
			i := slices.IndexFunc(before, func(b keyBox) bool { return b.Col == col })
			noteChange(t, ctx)
			if err := chromedp.Do(ctx, chromedp.MouseClickXY(before[i].X, before[i].Y)); err != nil {
				t.Fatal(err)
			}
			h = settle(t, ctx, h)
			if after := keyBoxes(t, ctx); !slices.Equal(after, before) {
				t.Fatalf("%d px: after clicking %s the boxes moved:\n%v\nwere\n%v", w, col, after, before)
			}
		}
		// Two clicks on each: the keys are the preset's again, in its order.
		if s, err := scenario.ParseLink(h); err != nil || !slices.Equal(s.Panel.Keys, p.Scenario.Panel.Keys) {
			t.Errorf("%d px: keys %v after ticking each twice, want %v (%v)", w, s.Panel.Keys, p.Scenario.Panel.Keys, err)
		}
	}
}

// TestRefusalNamesItsFixAndOffersIt: ticking device_model_id (no statistics) in a clustered
// figure shows one plain sentence naming the fix, without Delta's class or a schema dump, and
// says the table is unclustered, in the text and the picture; its button raises the indexed
// columns, after which the figure is clustered on the three keys and agrees with the CLI.
func TestRefusalNamesItsFixAndOffersIt(t *testing.T) {
	ctx := browser(t)
	p, _ := scenario.PresetByName("two-keys")
	for _, w := range []int{1280, 390, 320} {
		for _, theme := range []string{"light", "dark"} {
			s := p.Scenario
			s.Figure.Theme = theme
			h := scenario.Link(s)
			openFigure(t, ctx, h, w)
			noteChange(t, ctx)
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#keys-list input[data-col="device_model_id"]`))); err != nil {
				t.Fatal(err)
			}
			h = settle(t, ctx, h)
			msg := eval[string](t, ctx, `document.getElementById("delta-error").hidden ? "" : document.getElementById("delta-error").textContent`)
			want := "device_model_id has no statistics: raise indexed columns to 33. The table stays unclustered."
			if !strings.HasPrefix(msg, want) || strings.Contains(msg, "DELTA_") || strings.Contains(msg, "struct<") {
				t.Fatalf("%d px: the refusal reads %q, want %q and its fix", w, msg, want)
			}
			// The whole sentence is shown, not cut: the box is as tall as its text.
			if cut := eval[bool](t, ctx, `(() => { const e = document.getElementById("delta-error"); return e.scrollHeight > e.clientHeight + 1; })()`); cut {
				t.Errorf("%d px: the refusal is cut", w)
			}
			if !slices.ContainsFunc(overlayTexts(t, ctx), func(s string) bool { return strings.Contains(s, "unclustered") }) {
				t.Errorf("%d px: the picture does not say the table is unclustered: %q", w, overlayTexts(t, ctx))
			}
			// The fix and every control stay in the box; on a phone the sentence pushes only the
			// "Open in Layout Lab" link below it, into the panel's scroll.
			f := measureFigure(t, ctx)
			if out := slices.DeleteFunc(f.Outside, func(s string) bool { return s == "open-full" }); len(out) > 0 || f.PageScrolls {
				t.Errorf("%d px: with the refusal, outside the box: %v, page scrolls %v", w, out, f.PageScrolls)
			}
			if !eval[bool](t, ctx, `(() => { const r = document.querySelector("#delta-error button").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) {
				t.Errorf("%d px: the fix is outside the box", w)
			}
			storyShot(t, ctx, fmt.Sprintf("refusal-%d-%s", w, theme))
			noteChange(t, ctx)
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#delta-error button[data-knob="indexed-cols"]`))); err != nil {
				t.Fatalf("%d px: no fix button: %v", w, err)
			}
			h = settle(t, ctx, h)
			sc, err := scenario.ParseLink(h)
			if err != nil || sc.Panel.IndexedCols == nil || *sc.Panel.IndexedCols != 33 || len(sc.Panel.Keys) != 3 {
				t.Fatalf("%d px: after the fix the link is %+v (%v)", w, sc.Panel, err)
			}
			if !eval[bool](t, ctx, `document.getElementById("delta-error").hidden`) {
				t.Errorf("%d px: the refusal stays after its fix", w)
			}
			figureReadoutsAgree(t, ctx, fmt.Sprintf("fixed at %d px", w), h)
			storyShot(t, ctx, fmt.Sprintf("refusal-fixed-%d-%s", w, theme))
		}
	}
}

// TestStatsFiguresKeepTheirKeySpace: every statistics figure of the explainer, at 1280, 390
// and 320 px, in both themes, draws its key space (its axes named) with the lookup marked and
// named, and its panel does not scroll.
func TestStatsFiguresKeepTheirKeySpace(t *testing.T) {
	ctx := browser(t)
	for _, name := range []string{"zorder-two-keys", "two-keys", "zorder-four-keys", "four-keys", "one-key", "region-only", "no-stats"} {
		p, _ := scenario.PresetByName(name)
		for _, theme := range []string{"light", "dark"} {
			s := p.Scenario
			s.Figure.Theme = theme
			openFigure(t, ctx, scenario.Link(s), 1280)
			for _, w := range []int{1280, 390, 320} {
				if w != 1280 {
					resizeFigure(t, ctx, w)
				}
				texts := overlayTexts(t, ctx)
				axis := slices.ContainsFunc(texts, func(s string) bool { return strings.HasSuffix(s, "(by rank) →") })
				if !axis {
					t.Errorf("%s %d px %s: no key space: %q", name, w, theme, texts)
				}
				if name == "no-stats" {
					if !slices.Contains(texts, "no statistics: no boxes") && !slices.Contains(texts, "no statistics") {
						t.Errorf("%s %d px: the key space does not say it has no statistics: %q", name, w, texts)
					}
				} else if v := strings.TrimPrefix(p.Scenario.Panel.Where, strings.SplitN(p.Scenario.Panel.Where, " = ", 2)[0]+" = "); !slices.Contains(texts, p.Scenario.Panel.Where) && !slices.Contains(texts, v) {
					t.Errorf("%s %d px %s: the lookup %q is not named in the key space: %q", name, w, theme, p.Scenario.Panel.Where, texts)
				}
				if f := measureFigure(t, ctx); f.PanelScrolls || f.PageScrolls || len(f.Outside) > 0 {
					t.Errorf("%s %d px: panel scrolls %v, page scrolls %v, outside %v", name, w, f.PanelScrolls, f.PageScrolls, f.Outside)
				}
				storyShot(t, ctx, fmt.Sprintf("%s-%d-%s", name, w, theme))
			}
		}
	}
}
