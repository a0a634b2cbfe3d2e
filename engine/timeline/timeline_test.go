package timeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/optimize"
	"layoutlab/engine/scenario"
	"layoutlab/engine/skipping"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Runs are shared between tests: each scenario runs once.
var (
	runsMu sync.Mutex
	runs   = map[string]*Result{}
)

func mustRun(t testing.TB, s scenario.Timeline) *Result { return mustRunWith(t, s, options{}) }

func mustRunWith(t testing.TB, s scenario.Timeline, o options) *Result {
	t.Helper()
	key, _ := json.Marshal(struct {
		S       scenario.Timeline
		NoReuse bool
	}{s, o.noReuse})
	runsMu.Lock()
	defer runsMu.Unlock()
	if r := runs[string(key)]; r != nil {
		return r
	}
	r, err := runWith(s, o)
	if err != nil {
		t.Fatalf("run %+v: %v", s, err)
	}
	runs[string(key)] = r
	return r
}

func last(res *Result) Day { return res.Days[len(res.Days)-1] }

func maxWritten(res *Result) float64 {
	m := 0.0
	for _, d := range res.Days {
		m = max(m, d.OptimizeWrittenGB)
	}
	return m
}

func within(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol*want {
		t.Errorf("%s = %.3f, want %.3f within %.0f%%", what, got, want, tol*100)
	} else {
		t.Logf("%s = %.3f (reference %.0f)", what, got, want)
	}
}

// TestReferenceResults checks the timeline's reference results for the defaults (40 GiB a
// day, 1 GiB files, 100 GiB minimum cube, day 60), produced by running the mechanism.
func TestReferenceResults(t *testing.T) {
	t.Run("zorder-full", func(t *testing.T) {
		res := mustRun(t, scenario.Timeline{Strategy: StrategyZOrderFull})
		d := last(res)
		if d.OptimizeWrittenGB != 2400 {
			t.Errorf("night 60 rewrote %v GiB, want 2400 (the whole table)", d.OptimizeWrittenGB)
		}
		for _, day := range res.Days {
			if want := float64(40 * day.Day); day.OptimizeWrittenGB != want {
				t.Errorf("night %d rewrote %v GiB, want %v", day.Day, day.OptimizeWrittenGB, want)
			}
		}
		within(t, "zorder-full lookup files", d.LookupFiles, 60, 0.02)
		if d.ZOrderStats == nil || d.ZOrderStats.NumOutputCubes != 60 || d.ZOrderStats.StrategyName != "all" {
			t.Errorf("zOrderStats = %+v, want strategy all, 60 output cubes", d.ZOrderStats)
		}
	})
	t.Run("zorder-window", func(t *testing.T) {
		res := mustRun(t, scenario.Timeline{Strategy: StrategyZOrderWindow})
		for _, day := range res.Days {
			want := 40.0 * float64(min(day.Day, 3))
			if day.OptimizeWrittenGB != want {
				t.Errorf("night %d rewrote %v GiB, want %v", day.Day, day.OptimizeWrittenGB, want)
			}
		}
		within(t, "zorder-window lookup files", last(res).LookupFiles, 60, 0.02)
	})
	t.Run("liquid", func(t *testing.T) {
		res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid})
		if m := maxWritten(res); m != 120 {
			t.Errorf("largest nightly rewrite %v GiB, want 120", m)
		}
		var cycle []float64
		for _, d := range res.Days[:6] {
			cycle = append(cycle, d.OptimizeWrittenGB)
		}
		if !slices.Equal(cycle, []float64{40, 80, 120, 40, 80, 120}) {
			t.Errorf("nights 1-6 rewrote %v GiB, want 40 80 120 40 80 120", cycle)
		}
		d := last(res)
		if d.ZCubes != 20 || d.SealedZCubes != 20 {
			t.Errorf("day 60: %d ZCubes, %d sealed; want 20 and 20", d.ZCubes, d.SealedZCubes)
		}
		// Each sealed cube covers the key range once; with Delta's default noise byte
		// (spark.databricks.io.skipping.mdc.addNoise) a file boundary usually falls inside one
		// of the 1000 range ids, so neighbouring files of a cube overlap on part of that range
		// id and a lookup there opens both: per cube 1 + (files-1)·(overlap/1000) files, about
		// 20 × (1 + 119·0.6/1000) ≈ 21.4 for 20 cubes of 120 files. That is the mechanism, not
		// sampling error; without the noise byte the same run opens 20 within 2%.
		if d.LookupFiles < 20 || d.LookupFiles > 20*1.10 {
			t.Errorf("liquid lookup files %.3f, want in [20, 22] (20 cubes plus the noise straddle)", d.LookupFiles)
		}
		t.Logf("liquid lookup files with Delta's noise byte = %.3f", d.LookupFiles)
		// addNoise=false is a field of the scenario (a link's "nn", the CLI's --add-noise=false).
		quiet := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, NoNoise: true})
		within(t, "liquid lookup files, addNoise=false", last(quiet).LookupFiles, 20, 0.02)
	})
	t.Run("liquid-10GiB", func(t *testing.T) {
		res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, IngestGB: 10})
		var cycle []float64
		for _, d := range res.Days[:11] {
			cycle = append(cycle, d.OptimizeWrittenGB)
		}
		if !slices.Equal(cycle, []float64{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 10}) {
			t.Errorf("nights 1-11 rewrote %v GiB, want 10, 20, ... 100, 10", cycle)
		}
		if wa := last(res).WriteAmplification; wa != 5.5 {
			t.Errorf("write amplification at day 60 = %v, want 5.5", wa)
		}
	})
}

