//go:build browser

package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// MaxWidgetLinearMemory is issue #37's budget for one live widget: its wasm linear memory (the Go
// instance's WebAssembly.Memory, which never shrinks, so its size is the peak so far).
const MaxWidgetLinearMemory = 150 << 20

// linearMemory is the widget's wasm linear memory in bytes (site/loader.js, wasmMemory).
func linearMemory(ctx context.Context) (float64, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[float64](`window.layoutlab.wasmMemory()`))
}

// waitSettled waits until the widget's scheduler has done its idle work (rehearsals, the rest of
// the table's columns, the day grids) and waits for input: window.layoutlab.settled; or, in a
// figure the reader has not touched, until it is ready and holds its idle work (idleHeld,
// wasm/main.go).
func waitSettled(ctx context.Context) error {
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlab.settled === true || (window.layoutlab.ready === true && window.layoutlab.idleHeld === true)`,
		chromedp.WithPollingTimeout(3*time.Minute)))
	return err
}

// browserProcesses is ctx's browser process (root) and every process under it (renderers, GPU,
// utility), from /proc.
func browserProcesses(ctx context.Context) (root int, pids []int, err error) {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return 0, nil, fmt.Errorf("no browser process")
	}
	root = c.Browser.Process().Pid
	children := map[int][]int{}
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return 0, nil, err
	}
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if ppid, ok := parentOf(pid); ok {
			children[ppid] = append(children[ppid], pid)
		}
	}
	for todo := []int{root}; len(todo) > 0; {
		pid := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[pid]...)
		pids = append(pids, pid)
	}
	return root, pids, nil
}

// blankPSS is the browser's PSS on a blank tab, a second after it is shown: what a page's
// memory is measured over.
func blankPSS(b *testing.B, ctx context.Context) int64 {
	b.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	time.Sleep(time.Second)
	blank, _, err := browserPSS(ctx)
	if err != nil {
		b.Fatal(err)
	}
	return blank
}

// browserPSS sums the proportional set size (Pss in /proc/PID/smaps_rollup) of ctx's browser
// process and every process under it (renderers, GPU, utility), and counts them: what the
// browser costs the machine, shared pages divided among their sharers.
func browserPSS(ctx context.Context) (bytes int64, procs int, err error) {
	root, pids, err := browserProcesses(ctx)
	if err != nil {
		return 0, 0, err
	}
	for _, pid := range pids {
		if kb, ok := pssKB(pid); ok {
			bytes += kb << 10
			procs++
		}
	}
	if procs == 0 {
		return 0, 0, fmt.Errorf("no smaps_rollup readable under pid %d", root)
	}
	return bytes, procs, nil
}

// parentOf reads a process's parent from /proc/PID/stat (its fourth field, after the command
// name in parentheses, which may hold spaces).
func parentOf(pid int) (int, bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, false
	}
	ppid, err := strconv.Atoi(f[1])
	return ppid, err == nil
}

// pssKB is the Pss line of /proc/PID/smaps_rollup, in kB.
func pssKB(pid int) (int64, bool) {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "smaps_rollup"))
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "Pss:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb, err == nil
		}
	}
	return 0, false
}

func mib(b float64) float64 { return b / (1 << 20) }

// TestWidgetMemoryBudget: every preset, opened alone and left until its idle work is done,
// holds under MaxWidgetLinearMemory of wasm linear memory. Linear memory grows and never
// shrinks, so its size then is the peak of the first answer and of the idle work.
func TestWidgetMemoryBudget(t *testing.T) {
	old := browserTimeout
	browserTimeout = 10 * time.Minute // fourteen presets, each left to settle
	ctx := browser(t)
	browserTimeout = old
	for _, p := range scenario.Presets() {
		open(t, ctx, scenario.Link(p.Scenario))
		first, err := linearMemory(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := waitSettled(ctx); err != nil {
			t.Fatalf("%s: the widget's idle work never settled: %v", p.Name, err)
		}
		settled, err := linearMemory(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-14s wasm linear memory: %5.1f MiB at the first answer, %5.1f MiB after the idle work", p.Name, mib(first), mib(settled))
		if settled >= MaxWidgetLinearMemory {
			t.Errorf("%s: %.1f MiB of wasm linear memory after the idle work, over the %d MiB budget", p.Name, mib(settled), MaxWidgetLinearMemory>>20)
		}
	}
}

// BenchmarkMemory prints, for every preset opened alone in a fresh browser, the widget's wasm
// linear memory at its first answer and once its idle work is done, and the proportional set size
// of the browser's processes (a blank tab first, then the widget settled); then the same browser
// figures for the explainer page (index.html) scrolled from top to bottom, a screen a second,
// and then with every figure touched in turn (explainerMemory). `./build.sh bench` runs it:
//
//	go test -count=1 -tags browser -run XXX -bench Memory -benchtime 1x ./site/e2e/
//
// MEMORY_PRESETS=liquid,two-keys,moves,explainer limits it to those parts; explainer-steps (not
// run unless named) prints where the explainer's memory is, by process kind, a figure at a time.
// MEMORY_PAGE=figure.html opens each preset as a docs figure; MEMORY_MAXLIVE=N sets embed.js's
// budget of live figures for the explainer; MEMORY_TRACE=1 prints its memory every second.
func BenchmarkMemory(b *testing.B) {
	browserTimeout = 10 * time.Minute
	only := os.Getenv("MEMORY_PRESETS")
	timed := func(part string) bool {
		return only == "" || strings.Contains(","+only+",", ","+part+",")
	}
	pageName := "widget.html"
	if v := os.Getenv("MEMORY_PAGE"); v != "" {
		pageName = v // figure.html: each preset as a docs figure
	}
	var maxLinear float64
	for _, p := range scenario.Presets() {
		if !timed(p.Name) {
			continue
		}
		ctx, closeIt := newBrowser(b)
		blank := blankPSS(b, ctx)
		if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/"+pageName+scenario.Link(p.Scenario))); err != nil {
			b.Fatal(err)
		}
		if err := waitReady(ctx); err != nil {
			b.Fatal(err)
		}
		first, err := linearMemory(ctx)
		if err != nil {
			b.Fatal(err)
		}
		firstPSS, _, _ := browserPSS(ctx)
		if err := waitSettled(ctx); err != nil {
			b.Fatalf("%s: the widget's idle work never settled: %v", p.Name, err)
		}
		time.Sleep(500 * time.Millisecond)
		settled, _ := linearMemory(ctx)
		pss, procs, _ := browserPSS(ctx)
		if k, err := pssByKind(ctx); err == nil {
			fmt.Printf("memory %-14s idle work done: %s\n", p.Name, kindsLine(k))
		}
		maxLinear = max(maxLinear, settled)
		fmt.Printf("memory %-14s wasm linear: first answer %6.1f MiB, idle work done %6.1f MiB; PSS of the browser's %d processes: blank tab %4.0f MiB, first answer %4.0f MiB, idle work done %4.0f MiB (%+.0f over the blank tab)\n",
			p.Name, mib(first), mib(settled), procs, mib(float64(blank)), mib(float64(firstPSS)), mib(float64(pss)), mib(float64(pss-blank)))
		closeIt()
	}
	if maxLinear > 0 {
		b.ReportMetric(mib(maxLinear), "max-linear-MiB")
	}
	if timed("moves") {
		movesMemory(b)
	}
	if timed("explainer") {
		explainerMemory(b)
	}
	if strings.Contains(","+only+",", ",explainer-steps,") {
		explainerSteps(b)
	}
}

// movesMemory prints the widget's linear memory as a reader moves its controls, each move left
// to settle: on large-batches (the largest timeline preset) the strategy set to every option
// in turn, each a new simulation while the last one is still held; on two-keys
// a 100-move files drag.
func movesMemory(b *testing.B) {
	ctx, closeIt := newBrowser(b)
	defer closeIt()
	step := func(name string) {
		if err := waitSettled(ctx); err != nil {
			b.Fatalf("%s: never settled: %v", name, err)
		}
		m, err := linearMemory(ctx)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Printf("memory moves %-34s wasm linear %6.1f MiB\n", name, mib(m))
	}
	p, _ := scenario.PresetByName("large-batches")
	firstFrameIn(b, ctx, server.URL+"/widget.html"+scenario.Link(p.Scenario))
	step("large-batches")
	strategies, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.getElementById("strategy").options].map(o => o.value)`))
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range append(strategies, p.Scenario.Timeline.Strategy) { // and back to where it began
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const el = document.getElementById("strategy");
			el.value = `+strconv.Quote(v)+`; el.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)); err != nil {
			b.Fatal(err)
		}
		step("large-batches, strategy " + v)
	}
	p, _ = scenario.PresetByName("two-keys")
	firstFrameIn(b, ctx, server.URL+"/widget.html"+scenario.Link(p.Scenario))
	step("two-keys")
	if _, err := dragSlider(ctx, "files", 100); err != nil {
		b.Fatal(err)
	}
	step("two-keys, after a 100-move files drag")
}

