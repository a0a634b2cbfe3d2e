package main

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
)

// brotliModule is the Brotli decoder parquet-go's brotli codec (and engine/deltalog/parquetjson)
// read checkpoints with. Its http.go (HTTPCompressor, a server's content negotiation) is the
// only file that imports net/http, and net/http brings crypto/tls, crypto/x509 and the FIPS
// 140 module (nistec, ecdsa, ed25519, mlkem, rsa), whose package initialisers the linker keeps
// however little is called: 1.5 MB of table.wasm's 21.2 MB (Go's build, before wasm-opt). No
// browser program negotiates HTTP, so the go.mod replaces the module by a copy without http.go.
const brotliModule = "github.com/andybalholm/brotli"

// brotliDropped are the copy's files left out: the HTTP helpers and their test.
var brotliDropped = []string{"http.go", "http_test.go"}

// writeBrotliCopy writes brotliModule's copy into dir, every file a link to the module cache's
// but brotliDropped; it fails, naming the file, if any other file of the package imports
// net/http (a newer version that moved the helpers), so the build never drops what is used.
func writeBrotliCopy(dir string) error {
	mod, err := linkModule(brotliModule, dir)
	if err != nil {
		return err
	}
	for _, name := range brotliDropped {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("%s: %v", filepath.Join(mod, name), err)
		}
	}
	return checkNoHTTP(dir)
}

// checkNoHTTP fails on the first Go file in dir (the package's top folder) that still imports
// net/http.
func checkNoHTTP(dir string) error {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return errors.New(dir + ": no Go files")
	}
	for _, name := range names {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			if im.Path.Value == `"net/http"` {
				return fmt.Errorf("%s imports net/http: the copy of %s would not build", name, brotliModule)
			}
		}
	}
	return nil
}
