package optimize

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/ddl"
	"layoutlab/engine/work"
)

// Commands (testdata/*):
//
//	define [print]                        snapshot in DebugString form (file lines may use repeat=N)
//	plan [full] [zorder-by=a,b] [where=<col><op><value>] [config…]
//	optimize [same as plan] [out-files=N]  plan, simulate the rewrite, commit, print a summary
//	append n=N size=S [prefix=P] [range=lo:hi]
//	alter cluster-by=a,b|none
//	days n=N ingest=S [file=S] [config…]   N nights of: append ingest/file files, optimize
//	show                                   the current snapshot
//	commit                                 the last optimize's commitInfo and OptimizeMetrics
//	metrics adds=s1,s2,… removes=s1,…       operationMetrics for those file sizes
//	overlap a=lo:hi b=lo:hi                OverlapScore
//	clusters-on-write bytes=S keys=N uc=B
//
// config: platform=… min-file=S max-file=S min-cube=S target-cube=S seed=N incremental=B
// auto-recluster=B min-offending=N overlap-threshold=X target-file=S.
func TestDataDriven(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		h := &harness{}
		datadriven.RunTest(t, path, h.run)
	})
}

type harness struct {
	snap     *Snapshot
	last     *CommitResult
	appended int
}

func (h *harness) run(t *testing.T, d *datadriven.TestData) string {
	switch d.Cmd {
	case "define":
		s, err := ParseSnapshot(d.Input)
		if err != nil {
			return "error: " + err.Error()
		}
		h.snap = s
		if d.HasArg("print") {
			return s.DebugString()
		}
		return h.summary()
	case "show":
		return h.snap.DebugString()
	case "plan":
		p, err := h.plan(t, d)
		if err != nil {
			return errString(err)
		}
		return formatPlan(p)
	case "optimize":
		p, err := h.plan(t, d)
		if err != nil {
			return errString(err)
		}
		return h.optimize(t, d, p)
	case "append":
		n := intArg(t, d, "n", 1)
		size := sizeArg(t, d, "size", GiB)
		prefix := strArg(d, "prefix", "")
		h.append(t, n, size, prefix, strArg(d, "range", ""))
		return h.summary()
	case "alter":
		cols := strArg(d, "cluster-by", "")
		next := *h.snap
		next.Version++
		next.ClusteringFeature = true
		if cols == "none" {
			next.ClusteringColumns = nil
		} else {
			next.ClusteringColumns = strings.Split(cols, ",")
		}
		h.snap = &next
		return h.summary()
	case "days":
		return h.days(t, d)
	case "commit":
		if h.last == nil {
			return "no commit"
		}
		return formatCommit(h.last)
	case "metrics":
		var adds []int64
		var removes sizeStats
		for _, v := range strings.Split(strArg(d, "adds", ""), ",") {
			adds = append(adds, mustSize(t, v))
		}
		if r := strArg(d, "removes", ""); r != "" {
			for _, v := range strings.Split(r, ",") {
				removes.add(mustSize(t, v))
			}
		}
		return formatMap(operationMetrics(adds, removes.metrics(), int64(intArg(t, d, "dvs", 0))))
	case "overlap":
		a, b := parseRange(t, strArg(d, "a", "")), parseRange(t, strArg(d, "b", ""))
		return fmt.Sprintf("%.4f", OverlapScore(a, b))
	}
	t.Fatalf("unknown command %q", d.Cmd)
	return ""
}

func (h *harness) summary() string {
	var bytes int64
	cubes, sealed := map[string]int64{}, 0
	for i := range h.snap.Files {
		f := &h.snap.Files[i]
		bytes += f.Size
		if id, _, ok := f.ZCube(); ok {
			cubes[id] += f.Size
		}
	}
	for _, sz := range cubes {
		if sz >= DefaultMinCubeSize {
			sealed++
		}
	}
	return fmt.Sprintf("v%d: %d files (%s), %d ZCubes (%d ≥ 100 GiB)", h.snap.Version, len(h.snap.Files),
		FormatBytes(bytes), len(cubes), sealed)
}