// explainerMemory scrolls index.html from top to bottom, a screen a second, then waits until
// every widget the page started is ready and settled (none: a figure goes live when touched),
// and prints the browser's PSS (the highest seen while scrolling, and at the end), the live
// widgets and their linear memory. Then it rests the mouse on every figure in turn, from the
// last up, each until live and settled, and prints the highest PSS and the live widgets' linear
// memory at the end: a reader who touches every figure.
func explainerMemory(b *testing.B) {
	ctx, closeIt := newBrowser(b)
	defer closeIt()
	blank := blankPSS(b, ctx)
	if n, err := strconv.Atoi(os.Getenv("MEMORY_MAXLIVE")); err == nil {
		// Another budget than embed.js's, set as the page's script assigns window.layoutlabEmbed.
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `Object.defineProperty(window, "layoutlabEmbed", { configurable: true,
				get() { return this.__embed; }, set(v) { v.maxLive = ` + strconv.Itoa(n) + `; this.__embed = v; } });`,
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/index.html")); err != nil {
		b.Fatal(err)
	}
	var peak int64
	var peakKinds map[string]int64
	trace := os.Getenv("MEMORY_TRACE") != ""
	for {
		time.Sleep(time.Second)
		if k, err := pssByKind(ctx); err == nil {
			if v := total(k); v > peak {
				peak, peakKinds = v, k
			}
			if trace {
				fmt.Printf("memory explainer trace: scrollY %5.0f, %.0f frames: %s\n", evalIn[float64](b, ctx, `scrollY`),
					evalIn[float64](b, ctx, `document.querySelectorAll(".layoutlab-box > iframe").length`), kindsLine(k))
			}
		}
		atEnd, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
			const end = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
			scrollBy(0, innerHeight);
			return end; })()`))
		if err != nil {
			b.Fatal(err)
		}
		if atEnd {
			break
		}
	}
	// The widgets started (their window.layoutlab exists), each left until ready and settled.
	const live = `[...document.querySelectorAll("iframe")].map(f => { try { return f.contentWindow.layoutlab; } catch (e) { return null; } }).filter(ll => ll)`
	all := `(() => { const ws = ` + live + `; return ws.every(ll => ll.ready && (ll.settled || ll.idleHeld) && ll.wasmMemory); })()`
	for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(time.Second) {
		if k, err := pssByKind(ctx); err == nil {
			if v := total(k); v > peak {
				peak, peakKinds = v, k
			}
		}
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](all))
		if err != nil {
			b.Fatal(err)
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the explainer's widgets never all settled")
		}
	}
	took := time.Since(start)
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const ws = `+live+`; return [ws.length, ws.reduce((s, ll) => s + ll.wasmMemory(), 0), ws.reduce((m, ll) => Math.max(m, ll.wasmMemory()), 0)]; })()`))
	if err != nil {
		b.Fatal(err)
	}
	iframes, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("iframe").length`))
	pss, procs, _ := browserPSS(ctx)
	peak = max(peak, pss)
	b.ReportMetric(mib(float64(peak)), "explainer-peak-PSS-MiB")
	fmt.Printf("memory explainer: highest: %s\n", kindsLine(peakKinds))
	fmt.Printf("memory explainer: %d iframes, %.0f widgets live, settled after %.0f s; wasm linear memory %.0f MiB in all (largest %.0f MiB); PSS of the browser's %d processes: blank tab %.0f MiB, at the end %.0f MiB, highest while scrolling %.0f MiB\n",
		iframes, v[0], took.Seconds(), mib(v[1]), mib(v[2]), procs, mib(float64(blank)), mib(float64(pss)), mib(float64(peak)))

	n := evalIn[int](b, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	var touchedPeak int64
	var touchedKinds map[string]int64
	for i := n - 1; i >= 0; i-- {
		if err := restMouseOn(ctx, i); err != nil {
			b.Fatal(err)
		}
		settled := liveReadyJS(i) + ` && (() => { const ll = ` + figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").contentWindow.layoutlab;
			return !!((ll.settled || ll.idleHeld) && ll.wasmMemory); })()`
		for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(time.Second) {
			if k, err := pssByKind(ctx); err == nil && total(k) > touchedPeak {
				touchedPeak, touchedKinds = total(k), k
			}
			if evalIn[bool](b, ctx, settled) {
				if trace {
					k, _ := pssByKind(ctx)
					fmt.Printf("memory explainer trace: figure %2d touched, live and settled: %s\n", i, kindsLine(k))
				}
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("figure %d, the mouse resting on it, never went live and settled", i)
			}
		}
	}
	v = evalIn[[]float64](b, ctx, `(() => { const ws = `+live+`; return [ws.length, ws.reduce((s, ll) => s + ll.wasmMemory(), 0)]; })()`)
	pss, _, _ = browserPSS(ctx)
	b.ReportMetric(mib(float64(max(touchedPeak, pss))), "explainer-touched-peak-PSS-MiB")
	fmt.Printf("memory explainer, every figure touched in turn: highest: %s\n", kindsLine(touchedKinds))
	fmt.Printf("memory explainer, every figure touched in turn: %.0f widgets at the end, wasm linear memory %.0f MiB in all; PSS at the end %.0f MiB, highest %.0f MiB\n",
		v[0], mib(v[1]), mib(float64(pss)), mib(float64(max(touchedPeak, pss))))
}

