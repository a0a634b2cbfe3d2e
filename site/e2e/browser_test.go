//go:build browser

// Package e2e drives the built site (dist/) in headless Chromium: what a person sees, checked
// the way a person would check it. Run through `./build.sh test`, which builds dist/ first.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"layoutlab/engine/scenario"
	"layoutlab/site/host"
)

var server *httptest.Server

func TestMain(m *testing.M) {
	dist, _ := filepath.Abs("../../dist")
	if _, err := os.Stat(filepath.Join(dist, "widget.html")); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %s/widget.html is missing: run ./build.sh (or ./build.sh test) first\n", dist)
		os.Exit(1)
	}
	server = httptest.NewServer(host.Framed(dist, host.SelfOnly)) // binds 127.0.0.1:0
	code := m.Run()
	server.Close()
	os.Exit(code)
}

// browserTimeout bounds one test's browser session; the timing script needs longer.
var browserTimeout = 4 * time.Minute

// browser starts headless Chromium (Debian's package) and returns a tab's context; the browser
// closes when the test ends.
func browser(t testing.TB) context.Context {
	t.Helper()
	ctx, _ := newBrowser(t)
	return ctx
}

// newBrowser starts headless Chromium with an empty profile and returns a tab's context and a
// function that closes the browser (also called when the test ends).
func newBrowser(t testing.TB) (context.Context, func()) {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("chromium is not on PATH (Debian package 'chromium'): %v", err)
	}
	dir := t.TempDir()
	// Not under dir: a socket's path has at most 107 bytes, and a test's directory is named
	// after the test ("Socket path too long").
	tmp, err := os.MkdirTemp("", "e2e-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) }) // should the browser never start
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.WindowSize(1200, 800),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		// Chromium keeps state of the user's outside the profile: its crash database
		// (chrome_crashpad_handler --database=$XDG_CONFIG_HOME/chromium/Crash Reports, two handlers
		// a browser) and dconf's cache. Under the user's HOME, every browser on the machine shared
		// them, a test's with another run's; here each browser has its own.
		// Its singleton socket's directory (org.chromium.Chromium.*) goes under TMPDIR and is never
		// removed: a full run left over a thousand in /tmp. In a directory of the browser's own,
		// it goes when the browser closes.
		chromedp.Env("XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"),
			"TMPDIR="+tmp),
		// WebGL2 without a GPU: Ebiten renders through SwiftShader.
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, browserTimeout)
	var once sync.Once
	closeIt := func() { once.Do(func() { cancelT(); cancelC(); cancelA(); os.RemoveAll(tmp) }) }
	t.Cleanup(closeIt)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	watchConsole(t, ctx)
	return ctx, closeIt
}

// watchConsole logs the page's console and fails the test on an uncaught exception.
func watchConsole(t testing.TB, ctx context.Context) {
	chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
			}
			t.Logf("console.%s: %s", e.Type, strings.Join(parts, " "))
		case *runtime.EventExceptionThrown:
			t.Errorf("uncaught exception: %s", (&chromedp.ExceptionError{ExceptionDetails: e.ExceptionDetails}).Error())
		}
	})
}

// open navigates to the widget with the given fragment and waits until the first frame is drawn.
func open(t *testing.T, ctx context.Context, fragment string) {
	t.Helper()
	// Leave the page first: a change of fragment alone is not a new page load.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/widget.html"+fragment)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	err := waitReady(ctx)
	if err != nil {
		loading, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("loading")||{}).textContent || ""`))
		t.Fatalf("widget never became ready (%v); page says %q", err, loading)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

func metric(t *testing.T, ctx context.Context, name string) string {
	return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('[data-metric=%q]').textContent`, name))
}

// canvasPixels screenshots the page and returns the part Ebiten's canvas covers.
func canvasPixels(t *testing.T, ctx context.Context, name string) image.Image {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if dir := os.Getenv("LAYOUTLAB_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	r := eval[[]float64](t, ctx, `(() => { const c = document.querySelector("canvas").getBoundingClientRect(); return [c.left, c.top, c.right, c.bottom]; })()`)
	rect := image.Rect(int(r[0]), int(r[1]), int(r[2]), int(r[3]))
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(rect)
}

// distinctColours counts the colours in img (a blank canvas has one).
func distinctColours(img image.Image) int {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bb, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bb >> 8}] = true
		}
	}
	return len(seen)
}

