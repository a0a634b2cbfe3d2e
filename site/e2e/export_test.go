//go:build browser

package e2e

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"image/png"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/site/host"
)

// exported clicks an export button and returns the bytes the widget handed to the browser.
func exported(t *testing.T, ctx context.Context, button, name string) []byte {
	t.Helper()
	eval[bool](t, ctx, `(window.layoutlab.lastExport = null, true)`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(button))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!(window.layoutlab.lastExport && window.layoutlab.lastExport.name === `+"`"+name+"`"+`)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("%s produced no %s: %v", button, name, err)
	}
	ints := eval[[]int](t, ctx, `Array.from(window.layoutlab.lastExport.bytes)`)
	b := make([]byte, len(ints))
	for i, v := range ints {
		b[i] = byte(v)
	}
	return b
}

func TestExports(t *testing.T) {
	ctx := browser(t)
	p, _ := scenario.PresetByName("liquid")
	p.Scenario.Timeline.Days = 12
	link := scenario.Link(p.Scenario)
	open(t, ctx, link)

	// PNG of the canvas: decodes, has the canvas's size, is not blank.
	img, err := png.Decode(bytes.NewReader(exported(t, ctx, "export-png", "layoutlab.png")))
	if err != nil {
		t.Fatalf("exported PNG does not decode: %v", err)
	}
	if n := distinctColours(img); n < 10 {
		t.Fatalf("exported PNG is blank (%d colours)", n)
	}

	// CSV: exactly the rows of the CLI's --format csv for the same link.
	got, err := csv.NewReader(bytes.NewReader(exported(t, ctx, "export-csv", "layoutlab-timeline.csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	cmd := exec.Command("go", "run", "./cmd/layoutlab", "run", "--link", link, "--format", "csv")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("CLI csv: %v", err)
	}
	want, _ := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if !reflect.DeepEqual(got, want) || len(got) != 13 {
		t.Fatalf("widget CSV differs from the CLI's:\n%v\n%v", got, want)
	}

	copiedFigureGoesLive(t, ctx, p.Scenario)

	// _delta_log: the zip's commit files replay to the state the CLI exports.
	zb := exported(t, ctx, "export-log", "layoutlab-_delta_log.zip")
	zr, err := zip.NewReader(bytes.NewReader(zb), int64(len(zb)))
	if err != nil {
		t.Fatalf("log export is not a zip: %v", err)
	}
	fromWidget, err := deltalog.OpenSnapshot(zr, deltalog.OpenOptions{Version: -1})
	if err != nil {
		t.Fatalf("widget's log does not replay: %v", err)
	}
	dir := t.TempDir()
	cmd = exec.Command("go", "run", "./cmd/layoutlab", "run", "--link", link, "--export-log", dir)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CLI --export-log: %v\n%s", err, out)
	}
	var sub fs.FS = os.DirFS(dir)
	if _, err := fs.Stat(sub, "_delta_log"); err != nil {
		t.Fatalf("CLI export has no _delta_log: %v", err)
	}
	fromCLI, err := deltalog.OpenSnapshot(sub, deltalog.OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if fromWidget.Version() != fromCLI.Version() || !reflect.DeepEqual(fromWidget.Files(), fromCLI.Files()) {
		t.Fatalf("widget log replays to version %d with %d files; CLI's to %d with %d",
			fromWidget.Version(), fromWidget.NumFiles(), fromCLI.Version(), fromCLI.NumFiles())
	}
	t.Logf("exports: PNG %dx%d, CSV %d rows, log v%d with %d files", img.Bounds().Dx(), img.Bounds().Dy(), len(got), fromWidget.Version(), fromWidget.NumFiles())
}

// copiedFigureGoesLive: Copy embed copies the figure box the embedding page documents for plain
// HTML (no bare iframe), with the readouts the CLI's figure of the link states; pasted into a
// page beside layoutlab/, it goes live on the scenario when its Interact button is pressed.
func copiedFigureGoesLive(t *testing.T, ctx context.Context, sc scenario.Scenario) {
	t.Helper()
	eval[bool](t, ctx, `(window.layoutlab.lastCopy = null, true)`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("copy-embed"))); err != nil {
		t.Fatal(err)
	}
	snippet := eval[string](t, ctx, `window.layoutlab.lastCopy || ""`)
	link := scenario.Link(sc)
	for _, want := range []string{`<link rel="stylesheet" href="layoutlab/embed.css">`, `<script src="layoutlab/embed.js" defer></script>`,
		`<figure class="layoutlab" data-live="layoutlab/figure.html` + link + `"`, `class="layoutlab-start"`} {
		if !strings.Contains(snippet, want) {
			t.Errorf("copied embed lacks %s:\n%s", want, snippet)
		}
	}
	if strings.Contains(snippet, "<iframe") {
		t.Errorf("copied embed is a bare iframe, not the figure:\n%s", snippet)
	}
	want, err := readout.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range want {
		if dd := `<dd data-metric="` + r.Metric + `" data-value="` + r.Exact() + `">` + r.Text() + `</dd>`; !strings.Contains(snippet, dd) {
			t.Errorf("copied embed lacks the readout %s:\n%s", dd, snippet)
		}
	}

	// A docs author's page beside the build.
	dist, _ := filepath.Abs("../../dist")
	mux := http.NewServeMux()
	mux.Handle("/layoutlab/", http.StripPrefix("/layoutlab", host.Framed(dist, host.SelfOnly)))
	mux.HandleFunc("/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>docs</title>\n"+snippet)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/page.html")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".layoutlab-start"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)"); if (!f) return false;
		return f.getAttribute("src").endsWith(`+"`figure.html"+link+"`"+`) && !!(f.contentWindow.layoutlab && f.contentWindow.layoutlab.ready); })()`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the pasted figure never went live on its scenario: %v", err)
	}
	open(t, ctx, link) // back to the widget for the remaining exports
}
