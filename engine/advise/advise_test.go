package advise

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/ddl"
	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
	"layoutlab/engine/timeline"
)

// maxFileFor makes OPTIMIZE cut a table of rows rows into about files files.
func maxFileFor(rows, files int) int64 { return int64(rows) * rowBytes / int64(files) }

func advise(t testing.TB, tt *testTable, workload string, opt Options) *Report {
	t.Helper()
	rep, err := Advise(tt.input(workload), opt)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != nil {
		t.Fatalf("refused: %v", rep.Error)
	}
	return rep
}

// userLookups is a workload of n point lookups on user ids drawn from the rows.
func userLookups(tab *table.Table, n int) string {
	col := &tab.Cols[tab.LeafIndex("user_id")]
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "user_id = %d\n", col.Int((i*7919+13)%tab.NumRows))
	}
	return b.String()
}

func dateAt(tab *table.Table, r int) string {
	return tab.Cols[tab.LeafIndex("event_date")].Value(r).String()
}

func find(rep *Report, layout string, keys ...string) (int, *Candidate) {
	for i := range rep.Candidates {
		c := &rep.Candidates[i]
		if c.Layout == layout && slices.Equal(c.Keys, keys) && len(c.StatsColumns) == 0 {
			return i, c
		}
	}
	return -1, nil
}

func logCandidates(t *testing.T, rep *Report) {
	for i, c := range rep.Candidates {
		msg := ""
		if c.Error != nil {
			msg = c.Error.Class
		}
		t.Logf("%2d %-40s files=%3d files_read_w=%7.2f bytes_read_w=%10.0f first=%9d nightly=%9d %s", i, Label(c), c.Files,
			c.FilesReadWeighted, c.BytesReadWeighted, c.FirstOptimizeBytes, c.NightlyOptimizeBytes, msg)
	}
	if r := rep.Recommendation; r != nil {
		t.Logf("recommended %d %s\n%s\n%s", r.Candidate, r.Label, strings.Join(r.Reasons, "\n"), strings.Join(r.SQL, ";\n"))
	}
}

// The table as it is, laid out from its rows by the what-if path (the rows grouped by file,
// engine/stats, engine/skipping), reads exactly what inspect's Report reads today, query by
// query: unpartitioned, partitioned, and with statistics on only some columns.
func TestAsIsEqualsToday(t *testing.T) {
	tab := genTable(t, eventSpec(120), 20_000, 7)
	wl := userLookups(tab, 3) + "event_date = '" + dateAt(tab, 5000) + "'\n" +
		"2: region_id = 3 AND amount > 4000\nevent_date BETWEEN '2025-02-01' AND '2025-02-10' OR user_id < 1000000\nis_mobile = true\n"
	for _, tc := range []struct {
		name  string
		conf  map[string]string
		parts []string
	}{
		{"plain", map[string]string{}, nil},
		{"partitioned", map[string]string{}, []string{"region_id"}},
		{"two indexed columns", map[string]string{"delta.dataSkippingNumIndexedCols": "2"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tt := writeTable(t, tab, 24, tc.conf, tc.parts)
			rep := advise(t, tt, wl, Options{MaxFileSize: maxFileFor(20_000, 24), IngestBytesPerDay: 0})
			asIs := rep.Candidates[0]
			if asIs.Layout != AsIs || asIs.Error != nil {
				t.Fatalf("candidate 0 is %s, error %v", asIs.Layout, asIs.Error)
			}
			if !reflect.DeepEqual(asIs.Queries, rep.Today.Queries) {
				t.Errorf("as is %+v\ntoday %+v", asIs.Queries, rep.Today.Queries)
			}
			if asIs.Files != rep.Today.Files || len(asIs.Notes) > 1 {
				t.Errorf("as is: %d files, notes %v; today %d files", asIs.Files, asIs.Notes, rep.Today.Files)
			}
			read := 0
			for _, q := range rep.Today.Queries {
				read += q.FilesRead
			}
			if read == 0 || read == len(rep.Today.Queries)*rep.Today.Files {
				t.Errorf("the workload reads %d files in all: it tests no skipping", read)
			}
		})
	}
}