func (h *harness) config(t *testing.T, d *datadriven.TestData) Config {
	var c Config
	for _, a := range d.CmdArgs {
		if len(a.Vals) == 0 {
			continue
		}
		v := a.Vals[0]
		switch a.Key {
		case "platform":
			p, err := parsePlatform(v)
			if err != nil {
				t.Fatal(err)
			}
			c.Platform = p
		case "min-file":
			c.MinFileSize = mustSize(t, v)
		case "max-file":
			c.MaxFileSize = mustSize(t, v)
		case "min-cube":
			if v == "max" {
				c.MinCubeSize = 1<<63 - 1
			} else {
				c.MinCubeSize = mustSize(t, v)
			}
		case "target-cube":
			c.TargetCubeSize = mustSize(t, v)
		case "seed":
			n, _ := strconv.ParseUint(v, 10, 64)
			c.ZCubeSeed = n
		case "incremental":
			c.Fabric.Incremental = Bool(v == "true")
		case "auto-recluster":
			c.Fabric.AutoRecluster = Bool(v == "true")
		case "min-offending":
			c.Fabric.MinOffendingFiles, _ = strconv.Atoi(v)
		case "overlap-threshold":
			c.Fabric.MinOverlapThreshold, _ = strconv.ParseFloat(v, 64)
		case "target-file":
			c.Fabric.TargetFileSize = mustSize(t, v)
		}
	}
	return c
}

func (h *harness) request(t *testing.T, d *datadriven.TestData) Request {
	var r Request
	r.Full = d.HasArg("full")
	if d.HasArg("zorder-by") {
		r.ZOrderBy = strings.Split(strArg(d, "zorder-by", ""), ",")
	}
	if d.HasArg("where") {
		filter, sql, col := compare(t, strArg(d, "where", ""))
		r.PartitionFilter, r.Predicate, r.PredicateColumns = filter, []string{sql}, []string{col}
	}
	return r
}

// compare parses "<col><op><value>" with op one of >=, <=, !=, =, <, > into a filter on the
// partition value (compared as strings; ISO dates order correctly).
func compare(t *testing.T, s string) (func(map[string]string) bool, string, string) {
	for _, op := range []string{">=", "<=", "!=", "=", "<", ">"} {
		if i := strings.Index(s, op); i > 0 {
			col, val := s[:i], s[i+len(op):]
			f := func(pv map[string]string) bool {
				v, ok := pv[col]
				if !ok {
					return false
				}
				c := strings.Compare(v, val)
				switch op {
				case ">=":
					return c >= 0
				case "<=":
					return c <= 0
				case "!=":
					return c != 0
				case "=":
					return c == 0
				case "<":
					return c < 0
				}
				return c > 0
			}
			return f, fmt.Sprintf("(%s %s '%s')", col, op, val), col
		}
	}
	t.Fatalf("bad where %q", s)
	return nil, "", ""
}

func (h *harness) plan(t *testing.T, d *datadriven.TestData) (*Plan, error) {
	p, err := NewPlanner(h.config(t, d))
	if err != nil {
		return nil, err
	}
	return p.Plan(h.snap, h.request(t, d))
}

// simulate writes each bin as ApproxNumFiles (or out-files) files of equal size; clustering
// outputs split the bin's first-column range into equal consecutive slices.
func simulate(p *Plan, outFiles int) [][]OutputFile {
	outs := make([][]OutputFile, len(p.Bins))
	for i, b := range p.Bins {
		n := b.ApproxNumFiles
		if outFiles > 0 {
			n = int64(outFiles)
		}
		lo, hi, ranged := 0.0, 0.0, false
		for _, f := range b.Files {
			if f.ClusterRange == nil {
				continue
			}
			r := *f.ClusterRange
			if !ranged {
				lo, hi, ranged = r.Min, r.Max, true
			}
			lo, hi = min(lo, r.Min), max(hi, r.Max)
		}
		var records int64
		for _, f := range b.Files {
			records += f.NumRecords - f.DeletedRecords()
		}
		for j := int64(0); j < n; j++ {
			size := b.Bytes / n
			if j < b.Bytes%n {
				size++
			}
			o := OutputFile{Path: fmt.Sprintf("v%d-b%d-%03d", p.SnapshotVersion+1, i, j+1), Size: size}
			if records > 0 {
				o.NumRecords = records / n
			}
			if ranged && p.Mode == ModeClustering {
				w := (hi - lo) / float64(n)
				o.ClusterRanges = []Range{{lo + w*float64(j), lo + w*float64(j+1)}}
			}
			outs[i] = append(outs[i], o)
		}
	}
	return outs
}

