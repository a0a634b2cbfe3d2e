//go:build browser

package e2e

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
)

// figureBox is the box a host gives figure.html at a width: the contract's iframe (embed.css),
// `width:100%; aspect-ratio:16/10; min-height:460px`, and under 560 px wide 9:16, at most 720 px.
func figureBox(w int) (int, int) {
	if w < 560 {
		return w, int(math.Min(math.Round(float64(w)*figurebox.NarrowAspect), figurebox.NarrowMaxHeight))
	}
	return w, max(460, int(math.Round(float64(w)*10/16)))
}

// openFigure loads figure.html with the fragment in a viewport of the host's box at width w,
// and waits until it is ready.
func openFigure(t *testing.T, ctx context.Context, fragment string, w int) {
	t.Helper()
	bw, bh := figureBox(w)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.EmulateViewport(int64(bw), int64(bh))); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/figure.html"+fragment)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if err := waitReady(ctx); err != nil {
		loading, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("loading")||{}).textContent || ""`))
		t.Fatalf("figure never became ready (%v); page says %q", err, loading)
	}
}

// resizeFigure gives the open figure the host's box at width w and waits until the canvas has
// taken its new size and a frame has been drawn at it.
func resizeFigure(t *testing.T, ctx context.Context, w int) {
	t.Helper()
	bw, bh := figureBox(w)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(bw), int64(bh))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(() => { const c = document.querySelector("body > canvas");
		return innerWidth === %d && c && Math.abs(c.getBoundingClientRect().width - document.body.getBoundingClientRect().width) < 2 &&
			Math.abs(c.getBoundingClientRect().height - document.body.getBoundingClientRect().height) < 2; })()`, bw),
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the canvas never took the %dx%d box: %v", bw, bh, err)
	}
	time.Sleep(300 * time.Millisecond) // the frame at the new size
}

// figureFit is how the open figure sits in its box.
type figureFit struct {
	W, H                 float64
	PageScrolls          bool     // the document is larger than the box
	PanelScrolls         bool     // the panel's content is taller than the panel
	Outside              []string // controls, readouts or the link not wholly inside the box
	Canvas, Panel        [4]float64
	Readouts             []string
	Knobs                []string
	NoticeShown, OpenRef string
}

func measureFigure(t *testing.T, ctx context.Context) figureFit {
	t.Helper()
	return eval[figureFit](t, ctx, `(() => {
		const de = document.documentElement, panel = document.getElementById("panel");
		const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
		const inside = (el) => { const r = el.getBoundingClientRect();
			return r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5; };
		const shown = [...document.querySelectorAll("#controls input, #controls select, #controls button, [data-metric], #open-full")]
			.filter(e => !e.closest("[hidden]"));
		return {
			w: innerWidth, h: innerHeight,
			pageScrolls: de.scrollHeight > innerHeight || de.scrollWidth > innerWidth,
			panelScrolls: panel.scrollHeight > panel.clientHeight + 1,
			outside: shown.filter(e => !inside(e)).map(e => e.id || e.dataset.metric || e.tagName),
			canvas: box(document.querySelector("body > canvas")), panel: box(panel),
			readouts: [...document.querySelectorAll("[data-metric]")].map(e => e.dataset.metric),
			knobs: [...document.querySelectorAll("#controls .knob, #controls .keys")].filter(e => !e.closest("[hidden]")).map(e => e.id || e.querySelector("input,select").id),
			noticeShown: document.getElementById("notice").hidden ? "" : document.getElementById("notice").textContent,
			openRef: document.getElementById("open-full").getAttribute("href"),
		};
	})()`)
}

