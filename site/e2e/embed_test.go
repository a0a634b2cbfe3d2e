//go:build browser

package e2e

import (
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// TestWidgetRaisesNoDevToolsIssues loads the widget with Chromium's issue reporting on (the
// DevTools Issues panel: forms, accessibility, CSP, deprecations) and runs its forms check.
func TestWidgetRaisesNoDevToolsIssues(t *testing.T) {
	ctx := browser(t)
	var mu sync.Mutex
	var issues []string
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*audits.EventIssueAdded); ok {
			b, _ := json.Marshal(e.Issue.Details)
			mu.Lock()
			issues = append(issues, string(e.Issue.Code)+" "+string(b))
			mu.Unlock()
		}
	})
	if _, err := chromedp.Call(ctx, audits.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "")
	forms, err := chromedp.Call(ctx, audits.CheckFormsIssues, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range forms.FormIssues {
		t.Errorf("forms check: %s on node %d (%s)", f.ErrorType, f.ViolatingNodeID, f.ViolatingNodeAttribute)
	}
	// The DOM's own view of the same rule: every label names a control.
	if n := eval[int](t, ctx, `[...document.querySelectorAll("label")].filter(l => !l.control).length`); n != 0 {
		t.Errorf("%d labels without a control", n)
	}
	time.Sleep(time.Second) // issues found while the page settles arrive as events
	mu.Lock()
	defer mu.Unlock()
	for _, i := range issues {
		t.Errorf("DevTools issue: %s", i)
	}
}