// TestKeyChange: changing the keys mid-way freezes the old region.
func TestKeyChange(t *testing.T) {
	const k = 30
	res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, ChangeKeysDay: k})
	r := res.run
	old := map[int32]bool{}
	for _, id := range r.days[k-2].live {
		old[id] = true
	}
	for _, d := range res.Days {
		for _, l := range d.DecisionLog {
			if strings.HasPrefix(l, "refused") {
				t.Errorf("day %d: %s", d.Day, l)
			}
		}
		if d.OperationMetrics == nil {
			t.Errorf("night %d committed nothing", d.Day)
		}
	}
	// Every old file stays live to the end: never a candidate again.
	end := map[int32]bool{}
	for _, id := range r.days[len(r.days)-1].live {
		end[id] = true
	}
	for id := range old {
		if !end[id] {
			t.Fatalf("file %s of the old region was rewritten", r.tbl.files.f(id).path)
		}
	}
	// The old region is clustered by customer_id; no bin after the change took a file of it.
	for v := range r.tbl.commits {
		c := &r.tbl.commits[v]
		if c.day < k || c.info.Operation != "OPTIMIZE" {
			continue
		}
		for _, id := range c.removes {
			if old[id] {
				t.Fatalf("night %d removed old file %s", c.day, r.tbl.files.f(id).path)
			}
		}
	}
	// A lookup on the new key opens (almost) every old file: each spans nearly the whole
	// order_id range; a probe in the outermost fraction of the range misses a few.
	d := last(res)
	if df, _ := res.DayFiles(d.Day); df.LookupColumn != ColOrderID {
		t.Errorf("lookup column after the change = %s, want order_id", df.LookupColumn)
	}
	if d.LookupFiles < 0.98*float64(len(old)) {
		t.Errorf("lookup on order_id opens %.1f files, not nearly all %d old files", d.LookupFiles, len(old))
	}
	t.Logf("day 60: %d frozen files, lookup on order_id opens %.1f", len(old), d.LookupFiles)
	// The first night on the new key finds the old open cube set aside.
	found := false
	for _, l := range res.Days[k-1].DecisionLog {
		if strings.HasPrefix(l, "applyMinZCube: dropped") && !strings.Contains(l, "dropped 0 files") {
			found = true
		}
	}
	if !found {
		t.Errorf("night %d: no file dropped for different clustering columns:\n%s", k, strings.Join(res.Days[k-1].DecisionLog, "\n"))
	}
}