// TestFigureFitsItsBox: every preset's figure, in the box a host gives it at 700, 360, 390 and
// 1000 px wide, fills it without a scrollbar, its declared knobs, readouts and "Open in Layout
// Lab" link all inside the box: the canvas left of the panel in a wide box, above it in a narrow
// one, where it has most of the box's height. At 700 px the box is at most 560 px tall; at 360
// and 390 px (phones) it is 640 and 693 px, so the figure and the knobs that drive it fit one
// 844-px screen.
func TestFigureFitsItsBox(t *testing.T) {
	if _, h := figureBox(700); h > 560 {
		t.Fatalf("the host's box at 700 px is %d px tall", h)
	}
	for _, w := range []int{320, 360, 390, 559} {
		if _, h := figureBox(w); h > 844 {
			t.Fatalf("the host's box at %d px is %d px tall", w, h)
		}
	}
	// Fourteen presets in three boxes: longer than one test's usual session.
	defer func(d time.Duration) { browserTimeout = d }(browserTimeout)
	browserTimeout = 15 * time.Minute
	ctx := browser(t)
	for _, p := range scenario.Presets() {
		link := scenario.Link(p.Scenario)
		openFigure(t, ctx, link, 700)
		for _, w := range []int{700, 360, 390, 1000} {
			if w != 700 {
				resizeFigure(t, ctx, w)
			}
			f := measureFigure(t, ctx)
			name := fmt.Sprintf("%s at %dx%.0f", p.Name, w, f.H)
			if f.PageScrolls || f.PanelScrolls || len(f.Outside) > 0 {
				t.Errorf("%s: page scrolls %v, panel scrolls %v, outside the box: %v", name, f.PageScrolls, f.PanelScrolls, f.Outside)
			}
			c, pn := f.Canvas, f.Panel
			if c[2] < 150 || c[3] < 150 {
				t.Errorf("%s: canvas %v too small", name, c)
			}
			if wide := w >= 560; wide && !(c[0]+c[2] <= pn[0]+1 && c[3] >= f.H-1) {
				t.Errorf("%s: wide box, canvas %v not left of the panel %v", name, c, pn)
			} else if !wide && !(c[1]+c[3] <= pn[1]+1 && c[2] >= f.W-1 && c[3] > f.H/2) {
				t.Errorf("%s: narrow box, canvas %v not above the panel %v, or not most of the box's height", name, c, pn)
			}
			if f.NoticeShown != "" {
				t.Errorf("%s: notice %q", name, f.NoticeShown)
			}
			var wantReadouts []string
			for _, m := range p.Scenario.Figure.Readouts {
				wantReadouts = append(wantReadouts, m)
			}
			if !slices.Equal(f.Readouts, wantReadouts) {
				t.Errorf("%s: readouts %v, want the figure's %v", name, f.Readouts, wantReadouts)
			}
			if len(f.Knobs) == 0 || len(f.Knobs) > len(p.Scenario.Figure.Knobs)+2 {
				t.Errorf("%s: knobs %v for the figure's %v", name, f.Knobs, p.Scenario.Figure.Knobs)
			}
			if f.OpenRef != "widget.html"+link {
				t.Errorf("%s: Open in Layout Lab points at %q, want widget.html%s", name, f.OpenRef, link)
			}
			t.Logf("%s: canvas %v, panel %v, knobs %v", name, c, pn, f.Knobs)
		}
	}
}

// figureReadoutsAgree checks the figure's readouts against the command line's on the page's
// own link: each shown, equal.
func figureReadoutsAgree(t *testing.T, ctx context.Context, name, link string) map[string]float64 {
	t.Helper()
	got := readouts(t, ctx)
	want := panelWant(t, link)
	shown := map[string]float64{}
	for k, v := range want {
		if _, ok := got[k]; ok {
			shown[k] = v
		}
	}
	if _, ok := shown["files_read"]; !ok {
		t.Fatalf("%s: no files_read readout in %v", name, got)
	}
	agree(t, name, got, shown)
	return got
}

