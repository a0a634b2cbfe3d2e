//go:build browser && screenshots

package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// TestFigureScreenshots writes to the directory SCREENSHOTS names (SCREENSHOTS_PRESETS=a,b
// for only those presets) a PNG of every preset's
// figure in the host's box at desktop (1000x625) and phone (360x640: figureBox) widths, in the light and
// dark themes the link forces: <dir>/<preset>-<desktop|phone>-<light|dark>.png.
//
// It is a tool, not a check, so it builds only with the screenshots tag: ./build.sh screenshots.
//
//	SCREENSHOTS=docs/figures go test -count=1 -tags browser,screenshots -run TestFigureScreenshots ./site/e2e/
func TestFigureScreenshots(t *testing.T) {
	dir := os.Getenv("SCREENSHOTS")
	if dir == "" {
		t.Fatal("SCREENSHOTS is not set: it names the directory the screenshots go to")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { browserTimeout = d }(browserTimeout)
	browserTimeout = 30 * time.Minute
	ctx := browser(t)
	only := os.Getenv("SCREENSHOTS_PRESETS")
	for _, p := range scenario.Presets() {
		if only != "" && !slices.Contains(strings.Split(only, ","), p.Name) {
			continue
		}
		for _, theme := range []string{"light", "dark"} {
			s := p.Scenario
			s.Figure.Theme = theme
			openFigure(t, ctx, scenario.Link(s), 1000)
			for _, size := range []struct {
				name string
				w    int
			}{{"desktop", 1000}, {"phone", 360}} {
				resizeFigure(t, ctx, size.w)
				buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, p.Name+"-"+size.name+"-"+theme+".png")
				if err := os.WriteFile(path, buf, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", path)
			}
		}
	}
}