// pssByKind is browserPSS split by Chromium's process kind (--type= on the command line:
// "browser" for the root, "renderer", "gpu-process", "utility", "zygote", …), in bytes.
func pssByKind(ctx context.Context) (map[string]int64, error) {
	_, pids, err := browserProcesses(ctx)
	if err != nil {
		return nil, err
	}
	kinds := map[string]int64{}
	for _, pid := range pids {
		kb, ok := pssKB(pid)
		if !ok {
			continue
		}
		kind := "browser"
		if b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline")); err == nil {
			// Chromium rewrites its command line with spaces between the arguments.
			for _, arg := range strings.FieldsFunc(string(b), func(r rune) bool { return r == 0 || r == ' ' }) {
				if t, ok := strings.CutPrefix(arg, "--type="); ok {
					kind = t
				}
			}
		}
		kinds[kind] += kb << 10
		if kind == "renderer" {
			kinds["renderers"]++
		}
	}
	return kinds, nil
}

// total is a pssByKind breakdown's sum.
func total(k map[string]int64) int64 {
	var t int64
	for kind, v := range k {
		if kind != "renderers" {
			t += v
		}
	}
	return t
}

// kindsLine prints a pssByKind breakdown in MiB: total, then browser, renderer, GPU, the rest.
func kindsLine(k map[string]int64) string {
	total := total(k)
	rest := total - k["browser"] - k["renderer"] - k["gpu-process"]
	return fmt.Sprintf("total %4.0f MiB = browser %4.0f + renderers (%d) %4.0f + GPU %4.0f + other %4.0f",
		mib(float64(total)), mib(float64(k["browser"])), k["renderers"], mib(float64(k["renderer"])), mib(float64(k["gpu-process"])), mib(float64(rest)))
}

