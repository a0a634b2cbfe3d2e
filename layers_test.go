package layoutlab_test

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The folders are the layers (README, "How it is built"). A package may import its own folder's
// packages and those of a lower floor, never a higher one or a sibling program: the engine knows
// nothing of the front, the front nothing of the programs, and the command line, the browser
// programs and the site know nothing of each other.
var floors = map[string]int{
	"engine": 1, "assets": 1, // every number; the palettes
	"front": 2,                       // the portable front: what is drawn and scheduled, the posters
	"cmd":   3, "wasm": 3, "site": 3, // the programs
}

// browserOnly may be imported by wasm/ alone (and by tests, which may read node's clock).
var browserOnly = []string{"syscall/js", "honnef.co/go/js/dom/v2", "github.com/hajimehoshi/ebiten/v2"}

type listed struct {
	ImportPath                         string
	Imports, TestImports, XTestImports []string
	Error                              *struct{ Err string }
}

// TestLayers checks every package of the module, as built natively (with the browser tests) and
// for js/wasm, against the floors: an import that runs back up, across to a sibling program, or
// a browser-only import outside wasm/ fails, naming the package and the import.
func TestLayers(t *testing.T) {
	// The browser tests (site/e2e) build with their tags only.
	for _, env := range [][]string{{"GOFLAGS=-tags=browser,screenshots"}, {"GOOS=js", "GOARCH=wasm"}} {
		pkgs := goList(t, env)
		if len(pkgs) < 20 {
			t.Fatalf("%v: go list found only %d packages", env, len(pkgs))
		}
		for _, p := range pkgs {
			if p.ImportPath == "layoutlab" {
				continue // this test
			}
			for _, bad := range layerViolations(p) {
				t.Errorf("%v: %s", env, bad)
			}
		}
	}
}

// TestLayersCatchesAnArrowUp: the check fails on each kind of wrong import, so it cannot pass by
// reading nothing.
func TestLayersCatchesAnArrowUp(t *testing.T) {
	for _, p := range []listed{
		{ImportPath: "layoutlab/engine/table", Imports: []string{"layoutlab/front/view"}},
		{ImportPath: "layoutlab/front/view", TestImports: []string{"layoutlab/wasm/table"}},
		{ImportPath: "layoutlab/cmd/layoutlab", Imports: []string{"layoutlab/site/host"}},
		{ImportPath: "layoutlab/front/poster", Imports: []string{"syscall/js"}},
		{ImportPath: "layoutlab/engine/panel", Imports: []string{"github.com/hajimehoshi/ebiten/v2/vector"}},
		{ImportPath: "layoutlab/tools/x", Imports: []string{"fmt"}},
	} {
		if len(layerViolations(p)) == 0 {
			t.Errorf("%s importing %v passed", p.ImportPath, append(p.Imports, p.TestImports...))
		}
	}
	ok := listed{ImportPath: "layoutlab/wasm", Imports: []string{"syscall/js", "layoutlab/wasm/firstrun",
		"layoutlab/front/view", "layoutlab/engine/panel", "layoutlab/assets"}}
	if bad := layerViolations(ok); len(bad) != 0 {
		t.Errorf("the widget's own imports fail: %v", bad)
	}
}

func goList(t *testing.T, env []string) []listed {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports,Error", "./...")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v go list: %v", env, err)
	}
	var pkgs []listed
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Error != nil {
			t.Errorf("%v: %s: %s", env, p.ImportPath, p.Error.Err)
		}
		pkgs = append(pkgs, p)
	}
}

// top is a package's top folder in the module ("engine" for layoutlab/engine/table), or "" for a
// package outside the module.
func top(path string) string {
	rest, ok := strings.CutPrefix(path, "layoutlab/")
	if !ok {
		return ""
	}
	first, _, _ := strings.Cut(rest, "/")
	return first
}

func layerViolations(p listed) []string {
	var bad []string
	from := top(p.ImportPath)
	floor, known := floors[from]
	if !known {
		return []string{p.ImportPath + " is in no layer: add its folder to floors (layers_test.go) and README's map"}
	}
	seen := map[string]bool{}
	for _, imp := range append(append(append([]string(nil), p.Imports...), p.TestImports...), p.XTestImports...) {
		to := top(imp)
		if to == "" || to == from || seen[imp] {
			continue
		}
		seen[imp] = true
		switch f, ok := floors[to]; {
		case !ok:
			bad = append(bad, p.ImportPath+" imports "+imp+", which is in no layer")
		case f > floor:
			bad = append(bad, p.ImportPath+" imports "+imp+" from a higher floor")
		case f == floor:
			bad = append(bad, p.ImportPath+" imports "+imp+", a sibling on its floor")
		}
	}
	if from == "wasm" {
		return bad
	}
	for _, imp := range p.Imports {
		for _, b := range browserOnly {
			if imp == b || strings.HasPrefix(imp, b+"/") {
				bad = append(bad, p.ImportPath+" imports "+imp+": only wasm/ may")
			}
		}
	}
	return bad
}