// TestFullOnKeyChange: OPTIMIZE FULL on the key-change night rewrites the stale region once,
// then the incremental cycle resumes on the new key.
func TestFullOnKeyChange(t *testing.T) {
	const k = 30
	res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, ChangeKeysDay: k, FullDay: k})
	night := res.Days[k-1]
	if night.OptimizeWrittenGB != 40*k {
		t.Errorf("FULL night rewrote %v GiB, want the whole table %d", night.OptimizeWrittenGB, 40*k)
	}
	for _, d := range res.Days[k:] {
		if d.OptimizeWrittenGB > 150 {
			t.Errorf("night %d after FULL rewrote %v GiB: the incremental cycle did not resume", d.Day, d.OptimizeWrittenGB)
		}
	}
	// No file clustered by customer_id survives the FULL night.
	r := res.run
	for _, id := range r.days[k-1].live {
		if tag := r.tbl.files.f(id).tags[optimize.TagZCubeZOrder]; tag != `["order_id"]` {
			t.Fatalf("after FULL, %s has ZCUBE_ZORDER_BY %q", r.tbl.files.f(id).path, tag)
		}
	}
	within(t, "lookup on order_id at day 60 after FULL", last(res).LookupFiles, 20, 0.12)
}

// TestClusterByNone stops clustering and un-clusters nothing.
func TestClusterByNone(t *testing.T) {
	const k = 31
	res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, ClusterNoneDay: k})
	r := res.run
	before := r.days[k-2].live
	after := map[int32]bool{}
	for _, id := range r.days[len(r.days)-1].live {
		after[id] = true
	}
	for _, id := range before {
		if !after[id] {
			t.Fatalf("file %s written before CLUSTER BY NONE was rewritten", r.tbl.files.f(id).path)
		}
	}
	for _, d := range res.Days[k-1:] {
		if d.ClusteringStats != nil {
			t.Errorf("night %d still clusters: %+v", d.Day, d.ClusteringStats)
		}
		if d.ZCubes != res.Days[k-2].ZCubes {
			t.Errorf("day %d: %d ZCubes, was %d", d.Day, d.ZCubes, res.Days[k-2].ZCubes)
		}
	}
	if det, _, err := res.Describe(len(res.Days)); err != nil || len(det.ClusteringColumns) != 0 ||
		!slices.Contains(det.TableFeatures, "clustering") {
		t.Errorf("DESCRIBE DETAIL after NONE: %+v, %v; want no clustering columns, clustering feature kept", det, err)
	}
}

// TestHistoryDrains: clustering enabled on a table with H days of unclustered history. In
// open-source Delta every untagged file is a candidate and every bin (of max(target, min) cube
// size) is kept, so the whole history is rewritten on the first night: it does not drain
// slowly. This test pins what the mechanism does.
func TestHistoryDrains(t *testing.T) {
	const h = 20
	for _, st := range []string{StrategyLiquid, StrategyLiquidIncremental} {
		res := mustRun(t, scenario.Timeline{Strategy: st, HistoryDays: h, Days: 10})
		first := res.Days[0]
		if first.OptimizeWrittenGB != 40*(h+1) {
			t.Errorf("%s: night 1 rewrote %v GiB, want all %d GiB of history and day 1", st, first.OptimizeWrittenGB, 40*(h+1))
		}
		r := res.run
		for _, id := range r.days[0].live {
			if r.tbl.files.f(id).tags == nil {
				t.Errorf("%s: untagged file %s left after night 1", st, r.tbl.files.f(id).path)
				break
			}
		}
		det, hist, err := res.Describe(1)
		if err != nil {
			t.Fatal(err)
		}
		if det.MinWriterVersion != 7 || !slices.Equal(det.ClusteringColumns, []string{ColCustomerID}) {
			t.Errorf("%s: DESCRIBE DETAIL day 1 = %+v", st, det)
		}
		ops := []string{}
		for _, h := range hist {
			ops = append(ops, h.Operation)
		}
		if !slices.Equal(ops, []string{"OPTIMIZE", "WRITE", "CLUSTER BY"}) {
			t.Errorf("%s: day 1 history %v", st, ops)
		}
		t.Logf("%s: night 1 rewrote %.0f GiB; days 1-3: %v %v %v", st, first.OptimizeWrittenGB,
			res.Days[0].OptimizeWrittenGB, res.Days[1].OptimizeWrittenGB, res.Days[2].OptimizeWrittenGB)
	}
}