// explainerSteps prints where the explainer's memory is, by process kind: a blank tab, the page
// with its posters only (no figure live), then the first figures made live one by one (each
// touched, left to settle), then all of them sent back to their posters (the page scrolled to
// its end with no figure allowed live), at once and a few seconds later. embed.js's budget is
// held at 0 from the start (set as the page's script assigns window.layoutlabEmbed), so no
// figure starts but those touched. MEMORY_PRESETS=explainer-steps.
func explainerSteps(b *testing.B) {
	ctx, closeIt := newBrowser(b)
	defer closeIt()
	measure := func(what string) {
		time.Sleep(2 * time.Second)
		k, err := pssByKind(ctx)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Printf("memory explainer-steps %-36s %s\n", what, kindsLine(k))
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	measure("blank tab")
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `Object.defineProperty(window, "layoutlabEmbed", { configurable: true,
			get() { return this.__embed; }, set(v) { v.maxLive = 0; this.__embed = v; } });`,
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/index.html")); err != nil {
		b.Fatal(err)
	}
	measure("posters only")
	n := 3
	if v, err := strconv.Atoi(os.Getenv("MEMORY_STEPS")); err == nil && v > 0 {
		n = v
	}
	for i := range n {
		js := `(() => { layoutlabEmbed.maxLive = ` + strconv.Itoa(i+1) + `; ` + figureJS(i) + `.querySelector(".layoutlab-poster").click(); return true; })()`
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
			b.Fatal(err)
		}
		settled := `(() => { const fr = ` + figureJS(i) + `.querySelector(".layoutlab-box > iframe"); const ll = fr && fr.contentWindow && fr.contentWindow.layoutlab;
			return !!(ll && ll.ready && (ll.settled || ll.idleHeld)); })()`
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](settled, chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
			b.Fatalf("figure %d never settled: %v", i, err)
		}
		measure(fmt.Sprintf("+%d live (%s)", i+1, strings.Trim(fmt.Sprint(evalIn[string](b, ctx, figureJS(i)+`.dataset.title || ""`)), " ")))
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(layoutlabEmbed.maxLive = 0, scrollTo(0, document.scrollingElement.scrollHeight), true)`)); err != nil {
		b.Fatal(err)
	}
	time.Sleep(time.Second)
	live := evalIn[int](b, ctx, `document.querySelectorAll(".layoutlab-box > iframe").length`)
	measure(fmt.Sprintf("back to posters (%d live)", live))
	time.Sleep(6 * time.Second)
	measure("back to posters, 10 s later")
	time.Sleep(8 * time.Second)
	measure("back to posters, 20 s later")
}

func evalIn[T any](b *testing.B, ctx context.Context, js string) T {
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.Fatal(err)
	}
	return v
}