func (h *harness) optimize(t *testing.T, d *datadriven.TestData, p *Plan) string {
	res, err := p.Commit(simulate(p, intArg(t, d, "out-files", 0)), CommitEnv{})
	if err != nil {
		t.Fatal(err)
	}
	h.last = res
	h.snap = h.snap.Apply(res)
	if !res.Committed {
		h.snap = bump(h.snap)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "rewrote %d files (%s) in %d bins -> %d files\n", res.NumRemoves, FormatBytes(p.Bytes()),
		len(p.Bins), res.NumAdds)
	if d.HasArg("verbose") {
		b.WriteString(formatPlan(p))
	}
	b.WriteString(h.summary())
	return b.String()
}

// bump advances the version of a no-op night so the next night's ids differ (cosmetic).
func bump(s *Snapshot) *Snapshot {
	n := *s
	n.Version++
	return &n
}

func (h *harness) append(t *testing.T, n int, size int64, prefix, rng string) {
	next := *h.snap
	next.Version++
	next.Files = append([]File(nil), h.snap.Files...)
	if prefix == "" {
		prefix = fmt.Sprintf("in%d", next.Version)
	}
	var ranges *Range
	if rng != "" {
		r := parseRange(t, rng)
		ranges = &r
	}
	for i := 0; i < n; i++ {
		next.Files = append(next.Files, File{Path: fmt.Sprintf("%s-%03d", prefix, i+1), Size: size,
			NumRecords: 1000, ClusterRange: ranges})
	}
	h.snap = &next
}

func (h *harness) days(t *testing.T, d *datadriven.TestData) string {
	n := intArg(t, d, "n", 1)
	ingest := sizeArg(t, d, "ingest", 40*GiB)
	file := sizeArg(t, d, "file", GiB)
	rng := strArg(d, "range", "")
	planner, err := NewPlanner(h.config(t, d))
	if err != nil {
		t.Fatal(err)
	}
	req := h.request(t, d)
	var b strings.Builder
	var written, ingested int64
	for day := 1; day <= n; day++ {
		h.append(t, int(ingest/file), file, fmt.Sprintf("day%d", day), rng)
		ingested += ingest
		p, err := planner.Plan(h.snap, req)
		if err != nil {
			return errString(err)
		}
		res, err := p.Commit(simulate(p, 0), CommitEnv{})
		if err != nil {
			t.Fatal(err)
		}
		h.snap = h.snap.Apply(res)
		h.last = res
		written += p.Bytes()
		stats := ""
		if p.ClusteringStats != nil {
			cs := p.ClusteringStats
			stats = fmt.Sprintf(" stats=(%d,%d),(%d,%d),%d,(%d,_),%d", cs.InputZCubeFiles.NumFiles, cs.InputZCubeFiles.Size/GiB,
				cs.InputOtherFiles.NumFiles, cs.InputOtherFiles.Size/GiB, cs.InputNumZCubes, cs.MergedFiles.NumFiles, cs.NumOutputZCubes)
		}
		fmt.Fprintf(&b, "day %d: rewrote %s in %d bins;%s amp=%.2fx; %s\n", day, FormatBytes(p.Bytes()), len(p.Bins), stats,
			float64(written)/float64(ingested), h.summary())
		if d.HasArg("log") {
			for _, e := range p.Events {
				b.WriteString("  " + e.String() + "\n")
			}
		}
	}
	return b.String()
}

func formatPlan(p *Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "mode=%s platform=%s full=%t considered=%d\n", p.Mode, p.Platform, p.Full, p.TotalConsideredFiles)
	if p.Empty() {
		b.WriteString("no bins\n")
	}
	for i, bin := range p.Bins {
		paths := make([]string, len(bin.Files))
		for j, f := range bin.Files {
			paths[j] = f.Path
		}
		fmt.Fprintf(&b, "bin %d %s: %s (%s) -> ~%d", i, partitionString(bin.PartitionValues), fileCount(len(bin.Files)),
			FormatBytes(bin.Bytes), bin.ApproxNumFiles)
		if bin.NewZCubeID != "" {
			fmt.Fprintf(&b, " zcube=%s", bin.NewZCubeID[:8])
		}
		fmt.Fprintf(&b, "\n  %s\n", compressPaths(paths))
	}
	if p.ClusteringStats != nil {
		j, _ := json.Marshal(p.ClusteringStats)
		fmt.Fprintf(&b, "clusteringStats %s\n", j)
	}
	if p.ZOrderStats != nil {
		j, _ := json.Marshal(p.ZOrderStats)
		fmt.Fprintf(&b, "zOrderStats %s\n", j)
	}
	b.WriteString("log:\n")
	for _, e := range p.Events {
		b.WriteString("  " + e.String() + "\n")
	}
	return b.String()
}

