//go:build browser

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/inspect/inspecttest"
)

// workerTimesJS notes, in performance.now() time, when the page first registers its service
// worker (__swAt), when the reader's files came (__pickedAt) and when the table was drawn and
// planned (__doneAt).
const workerTimesJS = `(() => {
	const sw = navigator.serviceWorker;
	if (!sw) return; // about:blank
	const register = sw.register.bind(sw);
	sw.register = (...a) => { if (window.__swAt === undefined) window.__swAt = performance.now(); return register(...a); };
	document.addEventListener("change", () => { if (window.__pickedAt === undefined) window.__pickedAt = performance.now(); }, true);
	const poll = setInterval(() => {
		const ll = window.layoutlabTable;
		if (ll && ll.opened > 0 && !ll.planning) { window.__doneAt = performance.now(); clearInterval(poll); }
	}, 5);
})()`

// TestTableRegistersItsWorkerWhenIdle: the service worker, whose install downloads and unpacks
// the build, is registered only once the page has been idle for a while (2 s): not as the
// module starts, when a reader's first table may be given at once, and not while a table opens,
// but after it is drawn and planned.
func TestTableRegistersItsWorkerWhenIdle(t *testing.T) {
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: workerTimesJS}); err != nil {
		t.Fatal(err)
	}
	m, err := inspecttest.Table(2000)
	if err != nil {
		t.Fatal(err)
	}
	files := writeLog(t, m)
	openTablePage(t, ctx)
	if msg := give(t, ctx, files...); msg != "" {
		t.Fatalf("the table did not open: %s", msg)
	}
	readyAt := eval[float64](t, ctx, `window.layoutlabTable.loadStart + window.layoutlabTable.wasmReady`)
	pickedAt := eval[float64](t, ctx, `window.__pickedAt`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.__doneAt !== undefined && window.__swAt !== undefined`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the worker was never registered after the open: %v", err)
	}
	swAt, doneAt := eval[float64](t, ctx, `window.__swAt`), eval[float64](t, ctx, `window.__doneAt`)
	t.Logf("ready %.0f ms, files given %.0f ms, drawn and planned %.0f ms, worker registered %.0f ms", readyAt, pickedAt, doneAt, swAt)
	// Timers fire late, never early: a registration before the files came is one 2 s after ready.
	if swAt < pickedAt && swAt < readyAt+2000 {
		t.Errorf("the worker was registered %.0f ms after the module started, before the reader could give a table", swAt-readyAt)
	}
	if swAt >= pickedAt && swAt < doneAt {
		t.Errorf("the worker was registered while the table opened (%.0f ms after its files came, %.0f ms before it was planned)", swAt-pickedAt, doneAt-swAt)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(navigator.serviceWorker.getRegistration().then((r) => window.__reg = !!r), window.__reg === true)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Errorf("the worker registered never made a registration: %v", err)
	}
}
