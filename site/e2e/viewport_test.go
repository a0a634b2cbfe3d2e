//go:build browser

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// viewport is a window a test looks at a page in: a desktop's, or a phone's (mobile), at scale
// device pixels per CSS pixel.
type viewport struct {
	name  string
	w, h  int64
	phone bool
	scale float64
}

// emulate sizes ctx's page as v.
func emulate(t testing.TB, ctx context.Context, v viewport) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(v.scale)}
	if v.phone {
		opts = append(opts, chromedp.EmulateMobile)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(v.w, v.h, opts...)); err != nil {
		t.Fatal(err)
	}
}
