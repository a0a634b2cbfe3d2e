#!/usr/bin/env bash
# Layout Lab's one build script.
#   ./build.sh              build the static site into dist/
#   ./build.sh serve [PORT] build, then serve dist/ on 127.0.0.1:PORT (default 8080)
#   ./build.sh test         every check: gofmt, vet (native and wasm), go test (native and
#                           wasm), the site build, and the browser tests in headless Chromium
#   ./build.sh screenshots [DIR]  every preset's figure as PNGs (default DIR docs/figures)
#   ./build.sh generators   install the docs generators the embedding tests build sites with
#   ./build.sh bench        engine benchmarks (native), the browser timing script (the widget, its digit warm-up,
#                           the explainer's figures, the table page) and the widget's memory per
#                           preset (docs/benchmarks.md)
set -euo pipefail
cd "$(dirname "$0")"

GOROOT_WASM="$(go env GOROOT)/lib/wasm"

build() {
  need_tools
  echo "== build dist/"
  rm -rf dist
  mkdir -p dist/assets
  GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o dist/layoutlab.wasm ./wasm
  shrink dist/layoutlab.wasm
  compress dist/layoutlab.wasm dist/layoutlab.wasm.gz 15
  cp "$GOROOT_WASM/wasm_exec.js" dist/
  # "Open your table" (site/table.html): the Parquet reader and the inspector in a module of
  # their own, loaded only by that page, so the widget's does not grow.
  GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o dist/table.wasm ./wasm/table
  shrink dist/table.wasm
  compress dist/table.wasm dist/table.wasm.gz
  # The table page's advisor (the Parquet data reader, engine/advise): loaded on "Advise" only.
  GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o dist/advise.wasm ./wasm/advise
  shrink dist/advise.wasm
  compress dist/advise.wasm dist/advise.wasm.gz
  cp site/table.html site/table.js site/advise.js dist/
  cp site/widget.html site/figure.html site/loader.js site/embed.js site/*.css dist/
  # assets/ is also a Go package (embedded palettes); ship only the data files.
  (cd assets && find . -type f ! -name '*.go' -exec cp --parents {} ../dist/assets/ \;)
  # Pages with preset links, and the versioned service worker, last: it hashes what is built.
  go run ./site/gen -src site -out dist
  local raw gz
  raw=$(stat -c %s dist/layoutlab.wasm); gz=$(stat -c %s dist/layoutlab.wasm.gz)
  echo "   layoutlab.wasm: $raw bytes raw, $gz bytes gzip"
  raw=$(stat -c %s dist/table.wasm); gz=$(stat -c %s dist/table.wasm.gz)
  echo "   table.wasm: $raw bytes raw, $gz bytes gzip"
  raw=$(stat -c %s dist/advise.wasm); gz=$(stat -c %s dist/advise.wasm.gz)
  echo "   advise.wasm: $raw bytes raw, $gz bytes gzip"
}

# shrink runs Binaryen's wasm-opt -Oz (Debian's binaryen) over a wasm file in place: about a fifth
# smaller raw, so V8 has less to validate and compile before the first frame, and less to
# download (TestTransferBudget checks the transfer). It takes about a minute, so the result
# is cached by the input's hash. Go's wasm uses these features beyond the MVP. Without wasm-opt
# the file is left as Go wrote it, which works the same.
shrink() {
  local f=$1 sum cache
  if ! command -v wasm-opt >/dev/null 2>&1; then
    echo "   wasm-opt not found (Debian package 'binaryen'): the wasm is left as Go built it, about 20% larger"
    return
  fi
  sum=$(sha256sum "$f" | cut -c1-32)
  cache=".cache/opt/$sum.wasm"
  if [ ! -f "$cache" ]; then
    mkdir -p .cache/opt
    echo "   wasm-opt -Oz: $(basename "$f") (about a minute, cached afterwards)"
    wasm-opt -Oz --enable-sign-ext --enable-nontrapping-float-to-int --enable-bulk-memory \
      --enable-mutable-globals "$f" -o "$cache.tmp"
    mv "$cache.tmp" "$cache"
    find .cache/opt -name '*.wasm' -mtime +7 -delete 2>/dev/null || true
  fi
  cp "$cache" "$f"
}

# compress writes a gzip copy. Zopfli (Debian's zopfli) makes a gzip stream about 5% smaller than
# gzip -9; it is slow, so the result is cached by the input's hash and the iterations, and a
# rebuild with an unchanged wasm reuses it. Five iterations, not one: 15.8 KB less of
# layoutlab.wasm on the wire for about a minute more of a cold build. The widget's own copy takes
# a third argument, 15: 4.5 KB less again (4,185,657 -> 4,181,168 bytes) for about two minutes
# more, which keeps it under its 4.2 MB transfer budget (TestTransferBudget); the table page's
# modules have no budget and keep five. Without zopfli, gzip -9.
compress() {
  local in=$1 out=$2 iters=${3:-5} sum cache
  sum=$(sha256sum "$in" | cut -c1-32)
  cache=".cache/gz/$sum-i$iters.gz"
  if [ -f "$cache" ]; then cp "$cache" "$out"; return; fi
  mkdir -p .cache/gz
  if command -v zopfli >/dev/null 2>&1; then
    echo "   zopfli: compressing $(basename "$in") (about a minute, cached afterwards)"
    zopfli --i"$iters" -c "$in" > "$cache.tmp"
  else
    echo "   zopfli not found (Debian package 'zopfli'): using gzip -9, about 5% larger"
    gzip -9 -n -c "$in" > "$cache.tmp"
  fi
  mv "$cache.tmp" "$cache"
  find .cache/gz -name '*.gz' -mtime +7 -delete 2>/dev/null || true
  cp "$cache" "$out"
}

# need_tools installs, when root, the Debian packages the build uses to make the widget small:
# binaryen (wasm-opt) and zopfli. Without them (not root) the build still works, larger.
need_tools() {
  local missing=()
  command -v wasm-opt >/dev/null 2>&1 || missing+=(binaryen)
  command -v zopfli >/dev/null 2>&1 || missing+=(zopfli)
  if [ ${#missing[@]} = 0 ] || [ "$(id -u)" != 0 ]; then return; fi
  echo "== installing Debian's ${missing[*]} (they keep the widget small)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

need_chromium() {
  if command -v chromium >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = 0 ]; then
    echo "== installing Debian's chromium (browser tests need it)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: install Debian's package 'chromium' (sudo apt-get install -y chromium), then rerun." >&2
    exit 1
  fi
}

# need_generators installs, when root, the docs generators the embedding tests build real sites
# with (site/e2e/generators_test.go): Debian's mkdocs, hugo and python3-sphinx, and Docusaurus
# (need_docusaurus).
need_generators() {
  need_docusaurus
  local missing=()
  command -v mkdocs >/dev/null 2>&1 || missing+=(mkdocs)
  command -v hugo >/dev/null 2>&1 || missing+=(hugo)
  command -v sphinx-build >/dev/null 2>&1 || missing+=(python3-sphinx)
  if [ ${#missing[@]} = 0 ]; then return; fi
  if [ "$(id -u)" = 0 ]; then
    echo "== installing Debian's ${missing[*]} (the embedding tests build real docs sites)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing docs generators: install Debian's ${missing[*]} (sudo apt-get install -y ${missing[*]}), then rerun." >&2
    exit 1
  fi
}

# need_docusaurus installs the Docusaurus of site/e2e/testdata/docusaurus (its package-lock.json)
# with npm ci into .cache/docusaurus/, where the embedding tests find it; only when it is missing
# or the lock changed, so a clone pays the download once. It needs Node 20 or later and npm
# (Docusaurus 3.10's minimum; Debian 12's nodejs is 18, so it is not installed from there).
need_docusaurus() {
  local src=site/e2e/testdata/docusaurus dst=.cache/docusaurus
  if ! command -v npm >/dev/null 2>&1 || ! node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' 2>/dev/null; then
    echo "Docusaurus 3.10 needs Node 20 or later and npm (found: node $(node --version 2>/dev/null || echo none), npm $(npm --version 2>/dev/null || echo none)): install them (https://nodejs.org/en/download), then rerun." >&2
    exit 1
  fi
  # installed.json: the lock of the last install that finished.
  if [ -x "$dst/node_modules/.bin/docusaurus" ] && cmp -s "$src/package-lock.json" "$dst/installed.json"; then
    return
  fi
  echo "== npm ci: Docusaurus into $dst/ (a few minutes, once per lock)"
  rm -rf "$dst"
  mkdir -p "$dst"
  cp "$src/package.json" "$src/package-lock.json" "$dst/"
  # No install scripts: none of the packages needs one (core-js's only prints a notice).
  (cd "$dst" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  cp "$src/package-lock.json" "$dst/installed.json"
}

check() {
  echo "== gofmt"
  local bad
  bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './dist/*'))
  if [ -n "$bad" ]; then echo "gofmt would change:"; echo "$bad"; exit 1; fi
  echo "== the layers: engine/ and front/ free of the browser, no import runs back up"
  # layers_test.go lists every package, natively and for js/wasm, and checks each import
  # against the floors (engine, front, then the programs); it also runs in go test ./...
  go test -count=1 -run '^TestLayers' .
  echo "== go vet (native, then js/wasm)"
  go vet ./...
  go vet -tags browser,screenshots ./site/e2e/ # the browser tests and the screenshots tool compile
  GOOS=js GOARCH=wasm go vet ./wasm/... ./front/... ./engine/... ./assets/...
  deadcode_check
  echo "== go test (native)"
  go test -count=1 ./...
  echo "== go test (js/wasm under Node)"
  GOOS=js GOARCH=wasm go test -count=1 -exec="$GOROOT_WASM/go_js_wasm_exec" ./engine/... ./front/widget ./front/figures ./front/tablepage ./front/picked ./front/advisepage ./front/figuremode ./wasm/firstrun
}

# deadcode_check fails on a function that no program of the product reaches: neither the native
# ones (the CLI, the site generator, the server) nor the browser's (the widget, the table page,
# the advisor, the bare page). A function one build reaches is live (the CLI's JSON, the widget's
# scheduler); one in a file only one build compiles (a js-only adapter, a native-only server) is
# dead when that build does not reach it. Functions that only tests use live in _test.go files
# or a test package.
deadcode_check() {
  echo "== deadcode (golang.org/x/tools/cmd/deadcode, native and js/wasm programs)"
  GOBIN="$PWD/.cache/bin" go install golang.org/x/tools/cmd/deadcode@v0.52.0
  local dc=.cache/bin/deadcode f='{{range .Funcs}}{{.Position.File}}{{"\t"}}{{$.Path}}.{{.Name}}{{"\n"}}{{end}}'
  local files='{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}'
  local native=(./cmd/layoutlab ./site/gen ./site/serve) wasm=(./wasm ./wasm/table ./wasm/advise ./wasm/bare)
  local nf wf nd wd dead
  nf=$(go list -deps -f "$files" "${native[@]}")
  wf=$(GOOS=js GOARCH=wasm go list -deps -f "$files" "${wasm[@]}")
  nd=$($dc -f "$f" "${native[@]}")
  wd=$(GOOS=js GOARCH=wasm $dc -f "$f" "${wasm[@]}")
  # One list for awk, each line tagged: each build's files (nf, wf), its unreached functions (nd, wd).
  dead=$(for t in nf wf nd wd; do sed "/^\$/d; s|^$PWD/||; s/^/$t\t/" <<<"${!t}"; done | awk -F'\t' '
      $1 == "nf" { nf[$2] = 1 } $1 == "wf" { wf[$2] = 1 } $1 == "nd" { nd[$3] = $2 } $1 == "wd" { wd[$3] = $2 }
      END {
        for (k in nd) if ((k in wd) || !(nd[k] in wf)) print k " (" nd[k] ")"
        for (k in wd) if (!(k in nd) && !(wd[k] in nf)) print k " (" wd[k] ", js only)"
      }' | sort)
  if [ -n "$dead" ]; then
    echo "no program reaches these functions:" >&2; echo "$dead" >&2; exit 1
  fi
}

case "${1:-build}" in
  build) build ;;
  serve)
    build
    go run ./site/serve -dir dist -addr "127.0.0.1:${2:-8080}" ;;
  test)
    check
    build
    need_chromium
    need_generators
    echo "== browser tests (headless Chromium)"
    go test -count=1 -timeout 30m -tags browser -v ./site/e2e/ 2>&1 | grep -Ev '^=== (RUN|PAUSE|CONT)' ;;
  bench)
    go test -run XXX -bench . -benchmem ./engine/...
    build
    # The bare Ebiten + dom/v2 baselines (site/bench) the widget's size, first frame and slider are
    # compared with, built as Go builds them (not through wasm-opt).
    mkdir -p dist/bench
    GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o dist/bench/bare.wasm ./wasm/bare
    compress dist/bench/bare.wasm dist/bench/bare.wasm.gz
    cp site/bench/* dist/bench/
    need_chromium
    echo "== browser timing (headless Chromium)"
    go test -count=1 -tags browser -run XXX -bench Widget -benchtime 1x ./site/e2e/
    # The canvas's digit warm-up (wasm/labels.go): a drag's first moves with and without it.
    go test -count=1 -tags browser -run XXX -bench DigitWarmup -benchtime 1x ./site/e2e/
    # Memory: each preset's wasm linear memory (first answer, idle work done) and the browser's
    # proportional set size, a reader's moves, and the explainer scrolled top to bottom.
    echo "== memory (headless Chromium)"
    go test -count=1 -timeout 60m -tags browser -run XXX -bench Memory -benchtime 1x ./site/e2e/
    # The explainer: every figure visible (its poster) after a first visit, live figures at most.
    go test -count=1 -tags browser -run XXX -bench Explainer -benchtime 1x ./site/e2e/
    # "Open your table": the 100,000-file log engine/inspect's BenchmarkOpen100k opens, in table.html,
    # and a 1,000,000-file one (TABLE_REFERENCE=DIR measures another build's site beside it).
    go test -count=1 -tags browser -run XXX -bench TableOpen100k -benchtime 1x ./site/e2e/
    go test -count=1 -timeout 60m -tags browser -run XXX -bench 'TableOpen1M$' -benchtime 1x ./site/e2e/ ;;
  screenshots)
    # Every preset's figure, desktop and phone, light and dark, into DIR (default docs/figures).
    build
    need_chromium
    SCREENSHOTS="$(realpath -m "${2:-docs/figures}")" \
      go test -count=1 -timeout 30m -tags browser,screenshots -run TestFigureScreenshots ./site/e2e/ ;;
  generators)
    # The docs generators the embedding tests build real sites with (site/e2e/generators_test.go).
    need_generators ;;
  *) echo "usage: ./build.sh [build | serve [PORT] | test | bench | screenshots [DIR] | generators]" >&2; exit 2 ;;
esac
