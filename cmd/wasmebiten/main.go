// Command wasmebiten writes the go.mod that build.sh gives every js/wasm build (go build
// -modfile): Ebiten's internal/builtinshader parses its shader with text/template, and
// text/template looks methods up by name (reflect's MethodByName), which makes the linker keep
// every exported method of every type that reaches an interface. With dom/v2's hundreds of
// element types that is most of the widget: 31 MB of wasm, 13 MB without it (docs/build.md). The go.mod
// replaces Ebiten with a copy of the same version (files linked to the module cache's, which Go
// refuses to overlay) in which shader.go keeps its template text and only swaps text/template
// for shaderTemplate (shadertemplate.go), which writes the same shader source for every filter,
// address and colour-matrix setting (TestShaderSourceIsEbitens). It also replaces
// andybalholm/brotli, the Parquet reader's Brotli decoder, by a copy without its HTTP helpers,
// which linked net/http and with it crypto/tls into the table page's and the advisor's modules
// (brotli.go, TestBrotliWithoutHTTP).
//
//	go run ./cmd/wasmebiten -out .cache/wasmebiten   # prints the go.mod's path
package main

import (
	"bytes"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
)

// ebitenModule is the module the go.mod replaces.
const ebitenModule = "github.com/hajimehoshi/ebiten/v2"

//go:embed shadertemplate.go
var shaderTemplateSource string

// Each edit must match exactly once: a newer Ebiten that changes the file stops the build here,
// naming what it did not find, rather than building a shader that differs.
var shaderEdits = []struct{ old, new string }{
	{"\t\"text/template\"\n", ""},
	{`template.Must(template.New("tmpl").Parse(`, `mustParseShaderTemplate((`},
}

func main() {
	out := flag.String("out", ".cache/wasmebiten", "folder to write Ebiten's copy and the go.mod into")
	flag.Parse()
	path, err := write(*out, ".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmebiten:", err)
		os.Exit(1)
	}
	fmt.Println(path)
}

// write writes Ebiten's copy into out/ebiten and, beside it, the go.mod and go.sum of the
// module in root with Ebiten replaced by the copy, and brotliModule by its copy without HTTP
// (writeBrotliCopy); it returns the go.mod's path.
func write(out, root string) (string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	copyDir := filepath.Join(abs, "ebiten")
	mod, err := linkModule(ebitenModule, copyDir)
	if err != nil {
		return "", err
	}
	pkg := filepath.Join("internal", "builtinshader")
	orig, err := os.ReadFile(filepath.Join(mod, pkg, "shader.go"))
	if err != nil {
		return "", err
	}
	shader, err := rewriteShader(string(orig))
	if err == nil {
		err = checkShaderTemplate(string(orig))
	}
	if err != nil {
		return "", fmt.Errorf("%s: %v", filepath.Join(mod, pkg, "shader.go"), err)
	}
	files := map[string]string{
		"shader.go":                   shader,
		"shadertemplate_layoutlab.go": strings.Replace(shaderTemplateSource, "package main", "package builtinshader", 1),
	}
	for name, text := range files {
		p := filepath.Join(copyDir, pkg, name)
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	brotliDir := filepath.Join(abs, "brotli")
	if err := writeBrotliCopy(brotliDir); err != nil {
		return "", err
	}
	return writeModFile(abs, root, map[string]string{ebitenModule: copyDir, brotliModule: brotliDir})
}

// linkModule makes dst afresh a linked copy (linkTree) of module's folder in the module cache,
// and returns that folder.
func linkModule(module, dst string) (string, error) {
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	if err != nil {
		return "", fmt.Errorf("finding %s: %v", module, err)
	}
	mod := strings.TrimSpace(string(dir))
	if err := os.RemoveAll(dst); err != nil {
		return "", err
	}
	return mod, linkTree(mod, dst)
}

// linkTree makes dst a tree of src's folders whose files are symbolic links to src's.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		return os.Symlink(p, filepath.Join(dst, rel))
	})
}

// writeModFile writes root's go.mod with each module of replaces replaced by its copy's folder
// (Ebiten's, brotliModule's), and root's go.sum beside it (go build -modfile reads the go.sum
// next to the go.mod it is given).
func writeModFile(out, root string, replaces map[string]string) (string, error) {
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	text := string(gomod) + "\n"
	for _, m := range slices.Sorted(maps.Keys(replaces)) {
		text += "replace " + m + " => " + replaces[m] + "\n"
	}
	path := filepath.Join(out, "go.mod")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return "", err
	}
	return path, os.WriteFile(filepath.Join(out, "go.sum"), gosum, 0o644)
}

// rewriteShader is Ebiten's shader.go with text/template swapped for shaderTemplate.
func rewriteShader(src string) (string, error) {
	for _, e := range shaderEdits {
		if n := strings.Count(src, e.old); n != 1 {
			return "", errors.New("expected " + fmt.Sprintf("%q once, found it %d times", e.old, n))
		}
		src = strings.Replace(src, e.old, e.new, 1)
	}
	return src, nil
}

// checkShaderTemplate: for every filter, address and colour-matrix setting Ebiten asks for
// (shader.go's ShaderSource), shaderTemplate writes the very source text/template writes from
// the template in src (Ebiten's shader.go); the build stops on the first that differs.
func checkShaderTemplate(src string) error {
	_, after, ok := strings.Cut(src, "Parse(`")
	text, _, ok2 := strings.Cut(after, "`))")
	if !ok || !ok2 {
		return errors.New("holds no template")
	}
	want, err := template.New("tmpl").Parse(text)
	if err != nil {
		return err
	}
	got, err := mustParse(text)
	if err != nil {
		return err
	}
	type filter int
	type address int
	for f := filter(0); f < 2; f++ {
		for a := address(0); a < 3; a++ {
			for _, m := range []bool{false, true} {
				data := struct {
					Filter, FilterNearest, FilterLinear                       filter
					Address, AddressUnsafe, AddressClampToZero, AddressRepeat address
					UseColorM                                                 bool
				}{f, 0, 1, a, 0, 1, 2, m}
				var w, g bytes.Buffer
				if err := want.Execute(&w, data); err != nil {
					return err
				}
				if err := got.Execute(&g, data); err != nil {
					return err
				}
				if w.String() != g.String() {
					return fmt.Errorf("filter %d, address %d, colour matrix %v: shaderTemplate writes another source than text/template", f, a, m)
				}
			}
		}
	}
	return nil
}

// mustParse is mustParseShaderTemplate, the very call Ebiten's copy makes, with its panic an error.
func mustParse(text string) (t *shaderTemplate, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return mustParseShaderTemplate(text), nil
}