// TestBatchSizes: small batches against a large minimum cube make amplification climb; large
// batches against a small one bring it to about 1.0x and make lookups open many more files.
func TestBatchSizes(t *testing.T) {
	base := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid})
	small := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, IngestGB: 5, MinCubeGB: 200})
	large := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, IngestGB: 200, MinCubeGB: 25})
	wb, ws, wl := last(base).WriteAmplification, last(small).WriteAmplification, last(large).WriteAmplification
	if !(ws > wb && wb > wl) {
		t.Errorf("amplification small/large-cube %.2f, default %.2f, large/small-cube %.2f: want decreasing", ws, wb, wl)
	}
	if wl > 1.15 || wl < 1 {
		t.Errorf("200 GiB batches against 25 GiB cubes: amplification %.3f, want about 1.0", wl)
	}
	if last(large).LookupFiles < 10*last(base).LookupFiles {
		t.Errorf("200 GiB batches: lookup opens %.1f files, not far more than %.1f", last(large).LookupFiles, last(base).LookupFiles)
	}
	// Small batches: the series climbs toward its cycle average.
	if ws < 10 {
		t.Errorf("5 GiB a day against 200 GiB cubes: amplification %.2f, want the climb past 10x", ws)
	}
	t.Logf("amplification: 5 GiB/200 GiB cubes %.2f, default %.2f, 200 GiB/25 GiB cubes %.3f; lookups %.1f vs %.1f",
		ws, wb, wl, last(large).LookupFiles, last(base).LookupFiles)
}

// TestLookupMatchesSkipping checks the interval count against engine/skipping's data skipping
// for `col = v`, on several days of several strategies and lookup columns.
func TestLookupMatchesSkipping(t *testing.T) {
	cases := []scenario.Timeline{
		{Strategy: StrategyZOrderWindow, Days: 8},
		{Strategy: StrategyZOrderWindow, Days: 8, Lookup: ColEventDate},
		{Strategy: StrategyLiquid, Days: 8, ChangeKeysDay: 5},
		{Strategy: StrategyCompaction, Days: 4, FileGB: 0.25, Lookup: ColEventDate},
	}
	for _, s := range cases {
		res := mustRun(t, s)
		r := res.run
		for day := 1; day <= len(res.Days); day++ {
			snap, err := res.Snapshot(day)
			if err != nil {
				t.Fatal(err)
			}
			ds := &r.days[day-1]
			var files []skipping.File
			for _, a := range snap.Files() {
				id := r.byPathAll(a.Path)
				st := r.tbl.files.f(id).st.st
				files = append(files, skipping.File{Path: a.Path, PartitionValues: a.PartitionValues, Stats: &st})
			}
			tb := skipping.Table{Leaves: schema.Leaves(), PartitionColumns: r.tbl.partitionColumns(), StatsColumns: r.stats.index}
			// Rebuild the interval index for this day's live set and compare on its probes.
			x := intervalIndex{}
			leaf, _ := leafOf(ds.lookup)
			for _, id := range ds.live {
				x.los = append(x.los, r.tbl.files.f(id).lo[leaf])
				x.his = append(x.his, r.tbl.files.f(id).hi[leaf])
			}
			slices.Sort(x.los)
			slices.Sort(x.his)
			col, n := &r.g.t.Cols[leaf], r.g.t.NumRows
			l := tb.Leaves[leaf]
			for _, v := range []int64{ds.probe, col.Int(0), col.Int(n / 2), col.Int(n - 1)} {
				eq := &skipping.Compare{Op: skipping.EQ,
					L: &skipping.Column{Leaf: leaf, Path: l.Path, T: l.Type},
					R: &skipping.Literal{Val: table.Value{Kind: l.Type.Kind, I: v}}}
				f, err := skipping.Compile(eq, tb)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := x.count(v), len(f.FilesForScan(files).Read); got != want {
					t.Fatalf("%+v day %d %s = %d: interval count %d, skipping %d", s, day, ds.lookup, v, got, want)
				}
			}
		}
	}
}

// byPathAll finds a file id by path among every file ever written.
func (r *run) byPathAll(path string) int32 {
	for i := range int32(r.tbl.files.n) {
		if r.tbl.files.f(i).path == path {
			return i
		}
	}
	return -1
}

