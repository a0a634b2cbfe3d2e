//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
	"layoutlab/front/embedthis"
)

// mineLink is a scenario no preset has, which a docs author embeds from dist/ alone: the two-key
// figure's table Z-ordered, on another seed.
func mineLink(t *testing.T) string {
	t.Helper()
	p, _ := scenario.PresetByName("two-keys")
	sc := p.Scenario
	sc.Panel.Layout, sc.Panel.Seed = "zorder", 7
	link := scenario.Link(sc)
	for _, q := range scenario.Presets() {
		if scenario.Link(q.Scenario) == link {
			t.Fatalf("the test's scenario is preset %s's", q.Name)
		}
	}
	return link
}

// embedFromWidget opens the widget on link, clicks "Embed this", names the files name and returns
// what the dialog shows: what a docs author takes from dist/ alone.
func embedFromWidget(t *testing.T, ctx context.Context, link, name string) embedthis.Embed {
	t.Helper()
	open(t, ctx, link)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("embed-this"))); err != nil {
		t.Fatal(err)
	}
	waitEmbedRenders(t, ctx, 1)
	if eval[string](t, ctx, `window.layoutlabEmbedThis.shown.name`) != name {
		eval[bool](t, ctx, `document.getElementById("embedthis-name").value = `+jsString(name)+`;
			document.querySelector("#embedthis form").requestSubmit(), true`)
		waitEmbedRenders(t, ctx, 2)
	}
	var e embedthis.Embed
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify(window.layoutlabEmbedThis.shown)`)), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

func waitEmbedRenders(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabEmbedThis && (window.layoutlabEmbedThis.renders >= `+itoa(n)+` || window.layoutlabEmbedThis.errors > 0)`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("Embed this never showed its embed: %v", err)
	}
	if msg := eval[string](t, ctx, `window.layoutlabEmbedThis.errors > 0 ? document.getElementById("embedthis-error").textContent : ""`); msg != "" {
		t.Fatalf("Embed this failed: %s", msg)
	}
}

