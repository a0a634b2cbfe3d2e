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
#   ./build.sh bench-compare REV  this checkout against commit REV, alternated in one run: the
#                           panel's benchmarks, the widget's first frame and knobs, the table's
#                           open (PAIRS rounds, default 5; PLAIN=1 builds both sites without
#                           wasm-opt and zopfli; docs/benchmarks.md)
set -euo pipefail
cd "$(dirname "$0")"

GOROOT_WASM="$(go env GOROOT)/lib/wasm"

# Each browser module: its Go package, then how it is optimised (wasm-opt's level, or none)
# and compressed (zopfli's iterations, or "gzip" for gzip -9). Chosen by size against time,
# measured from cold (docs/build.md): the widget's module is on every page a docs reader opens
# (TestTransferBudget, 4.2 MB for the page and all it loads; 2.94 MB of it since cmd/wasmebiten),
# so it takes the smallest: -Oz and fifteen iterations; serve's first page skips both (first_page).
# The others are fetched by one page, or one click, each: the table page's keep what its
# open-speed benchmarks were measured with; "Embed this"'s skips wasm-opt (45.5 s of CPU for
# 5.5 KB less on the wire) and takes one zopfli iteration (about 4% less than gzip -9 for a few
# seconds; more iterations gain about 0.1%).
#   name       package         wasm-opt  compression
MODULES=(
  "layoutlab  ./wasm           -Oz       15"
  "table      ./wasm/table     -Oz       5"
  "advise     ./wasm/advise    -Oz       5"
  "embedthis  ./wasm/embedthis none      1"
)

# wasm_build OUT PKG builds one browser program as the site ships it: through the go.mod that
# cmd/wasmebiten writes (Ebiten's shader template read without text/template, whose
# MethodByName made the linker keep every method of dom/v2's types: 31 MB of widget, 13 MB
# without), made once per run (ebiten_modfile) before the builds go side by side.
wasm_build() {
  env GOOS=js GOARCH=wasm go build -modfile="$WASM_MODFILE" -trimpath -ldflags="-s -w" -o "$1" "$2"
}
ebiten_modfile() {
  if [ -z "${WASM_MODFILE:-}" ]; then
    WASM_MODFILE=$(go run ./cmd/wasmebiten -out .cache/wasmebiten)
    export WASM_MODFILE
  fi
}

# build writes the static site into $OUT (dist/ by default): the browser modules, each built,
# optimised and compressed in a pipeline of its own, the pipelines side by side (zopfli uses one
# core; wasm-opt and go build use all), then the pages. Each step prints its wall and CPU time.
build() {
  local out=${OUT:-dist}
  need_tools
  ebiten_modfile
  echo "== build $out/"
  rm -rf "$out"
  mkdir -p "$out/assets"
  local pids=() m
  # The page generator compiles beside the modules; it runs last.
  timed "go build site/gen" go build -o "$out.gen" ./site/gen &
  pids+=($!)
  for m in "${MODULES[@]}"; do
    # shellcheck disable=SC2086
    module "$out" $m &
    pids+=($!)
  done
  static_files "$out"
  for m in "${pids[@]}"; do wait "$m"; done
  # Pages with preset links, and the versioned service worker, last: it hashes what is built.
  timed "gen (pages, posters, sw.js)" "./$out.gen" -src site -out "$out"
  rm -f "$out.gen"
  for m in "${MODULES[@]}"; do
    set -- $m
    echo "   $1.wasm: $(stat -c %s "$out/$1.wasm") bytes raw, $(stat -c %s "$out/$1.wasm.gz") bytes gzip (wasm-opt $3, compression $4)"
  done
}

# module NAME PKG LEVEL ITERS builds one browser module into OUT/NAME.wasm and its gzip copy.
# "Open your table" (site/table.html) has its Parquet reader and inspector in table.wasm, its
# advisor in advise.wasm (on "Advise" only), and the widget's "Embed this" its poster renderer
# and snippets in embedthis.wasm (on its first click): modules of their own, so that the
# widget's does not grow.
module() {
  local out=$1 name=$2 pkg=$3 level=$4 iters=$5
  timed "go build $name.wasm" wasm_build "$out/$name.wasm" "$pkg"
  shrink "$out/$name.wasm" "$level"
  compress "$out/$name.wasm" "$out/$name.wasm.gz" "$iters"
}