// TestLogRoundTrip exports the log, reads it back with engine/deltalog and compares the replayed
// table with the engine's, file by file; and checks Delta's field names in the files.
func TestLogRoundTrip(t *testing.T) {
	for _, s := range []scenario.Timeline{
		{Strategy: StrategyLiquid, Days: 9, ChangeKeysDay: 5, FullDay: 5, HistoryDays: 2},
		{Strategy: StrategyZOrderWindow, Days: 6},
	} {
		res := mustRun(t, s)
		dir := t.TempDir()
		if err := deltalog.ExportDir(dir, res.Commits()); err != nil {
			t.Fatal(err)
		}
		snap, err := deltalog.OpenSnapshot(os.DirFS(dir), deltalog.OpenOptions{Version: -1})
		if err != nil {
			t.Fatal(err)
		}
		r := res.run
		live := r.days[len(r.days)-1].live
		if snap.NumFiles() != len(live) || snap.Version() != r.tbl.version {
			t.Fatalf("replayed %d files at v%d, engine has %d at v%d", snap.NumFiles(), snap.Version(), len(live), r.tbl.version)
		}
		for _, id := range live {
			f := r.tbl.files.f(id)
			a, ok := snap.File(f.path)
			if !ok {
				t.Fatalf("live file %s missing after replay", f.path)
			}
			if a.Size != f.size || a.Stats != r.tbl.statsJSON(id) || a.ClusteringProvider() != f.provider ||
				a.Tags()[optimize.TagZCubeID] != f.tags[optimize.TagZCubeID] {
				t.Fatalf("replayed %+v differs from the engine's file", a)
			}
		}
		names, _ := filepath.Glob(filepath.Join(dir, "_delta_log", "*.json"))
		if len(names) != int(r.tbl.version)+1 {
			t.Fatalf("%d commit files for %d versions", len(names), r.tbl.version+1)
		}
		var all bytes.Buffer
		for _, n := range names {
			b, _ := os.ReadFile(n)
			all.Write(b)
		}
		want := []string{`"commitInfo":{`, `"operation":"OPTIMIZE"`, `"operationMetrics":{`, `"numAddedBytes":"`,
			`"remove":{`, `"dataChange":false`, `"extendedFileMetadata":true`, `"stats":"{\"numRecords\":`,
			`"metaData":{`, `"protocol":{`}
		if s.Strategy == StrategyLiquid {
			want = append(want, `"clusteringProvider":"liquid"`, `"ZCUBE_ID":"`, `"ZCUBE_ZORDER_BY":"[\"order_id\"]"`,
				`"domainMetadata":{"domain":"delta.clustering"`, `"operation":"CLUSTER BY"`,
				`"oldClusteringColumns":"customer_id"`, `"newClusteringColumns":"order_id"`, `"writerFeatures":[`,
				`"isFull":true`)
		} else {
			want = append(want, `"partitionValues":{"event_date":"2026-01-0`, `"zOrderBy":"[\"customer_id\"]"`,
				`"predicate":"[\"event_date >= '2026-01-0`)
		}
		for _, w := range want {
			if !bytes.Contains(all.Bytes(), []byte(w)) {
				t.Errorf("%s: exported log lacks %s", s.Strategy, w)
			}
		}
	}
}

// TestDeterminism: the same scenario gives byte-identical output, and the Z-order reuse of
// unchanged partitions gives exactly what recomputing them gives.
func TestDeterminism(t *testing.T) {
	s := scenario.Timeline{Strategy: StrategyZOrderFull, Days: 6, Seed: 7}
	a, err := Run(s)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(s)
	c := mustRunWith(t, s, options{noReuse: true})
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	jc, _ := json.Marshal(c)
	if !bytes.Equal(ja, jb) {
		t.Error("two runs of one scenario differ")
	}
	if !bytes.Equal(ja, jc) {
		t.Error("reusing unchanged Z-ordered partitions differs from recomputing them")
	}
	fa, _ := json.Marshal(a.Commits())
	fc, _ := json.Marshal(c.Commits())
	if !bytes.Equal(fa, fc) {
		t.Error("the logs differ between reuse and recompute")
	}
	l1 := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid, Days: 5, Seed: 3})
	l2, _ := Run(scenario.Timeline{Strategy: StrategyLiquid, Days: 5, Seed: 3})
	j1, _ := json.Marshal(l1.Commits())
	j2, _ := json.Marshal(l2.Commits())
	if !bytes.Equal(j1, j2) {
		t.Error("liquid logs differ between runs")
	}
}