func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestEmbedThis: the widget's "Embed this" loads its own module only when clicked (the widget's
// page does not fetch it), and shows for the scenario on screen (one no preset has) the posters
// the native renderer draws for it, byte for byte, its JSON, and the five generators' snippets,
// each with a copy button that copies it. A bad file name is refused in one sentence and the
// dialog goes on working. With LAYOUTLAB_SCREENSHOTS set, the dialog at 1280, 390 and 320 px,
// light and dark.
func TestEmbedThis(t *testing.T) {
	// Two modules started and six screenshots: longer than the default session on busy cores.
	defer func(d time.Duration) { browserTimeout = d }(browserTimeout)
	browserTimeout = 10 * time.Minute
	ctx := browser(t)
	link := mineLink(t)
	open(t, ctx, link)
	if eval[bool](t, ctx, `!!window.layoutlabEmbedThis || performance.getEntriesByType("resource").some(r => /embedthis/.test(r.name))`) {
		t.Fatal("the widget's page loaded Embed this before it was clicked")
	}
	e := embedFromWidget(t, ctx, link, "my-figure")
	want, err := embedthis.Render(server.URL+"/widget.html"+link, "my-figure")
	if err != nil {
		t.Fatal(err)
	}
	if e.Link != link {
		t.Errorf("Embed this embeds %s, the widget shows %s", e.Link, link)
	}
	if len(e.Files) != 3 {
		t.Fatalf("%d files, want 3", len(e.Files))
	}
	for i, f := range e.Files {
		if f.Name != want.Files[i].Name || f.Text != want.Files[i].Text {
			t.Errorf("file %s (%d bytes) is not what the native renderer writes, %s (%d bytes)", f.Name, len(f.Text), want.Files[i].Name, len(want.Files[i].Text))
		}
	}
	if got := eval[[]string](t, ctx, `[...document.querySelectorAll("#embedthis-files a[download]")].map(a => a.download)`); strings.Join(got, " ") != "my-figure.svg my-figure.narrow.svg my-figure.json" {
		t.Errorf("download links %v", got)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const i = document.getElementById("embedthis-img"); return i.complete && i.naturalWidth > 0; })()`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the poster never showed: %v", err)
	}
	ids := eval[[]string](t, ctx, `[...document.querySelectorAll("#embedthis .embedthis-copy")].map(b => b.dataset.id)`)
	if strings.Join(ids, " ") != "html mkdocs hugo sphinx docusaurus" {
		t.Errorf("copy buttons for %v", ids)
	}
	for i, s := range want.Snippets {
		if i < len(e.Snippets) && e.Snippets[i].Code != s.Code {
			t.Errorf("%s's snippet differs from the native one:\n%s\nwant\n%s", s.ID, e.Snippets[i].Code, s.Code)
		}
		shown := eval[string](t, ctx, `document.querySelector('#embedthis .embedthis-copy[data-id="`+s.ID+`"]').previousElementSibling.textContent`)
		if shown != s.Code {
			t.Errorf("%s: the page shows %q", s.ID, shown)
		}
	}
	// The snippets wrap: no code box scrolls sideways.
	if wide := eval[int](t, ctx, `[...document.querySelectorAll("#embedthis pre")].filter(p => p.scrollWidth > p.clientWidth + 1).length`); wide != 0 {
		t.Errorf("%d snippets scroll sideways", wide)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#embedthis .embedthis-copy[data-id="hugo"]`))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `window.layoutlabEmbedThis.copied || ""`); got != `{{< layoutlab "posters/my-figure" >}}` {
		t.Errorf("the Hugo copy button copied %q", got)
	}
	if ms := eval[[]float64](t, ctx, `[window.layoutlabEmbedThis.loadMs, window.layoutlabEmbedThis.renderMs, window.layoutlabEmbedThis.wasmMemory(), window.layoutlabEmbedThis.opens]`); ms[0] <= 0 || ms[1] <= 0 || ms[2] <= 0 || ms[3] != 1 {
		t.Errorf("loadMs, renderMs, wasmMemory, opens: %v", ms)
	}
	t.Logf("Embed this: module loaded in %.0f ms, the embed rendered in %.0f ms", eval[float64](t, ctx, `window.layoutlabEmbedThis.loadMs`), eval[float64](t, ctx, `window.layoutlabEmbedThis.renderMs`))
	embedThisScreens(t, ctx)
	// A name that cannot name a file: one sentence, and the dialog still renders a good one.
	eval[bool](t, ctx, `document.getElementById("embedthis-name").value = "My figure"; document.querySelector("#embedthis form").requestSubmit(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabEmbedThis.errors === 1`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("a bad name was not refused: %v", err)
	}
	if msg := eval[string](t, ctx, `document.getElementById("embedthis-error").textContent`); !strings.Contains(msg, `character 1 ('M')`) {
		t.Errorf("the refusal says %q", msg)
	}
	eval[bool](t, ctx, `document.getElementById("embedthis-name").value = "fine"; document.querySelector("#embedthis form").requestSubmit(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabEmbedThis.shown.name === "fine" && document.getElementById("embedthis-error").hidden`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("after a refusal, a good name did not render: %v", err)
	}
}

// embedThisScreens saves the open dialog at 1280, 390 and 320 px wide, light and dark, when
// LAYOUTLAB_SCREENSHOTS names a folder, and checks at each that the dialog fits the width.
func embedThisScreens(t *testing.T, ctx context.Context) {
	dir := os.Getenv("LAYOUTLAB_SCREENSHOTS")
	for _, w := range []int64{1280, 390, 320} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900, chromedp.EmulateScale(1))); err != nil {
			t.Fatal(err)
		}
		for _, theme := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}); err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `document.getElementById("embedthis").scrollTop = 0, true`)
			time.Sleep(200 * time.Millisecond)
			if r := eval[[]float64](t, ctx, `(() => { const d = document.getElementById("embedthis"), r = d.getBoundingClientRect(); return [r.left, r.right, d.scrollWidth - d.clientWidth]; })()`); r[0] < 0 || r[1] > float64(w) || r[2] > 1 {
				t.Errorf("%d px %s: the dialog spans %v..%v px and scrolls %v px sideways", w, theme, r[0], r[1], r[2])
			}
			if dir == "" {
				continue
			}
			buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "embedthis-"+itoa(int(w))+"-"+theme+".png"), buf, 0o644)
		}
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
}
