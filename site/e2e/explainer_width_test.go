//go:build browser

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestExplainerFitsAPhone: the explainer at 320 and 390 px (a phone's screen) is no wider than
// the screen: a code block or table wider than the column scrolls inside its own box, so the
// reader never pans the whole page sideways and the figures keep the screen's width.
func TestExplainerFitsAPhone(t *testing.T) {
	ctx := browser(t)
	for _, w := range []int64{320, 390} {
		emulate(t, ctx, viewport{name: "phone", w: w, h: 844, phone: true, scale: 2})
		if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/index.html")); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond) // the posters' sizes
		type wide struct {
			Page    float64
			Screen  float64
			Culprit []string
		}
		// A phone widens its layout viewport (innerWidth) to content wider than the screen, so
		// the screen's width is the emulated one.
		got := eval[wide](t, ctx, fmt.Sprintf(`((W) => {
			const out = [];
			const clipped = (e) => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
				if (getComputedStyle(a).overflowX !== "visible") return true; return false; };
			// The outermost elements that reach past the screen, each named by its tag, class and width.
			for (const e of document.body.querySelectorAll("*")) {
				const r = e.getBoundingClientRect();
				if (r.right > W + 1 && !clipped(e) && !(e.parentElement && e.parentElement.getBoundingClientRect().right > W + 1))
					out.push(e.tagName.toLowerCase() + (e.className ? "." + String(e.className).split(" ").join(".") : "") + " " + Math.round(r.width) + " px");
			}
			return {page: document.documentElement.scrollWidth, screen: W, culprit: out.slice(0, 12)};
		})(%d)`, w))
		if got.Page > got.Screen+1 {
			t.Errorf("%d px: the explainer is %.0f px wide on a %.0f px screen; past its edge: %v", w, got.Page, got.Screen, got.Culprit)
		}
		// A poster's readouts side by side: each figure and label within its own column, not
		// running into the next (at 320 px "2,400.0 GiB" overran its neighbour's).
		over := eval[[]string](t, ctx, `(() => {
			const out = [];
			for (const d of document.querySelectorAll(".layoutlab-readouts > div")) {
				const col = d.getBoundingClientRect();
				for (const e of d.children) {
					const r = e.getBoundingClientRect();
					if (r.width > 0 && r.right > col.right + 1) out.push(e.textContent + " " + Math.round(r.width) + " px in " + Math.round(col.width));
				}
			}
			return out.slice(0, 12);
		})()`)
		if len(over) > 0 {
			t.Errorf("%d px: readouts wider than their column: %v", w, over)
		}
	}
}
