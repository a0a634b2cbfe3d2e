//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
	"layoutlab/site/host"
)

// embedPage is what a docs author copies from dist/embed.html: the code blocks by the file they
// go into ("mkdocs:mkdocs.yml", "hugo:page"), and where each generator wants the build copied.
type embedPage struct {
	files map[string]string
	dests map[string]string
}

func readEmbedPage(t *testing.T) embedPage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(distDir(), "embed.html"))
	if err != nil {
		t.Fatal(err)
	}
	p := embedPage{files: map[string]string{}, dests: map[string]string{}}
	for _, m := range regexp.MustCompile(`(?s)<code data-file="([^"]+)">(.*?)</code>`).FindAllStringSubmatch(string(b), -1) {
		p.files[m[1]] = html.UnescapeString(m[2])
	}
	for _, m := range regexp.MustCompile(`<code data-dest="([^"]+)">([^<]+)</code>`).FindAllStringSubmatch(string(b), -1) {
		p.dests[m[1]] = html.UnescapeString(m[2])
	}
	return p
}

func (p embedPage) file(t *testing.T, name string) string {
	t.Helper()
	s, ok := p.files[name]
	if !ok {
		t.Fatalf("embed.html has no code block data-file=%q", name)
	}
	return s
}

// page is the author's snippet for a generator, showing preset instead of the example's: the
// figure's HTML as `layoutlab poster` prints it (plain HTML, MkDocs), or the name of its JSON
// (Hugo, Sphinx, Docusaurus).
func (p embedPage) page(t *testing.T, gen, preset string) string {
	t.Helper()
	s := p.file(t, gen+":page")
	fig := regexp.MustCompile(`(?s)<figure class="layoutlab".*?</figure>`)
	if m := fig.FindString(s); m != "" {
		base := regexp.MustCompile(`data-live="([^"]*)(?:figure|widget)\.html#`).FindStringSubmatch(m)
		if base == nil {
			t.Fatalf("%s's figure has no live link: %q", gen, m)
		}
		f := presetFigure(t, preset)
		f.Base, f.Inline = base[1], true
		return fig.ReplaceAllLiteralString(s, string(f.HTML()))
	}
	if !strings.Contains(s, "posters/liquid") {
		t.Fatalf("%s's page snippet names no figure: %q", gen, s)
	}
	return strings.ReplaceAll(s, "posters/liquid", "posters/"+preset)
}

// presetFigure is the preset's figure as the build wrote it (dist/posters/NAME.json).
func presetFigure(t *testing.T, preset string) figurebox.Figure {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(distDir(), "posters", preset+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var f figurebox.Figure
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("posters/%s.json: %v", preset, err)
	}
	return f
}

func distDir() string {
	d, _ := filepath.Abs("../../dist")
	return d
}

// docsPage is one page of a generated site: where its source goes, the URL path it is served
// at (under the site's sub-path /docs/), and the preset its figure embeds.
type docsPage struct {
	src, url, preset string
}

// generator builds a docs site in dir with the embed page's recipe and returns the built
// folder, which is served under /docs/. With other set, it writes its other style of URLs
// (named by other): pages as files rather than folders, or the reverse.
//
// spa: the site is a single-page application (Docusaurus). Its recipe loads embed.js from the
// page's own JavaScript (the component, with useBaseUrl), so the built HTML names no script, and
// a page reached by a client-side navigation must have its figure made live too.
type generator struct {
	name, other string
	pages       []docsPage
	build       func(t *testing.T, p embedPage, dir string, pages []docsPage, other bool) string
	spa         bool
}

