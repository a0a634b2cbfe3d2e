// Command gen renders Layout Lab's static pages into dist/: the explainer (index.html) and the
// embedding page (embed.html) get their widget links from the engine's presets, so a link on the
// page is always one the current build decodes; and it writes the service worker with a version
// derived from the built files, so a new build replaces the old cache.
//
// Every figure the explainer states comes from running the presets through the engine here
// (engine/explainer): the template quotes the results ({{(day "liquid" 3).OptimizeWrittenGB}}),
// and the build fails when a preset's claim no longer holds.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"layoutlab/engine/explainer"
	"layoutlab/engine/scenario"
	"layoutlab/front/embedthis"
	"layoutlab/front/figurebox"
)

func main() {
	src := flag.String("src", "site", "directory with the *.tmpl.html pages and sw.tmpl.js")
	out := flag.String("out", "dist", "built site to write into")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	res, err := explainer.Run()
	if err != nil {
		return err
	}
	if err := res.Check(); err != nil {
		return fmt.Errorf("the explainer's claims: %w", err)
	}
	funcs := figures(res)
	ex, err := runAdvice(filepath.Join(src, ".."))
	if err != nil {
		return err
	}
	for k, f := range adviceFuncs(ex) {
		funcs[k] = f
	}
	live := livePage(src)
	boxes, err := writePosters(out, live, res)
	if err != nil {
		return err
	}
	charts, err := writeCharts(out, res)
	if err != nil {
		return err
	}
	maps.Copy(funcs, maintenanceFuncs(res, charts))
	maps.Copy(funcs, pageFuncs(src, out, live, boxes))
	if err := renderPages(src, out, funcs); err != nil {
		return err
	}
	if err := patchSlimSize(src, out); err != nil {
		return err
	}
	return writeServiceWorker(src, out)
}

// pageFuncs are the pages' own template functions: a preset's link, figure box, title, and the
// snippets and slim file list a docs author copies. live is the live figure's page; boxes the
// presets' figure boxes, by name.
func pageFuncs(src, out, live string, boxes map[string]figurebox.Figure) template.FuncMap {
	box := func(name string) (figurebox.Figure, error) {
		f, ok := boxes[name]
		if !ok {
			return f, fmt.Errorf("no preset %q", name)
		}
		return f, nil
	}
	return template.FuncMap{
		// link is the preset's live figure, as a docs author's snippet names it.
		"link": func(name string) (string, error) {
			p, ok := scenario.PresetByName(name)
			if !ok {
				return "", fmt.Errorf("no preset %q", name)
			}
			return live + scenario.Link(p.Scenario), nil
		},
		// figure is the preset's figure box (its poster, readouts and the live figure on
		// demand) on the build's own pages, whose CSP refuses inline styles.
		"figure": func(name string) (template.HTML, error) {
			f, err := box(name)
			return template.HTML(f.HTML()), err
		},
		// figureAt is the same box, as text for a code block, for a docs page that reaches the
		// build at base, with its size written inline as the snippets carry it.
		"figureAt": func(name, base string) (string, error) {
			f, err := box(name)
			f.Base, f.Inline = base, true
			return embedthis.Wrap(f.HTML()), err
		},
		"title": func(name string) (string, error) {
			p, ok := scenario.PresetByName(name)
			if !ok {
				return "", fmt.Errorf("no preset %q", name)
			}
			return p.Title, nil
		},
		// snippet quotes a file a docs author saves into their generator's project (a hook, an
		// extension, a shortcode, a component), so the page shows the file the tests build with.
		"snippet": func(name string) (string, error) {
			b, err := os.ReadFile(filepath.Join(src, "snippets", name))
			return strings.TrimRight(string(b), "\n"), err
		},
		"slim": func() ([]string, error) { return slimFiles(src, out) },
	}
}

// renderPages executes every page template in src (site/*.tmpl.html, with the sections of
// site/sections/*.tmpl they include) into out.
func renderPages(src, out string, funcs template.FuncMap) error {
	pages, err := filepath.Glob(filepath.Join(src, "*.tmpl.html"))
	if err != nil {
		return err
	}
	sections, _ := filepath.Glob(filepath.Join(src, "sections", "*.tmpl"))
	for _, page := range pages {
		t, err := template.New(filepath.Base(page)).Funcs(funcs).ParseFiles(append([]string{page}, sections...)...)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(page), ".tmpl.html") + ".html"
		f, err := os.Create(filepath.Join(out, name))
		if err != nil {
			return err
		}
		if err := t.Execute(f, nil); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", page, err)
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

// writeServiceWorker lists every built file for precaching and versions the cache by their hash.
func writeServiceWorker(src, out string) error {
	js, err := serviceWorker(src, out)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "sw.js"), []byte(js), 0o644)
}

// serviceWorker is sw.js for the files built in out.
func serviceWorker(src, out string) (string, error) {
	tmpl, err := os.ReadFile(filepath.Join(src, "sw.tmpl.js"))
	if err != nil {
		return "", err
	}
	var files, onDemand []string
	h := sha256.New()
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		rel = filepath.ToSlash(rel)
		how := cachedAs(rel)
		if how == notCached {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		h.Write([]byte(rel))
		h.Write(b)
		// The table page's module (4 MB) is kept only for readers of that page, which asks the
		// worker for it: a docs reader of the widget never downloads it.
		if how == onDemandCache {
			onDemand = append(onDemand, rel)
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	list, _ := json.Marshal(files)
	version := hex.EncodeToString(h.Sum(nil))[:16]
	js := strings.ReplaceAll(string(tmpl), "__VERSION__", version)
	js = strings.ReplaceAll(js, "__FILES__", string(list))
	slices.Sort(onDemand)
	list, _ = json.Marshal(onDemand)
	js = strings.ReplaceAll(js, "__ON_DEMAND__", string(list))
	return js, nil
}
