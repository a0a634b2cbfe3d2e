package main

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ebitenShader is Ebiten's own internal/builtinshader/shader.go (checkShaderTemplate finds its
// template).
func ebitenShader(t *testing.T) string {
	t.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", ebitenModule).Output()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "internal", "builtinshader", "shader.go"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestShaderSourceIsEbitens: for every filter, address and colour-matrix setting Ebiten asks for,
// shaderTemplate writes the very source text/template writes (checkShaderTemplate, which the
// build runs too); and the check fails on a template whose output it would change.
func TestShaderSourceIsEbitens(t *testing.T) {
	file := ebitenShader(t)
	if err := checkShaderTemplate(file); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		strings.Replace(file, "{{if .UseColorM}}", "{{if not .UseColorM}}", 1), // a form it does not know
		strings.Replace(file, "{{end}}", "{{- end}}", 1),                       // trimmed space
	} {
		if err := checkShaderTemplate(bad); err == nil {
			t.Errorf("a changed template passed the check")
		}
	}
}

// TestWrite: the go.mod replaces Ebiten by a copy whose shader.go no longer imports
// text/template and whose package gains shaderTemplate; every other file is Ebiten's own.
func TestWrite(t *testing.T) {
	out, _, b := writeGoMod(t)
	copyDir := filepath.Join(out, "ebiten")
	if !strings.Contains(string(b), "replace "+ebitenModule+" => "+copyDir+"\n") || !strings.HasPrefix(string(b), "module layoutlab") {
		t.Fatalf("go.mod:\n%s", b)
	}
	if _, err := os.Stat(filepath.Join(out, "go.sum")); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(copyDir, "internal", "builtinshader")
	for _, name := range []string{"shader.go", "shadertemplate_layoutlab.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(pkg, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name.Name != "builtinshader" {
			t.Errorf("%s: package %s", name, f.Name.Name)
		}
		for _, im := range f.Imports {
			if im.Path.Value == `"text/template"` {
				t.Errorf("%s still imports text/template", name)
			}
		}
	}
	if fi, err := os.Lstat(filepath.Join(copyDir, "image.go")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("image.go is not a link to Ebiten's: %v", err)
	}
}

// TestRewriteRefusesAnUnknownFile: a shader.go these edits do not fit (a newer Ebiten) stops the
// build with what was not found.
func TestRewriteRefusesAnUnknownFile(t *testing.T) {
	file := ebitenShader(t)
	if _, err := rewriteShader(strings.Replace(file, `template.New("tmpl")`, `template.New("x")`, 1)); err == nil || !strings.Contains(err.Error(), "found it 0 times") {
		t.Errorf("err = %v", err)
	}
	for _, bad := range []string{"{{if .X}}no end", "{{range .X}}{{end}}", "{{end}}", "{{if .X}}{{else}}{{else if .Y}}"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%q parsed", bad)
				}
			}()
			mustParseShaderTemplate(bad)
		}()
	}
}

// writeGoMod runs write for this checkout into a temporary folder: the folder, the go.mod's
// path and its text.
func writeGoMod(t *testing.T) (out, path string, gomod []byte) {
	t.Helper()
	out = t.TempDir()
	path, err := write(out, filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if gomod, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	return out, path, gomod
}