// Seed 003's lesson: for lookups on user_id the advisor recommends a key set led by user_id,
// and (event_date, user_id), which a reader might pick for an event table, reads more.
func TestSeed003UserLookups(t *testing.T) {
	tab := genTable(t, eventSpec(365), 100_000, 3)
	tt := writeTable(t, tab, 32, map[string]string{}, nil)
	rep := advise(t, tt, userLookups(tab, 8), Options{MaxFileSize: maxFileFor(100_000, 32), IngestBytesPerDay: -1,
		Keys: [][]string{{"event_date", "user_id"}}})
	logCandidates(t, rep)
	r := rep.Recommendation
	if r == nil {
		t.Fatal("no recommendation")
	}
	got := rep.Candidates[r.Candidate]
	if len(got.Keys) == 0 || got.Keys[0] != "user_id" {
		t.Fatalf("recommended %s, want a key set led by user_id", Label(got))
	}
	_, pair := find(rep, Cluster, "event_date", "user_id")
	if pair == nil || pair.Error != nil {
		t.Fatalf("CLUSTER BY (event_date, user_id) was not scored: %+v", pair)
	}
	if pair.FilesReadWeighted <= got.FilesReadWeighted {
		t.Errorf("(event_date, user_id) reads %.2f files a lookup, the recommendation %.2f", pair.FilesReadWeighted, got.FilesReadWeighted)
	}
	if !strings.Contains(strings.Join(r.SQL, ";"), "user_id") {
		t.Errorf("SQL %q does not apply user_id", r.SQL)
	}
}

// Seed 003's mixed workload: lookups on user_id and on event_date. The append-ordered table
// serves the dates, clustering by user_id the users; the advice names the trade-off with each
// side's figures, taken from the candidates themselves.
func TestSeed003MixedTradeOff(t *testing.T) {
	tab := genTable(t, eventSpec(365), 100_000, 3)
	tt := writeTable(t, tab, 32, map[string]string{}, nil)
	wl := userLookups(tab, 4) + "4: event_date = '" + dateAt(tab, 40_000) + "'\n"
	rep := advise(t, tt, wl, Options{MaxFileSize: maxFileFor(100_000, 32), IngestBytesPerDay: -1})
	logCandidates(t, rep)
	r := rep.Recommendation
	if r == nil || len(rep.Pareto) < 2 {
		t.Fatalf("recommendation %v, frontier %v: no trade-off to show", r, rep.Pareto)
	}
	chosen := rep.Candidates[r.Candidate]
	trade := 0
	for _, i := range rep.Pareto {
		o := rep.Candidates[i]
		for k, q := range o.Queries {
			if q.FilesRead < chosen.Queries[k].FilesRead {
				want := fmt.Sprintf("%s instead of %d for %s", Files(q.FilesRead), chosen.Queries[k].FilesRead, q.Where)
				if !strings.Contains(strings.Join(r.Reasons, "\n"), want) {
					t.Errorf("the reasons do not say %q:\n%s", want, strings.Join(r.Reasons, "\n"))
				}
				trade++
			}
		}
	}
	if trade == 0 {
		t.Errorf("no frontier candidate reads less than %s for any query: no trade-off", Label(chosen))
	}
	// Every figure of the chosen candidate is in its reasons.
	for _, q := range chosen.Queries {
		if !strings.Contains(strings.Join(r.Reasons, "\n"), fmt.Sprintf("%s (weight %g): %s", q.Where, q.Weight, Files(q.FilesRead))) {
			t.Errorf("the reasons miss %s's figures", q.Where)
		}
	}
}