func TestSliderDrivesGridAndLink(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	if got := metric(t, ctx, "files"); got != "32" {
		t.Fatalf("default file count readout = %q, want 32", got)
	}
	first := eval[float64](t, ctx, `window.layoutlab.firstFrame`)
	t.Logf("navigation to first drawn frame: %.0f ms (wasm loaded at %.0f ms)", first, eval[float64](t, ctx, `window.layoutlab.wasmLoaded`))
	// The default scenario's first answer is computed before Ebiten's packages are initialised
	// (wasm/firstrun) and handed to the widget.
	if ms := eval[float64](t, ctx, `window.layoutlab.firstRunInInitMs`); ms <= 0 {
		t.Fatalf("the first answer was not the one computed in package firstrun's init (firstRunInInitMs = %v)", ms)
	}
	if n := distinctColours(canvasPixels(t, ctx, "default")); n < 20 {
		t.Fatalf("canvas shows %d colours: blank or nearly so", n)
	}

	// Move the slider as a user would: focus it and press arrow keys.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("files"))); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowUp)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('[data-metric="files"]').textContent === "40"`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("after 8 ArrowUp the readout is %q, want 40", metric(t, ctx, "files"))
	}
	if got := eval[string](t, ctx, `document.getElementById("files-value").textContent`); got != "40" {
		t.Fatalf("after 8 ArrowUp the slider's label shows %q, want 40", got)
	}
	// The fragment follows, written 400 ms after the last change (urlDebounce): wait for the one
	// that carries 40 files, not an earlier one written between two slow key presses.
	var link string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		link = eval[string](t, ctx, `location.hash`)
		if sc, err := scenario.ParseLink(link); err == nil && sc.Panel.Files == 40 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("URL fragment %q never came to carry 40 files", link)
		}
	}
	forty := canvasPixels(t, ctx, "forty")
	if n := distinctColours(forty); n < 20 {
		t.Fatalf("canvas after the move shows %d colours", n)
	}

	// A fresh tab opened on the link restores slider and readout.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	open(t, tab, link)
	if got := metric(t, tab, "files"); got != "40" {
		t.Fatalf("reopened link shows %q files, want 40", got)
	}
	if got := eval[string](t, tab, `document.getElementById("files").value`); got != "40" {
		t.Fatalf("reopened link's slider is at %q, want 40", got)
	}
	if hidden := eval[bool](t, tab, `document.getElementById("notice").hidden`); !hidden {
		t.Fatalf("a good link shows a notice: %q", eval[string](t, tab, `document.getElementById("notice").textContent`))
	}
	// The widget never clears its screen and paints the background only where no file's cell
	// goes (game.Draw): after eight moves every pixel must still be the one a fresh page paints.
	if n := differingPixels(forty, canvasPixels(t, tab, "forty-reopened")); n != 0 {
		t.Fatalf("the canvas after eight moves differs from the reopened link's in %d pixels", n)
	}
}

// differingPixels counts the pixels whose colour differs between a and b (all of them when the
// sizes differ).
func differingPixels(a, b image.Image) int {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Size() != rb.Size() {
		return ra.Dx() * ra.Dy()
	}
	n := 0
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			if a.At(ra.Min.X+x, ra.Min.Y+y) != b.At(rb.Min.X+x, rb.Min.Y+y) {
				n++
			}
		}
	}
	return n
}

func TestBrokenLinksShowNoticeAndDefaults(t *testing.T) {
	ctx := browser(t)
	// Links that decode but ask for too much, or name a column the table lacks.
	partitioned := scenario.Default()
	partitioned.Panel.PartitionBy = []string{"user_id"} // one directory per distinct user_id
	unknownKey := scenario.Default()
	unknownKey.Panel.Keys = []string{"user_id", "nope"}
	tinyFiles := scenario.Default()
	tinyFiles.View = "timeline"
	tinyFiles.Timeline.Strategy, tinyFiles.Timeline.Days = "none", 1
	tinyFiles.Timeline.IngestGB, tinyFiles.Timeline.RowsPerGB, tinyFiles.Timeline.FileGB = 7800, 1024, 0.0009765625
	for _, frag := range []string{"#s=%%%", "#s=AQ", "#s=AQGx8f3n2Q", "#s=" + string(bytes.Repeat([]byte("A"), 9000)),
		scenario.Link(partitioned), scenario.Link(unknownKey), scenario.Link(tinyFiles)} {
		open(t, ctx, frag)
		notice := eval[string](t, ctx, `document.getElementById("notice").hidden ? "" : document.getElementById("notice").textContent`)
		if notice == "" {
			t.Errorf("%.20s: no notice shown", frag)
		}
		if got := metric(t, ctx, "files"); got != "32" {
			t.Errorf("%.20s: readout %q, want the default 32", frag, got)
		}
		if n := distinctColours(canvasPixels(t, ctx, "broken")); n < 20 {
			t.Errorf("%.20s: canvas blank (%d colours)", frag, n)
		}
		t.Logf("%.20s → %s", frag, notice)
	}
}

func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func itoa(i int) string { return fmt.Sprint(i) }