// TestEngineDaySlider: moving only the day slider reuses the run.
func TestEngineDaySlider(t *testing.T) {
	var e Engine
	s := scenario.Timeline{Strategy: StrategyLiquid, Days: 6}
	r1, err := e.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	s.Day = 2
	r2, err := e.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	if r2.run != r1.run || r2.Selected().Day != 2 || Link(r2.Scenario) == Link(r1.Scenario) {
		t.Error("day slider recomputed the run or did not move the link")
	}
	sc, err := scenario.ParseLink(Link(r2.Scenario))
	if err != nil || sc.View != "timeline" || sc.Timeline.Day != 2 || sc.Timeline.Days != 6 {
		t.Errorf("link opens %+v, %v", sc, err)
	}
	s.Days = 7
	if r3, _ := e.Run(s); r3.run == r1.run {
		t.Error("changing days did not rerun")
	}
	df, err := r2.DayFiles(2)
	if err != nil || len(df.Files) != r2.Days[1].Files {
		t.Fatalf("DayFiles(2): %v, %d files", err, len(df.Files))
	}
	reads := 0
	for _, f := range df.Files {
		if f.Read {
			reads++
		}
		if f.Min < 0 || f.Max > 1 || f.Min > f.Max {
			t.Fatalf("file %s has rank range [%v, %v]", f.Path, f.Min, f.Max)
		}
	}
	if reads == 0 {
		t.Error("the shown lookup reads no file")
	}
}

// TestRefusals: Delta's refusals are answers in the decision log, not failures.
func TestRefusals(t *testing.T) {
	res := mustRun(t, scenario.Timeline{Strategy: StrategyZOrderFull, Days: 3, FullDay: 2})
	got := res.Days[1].DecisionLog
	if len(got) != 1 || !strings.Contains(got[0], "DELTA_OPTIMIZE_FULL_NOT_SUPPORTED") {
		t.Errorf("FULL on a partitioned table: %v", got)
	}
	if _, err := Run(scenario.Timeline{Lookup: "nope"}); err == nil || !strings.Contains(err.Error(), "lookup") {
		t.Errorf("bad lookup column: %v", err)
	}
	if _, err := Run(scenario.Timeline{Days: 400}); err == nil || !strings.Contains(err.Error(), "days") {
		t.Errorf("400 days: %v", err)
	}
}