// A table whose best key is not the obvious one: most of the workload filters on is_mobile.
// CLUSTER BY (is_mobile) is refused by Delta (a boolean has no min/max statistics), ZORDER BY
// (is_mobile) is accepted but cannot skip a file (no min/max to skip on), and partitioning by
// it is what serves the workload.
func TestBestKeyIsNotTheObviousOne(t *testing.T) {
	tab := genTable(t, eventSpec(365), 60_000, 5)
	tt := writeTable(t, tab, 32, map[string]string{}, nil)
	wl := "5: is_mobile = true\n" + userLookups(tab, 1)
	rep := advise(t, tt, wl, Options{MaxFileSize: maxFileFor(60_000, 32), IngestBytesPerDay: -1})
	logCandidates(t, rep)
	_, cl := find(rep, Cluster, "is_mobile")
	if cl == nil || cl.Error == nil || cl.Error.Class != ddl.ClassClusteringColumnsDatatype {
		t.Fatalf("CLUSTER BY (is_mobile): %+v, want %s", cl, ddl.ClassClusteringColumnsDatatype)
	}
	_, z := find(rep, ZOrder, "is_mobile")
	if z == nil || z.Error != nil || z.Queries[0].FilesRead != z.Files {
		t.Fatalf("ZORDER BY (is_mobile): %+v, want it run and every file read", z)
	}
	_, p := find(rep, Partition, "is_mobile")
	if p == nil || p.Error != nil || p.Queries[0].FilesRead >= p.Files {
		t.Fatalf("PARTITIONED BY (is_mobile): %+v, want it to prune", p)
	}
	r := rep.Recommendation
	got := rep.Candidates[r.Candidate]
	if got.Layout == ZOrder && got.Keys[0] == "is_mobile" || got.Layout == Cluster && got.Keys[0] == "is_mobile" {
		t.Errorf("recommended %s", Label(got))
	}
	for i, c := range rep.Candidates {
		if c.Error == nil && c.BytesReadWeighted < got.BytesReadWeighted/NearBest {
			t.Errorf("candidate %d %s reads %.0f, less than the recommended %.0f beyond NearBest", i, Label(c), c.BytesReadWeighted, got.BytesReadWeighted)
		}
	}
}

// Delta's refusals are answers with Delta's error class; a key refused for want of statistics
// is tried again with delta.dataSkippingStatsColumns, and the SQL sets it.
func TestRefusalsAreAnswers(t *testing.T) {
	tab := genTable(t, eventSpec(60), 20_000, 9)
	tt := writeTable(t, tab, 16, map[string]string{"delta.dataSkippingNumIndexedCols": "2"}, nil)
	wl := "region_id = 2\n" + userLookups(tab, 1)
	rep := advise(t, tt, wl, Options{MaxFileSize: maxFileFor(20_000, 16), IngestBytesPerDay: 0,
		Keys: [][]string{{"user_id", "region_id", "event_date", "amount", "is_mobile"}}})
	logCandidates(t, rep)
	_, five := find(rep, Cluster, "user_id", "region_id", "event_date", "amount", "is_mobile")
	if five == nil || five.Error == nil || five.Error.Class != ddl.ClassClusterByInvalidNumColumns {
		t.Errorf("five keys: %+v, want %s", five, ddl.ClassClusterByInvalidNumColumns)
	}
	_, reg := find(rep, Cluster, "region_id")
	if reg == nil || reg.Error == nil || reg.Error.Class != ddl.ClassClusteringColumnMissingStats {
		t.Fatalf("region_id (leaf 3 of 2 indexed): %+v, want %s", reg, ddl.ClassClusteringColumnMissingStats)
	}
	_, zreg := find(rep, ZOrder, "region_id")
	if zreg == nil || zreg.Error == nil || zreg.Error.Class != ddl.ClassZOrderingOnColumnWithoutStats {
		t.Errorf("ZORDER BY region_id: %+v, want %s", zreg, ddl.ClassZOrderingOnColumnWithoutStats)
	}
	var variant *Candidate
	for i := range rep.Candidates {
		c := &rep.Candidates[i]
		if c.Layout == Cluster && slices.Equal(c.Keys, []string{"region_id"}) && len(c.StatsColumns) > 0 {
			variant = c
		}
	}
	if variant == nil || variant.Error != nil || !slices.Contains(variant.StatsColumns, "region_id") {
		t.Fatalf("no CLUSTER BY (region_id) with statistics on region_id: %+v", variant)
	}
	if variant.Queries[0].FilesRead >= variant.Files {
		t.Errorf("with statistics, region_id = 2 reads %d of %d files", variant.Queries[0].FilesRead, variant.Files)
	}
	sql := SQL(*variant, "t", false)
	if len(sql) != 3 || !strings.Contains(sql[0], "'delta.dataSkippingStatsColumns' = 'event_date,user_id,region_id'") {
		t.Errorf("SQL %q", sql)
	}
}