// TestFigureControlsDriveTheScenario: the article-like controls of a figure (two-keys: key tick
// boxes and the filter) change the scenario as the text fields did, the readouts equal the
// command line's on the link they write, and "Open in Layout Lab" follows.
func TestFigureControlsDriveTheScenario(t *testing.T) {
	p, _ := scenario.PresetByName("two-keys")
	ctx := browser(t)
	openFigure(t, ctx, scenario.Link(p.Scenario), 700)
	click := func(sel string) {
		t.Helper()
		noteChange(t, ctx)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatalf("click %s: %v", sel, err)
		}
	}
	h := scenario.Link(p.Scenario)
	step := func(what string, check func(scenario.Scenario) bool) {
		t.Helper()
		h = settle(t, ctx, h)
		s, err := scenario.ParseLink(h)
		if err != nil || !check(s) {
			t.Fatalf("%s: link %s decodes to keys %v, WHERE %q (%v)", what, h, s.Panel.Keys, s.Panel.Where, err)
		}
		figureReadoutsAgree(t, ctx, what, h)
	}
	// "Untick event_date".
	click(`#keys-list input[data-col="event_date"]`)
	step("untick event_date", func(s scenario.Scenario) bool { return slices.Equal(s.Panel.Keys, []string{"user_id"}) })
	// "Tick region_id", then move it before user_id from the keyboard.
	click(`#keys-list input[data-col="region_id"]`)
	step("tick region_id", func(s scenario.Scenario) bool { return slices.Equal(s.Panel.Keys, []string{"user_id", "region_id"}) })
	noteChange(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#keys-list button[data-col="region_id"][data-move="-1"]`)), chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	step("move region_id earlier", func(s scenario.Scenario) bool { return slices.Equal(s.Panel.Keys, []string{"region_id", "user_id"}) })
	// The focus stays on region_id's box or buttons after the list is rebuilt.
	if col := eval[string](t, ctx, `document.activeElement.dataset.col || ""`); col != "region_id" {
		t.Errorf("after the move the focus is on %q, want region_id's controls", col)
	}
	// "Set the filter column to device_model_id", then its value.
	setControl(t, ctx, "filter-col", "device_model_id", "change")
	step("filter column", func(s scenario.Scenario) bool { return strings.HasPrefix(s.Panel.Where, "device_model_id = ") })
	setControl(t, ctx, "filter-value", "1003", "change")
	step("filter value", func(s scenario.Scenario) bool { return s.Panel.Where == "device_model_id = 1003" })
	setControl(t, ctx, "filter-op", ">=", "change")
	step("filter operator", func(s scenario.Scenario) bool { return s.Panel.Where == "device_model_id >= 1003" })
	if ref := measureFigure(t, ctx).OpenRef; ref != "widget.html"+h {
		t.Errorf("Open in Layout Lab points at %q, want widget.html%s", ref, h)
	}
}