// The pages every generator gets: the site's index page, a page at the top and a page in a
// sub-folder, each with one small panel figure.
var generators = []generator{
	{name: "mkdocs", other: "use_directory_urls: false", pages: []docsPage{
		{"index.md", "/docs/", "one-key"},
		{"page.md", "/docs/page/", "larger-files"},
		{"guide/nested.md", "/docs/guide/nested/", "two-keys"},
	}, build: buildMkDocs},
	{name: "hugo", other: "uglyURLs", pages: []docsPage{
		{"_index.md", "/docs/", "one-key"},
		{"page.md", "/docs/page/", "larger-files"},
		{"guide/nested.md", "/docs/guide/nested/", "two-keys"},
	}, build: buildHugo},
	{name: "sphinx", other: "the dirhtml builder", pages: []docsPage{
		{"index.rst", "/docs/", "one-key"},
		{"page.rst", "/docs/page.html", "larger-files"},
		{"guide/nested.rst", "/docs/guide/nested.html", "two-keys"},
	}, build: buildSphinx},
	{name: "docusaurus", other: "trailingSlash: false", pages: []docsPage{
		{"index.mdx", "/docs/", "one-key"},
		{"page.mdx", "/docs/page/", "larger-files"},
		{"guide/nested.mdx", "/docs/guide/nested/", "two-keys"},
	}, build: buildDocusaurus, spa: true},
}

func buildMkDocs(t *testing.T, p embedPage, dir string, pages []docsPage, other bool) string {
	// The mkdocs theme loads highlight.js from a CDN unless told not to: off, so that every
	// request the test sees is the site's.
	conf := "site_name: Docs\nsite_url: http://example.org/docs/\ntheme:\n  name: mkdocs\n  highlightjs: false\n"
	if other {
		conf += "use_directory_urls: false\n"
	}
	write(t, dir, "mkdocs.yml", conf+p.file(t, "mkdocs:mkdocs.yml")+"\n")
	write(t, dir, "layoutlab_hooks.py", p.file(t, "mkdocs:layoutlab_hooks.py"))
	for _, pg := range pages {
		write(t, dir, "docs/"+pg.src, "# "+pg.preset+"\n\nSome prose.\n\n"+p.page(t, "mkdocs", pg.preset)+"\n\nMore prose.\n")
	}
	copyDist(t, filepath.Join(dir, p.dests["mkdocs"]))
	run(t, dir, "mkdocs", "build", "--quiet", "--strict", "-d", "out")
	return filepath.Join(dir, "out")
}

func buildHugo(t *testing.T, p embedPage, dir string, pages []docsPage, other bool) string {
	write(t, dir, "config.toml", `baseURL = "http://example.org/docs/"
title = "Docs"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "404", "robotsTXT"]
uglyURLs = `+fmt.Sprint(other)+"\n")
	// A theme's minimum: each page shows its content.
	const layout = "<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n"
	for _, f := range []string{"layouts/index.html", "layouts/_default/single.html", "layouts/_default/list.html"} {
		write(t, dir, f, layout)
	}
	write(t, dir, "layouts/shortcodes/layoutlab.html", p.file(t, "hugo:layouts/shortcodes/layoutlab.html"))
	for _, pg := range pages {
		write(t, dir, "content/"+pg.src, "---\ntitle: "+pg.preset+"\n---\n\nSome prose.\n\n"+p.page(t, "hugo", pg.preset)+"\n\nMore prose.\n")
	}
	copyDist(t, filepath.Join(dir, p.dests["hugo"]))
	run(t, dir, "hugo", "--quiet", "-d", "out")
	return filepath.Join(dir, "out")
}

func buildSphinx(t *testing.T, p embedPage, dir string, pages []docsPage, other bool) string {
	src := filepath.Join(dir, "src")
	write(t, src, "conf.py", "project = \"Docs\"\n"+p.file(t, "sphinx:conf.py")+"\n")
	write(t, src, "layoutlab.py", p.file(t, "sphinx:layoutlab.py"))
	for _, pg := range pages {
		body := pg.preset + "\n" + strings.Repeat("=", len(pg.preset)) + "\n\nSome prose.\n\n" + p.page(t, "sphinx", pg.preset) + "\n\nMore prose.\n"
		if pg.src == "index.rst" {
			body += "\n.. toctree::\n\n   page\n   guide/nested\n"
		}
		write(t, src, pg.src, body)
	}
	copyDist(t, filepath.Join(src, p.dests["sphinx"]))
	builder := "html"
	if other {
		builder = "dirhtml"
	}
	run(t, dir, "sphinx-build", "-q", "-W", "-b", builder, "src", "out")
	// Sphinx copies the build once, into _static/.
	if _, err := os.Stat(filepath.Join(dir, "out", "layoutlab")); err == nil {
		t.Errorf("sphinx: the build was copied to the site's top as well as to _static/")
	}
	return filepath.Join(dir, "out")
}