// Without the data files there are today's figures and a message, and no candidate: nothing is
// guessed from the statistics.
func TestWithoutDataFiles(t *testing.T) {
	tab := genTable(t, eventSpec(60), 5_000, 2)
	tt := writeTable(t, tab, 8, map[string]string{}, nil)
	in := tt.input(userLookups(tab, 2))
	in.Rows = nil
	rep, err := Advise(in, Options{IngestBytesPerDay: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Candidates) != 0 || rep.Recommendation != nil || rep.Sample != nil || !strings.Contains(rep.Message, "needs the data files") {
		t.Errorf("candidates %d, recommendation %v, sample %v, message %q", len(rep.Candidates), rep.Recommendation, rep.Sample, rep.Message)
	}
	if len(rep.Today.Queries) != 2 || rep.Today.Files != 8 {
		t.Errorf("today %+v", rep.Today)
	}
}

// The same input gives the same report.
func TestDeterministic(t *testing.T) {
	tab := genTable(t, eventSpec(90), 20_000, 4)
	tt := writeTable(t, tab, 16, map[string]string{}, nil)
	wl := userLookups(tab, 2) + "event_date > '2025-03-01'\n"
	opt := Options{MaxFileSize: maxFileFor(20_000, 16), IngestBytesPerDay: -1, Seed: 11}
	a, b := advise(t, tt, wl, opt), advise(t, tt, wl, opt)
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs differ")
	}
}

// The default ingest rate is the log's appends after the window's first commit over the time
// since it: the test tables append one file a day.
func TestIngestFromLog(t *testing.T) {
	tab := genTable(t, eventSpec(60), 10_000, 2)
	tt := writeTable(t, tab, 10, map[string]string{}, nil) // days 1..10, 1,000 rows (100,000 bytes) each
	rep := advise(t, tt, userLookups(tab, 1), Options{IngestBytesPerDay: -1})
	if rep.Ingest.BytesPerDay != 100_000 {
		t.Errorf("ingest %+v, want 100000 bytes a day", rep.Ingest)
	}
	rep = advise(t, tt, userLookups(tab, 1), Options{IngestBytesPerDay: 5})
	if rep.Ingest.BytesPerDay != 5 {
		t.Errorf("ingest %+v, want the user's 5", rep.Ingest)
	}
}

func TestBadInput(t *testing.T) {
	tab := genTable(t, eventSpec(60), 1_000, 2)
	tt := writeTable(t, tab, 4, map[string]string{}, nil)
	for _, tc := range []struct {
		wl   string
		opt  Options
		want string
	}{
		{"user_id = 1\nnope = 2\n", Options{}, "workload line 2"},
		{"user_id = 1", Options{MaxKeys: 5}, "max keys 5"},
	} {
		_, err := Advise(tt.input(tc.wl), tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q %+v: %v, want %q", tc.wl, tc.opt, err, tc.want)
		}
	}
	in := tt.input("user_id = 1")
	in.Rows.File = in.Rows.File[:10]
	if _, err := Advise(in, Options{}); err == nil {
		t.Error("rows without their files accepted")
	}
	in = tt.input("user_id = 1")
	in.Rows.File = slices.Clone(in.Rows.File)
	in.Rows.File[3] = 99
	if _, err := Advise(in, Options{}); err == nil || !errors.Is(err, err) || !strings.Contains(err.Error(), "file 99") {
		t.Errorf("a row from file 99: %v", err)
	}
}

// Relayout gives the candidate Advise scored: its files read per query are the report's.
func TestRelayoutMatchesReport(t *testing.T) {
	tab := genTable(t, eventSpec(90), 20_000, 4)
	tt := writeTable(t, tab, 16, map[string]string{}, nil)
	wl := userLookups(tab, 2) + "event_date > '2025-03-01'\nevent_date = '" + dateAt(tab, 9000) + "'\nregion_id = 5\n"
	opt := Options{MaxFileSize: maxFileFor(20_000, 16), IngestBytesPerDay: 0}
	rep := advise(t, tt, wl, opt)
	for i, c := range rep.Candidates {
		if c.Error != nil {
			continue
		}
		as, err := Relayout(tt.input(wl), opt, i)
		if err != nil {
			t.Fatal(err)
		}
		rows := 0
		for _, f := range as.Files {
			rows += len(f)
		}
		if rows != tab.NumRows || len(as.Files) != c.Files {
			t.Errorf("%s: %d rows in %d files, want %d in %d", Label(c), rows, len(as.Files), tab.NumRows, c.Files)
		}
		for k, q := range c.Queries {
			if len(as.Read[k]) != q.FilesRead {
				t.Errorf("%s, %s: relayout reads %d files, the report %d", Label(c), q.Where, len(as.Read[k]), q.FilesRead)
			}
			checkNoMatchSkipped(t, tab, as, k, q.Where, Label(c))
		}
	}
}