// TestWidgetArticleControls: in widget.html the indexed-columns slider, the filter and the GiB
// sliders with their typed boxes change the scenario, and the readouts are the command line's.
func TestWidgetArticleControls(t *testing.T) {
	ctx := browser(t)
	p, _ := scenario.PresetByName("no-stats")
	link := scenario.Link(p.Scenario)
	open(t, ctx, link)
	if w := eval[string](t, ctx, `[document.getElementById("filter-col").value, document.getElementById("filter-op").value, document.getElementById("filter-value").value].join(" ")`); w != "device_model_id = 1003" {
		t.Errorf("the filter shows %q for WHERE %q", w, p.Scenario.Panel.Where)
	}
	// "Drag dataSkippingNumIndexedCols from 32 to 34".
	setControl(t, ctx, "indexed-cols", "34", "input")
	h := settle(t, ctx, link)
	if s, err := scenario.ParseLink(h); err != nil || s.Panel.NumIndexedCols() != 34 {
		t.Fatalf("indexed-cols slider: link %s (%v)", h, err)
	}
	got := readouts(t, ctx)
	agree(t, "indexed-cols 34", got, panelWant(t, h))
	if got["files_read"] >= got["files_total"] {
		t.Errorf("with statistics for device_model_id the lookup still reads %v of %v files", got["files_read"], got["files_total"])
	}
	// The WHERE field follows the filter, and the filter the WHERE field.
	setControl(t, ctx, "filter-op", "<", "change")
	h = settle(t, ctx, h)
	if w := eval[string](t, ctx, `document.getElementById("where").value`); w != "device_model_id < 1003" {
		t.Errorf("the WHERE field shows %q after the operator <", w)
	}
	agree(t, "filter <", readouts(t, ctx), panelWant(t, h))
	setControl(t, ctx, "where", "region_id IN (1, 2)", "change")
	h = settle(t, ctx, h)
	if c := eval[string](t, ctx, `document.getElementById("filter-col").value`); c != "" {
		t.Errorf("a WHERE with IN shows the filter column %q, want —", c)
	}
	// "Drag the ingest slider to 200 GB and the minimum to 25 GB" (typed).
	setControl(t, ctx, "view", "timeline", "change")
	h = settle(t, ctx, h)
	setControl(t, ctx, "ingest-gb", "200", "input")
	h = settle(t, ctx, h)
	setControl(t, ctx, "min-cube-gb-typed", "25", "change")
	h = settle(t, ctx, h)
	s, err := scenario.ParseLink(h)
	if err != nil || s.Timeline.IngestGB != 200 || s.Timeline.MinCubeGB != 25 {
		t.Fatalf("GiB knobs: link %s: ingest %v, min cube %v (%v)", h, s.Timeline.IngestGB, s.Timeline.MinCubeGB, err)
	}
	if v := eval[[]string](t, ctx, `["ingest-gb-typed", "min-cube-gb"].map(id => document.getElementById(id).value)`); !slices.Equal(v, []string{"200", "25"}) {
		t.Errorf("the slider and the typed box disagree: ingest typed %q, min-cube slider %q", v[0], v[1])
	}
	res := cli(t, "run", h)
	days := res["days"].([]any)
	d := days[len(days)-1].(map[string]any)
	want := map[string]float64{}
	for _, k := range []string{"lookup_files", "optimize_written_gb", "write_amplification", "files", "zcubes"} {
		want[k] = d[k].(float64)
	}
	agree(t, "200 GiB a day, 25 GiB cubes", readouts(t, ctx), want)
}

// TestFigureNoticeNamesUnknownItems: a link whose figure names a knob or a readout this version
// does not have shows a notice naming them, and the figure still works with the rest.
func TestFigureNoticeNamesUnknownItems(t *testing.T) {
	p, _ := scenario.PresetByName("liquid")
	s := p.Scenario
	s.Figure = scenario.Figure{Knobs: []string{"day", "warp-speed"}, Readouts: []string{"lookup_files", "bogus_metric"}}
	ctx := browser(t)
	openFigure(t, ctx, scenario.Link(s), 700)
	f := measureFigure(t, ctx)
	for _, want := range []string{`"warp-speed"`, `"bogus_metric"`} {
		if !strings.Contains(f.NoticeShown, want) {
			t.Errorf("the notice %q does not name %s", f.NoticeShown, want)
		}
	}
	if !slices.Equal(f.Readouts, []string{"lookup_files"}) || !slices.Equal(f.Knobs, []string{"day"}) {
		t.Errorf("readouts %v, knobs %v: want lookup_files and day", f.Readouts, f.Knobs)
	}
	if n := distinctColours(canvasPixels(t, ctx, "figure-unknown")); n < 20 {
		t.Errorf("canvas blank (%d colours)", n)
	}
	// Still works: the day slider moves the readout.
	setControl(t, ctx, "day", "10", "input")
	settle(t, ctx, scenario.Link(s))
	if got := readouts(t, ctx)["lookup_files"]; got == 0 {
		t.Error("no lookup_files after the day slider moved")
	}
}