// buildDocusaurus builds a Docusaurus site (the classic preset, its docs at the site's root) with
// the node_modules build.sh installs from testdata/docusaurus's lock (need_docusaurus).
func buildDocusaurus(t *testing.T, p embedPage, dir string, pages []docsPage, other bool) string {
	modules := docusaurusModules(t)
	trailing := "undefined"
	if other {
		trailing = "false"
	}
	write(t, dir, "docusaurus.config.js", `export default {
  title: 'Docs',
  url: 'http://example.org',
  baseUrl: '/docs/',
  trailingSlash: `+trailing+`,
  onBrokenLinks: 'throw',
  presets: [['classic', {docs: {routeBasePath: '/'}, blog: false, pages: false}]],
};
`)
	pkg, err := os.ReadFile("testdata/docusaurus/package.json")
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "package.json", string(pkg))
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "src/components/LayoutLab.js", p.file(t, "docusaurus:src/components/LayoutLab.js"))
	for _, pg := range pages {
		write(t, dir, "docs/"+pg.src, "---\ntitle: "+pg.preset+"\n---\n\nSome prose.\n\n"+p.page(t, "docusaurus", pg.preset)+"\n\nMore prose.\n")
	}
	copyDist(t, filepath.Join(dir, p.dests["docusaurus"]))
	// A cold build each time, as a clean clone's; and no look-up of newer versions on npm.
	cmd := exec.Command("node", filepath.Join(modules, "@docusaurus", "core", "bin", "docusaurus.mjs"), "build", "--out-dir", "out")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DOCUSAURUS_NO_PERSISTENT_CACHE=1", "NO_UPDATE_NOTIFIER=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("docusaurus build: %v\n%s", err, out)
	}
	return filepath.Join(dir, "out")
}

// docusaurusModules is the node_modules build.sh installed (./build.sh generators), after
// checking that Node can run it and that it is the lock's.
func docusaurusModules(t *testing.T) string {
	t.Helper()
	const install = "./build.sh generators installs it with npm ci from site/e2e/testdata/docusaurus/package-lock.json"
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is not on PATH: Docusaurus 3.10 needs Node 20 or later and npm (%s): %v", install, err)
	}
	v, err := exec.Command("node", "-p", "process.versions.node").Output()
	if err != nil {
		t.Fatalf("node -p process.versions.node: %v", err)
	}
	var major int
	if _, err := fmt.Sscanf(string(v), "%d.", &major); err != nil || major < 20 {
		t.Fatalf("node %s is too old: Docusaurus 3.10 needs Node 20 or later", strings.TrimSpace(string(v)))
	}
	cache, _ := filepath.Abs("../../.cache/docusaurus")
	lock, err := os.ReadFile("testdata/docusaurus/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	installed, err := os.ReadFile(filepath.Join(cache, "installed.json"))
	if err != nil || string(installed) != string(lock) {
		t.Fatalf("Docusaurus is not installed in %s, or not from the current lock: %s", cache, install)
	}
	return filepath.Join(cache, "node_modules")
}