// TestProgress: the hook hears every simulated day, history included, in order, and the run
// it reports on is Run's.
func TestProgress(t *testing.T) {
	s := scenario.Timeline{Strategy: StrategyLiquid, Days: 5, HistoryDays: 2}
	var got [][2]int
	res, err := RunYield(s, func(p work.Progress) error { got = append(got, [2]int{p.Done, p.Total}); return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{1, 7}, {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}}
	if !slices.Equal(got, want) {
		t.Errorf("progress calls %v, want %v", got, want)
	}
	plain, _ := Run(s)
	ja, _ := json.Marshal(res)
	jb, _ := json.Marshal(plain)
	if !bytes.Equal(ja, jb) {
		t.Error("RunYield differs from Run")
	}
	var e Engine
	calls := 0
	count := func(work.Progress) error { calls++; return nil }
	if _, err := e.RunYield(s, count); err != nil || calls != 7 {
		t.Errorf("Engine.RunYield's Yield called %d times (%v), want 7", calls, err)
	}
	s.Day = 3
	if _, err := e.RunYield(s, count); err != nil || calls != 7 {
		t.Errorf("a day-slider move called the Yield (%d calls, %v)", calls, err)
	}
}

// TestYieldStopsTheRun: a Yield's error after any day stops the run, which returns that error
// and no Result, with no panic; the Engine keeps its last finished run, and its next run of
// the stopped scenario is Run's.
func TestYieldStopsTheRun(t *testing.T) {
	s := scenario.Timeline{Strategy: StrategyLiquid, Days: 5, HistoryDays: 2}
	want, _ := json.Marshal(must(Run(s)))
	first := scenario.Timeline{Strategy: StrategyCompaction, Days: 3}
	stop := errors.New("a newer move")
	for at := 1; at <= 7; at++ {
		var e Engine
		kept, err := e.Run(first)
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.RunYield(s, func(p work.Progress) error {
			if p.Done == at {
				return stop
			}
			return nil
		})
		if err != stop || res != nil {
			t.Fatalf("stopped after day %d: %v, a Result %v; want the Yield's error alone", at, err, res != nil)
		}
		if again, _ := e.Run(first); again != kept {
			t.Fatalf("stopped after day %d: the Engine no longer holds its last finished run", at)
		}
		got, _ := json.Marshal(must(e.Run(s)))
		if !bytes.Equal(got, want) {
			t.Fatalf("the run after one stopped after day %d differs from Run", at)
		}
	}
}

func must(res *Result, err error) *Result {
	if err != nil {
		panic(err)
	}
	return res
}

// TestEngineReusesRows: a knob that leaves the rows alone reruns on the last run's table, and
// the result is a fresh run's; a knob that changes them generates new rows.
func TestEngineReusesRows(t *testing.T) {
	var e Engine
	s := scenario.Timeline{Strategy: StrategyLiquid, Days: 8, Seed: 9}
	r1, err := e.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	s.Strategy, s.MinCubeGB = StrategyZOrderFull, 30
	r2, err := e.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	if r2.run.g != r1.run.g {
		t.Error("a strategy change generated the rows again")
	}
	fresh, _ := Run(s)
	j2, _ := json.Marshal(r2.Commits())
	jf, _ := json.Marshal(fresh.Commits())
	if !bytes.Equal(j2, jf) {
		t.Error("the rerun on the kept table differs from a fresh run")
	}
	s.IngestGB = 20
	if r3, _ := e.Run(s); r3.run.g == r2.run.g {
		t.Error("an ingest change kept the old rows")
	}
}

// TestDayFilesSealedMatchesTheCount: the grid's per-file sealed flag and the day's sealed_zcubes
// come from the same rule.
func TestDayFilesSealedMatchesTheCount(t *testing.T) {
	res, err := Run(scenario.Timeline{Strategy: "liquid", Days: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Days {
		df, err := res.DayFiles(d.Day)
		if err != nil {
			t.Fatal(err)
		}
		sealed := map[string]bool{}
		for _, f := range df.Files {
			if f.Sealed {
				sealed[f.ZCube] = true
			}
		}
		if len(sealed) != d.SealedZCubes {
			t.Fatalf("day %d: %d sealed cubes in the grid, %d counted", d.Day, len(sealed), d.SealedZCubes)
		}
	}
}

// TestDayFilesIntoReuses: a day written into the array of another day, larger or smaller, is
// that day's grid as a fresh DayFiles gives it, and the array is reused once large enough.
func TestDayFilesIntoReuses(t *testing.T) {
	res, err := Run(scenario.Timeline{Strategy: StrategyLiquid, IngestGB: 80, MinCubeGB: 25, Days: 12, ChangeKeysDay: 6})
	if err != nil {
		t.Fatal(err)
	}
	var df DayFiles
	for _, day := range []int{12, 1, 7, 3, 12, 6} {
		if err := res.DayFilesInto(&df, day); err != nil {
			t.Fatal(err)
		}
		want, err := res.DayFiles(day)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(&df, want) {
			t.Fatalf("day %d: reused %d files, fresh %d, or they differ", day, len(df.Files), len(want.Files))
		}
	}
	before := &df.Files[0]
	if err := res.DayFilesInto(&df, 2); err != nil || &df.Files[0] != before {
		t.Fatalf("a smaller day did not reuse the array (err %v)", err)
	}
	if err := res.DayFilesInto(&df, 0); err == nil {
		t.Fatal("day 0 was accepted")
	}
}

// TestStatsWorkerMatchesInline: with a second core the files' statistics and the lookups are
// computed on the statistics worker while the run goes on (worker.go); with one core, as under
// js/wasm, where they are submitted. Both give the same run: every day's figures, the file grid
// of every day, and the log with its stats strings.
func TestStatsWorkerMatchesInline(t *testing.T) {
	scenarios := []scenario.Timeline{
		{Strategy: StrategyLiquid, ChangeKeysDay: 10, FullDay: 16, Days: 24},
		{Strategy: StrategyLiquidIncremental, IngestGB: 80, MinCubeGB: 25, HistoryDays: 4, Days: 16},
		{Strategy: StrategyZOrderFull, Days: 16, Lookup: ColEventDate},
		{Strategy: StrategyZOrderWindow, Days: 16, ChangeKeysDay: 8},
		{Strategy: StrategyCompaction, Days: 12, FileGB: 0.25},
	}
	runOn := func(procs int, s scenario.Timeline) []byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		res, err := Run(s)
		if err != nil {
			t.Fatal(err)
		}
		if res.run.stats.w != nil {
			t.Fatal("the worker outlived the run")
		}
		h := sha256.New()
		enc := json.NewEncoder(h)
		enc.Encode(res)
		for day := 1; day <= len(res.Days); day++ {
			df, err := res.DayFiles(day)
			if err != nil {
				t.Fatal(err)
			}
			enc.Encode(df)
		}
		enc.Encode(res.Commits())
		return h.Sum(nil)
	}
	for _, s := range scenarios {
		one, two := runOn(1, s), runOn(2, s)
		if !bytes.Equal(one, two) {
			t.Errorf("%s: the run with a statistics worker differs from the run without", s.Strategy)
		}
	}
}

// TestPrepareDayFiles: across a key change the day grid's lookup column changes, and the first
// day of the new column sorts that column's values; PrepareDayFiles does it ahead, for every
// column the days look up, and the days' grids stay the same.
func TestPrepareDayFiles(t *testing.T) {
	s := scenario.Timeline{Strategy: StrategyLiquid, ChangeKeysDay: 30}
	res, err := Run(s) // a run of its own: mustRun's are shared, and their columns sorted already
	if err != nil {
		t.Fatal(err)
	}
	r := res.run
	before, after := s.ChangeKeysDay-1, len(r.days)
	if r.days[before-1].lookup == r.days[after-1].lookup {
		t.Fatalf("days %d and %d both look up %s: no key change to prepare for", before, after, r.days[after-1].lookup)
	}
	allocated := func(f func()) uint64 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		f()
		runtime.ReadMemStats(&m1)
		return m1.TotalAlloc - m0.TotalAlloc
	}
	df := DayFiles{Files: make([]FileInfo, 0, 1<<14)}
	// Unprepared, the first day of a column pays for its sort (8 bytes a row at least).
	if got, least := allocated(func() { res.DayFilesInto(&df, after) }), uint64(8*r.g.all().NumRows); got < least {
		t.Errorf("day %d (%s) allocated %d bytes, less than its column's sort (%d): is it sorted elsewhere now?", after, r.days[after-1].lookup, got, least)
	}
	res.PrepareDayFiles()
	if got := allocated(func() { res.DayFilesInto(&df, before) }); got > 1<<20 {
		t.Errorf("prepared, day %d (%s) allocated %d bytes", before, r.days[before-1].lookup, got)
	}
	want, err := mustRun(t, s).DayFiles(before)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&df, want) {
		t.Errorf("prepared, day %d's grid differs from an unprepared run's", before)
	}
}