# static_files copies the pages' scripts, styles and data.
static_files() {
  local out=$1
  cp "$GOROOT_WASM/wasm_exec.js" "$out/"
  cp site/table.html site/table.js site/advise.js site/embedthis.js "$out/"
  cp site/widget.html site/figure.html site/loader.js site/embed.js site/embedpage.js site/*.css "$out/"
  # assets/ is also a Go package (embedded palettes); ship only the data files.
  (cd assets && find . -type f ! -name '*.go' -exec cp --parents {} "../$out/assets/" \;)
}

# first_page builds, fast, what the explainer and the widget need into dist/, for `serve`: the
# widget's module optimised and compressed as the full build does when the cache holds them
# (an earlier build's), else as Go wrote it with gzip -6 (seconds, not minutes; a few hundred KB
# larger, which a local server does not mind). The other modules come with the full build, which
# serve runs next, in the background, and which replaces these files when done.
first_page() {
  echo "== first page: dist/ with the widget's module (the rest follows)"
  rm -rf dist
  mkdir -p dist/assets
  local sum gen
  timed "go build site/gen" go build -o dist.gen ./site/gen &
  gen=$!
  ebiten_modfile
  timed "go build layoutlab.wasm" wasm_build dist/layoutlab.wasm ./wasm
  sum=$(sha256sum dist/layoutlab.wasm | cut -c1-32)
  if [ -f ".cache/opt/$sum-Oz.wasm" ] && [ -f ".cache/gz/$(sha256sum ".cache/opt/$sum-Oz.wasm" | cut -c1-32)-i15.gz" ]; then
    shrink dist/layoutlab.wasm -Oz
    compress dist/layoutlab.wasm dist/layoutlab.wasm.gz 15
  else
    timed "gzip -6 layoutlab.wasm" sh -c 'gzip -6 -n -c dist/layoutlab.wasm > dist/layoutlab.wasm.gz'
  fi
  static_files dist
  wait "$gen"
  timed "gen (pages, posters, sw.js)" ./dist.gen -src site -out dist
  rm -f dist.gen
}

# finish_dist builds the whole site into dist.full/ (build) and moves each file into dist/ over
# the first page's, each by a rename, so the server never serves half a file; sw.js last, so a
# reader's service worker updates to the complete build.
finish_dist() {
  OUT=dist.full build
  (cd dist.full && find . -type f ! -name sw.js) | while read -r f; do
    mkdir -p "dist/$(dirname "$f")"
    mv -f "dist.full/$f" "dist/$f"
  done
  mv -f dist.full/sw.js dist/sw.js
  rm -rf dist.full
  echo "== dist/ is complete: what a host serves"
}

# timed NAME CMD... runs CMD and prints its wall time and CPU time (user and system, its children
# included: bash's times, read in this shell, not a subshell), which depends less than wall time
# on how busy the machine's other cores are.
timed() {
  local name=$1 t0 rc=0 f="${TMPDIR:-/tmp}/layoutlab-times.$BASHPID"
  shift
  t0=$(date +%s.%N)
  times > "$f.0"
  "$@" || rc=$?
  times > "$f.1"
  awk -v n="$name" -v w="$(date +%s.%N)" -v t0="$t0" -v l="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)" '
    function sec(x, p) { split(x, p, /[ms]/); return p[1] * 60 + p[2] }
    FNR == 2 { c[FILENAME] = sec($1) + sec($2) }
    END { printf "   %-34s %6.1f s wall %7.1f s CPU  (load %s)\n", n, w - t0, c[ARGV[2]] - c[ARGV[1]], l }' "$f.0" "$f.1"
  rm -f "$f.0" "$f.1"
  return $rc
}

# shrink FILE LEVEL runs Binaryen's wasm-opt at LEVEL (Debian's binaryen) over a wasm file in
# place ("none" leaves it as Go wrote it): -Oz makes it about a fifth smaller raw, so V8 has less to
# validate and compile before the first frame, and less to download (TestTransferBudget checks
# the transfer). It takes minutes of CPU, so the result is cached by the input's hash and the
# level. Go's wasm uses these features beyond the MVP. Without wasm-opt the file is left as Go
# wrote it, which works the same.
shrink() {
  local f=$1 level=$2 sum cache
  [ "$level" != none ] || return 0
  if ! command -v wasm-opt >/dev/null 2>&1; then
    echo "   wasm-opt not found (Debian package 'binaryen'): the wasm is left as Go built it, about 20% larger"
    return
  fi
  sum=$(sha256sum "$f" | cut -c1-32)
  cache=".cache/opt/$sum$level.wasm"
  if [ ! -f "$cache" ]; then
    mkdir -p .cache/opt
    timed "wasm-opt $level $(basename "$f")" wasm-opt "$level" --enable-sign-ext --enable-nontrapping-float-to-int \
      --enable-bulk-memory --enable-mutable-globals "$f" -o "$cache.tmp"
    mv "$cache.tmp" "$cache"
    find .cache/opt -name '*.wasm' -mtime +7 -delete 2>/dev/null || true
  fi
  cp "$cache" "$f"
}

# compress IN OUT ITERS writes a gzip copy: zopfli (Debian's zopfli) with ITERS iterations, or
# gzip -9 when ITERS is "gzip". Zopfli makes a gzip stream about 5% smaller than gzip -9; it is
# slow (one core), so the result is cached by the input's hash and the iterations, and a
# rebuild with an unchanged wasm reuses it. Without zopfli, gzip -9.
compress() {
  local in=$1 out=$2 iters=${3:-5} sum cache
  sum=$(sha256sum "$in" | cut -c1-32)
  cache=".cache/gz/$sum-i$iters.gz"
  if [ -f "$cache" ]; then cp "$cache" "$out"; return; fi
  mkdir -p .cache/gz
  if [ "$iters" != gzip ] && command -v zopfli >/dev/null 2>&1; then
    timed "zopfli --i$iters $(basename "$in")" sh -c 'zopfli --i"$1" -c "$2" > "$3"' _ "$iters" "$in" "$cache.tmp"
  else
    [ "$iters" = gzip ] || echo "   zopfli not found (Debian package 'zopfli'): using gzip -9, about 5% larger"
    timed "gzip -9 $(basename "$in")" sh -c 'gzip -9 -n -c "$1" > "$2"' _ "$in" "$cache.tmp"
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
  GOOS=js GOARCH=wasm go test -count=1 -exec="$GOROOT_WASM/go_js_wasm_exec" ./engine/... ./front/widget ./front/figures ./front/tablepage ./front/picked ./front/advisepage ./front/figuremode ./wasm/firstrun ./wasm/browser ./wasm/table
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
  local native=(./cmd/layoutlab ./cmd/wasmebiten ./cmd/givenanswers ./site/gen ./site/serve) wasm=(./wasm ./wasm/table ./wasm/advise ./wasm/embedthis ./wasm/bare)
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

# plain_site builds the site of checkout $1 with its own build.sh, but each wasm as Go builds it
# (no wasm-opt) and gzip -6 (no zopfli): their caches are seeded with those first and emptied of
# them after. Two versions' code compared in minutes (./build.sh bench-compare), where the
# shipped build's tools take most of an hour on the shared cores.
plain_site() {
  local seeded=() p w sum mod=()
  # As that checkout's build.sh builds it: through its cmd/wasmebiten go.mod where it has one,
  # written once for all its modules.
  if [ -d "$1/cmd/wasmebiten" ]; then
    mod=(-modfile="$(cd "$1" && go run ./cmd/wasmebiten -out .cache/wasmebiten)")
  fi
  # Seeded under every name a version's build.sh looks its caches up by: the optimised copy by
  # the wasm's hash (with the wasm-opt level since the module table), the compressed one by the
  # hash and zopfli's iterations.
  for p in ./wasm ./wasm/table ./wasm/advise ./wasm/embedthis; do
    [ -d "$1/$p" ] || continue
    w=$(mktemp)
    (cd "$1" && GOOS=js GOARCH=wasm go build "${mod[@]}" -trimpath -ldflags="-s -w" -o "$w" "$p")
    sum=$(sha256sum "$w" | cut -c1-32)
    mkdir -p "$1/.cache/opt" "$1/.cache/gz"
    for o in "" -Oz -O2 -O3; do
      cp "$w" "$1/.cache/opt/$sum$o.wasm"
      seeded+=("$1/.cache/opt/$sum$o.wasm")
    done
    gzip -6 -n -c "$w" > "$1/.cache/gz/$sum-i1.gz"
    seeded+=("$1/.cache/gz/$sum-i1.gz")
    for i in 5 15 gzip; do
      cp "$1/.cache/gz/$sum-i1.gz" "$1/.cache/gz/$sum-i$i.gz"
      seeded+=("$1/.cache/gz/$sum-i$i.gz")
    done
    rm -f "$w"
  done
  (cd "$1" && ./build.sh build) || { rm -f "${seeded[@]}"; return 1; }
  rm -f "${seeded[@]}"
}

case "${1:-build}" in
  build) build ;;
  serve)
    # The first page as soon as the widget's module is built; the full build (the other
    # modules, the widget's optimised and compressed) goes on beside the server and replaces
    # dist/'s files when done, so dist/ ends as what a host serves.
    mkdir -p .cache/bin
    timed "go build site/serve" go build -o .cache/bin/serve ./site/serve &
    first_page
    wait
    finish_dist &
    .cache/bin/serve -dir dist -addr "127.0.0.1:${2:-8080}" ;;
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
    ebiten_modfile
    wasm_build dist/bench/bare.wasm ./wasm/bare
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
  bench-compare)
    # REV's tree from git archive in .cache/compare/ (the go tool skips .cache), with a cache of
    # its own; both sites built (PLAIN=1: plain_site), then each figure taken on both in turn.
    rev=$(git rev-parse --short "${2:?usage: ./build.sh bench-compare REV}")
    ref=".cache/compare/$rev"
    if [ ! -f "$ref/build.sh" ]; then
      rm -rf "$ref"; mkdir -p "$ref"; git archive "$rev" | tar -x -C "$ref"
    fi
    if [ -n "${PLAIN:-}" ]; then
      plain_site . && plain_site "$ref"
    else
      build
      (cd "$ref" && env -u WASM_MODFILE ./build.sh build) # its own go.mod, not this checkout's
    fi
    need_chromium
    echo "== the panel's benchmarks, $rev (before) and this checkout (after) in turn"
    go run ./site/benchcompare -before "$ref" -pairs "${PAIRS:-5}"
    echo "== the widget's first frame and knobs, this site (page) and $rev's (reference) in turn"
    WIDGET_REFERENCE="$PWD/$ref/dist" TIMING_PAIRS="${PAIRS:-5}" \
      go test -count=1 -timeout 60m -tags browser -run XXX -bench WidgetReference -benchtime 1x ./site/e2e/
    echo "== the table page's open of 100,000 files, in turn"
    TABLE_REFERENCE="$PWD/$ref/dist" TIMING_PAIRS="${PAIRS:-5}" \
      go test -count=1 -timeout 60m -tags browser -run XXX -bench 'TableOpen100k$' -benchtime 1x ./site/e2e/ ;;
  screenshots)
    # Every preset's figure, desktop and phone, light and dark, into DIR (default docs/figures).
    build
    need_chromium
    SCREENSHOTS="$(realpath -m "${2:-docs/figures}")" \
      go test -count=1 -timeout 30m -tags browser,screenshots -run TestFigureScreenshots ./site/e2e/ ;;
  generators)
    # The docs generators the embedding tests build real sites with (site/e2e/generators_test.go).
    need_generators ;;
  *) echo "usage: ./build.sh [build | serve [PORT] | test | bench | bench-compare REV | screenshots [DIR] | generators]" >&2; exit 2 ;;
esac