func formatCommit(r *CommitResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "committed=%t adds=%d removes=%d\n", r.Committed, r.NumAdds, r.NumRemoves)
	b.WriteString("operationParameters:\n")
	for _, p := range r.OperationParameters {
		v := p.Value
		if s, ok := v.([]string); ok {
			v = encodeNames(s)
		}
		fmt.Fprintf(&b, "  %s: %v\n", p.Key, v)
	}
	if r.OperationMetrics != nil {
		b.WriteString("operationMetrics:\n")
		b.WriteString(formatMap(r.OperationMetrics))
	}
	j, _ := json.Marshal(r.Metrics)
	fmt.Fprintf(&b, "metrics %s\n", j)
	for a := range r.AddedFiles() {
		fmt.Fprintf(&b, "first add: %s provider=%q tags=%v\n", a.Path, a.ClusteringProvider(), kvOrEmpty(a.Tags()))
		break
	}
	return b.String()
}

func kvOrEmpty(m map[string]string) string {
	if len(m) == 0 {
		return "{}"
	}
	m2 := map[string]string{}
	for k, v := range m {
		if k == TagZCubeID {
			v = v[:8] + "…"
		}
		m2[k] = v
	}
	return "{" + kvList(m2) + "}"
}

func formatMap(m map[string]string) string {
	keys := []string{"numAddedFiles", "numRemovedFiles", "numAddedBytes", "numRemovedBytes", "minFileSize",
		"p25FileSize", "p50FileSize", "p75FileSize", "maxFileSize", "numDeletionVectorsRemoved"}
	var b strings.Builder
	for _, k := range keys {
		if v, ok := m[k]; ok {
			fmt.Fprintf(&b, "  %s: %q\n", k, v)
		}
	}
	if len(m) != len(keys) {
		fmt.Fprintf(&b, "  (%d keys)\n", len(m))
	}
	return b.String()
}

func errString(err error) string {
	var de *ddl.DeltaError
	if errors.As(err, &de) {
		return fmt.Sprintf("error: %s (SQLSTATE %s)", de.Error(), de.SQLState)
	}
	return "error: " + err.Error()
}

func strArg(d *datadriven.TestData, key, def string) string {
	for _, a := range d.CmdArgs {
		if a.Key == key {
			if len(a.Vals) == 0 {
				return ""
			}
			return strings.Join(a.Vals, ",")
		}
	}
	return def
}

