package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrotliWithoutHTTP: the go.mod replaces brotliModule by a copy without http.go, and the
// browser programs that read Parquet (the table page's and the advisor's) then link neither
// net/http nor crypto/tls, which they did through it.
func TestBrotliWithoutHTTP(t *testing.T) {
	out, path, b := writeGoMod(t)
	dir := filepath.Join(out, "brotli")
	if !strings.Contains(string(b), "replace "+brotliModule+" => "+dir+"\n") {
		t.Fatalf("go.mod:\n%s", b)
	}
	if _, err := os.Lstat(filepath.Join(dir, "http.go")); !os.IsNotExist(err) {
		t.Errorf("the copy keeps http.go: %v", err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "reader.go")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("reader.go is not a link to brotli's: %v", err)
	}
	for _, pkg := range []string{"./wasm/table", "./wasm/advise"} {
		for _, mod := range []string{"", path} {
			args := []string{"list", "-deps", pkg}
			if mod != "" {
				args = []string{"list", "-modfile=" + mod, "-deps", pkg}
			}
			cmd := exec.Command("go", args...)
			cmd.Dir = filepath.Join("..", "..")
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			deps, err := cmd.Output()
			if err != nil {
				t.Fatalf("go %v: %v", args, err)
			}
			has := strings.Contains("\n"+string(deps), "\nnet/http\n") || strings.Contains("\n"+string(deps), "\ncrypto/tls\n")
			if has != (mod == "") { // the checkout's own go.mod links them: the test can fail
				t.Errorf("%s with go.mod %q: net/http or crypto/tls linked: %v", pkg, mod, has)
			}
		}
	}
}

// TestBrotliCopyRefusesHTTP: a file of the copy that still imports net/http (a newer brotli
// that moved its HTTP helpers) stops the build, naming the file.
func TestBrotliCopyRefusesHTTP(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ok.go"), []byte("package brotli\n\nimport \"io\"\n\nvar _ io.Reader\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkNoHTTP(dir); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "negotiate.go")
	if err := os.WriteFile(bad, []byte("package brotli\n\nimport \"net/http\"\n\nvar _ http.Header\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkNoHTTP(dir); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("err = %v, want one naming %s", err, bad)
	}
}