func presetLink(t *testing.T, name string) string {
	t.Helper()
	p, ok := scenario.PresetByName(name)
	if !ok {
		t.Fatalf("no preset %q", name)
	}
	return scenario.Link(p.Scenario)
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyDist copies the built site to dest, as an author copies dist/ into their docs.
func copyDist(t *testing.T, dest string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dest, os.DirFS(distDir())); err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is not on PATH (Debian packages mkdocs, hugo, python3-sphinx; ./build.sh test installs them when root): %v", name, err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// TestEmbedsInRealGenerators builds a MkDocs, a Hugo, a Sphinx and a Docusaurus site with the
// embedding page's recipes (its hook, shortcode, extension and component, copied from
// dist/embed.html), with a figure on the index page, on a page at the top and on a page in a
// sub-folder, serves each under the sub-path /docs/, and checks in Chromium that every figure
// loads, shows the engine's readouts and is sized to its panel, and that no request fails or
// leaves /docs/.
func TestEmbedsInRealGenerators(t *testing.T) {
	p := readEmbedPage(t)
	want := map[string]map[string]float64{}
	for _, g := range generators {
		for _, pg := range g.pages {
			if want[pg.preset] == nil {
				want[pg.preset] = panelWant(t, presetLink(t, pg.preset))
			}
		}
	}
	ctx := browser(t)
	devtools := watchDevTools(t, ctx)
	for _, g := range generators {
		t.Run(g.name, func(t *testing.T) {
			start := time.Now()
			out := g.build(t, p, t.TempDir(), g.pages, false)
			t.Logf("%s build: %s", g.name, time.Since(start).Round(time.Millisecond))
			mux := http.NewServeMux()
			mux.Handle("/docs/", http.StripPrefix("/docs", host.Framed(out, host.SelfOnly)))
			srv := httptest.NewServer(mux)
			defer srv.Close()
			failed, urls := failedRequests(ctx), recordRequests(ctx)
			// DevTools' issues and console errors, of each page with its figure live. Docusaurus
			// reports a hydration mismatch (a figure changed before React took the page over) on
			// the console, as an error.
			devtools.problems() // left by a generator that stopped early: not this one's
			for _, pg := range g.pages {
				checkFigure(t, ctx, srv.URL+pg.url, pg.preset, want[pg.preset])
				devtools.check(t, g.name+" "+pg.url)
			}
			// The browser asks for the host's favicon by itself: the docs site's business.
			favicon := srv.URL + "/favicon.ico"
			for _, f := range failed() {
				if !strings.HasPrefix(f, favicon+":") {
					t.Errorf("%s: request failed: %s", g.name, f)
				}
			}
			for _, u := range urls() {
				if strings.HasPrefix(u, "http") && !strings.HasPrefix(u, srv.URL+"/docs/") && u != favicon {
					t.Errorf("%s: a request left the site's sub-path: %s", g.name, u)
				}
			}
			if g.spa {
				checkClientNavigation(t, ctx, srv.URL, g.pages[0], g.pages[1], want[g.pages[1].preset])
				devtools.check(t, g.name+" "+g.pages[1].url+" (client-side navigation)")
			}
			t.Logf("%s: build and %d figures in %s", g.name, len(g.pages), time.Since(start).Round(time.Millisecond))
		})
	}
}

// checkFigure opens a docs page and checks its one Layout Lab figure: its poster loads with its
// readouts as text, and reached, it goes live in the same box, showing the engine's readouts,
// the same as its poster's.
func checkFigure(t *testing.T, ctx context.Context, url, preset string, want map[string]float64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	checkShownFigure(t, ctx, url, preset, want)
}

// checkClientNavigation opens from, follows the site's own link to to (the single-page
// application changes the page without loading one), and checks to's figure as checkFigure does.
func checkClientNavigation(t *testing.T, ctx context.Context, site string, from, to docsPage, want map[string]float64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(site+from.url)); err != nil {
		t.Fatalf("%s: %v", from.url, err)
	}
	path := strings.TrimSuffix(to.url, "/")
	// Clicked as a reader clicks, with user activation: a page that adds a history entry without
	// it has the entry marked skippable (DevTools' NavigationEntryMarkedSkippable issue).
	asReader := func(p *runtime.EvaluateParams) { p.UserGesture = &[]bool{true}[0] }
	if clicked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { window.layoutlabSamePage = true;
		const a = [...document.querySelectorAll("a[href]")].find(a => a.pathname.replace(/\/$/, "") === %q);
		return !!a && (a.click(), true); })()`, path), asReader)); err != nil || !clicked {
		t.Fatalf("%s has no link to %s (%v)", from.url, to.url, err)
	}
	// The site shows the new page once its code has loaded: until its figure (by its scenario) is there.
	live := presetFigure(t, to.preset).Live
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`location.pathname.replace(/\/$/, "") === %q &&
		[...document.querySelectorAll("figure.layoutlab")].some(f => f.dataset.live.endsWith(%q))`, path, "/layoutlab/"+live),
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("following the link from %s to %s: %v", from.url, to.url, err)
	}
	if !eval[bool](t, ctx, `window.layoutlabSamePage === true`) {
		t.Fatalf("following the link from %s to %s loaded a new page, not a client-side navigation", from.url, to.url)
	}
	checkShownFigure(t, ctx, site+to.url+" (client-side navigation)", to.preset, want)
	// The page left behind holds nothing in embed.js: its figures count against no live budget.
	if got := eval[[]int](t, ctx, `[layoutlabEmbed.figures.length, document.querySelectorAll("figure.layoutlab").length,
		layoutlabEmbed.live, document.querySelectorAll(".layoutlab-box > iframe:not(.layoutlab-parked)").length]`); got[0] != got[1] || got[2] != got[3] {
		t.Errorf("after the client-side navigation embed.js keeps %d figures and %d live, the page has %d and %d", got[0], got[2], got[1], got[3])
	}
}

// checkShownFigure checks the page's one figure, as checkFigure says.
func checkShownFigure(t *testing.T, ctx context.Context, url, preset string, want map[string]float64) {
	t.Helper()
	if n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`); n != 1 {
		t.Fatalf("%s has %d Layout Lab figures, want 1", url, n)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const i = document.querySelector("figure.layoutlab img"); return i.complete && i.naturalWidth > 0; })()`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("%s: the poster (%s) never loaded: %v", url, eval[string](t, ctx, `document.querySelector("figure.layoutlab img").src`), err)
	}
	checkPosterText(t, ctx, 0)
	src := eval[string](t, ctx, `document.querySelector("figure.layoutlab").dataset.live`)
	if err := restMouseOn(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(0), chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("%s: the figure (%s), the mouse resting on it, never went live: %v", url, src, err)
	}
	raw := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").contentDocument.querySelectorAll("[data-metric]")].map(e => [e.dataset.metric, e.dataset.value]))`)
	got := map[string]float64{}
	for k, v := range raw {
		var f float64
		if _, err := fmt.Sscan(v, &f); err != nil {
			t.Fatalf("%s: readout %s = %q is not a number", url, k, v)
		}
		got[k] = f
	}
	// A figure shows the readouts it declares: each one the CLI also prints must agree with it.
	shown := map[string]float64{}
	for k := range got {
		if w, ok := want[k]; ok {
			shown[k] = w
		}
	}
	if len(shown) == 0 {
		t.Errorf("%s: the live figure shows none of the engine's readouts (%v)", url, raw)
	}
	agree(t, url+" ("+preset+")", got, shown)
	checkLiveAgreesWithPoster(t, ctx, figureJS(0))
	// The live figure fills the poster's box.
	if d := eval[[]float64](t, ctx, `(() => { const b = document.querySelector(".layoutlab-box").getBoundingClientRect(),
		f = document.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").getBoundingClientRect();
		return [b.width - f.width, b.height - f.height]; })()`); d[0] != 0 || d[1] != 0 {
		t.Errorf("%s: the live figure does not fill its box (%v px narrower, %v px shorter)", url, d[0], d[1])
	}
	t.Logf("%s: %s, live readouts %v", url, preset, raw)
}