// TestColumnsAreTheScenarioLookups: a link's lookup column is checked against
// scenario.TimelineLookups; each must be a column the run can look up.
func TestColumnsAreTheScenarioLookups(t *testing.T) {
	for _, c := range Columns() {
		if _, ok := leafOf(c); !ok {
			t.Errorf("lookup column %q is not a column of the timeline's table", c)
		}
	}
	if len(Columns()) != 3 {
		t.Errorf("Columns() = %v", Columns())
	}
}

// TestZOrderByOneStringAcrossNights: the clustering commits of many nights tag their files with
// one ZCUBE_ZORDER_BY string (optimize.ZOrderByMemo, owned by the run), so the planner compares
// them pointer first; a memo not passed gives each night's files their own copy.
func TestZOrderByOneStringAcrossNights(t *testing.T) {
	res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid})
	r := res.run
	var first *byte
	nights := map[string]bool{} // the ZCubes seen, one or more per night
	for _, id := range r.days[len(r.days)-1].live {
		f := r.tbl.files.f(id)
		tag, ok := f.tags[optimize.TagZCubeZOrder]
		if !ok {
			continue
		}
		nights[f.tags[optimize.TagZCubeID]] = true
		if first == nil {
			first = unsafe.StringData(tag)
		} else if unsafe.StringData(tag) != first {
			t.Fatalf("%s: ZCUBE_ZORDER_BY %q is another copy of the string", f.path, tag)
		}
	}
	if len(nights) < 2 {
		t.Fatalf("only %d ZCube(s) live at the end: the test needs files of several commits", len(nights))
	}
}