// waitReady waits for the widget's first drawn frame. A poll started while the new page replaces
// the old can lose its execution context; it is retried.
func waitReady(ctx context.Context) error {
	var err error
	for try := 0; try < 3; try++ {
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlab && window.layoutlab.ready === true`,
			chromedp.WithPollingTimeout(2*time.Minute)))
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// waitWasmUnpacked waits until the service worker controls the page and has stored the plain wasm
// it unpacks at install (sw.tmpl.js): the next visit compiles that copy, which V8 code-caches.
func waitWasmUnpacked(ctx context.Context) error {
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`(caches.match("layoutlab.wasm").then(r => window.__unpacked = !!r),
		navigator.serviceWorker.controller !== null && window.__unpacked === true)`,
		chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		return fmt.Errorf("the service worker never stored the unpacked wasm: %w", err)
	}
	return nil
}

// devTools records what Chromium's DevTools would flag on a tab's pages: its Issues panel (the
// Audits domain: form labels, CSP, mixed content, deprecations, cookies, quirks mode...) and its
// console's errors (console.error, and the browser's own error entries, such as a refused
// script; failed requests are failedRequests'). A same-origin frame (a figure's iframe) runs in
// its page's renderer and reports through the tab's target; TestDevToolsCheckCanFail shows it.
type devTools struct {
	ctx     context.Context
	mu      sync.Mutex
	issues  []*audits.InspectorIssue
	console []string
}

// watchDevTools turns the Audits domain on in ctx's tab and starts recording.
func watchDevTools(t testing.TB, ctx context.Context) *devTools {
	t.Helper()
	d := &devTools{ctx: ctx}
	chromedp.Listen(ctx, func(ev any) {
		d.mu.Lock()
		defer d.mu.Unlock()
		switch e := ev.(type) {
		case *audits.EventIssueAdded:
			d.issues = append(d.issues, e.Issue)
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
				}
				d.console = append(d.console, "console.error: "+strings.Join(parts, " "))
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevelError && e.Entry.Source != cdplog.EntrySourceNetwork {
				d.console = append(d.console, fmt.Sprintf("console (%s): %s %s", e.Entry.Source, e.Entry.Text, e.Entry.URL))
			}
		}
	})
	if _, err := chromedp.Call(ctx, audits.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("Audits.enable: %v", err)
	}
	return d
}

// problems runs the forms check on the page shown, gives the issues found while the page settles
// time to arrive, and returns, described, every issue and console error recorded since the last
// call.
func (d *devTools) problems() []string {
	var out []string
	// Form issues are otherwise reported only when the renderer gets round to them.
	if _, err := chromedp.Call(d.ctx, audits.CheckFormsIssues, cdp.Empty{}); err != nil {
		out = append(out, fmt.Sprintf("Audits.checkFormsIssues: %v", err))
	}
	time.Sleep(time.Second)
	d.mu.Lock()
	issues, console := d.issues, d.console
	d.issues, d.console = nil, nil
	d.mu.Unlock()
	// The renderer reports an issue again at each check: each once.
	seen := map[string]bool{}
	for _, is := range issues {
		if s := d.describe(is); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return append(out, console...)
}

// check fails t with each problem the page shown has, saying where.
func (d *devTools) check(t testing.TB, where string) {
	t.Helper()
	for _, p := range d.problems() {
		t.Errorf("%s: DevTools: %s", where, p)
	}
}

// describe names an issue by its code and details, and the element it is about, when it has one,
// as markup with its attributes, and the URL of that element's document.
func (d *devTools) describe(is *audits.InspectorIssue) string {
	b, _ := json.Marshal(is.Details)
	s := string(is.Code) + " " + string(b)
	var node cdp.BackendNodeID
	var frame cdp.FrameID
	switch det := is.Details; {
	case det == nil:
	case det.GenericIssueDetails != nil:
		node, frame = det.GenericIssueDetails.ViolatingNodeID, det.GenericIssueDetails.FrameID
	case det.ContentSecurityPolicyIssueDetails != nil:
		node = det.ContentSecurityPolicyIssueDetails.ViolatingNodeID
	case det.ElementAccessibilityIssueDetails != nil:
		node = det.ElementAccessibilityIssueDetails.NodeID
	case det.LazyLoadImageIssueDetails != nil:
		node = det.LazyLoadImageIssueDetails.NodeID
	}
	if node != 0 {
		if n, err := chromedp.Call(d.ctx, dom.DescribeNode, dom.DescribeNodeParams{BackendNodeID: node}); err == nil && n.Node != nil {
			el := "<" + n.Node.LocalName
			for i := 0; i+1 < len(n.Node.Attributes); i += 2 {
				el += fmt.Sprintf(" %s=%q", n.Node.Attributes[i], n.Node.Attributes[i+1])
			}
			s += " element " + el + ">"
		}
		// The element's document: a figure's frame or its page.
		if obj, err := chromedp.Call(d.ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: node}); err == nil && obj.Object != nil {
			byValue := true
			if r, err := chromedp.Call(d.ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
				FunctionDeclaration: "function() { return this.ownerDocument.URL; }", ObjectID: obj.Object.ObjectID, ReturnByValue: &byValue,
			}); err == nil && r.Result != nil {
				s += " in " + strings.Trim(string(r.Result.Value), `"`)
			}
		}
	} else if url := d.frameURL(frame); url != "" {
		s += " in " + url
	}
	return s
}

// frameURL is the URL of the document in frame id, "" when unknown.
func (d *devTools) frameURL(id cdp.FrameID) string {
	tree, err := chromedp.Call(d.ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil || id == "" {
		return ""
	}
	var find func(*page.FrameTree) string
	find = func(f *page.FrameTree) string {
		if f.Frame.ID == id {
			return f.Frame.URL
		}
		for _, c := range f.ChildFrames {
			if u := find(c); u != "" {
				return u
			}
		}
		return ""
	}
	return find(tree.FrameTree)
}