// failedRequests records every response with an HTTP error status and every request that failed.
func failedRequests(ctx context.Context) func() []string {
	var mu sync.Mutex
	var bad []string
	urls := map[network.RequestID]string{}
	chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			urls[e.RequestID] = e.Request.URL
		case *network.EventResponseReceived:
			if e.Response.Status >= 400 {
				bad = append(bad, fmt.Sprintf("%s: HTTP %d", e.Response.URL, e.Response.Status))
			}
		case *network.EventLoadingFailed:
			if !e.Canceled {
				bad = append(bad, fmt.Sprintf("%s: %s", urls[e.RequestID], e.ErrorText))
			}
		}
	})
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), bad...)
	}
}

// TestEmbedPathsResolveInOtherURLStyles builds each generator's site again in its other style of
// URLs (MkDocs without directory URLs, Hugo's uglyURLs, Sphinx's dirhtml, Docusaurus without
// trailing slashes) and checks, without a
// browser, that every figure's paths (its poster, its live page, its Open link), embed.js and
// embed.css resolve, from the page's URL under /docs/, to the files the build copied.
func TestEmbedPathsResolveInOtherURLStyles(t *testing.T) {
	p := readEmbedPage(t)
	figure := regexp.MustCompile(`(?s)<figure class="layoutlab".*?</figure>`)
	path := regexp.MustCompile(`\s(?:src|srcset|href|data-live)="([^"]+)"`)
	script := regexp.MustCompile(`<script[^>]*\ssrc="([^"]*layoutlab/embed\.js)"`)
	style := regexp.MustCompile(`<link[^>]*\shref="([^"]*layoutlab/embed\.css)"`)
	for _, g := range generators {
		t.Run(g.name, func(t *testing.T) {
			out := g.build(t, p, t.TempDir(), g.pages, true)
			figures := 0
			err := filepath.WalkDir(out, func(file string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || !strings.HasSuffix(file, ".html") || strings.Contains(file, "layoutlab"+string(filepath.Separator)) {
					return err
				}
				b, err := os.ReadFile(file)
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(out, file)
				pageURL := &url.URL{Path: "/docs/" + filepath.ToSlash(rel)}
				figs := figure.FindAllString(string(b), -1)
				if len(figs) > 0 && ((!g.spa && script.FindStringSubmatch(string(b)) == nil) || style.FindStringSubmatch(string(b)) == nil) {
					t.Errorf("%s (%s): %s has a figure but not both embed.js and embed.css", g.name, g.other, rel)
				}
				var refs [][]string
				for _, f := range figs {
					refs = append(refs, path.FindAllStringSubmatch(f, -1)...)
				}
				refs = append(refs, script.FindAllStringSubmatch(string(b), -1)...)
				refs = append(refs, style.FindAllStringSubmatch(string(b), -1)...)
				for _, m := range refs {
					ref, err := url.Parse(html.UnescapeString(m[1]))
					if err != nil {
						return err
					}
					abs := pageURL.ResolveReference(ref).Path
					file, ok := strings.CutPrefix(abs, "/docs/")
					if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(file))); !ok || err != nil {
						t.Errorf("%s (%s): on %s, %q resolves to %s, which the build does not have", g.name, g.other, pageURL.Path, m[1], abs)
					}
				}
				figures += len(figs)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			// Its component asks for useBaseUrl("/layoutlab/embed.js"): under baseUrl /docs/, this.
			if _, err := os.Stat(filepath.Join(out, "layoutlab", "embed.js")); g.spa && err != nil {
				t.Errorf("%s (%s): the build has no layoutlab/embed.js for the component to load: %v", g.name, g.other, err)
			}
			if figures != len(g.pages) {
				t.Errorf("%s (%s): %d figures in the built pages, want %d", g.name, g.other, figures, len(g.pages))
			}
		})
	}
}