// checkNoMatchSkipped checks, for an equality "col = v" query, that every file holding a row
// with that value is among the files read: skipping never drops a matching row.
func checkNoMatchSkipped(t *testing.T, tab *table.Table, as *Assignment, k int, where, label string) {
	col, val, ok := strings.Cut(where, " = ")
	if !ok {
		return
	}
	val = strings.Trim(val, "'")
	c := &tab.Cols[tab.LeafIndex(col)]
	matched := 0
	for f, rows := range as.Files {
		for _, r := range rows {
			if !c.IsNull(int(r)) && c.Value(int(r)).String() == val {
				matched++
				if !slices.Contains(as.Read[k], f) {
					t.Errorf("%s, %s: file %d holds row %d and is skipped", label, where, f, r)
				}
				break
			}
		}
	}
	if matched == 0 {
		t.Errorf("%s, %s: no file holds a matching row: the check checks nothing", label, where)
	}
}

// ZORDER BY on a partitioned table is one OPTIMIZE bin per partition (ZOrderStrategy's
// maxBinSize is Long.MaxValue, per partition): with a maxFileSize above every partition's bytes,
// one file per partition, each holding one partition's rows. CLUSTER BY replaces the
// partitioned table by a clustered one.
func TestZOrderOneBinPerPartition(t *testing.T) {
	tab := genTable(t, eventSpec(60), 12_000, 6)
	tt := writeTable(t, tab, 24, map[string]string{}, []string{"region_id"})
	wl := userLookups(tab, 2)
	opt := Options{MaxFileSize: 1 << 30, IngestBytesPerDay: 0}
	rep := advise(t, tt, wl, opt)
	i, z := find(rep, ZOrder, "user_id")
	if z == nil || z.Error != nil || z.FirstOptimizeBytes != rep.Today.Bytes {
		t.Fatalf("ZORDER BY (user_id): %+v, want the whole table (%d bytes) rewritten", z, rep.Today.Bytes)
	}
	as, err := Relayout(tt.input(wl), opt, i)
	if err != nil {
		t.Fatal(err)
	}
	region := tab.LeafIndex("region_id")
	seen := map[int64]bool{}
	for f, rows := range as.Files {
		v := tab.Cols[region].Int(int(rows[0]))
		if seen[v] {
			t.Errorf("two files for region %d", v)
		}
		seen[v] = true
		for _, r := range rows {
			if tab.Cols[region].Int(int(r)) != v {
				t.Fatalf("file %d mixes regions", f)
			}
		}
		if as.PartitionValues[f]["region_id"] != fmt.Sprint(v) {
			t.Errorf("file %d: partition values %v, rows of region %d", f, as.PartitionValues[f], v)
		}
	}
	if len(as.Files) != 6 {
		t.Errorf("%d files for 6 partitions", len(as.Files))
	}
	_, c := find(rep, Cluster, "user_id")
	if c == nil || c.Error != nil || !strings.HasPrefix(SQL(*c, "t", true)[0], "CREATE OR REPLACE TABLE t CLUSTER BY (user_id)") {
		t.Errorf("CLUSTER BY on a partitioned table: %+v, SQL %q", c, SQL(*c, "t", true))
	}
	if rep.Recommendation != nil && rep.Candidates[rep.Recommendation.Candidate].Layout == Cluster &&
		!strings.HasPrefix(rep.Recommendation.SQL[0], "CREATE OR REPLACE") {
		t.Errorf("the recommendation's SQL %q alters a partitioned table", rep.Recommendation.SQL)
	}
}