func intArg(t *testing.T, d *datadriven.TestData, key string, def int) int {
	v := strArg(d, key, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func sizeArg(t *testing.T, d *datadriven.TestData, key string, def int64) int64 {
	v := strArg(d, key, "")
	if v == "" {
		return def
	}
	return mustSize(t, v)
}

func mustSize(t *testing.T, v string) int64 {
	n, err := ParseSize(v)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func parseRange(t *testing.T, s string) Range {
	lo, hi, _ := strings.Cut(s, ":")
	a, err1 := strconv.ParseFloat(lo, 64)
	b, err2 := strconv.ParseFloat(hi, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("bad range %q", s)
	}
	return Range{a, b}
}

func TestSnapshotRoundTrip(t *testing.T) {
	s, err := ParseSnapshot(`table version=7 clustered-by=a,b columns=12 props=delta.dataSkippingNumIndexedCols:5
f1 size=1G zcube=z1 records=10 deleted=2 ranges=0.1:0.2
f2 size=12345 zcube=z2 zorder=b,a provider=none
f3 size=3M provider=other
f4 size=1K zcube=z3 zorder=-
f5 size=2G repeat=3`)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := ParseSnapshot(s.DebugString())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, s2) {
		t.Fatalf("round trip differs:\n%s\n%s", s.DebugString(), s2.DebugString())
	}
	if len(s.Files) != 7 || s.Files[6].Path != "f5-003" {
		t.Fatalf("repeat: %v", s.Files)
	}
}

func TestEventListener(t *testing.T) {
	var lines []string
	l := loggingEventListener(func(s string) { lines = append(lines, s) })
	p, _ := NewPlanner(Config{Listener: &l})
	s, _ := ParseSnapshot("table\nf size=1M repeat=3")
	plan, err := p.Plan(s, Request{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(plan.Events) || len(lines) == 0 {
		t.Fatalf("listener saw %d events, plan has %d", len(lines), len(plan.Events))
	}
	for i, e := range plan.Events {
		if lines[i] != e.String() {
			t.Fatalf("event %d: %q vs %q", i, lines[i], e.String())
		}
	}
	var empty EventListener
	empty.EnsureDefaults()
	empty.dispatch(NothingToDo{}) // must not panic
}

func TestPlanIsPure(t *testing.T) {
	s, _ := ParseSnapshot("table clustered-by=c\nu size=1G repeat=5\nz size=1G zcube=a repeat=3\ny size=1G zcube=b repeat=2")
	before := s.DebugString()
	p, _ := NewPlanner(Config{})
	a, _ := p.Plan(s, Request{})
	b, _ := p.Plan(s, Request{})
	if s.DebugString() != before {
		t.Fatal("Plan modified its snapshot")
	}
	if formatPlan(a) != formatPlan(b) {
		t.Fatal("Plan is not deterministic")
	}
}

// TestYieldDoesNotChangeThePlan: Request.Yield is called between the stages (once after the
// candidates, once per partition) and the plan is the one made without it, in every mode.
func TestYieldDoesNotChangeThePlan(t *testing.T) {
	for _, c := range []struct {
		name        string
		partitioned bool
		clustered   bool
		req         Request
	}{
		{"compaction", true, false, Request{}},
		{"zorder", true, false, Request{ZOrderBy: []string{"c"}}},
		{"clustering", false, true, Request{}},
	} {
		s := benchSnapshot(c.partitioned, c.clustered)
		p, _ := NewPlanner(Config{MinCubeSize: 80 * GiB})
		want, err := p.Plan(s, c.req)
		if err != nil {
			t.Fatal(err)
		}
		yields := 0
		c.req.Yield = func(work.Progress) error { yields++; return nil }
		got, err := p.Plan(s, c.req)
		if err != nil {
			t.Fatal(err)
		}
		if formatPlan(got) != formatPlan(want) {
			t.Errorf("%s: the plan made with Yield differs", c.name)
		}
		partitions := 1
		if c.partitioned {
			partitions = 50
		}
		if yields != 1+partitions {
			t.Errorf("%s: Yield called %d times, want %d (after the candidates, then once per partition)", c.name, yields, 1+partitions)
		}
	}
}

// TestYieldStopsThePlan: a Yield's error stops the plan at any of its calls, and Plan returns
// it with no plan.
func TestYieldStopsThePlan(t *testing.T) {
	s := benchSnapshot(true, false)
	p, _ := NewPlanner(Config{MinCubeSize: 80 * GiB})
	stop := errors.New("stop")
	for at := 1; at <= 51; at++ {
		calls := 0
		pl, err := p.Plan(s, Request{Yield: func(work.Progress) error {
			if calls++; calls == at {
				return stop
			}
			return nil
		}})
		if err != stop || pl != nil || calls != at {
			t.Fatalf("stop at call %d: plan %v, error %v after %d calls; want the Yield's error and no plan", at, pl != nil, err, calls)
		}
	}
}

// parsePlatform reads a Platform from its String().
func parsePlatform(s string) (Platform, error) {
	if i := slices.Index(platformNames, s); i >= 0 {
		return Platform(i), nil
	}
	return 0, fmt.Errorf("optimize: unknown platform %q (want one of %v)", s, platformNames)
}

// loggingEventListener returns a listener that passes each event's String() to logf.
func loggingEventListener(logf func(line string)) EventListener {
	return EventListener{
		CandidatesListed: func(e CandidatesListed) { logf(e.String()) },
		FilterApplied:    func(e FilterApplied) { logf(e.String()) },
		StaleAdded:       func(e StaleAdded) { logf(e.String()) },
		OverlapDetected:  func(e OverlapDetected) { logf(e.String()) },
		BinFormed:        func(e BinFormed) { logf(e.String()) },
		ZCubeWritten:     func(e ZCubeWritten) { logf(e.String()) },
		NothingToDo:      func(e NothingToDo) { logf(e.String()) },
	}
}
