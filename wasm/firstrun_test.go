package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFirstRunBeforeEbiten: package firstrun's init, which computes the page's first answer,
// runs before Ebiten's internal/restorable compiles its shaders (firstrun's doc says why). Go
// derives the order from the import graph, so an import added to the engine or an Ebiten upgrade
// can reverse it silently. The widget is built for js/wasm and started under Node with
// GODEBUG=inittrace=1, which prints a line per package init, in order; main then stops, as
// there is no page.
func TestFirstRunBeforeEbiten(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("Node runs the widget's wasm for this test (Debian's nodejs): %v", err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(t.TempDir(), "widget.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the widget: %v\n%s", err, out)
	}
	run := exec.Command(node, filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js"), wasm)
	run.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, _ := run.CombinedOutput() // main fails without a page
	var order []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[0] == "init" {
			order = append(order, f[1])
		}
	}
	first := slices.Index(order, "layoutlab/wasm/firstrun")
	ebiten := slices.Index(order, "github.com/hajimehoshi/ebiten/v2/internal/restorable")
	if first < 0 || ebiten < 0 {
		t.Fatalf("inittrace names firstrun at %d and restorable at %d (-1: missing) in:\n%s", first, ebiten, out)
	}
	if first > ebiten {
		t.Fatalf("package firstrun is initialised after Ebiten's restorable (%d > %d): %v", first, ebiten, order)
	}
}