// Rows without a column the workload reads are an error; a key the rows lack, or a struct, is
// that candidate's error, never a panic.
func TestRowsMissingColumns(t *testing.T) {
	tab := genTable(t, eventSpec(30), 2_000, 2)
	tt := writeTable(t, tab, 4, map[string]string{}, nil)
	in := tt.input(userLookups(tab, 1))
	keep := tab.LeafIndex("event_date")
	in.Rows.Table = &table.Table{Schema: tab.Schema, Leaves: tab.Leaves[keep : keep+1], Cols: tab.Cols[keep : keep+1], NumRows: tab.NumRows}
	if _, err := Advise(in, Options{}); err == nil || !strings.Contains(err.Error(), `lack column "user_id"`) {
		t.Errorf("rows without user_id: %v", err)
	}
	in = tt.input("event_date = '2025-01-05'")
	in.Rows.Table = &table.Table{Schema: tab.Schema, Leaves: tab.Leaves[keep : keep+1], Cols: tab.Cols[keep : keep+1], NumRows: tab.NumRows}
	rep, err := Advise(in, Options{Keys: [][]string{{"user_id"}}})
	if err != nil {
		t.Fatal(err)
	}
	_, c := find(rep, Cluster, "user_id")
	if c == nil || c.Error == nil || !strings.Contains(c.Error.Message, "not read") {
		t.Errorf("a key not read: %+v", c)
	}
}

// The nightly cost is engine/timeline's, run as docs/cli.md says: history holding the table's
// bytes at the ingest rate, the rate a day in files of maxFileSize (at least 1 MiB), the mean of
// nights 2..30. The first OPTIMIZE FULL of an unclustered table rewrites all of it.
func TestNightlyFromTimeline(t *testing.T) {
	tab := genTable(t, eventSpec(365), 50_000, 3)
	tt := writeTable(t, tab, 16, map[string]string{}, nil)
	rate := float64(4 << 20) // 4 MiB a day
	rep := advise(t, tt, userLookups(tab, 2), Options{MaxFileSize: 2 << 20, IngestBytesPerDay: rate})
	for _, strategy := range []string{timeline.StrategyLiquid, timeline.StrategyZOrderFull, timeline.StrategyCompaction} {
		tl := scenario.Timeline{Strategy: strategy, Days: NightlyDays, IngestGB: rate / (1 << 30), FileGB: 2.0 / 1024, Seed: 1,
			HistoryDays: int(math.Round(float64(rep.Today.Bytes) / rate))}
		if err := fitRows(&tl); err != nil {
			t.Fatal(err)
		}
		res, err := timeline.Run(tl)
		if err != nil {
			t.Fatal(err)
		}
		var sum float64
		for _, d := range res.Days[1:] {
			sum += d.OptimizeWrittenGB
		}
		want := int64(math.Round(sum / float64(NightlyDays-1) * (1 << 30)))
		n := 0
		for _, c := range rep.Candidates {
			if c.Error == nil && c.NightlyStrategy == strategy {
				n++
				if c.NightlyOptimizeBytes != want {
					t.Errorf("%s (%s): nightly %d, the timeline's mean %d", Label(c), strategy, c.NightlyOptimizeBytes, want)
				}
			}
		}
		if n == 0 || want <= 0 {
			t.Errorf("%s: %d candidates, nightly %d", strategy, n, want)
		}
	}
	_, c := find(rep, Cluster, "user_id")
	if c.FirstOptimizeBytes != rep.Today.Bytes || c.RewriteBytes30d != c.FirstOptimizeBytes+30*c.NightlyOptimizeBytes {
		t.Errorf("CLUSTER BY (user_id): first %d of a %d-byte table, 30 days %d", c.FirstOptimizeBytes, rep.Today.Bytes, c.RewriteBytes30d)
	}
}

// A column whose partitions would average less than an OPTIMIZE file is not a partitioning
// candidate: 365 day partitions of a small table would be 365 tiny files, which a read cost in
// bytes alone would prefer.
func TestNoSmallFilePartitions(t *testing.T) {
	tab := genTable(t, eventSpec(365), 20_000, 3)
	tt := writeTable(t, tab, 16, map[string]string{}, nil)
	wl := userLookups(tab, 1) + "event_date = '" + dateAt(tab, 9000) + "'\nregion_id = 3\n"
	rep := advise(t, tt, wl, Options{MaxFileSize: maxFileFor(20_000, 16), IngestBytesPerDay: 0})
	if _, p := find(rep, Partition, "event_date"); p != nil {
		t.Errorf("PARTITIONED BY (event_date) into 365 partitions of %d bytes each is a candidate", rep.Today.Bytes/365)
	}
	if _, p := find(rep, Partition, "region_id"); p == nil {
		t.Errorf("PARTITIONED BY (region_id), 6 partitions of %d bytes over a %d-byte file size, is not a candidate", rep.Today.Bytes/6, maxFileFor(20_000, 16))
	}
}
