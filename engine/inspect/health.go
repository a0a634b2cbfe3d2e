package inspect

import (
	"slices"
	"strconv"
	"strings"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// ColumnHealth is how well one column's files are clustered, from the log's statistics alone
// (`clustering_health` in `layoutlab inspect --format json`; docs/cli.md defines each figure).
//
// Each file falls in one of three classes for a point lookup `col = v`, as engine/skipping's
// planner decides it (verifyStatsForFilter, then min <= v AND max >= v):
//   - without stats: no statistics, or a min, max, nullCount or numRecords missing (and the
//     column not provably all NULL): every lookup reads it;
//   - NULL only: nullCount = numRecords and no min/max: no lookup reads it;
//   - bounded: [min, max] (a timestamp's max plus 1 ms, as the planner reads it).
//
// The lookups drawn are one at each bounded file's min and one at its max, as written in the
// log: 2·B values for B bounded files, each a value the column holds (or a bound Delta wrote).
// depth(v) is the number of bounded files whose [min, max] holds v. OverlapMax is the largest
// depth over every value (reached at some file's min); OverlapMean the mean depth over the
// drawn values (1 when no two files overlap); LookupFilesMean the mean over the drawn values of
// the files `col = v` reads: depth(v) plus the files without stats, or every file for a column
// outside the stats schema (not Indexed), whose statistics Delta's reader drops.
type ColumnHealth struct {
	Column string `json:"column"`
	Type   string `json:"type"`
	// Indexed says whether the column is in the table's statistics columns
	// (delta.dataSkippingStatsColumns, else the first delta.dataSkippingNumIndexedCols leaves):
	// a writer following the table's properties writes min/max for it only then.
	Indexed          bool    `json:"indexed"`
	Files            int     `json:"files"`
	FilesWithBounds  int     `json:"files_with_bounds"`
	FilesNullOnly    int     `json:"files_null_only"`
	FilesNoStats     int     `json:"files_without_stats"`
	NoStatsShare     float64 `json:"no_stats_share"`
	OverlapMax       int     `json:"overlap_max"`
	OverlapMean      float64 `json:"overlap_mean"`
	LookupValues     int     `json:"lookup_values"`
	LookupFilesMean  float64 `json:"lookup_files_mean"`
	LookupFilesShare float64 `json:"lookup_files_share"` // LookupFilesMean / Files
}

// ZCubeHealth is where a clustered table's rows are (`zcube_health`): in sealed ZCubes (at or
// over minCubeSize, which OPTIMIZE leaves alone: ZCube.filterOutLargeZCubes), in open ones
// (under it, rewritten by a later OPTIMIZE), or in no ZCube (never clustered). Rows are live
// rows, numRecords less the deletion vector's; files without numRecords are counted apart.
type ZCubeHealth struct {
	MinCubeSize   int64   `json:"min_cube_size"`
	CubesSealed   int     `json:"cubes_sealed"`
	CubesOpen     int     `json:"cubes_open"`
	RowsSealed    int64   `json:"rows_sealed"`
	RowsOpen      int64   `json:"rows_open"`
	RowsNoZCube   int64   `json:"rows_no_zcube"`
	SealedShare   float64 `json:"sealed_share"`
	OpenShare     float64 `json:"open_share"`
	NoZCubeShare  float64 `json:"no_zcube_share"`
	FilesNoCounts int     `json:"files_without_numrecords"`
}

// healthColumn gathers one column's bounds as the statistics are read: compact, by the
// column's type (ints, doubles, strings; table.Value only for decimals past 18 digits).
type healthColumn struct {
	leaf     int
	typ      table.Type
	store    byte // 'i' ints, 'f' floats, 's' strs, 'v' vals
	indexed  bool
	nullOnly int
	ints     [2][]int64 // min, max
	floats   [2][]float64
	strs     [2][]string
	keys     [2][]uint64 // strs' prefix keys (sortStrings), made as each bound is added
	vals     [2][]table.Value
}

// healthCollector is fed each file's statistics once, by newInspector's single parse, for the
// columns whose values the Inspector does not keep (statsColumns: `layoutlab inspect` without a
// WHERE keeps at most the first clustering column), so that health needs no second parse. A
// column whose values are kept (a WHERE's, the page's colouring column) is not gathered:
// health reads it from the kept statistics, one column's bounds at once (healthBounds).
type healthCollector struct {
	cols  []healthColumn
	files int // the capacity a column's bounds are made at, when its first is added
}

// newHealthCollector gathers the bounds of leaves for files files: a column's slices are made at
// that capacity when its first bound comes, not grown by doubling (a million files' bounds
// copied and collected), and never for a column without any.
func newHealthCollector(leaves []int, lleaves []table.Leaf, indexed []bool, files int) *healthCollector {
	h := &healthCollector{cols: make([]healthColumn, len(leaves)), files: files}
	for i, l := range leaves {
		t := lleaves[l].Type
		store := byte('v')
		switch {
		case intBounds(t):
			store = 'i'
		case t.Kind == table.Double || t.Kind == table.Float:
			store = 'f'
		case t.Kind == table.String:
			store = 's'
		}
		h.cols[i] = healthColumn{leaf: l, typ: t, store: store, indexed: indexed[i]}
	}
	return h
}

// add takes one file's statistics (checked by checkStats); keys, when not nil, are the prefix
// keys of its string columns' bounds (prefixKeys), made where the statistics were parsed.
func (h *healthCollector) add(fs *stats.FileStats, keys []uint64) {
	for i := range h.cols {
		c := &h.cols[i]
		var k []uint64
		if c.store == 's' && keys != nil {
			k, keys = keys[:2], keys[2:]
		}
		c.add(fs.MinValues[c.leaf], fs.MaxValues[c.leaf], fs.NullCount[c.leaf], fs.NumRecords, h.files, k)
	}
}

// strings is how many of the columns are of strings: prefixKeys makes two keys for each.
func (h *healthCollector) strings() int {
	n := 0
	for i := range h.cols {
		if h.cols[i].store == 's' {
			n++
		}
	}
	return n
}

// prefixKeys sets keys (two for each string column, as add takes them) to the prefix keys of
// fs's bounds of the string columns. readAll's workers make them as they parse, while the
// statistics' text is in their cache: made by add, on the goroutine that records the files
// after them, each was a read of text parsed a block before on another core (a cache miss, a
// tenth of a million files' record natively).
func (h *healthCollector) prefixKeys(fs *stats.FileStats, keys []uint64) {
	for i := range h.cols {
		if c := &h.cols[i]; c.store == 's' {
			keys[0], keys[1] = prefixKey(fs.MinValues[c.leaf].S), prefixKey(fs.MaxValues[c.leaf].S)
			keys = keys[2:]
		}
	}
}

// add takes one file's bounds of the column, its nullCount and numRecords (-1 when absent),
// and for strings, when not nil, the bounds' prefix keys; the column's bounds are made at
// capacity files when its first comes.
func (c *healthColumn) add(lo, hi table.Value, nc, numRecords int64, files int, keys []uint64) {
	// verifyStatsForFilter (skipping's present) for minValues and maxValues.
	if numRecords < 0 || nc < 0 || (lo.Absent() || hi.Absent()) && nc != numRecords {
		return // without stats
	}
	if lo.Absent() || hi.Absent() {
		c.nullOnly++
		return
	}
	if c.ints[0] == nil && c.floats[0] == nil && c.strs[0] == nil && c.vals[0] == nil {
		c.grow(files)
	}
	switch c.store {
	case 'i':
		c.ints[0], c.ints[1] = append(c.ints[0], lo.I), append(c.ints[1], hi.I)
	case 'f':
		c.floats[0], c.floats[1] = append(c.floats[0], lo.F), append(c.floats[1], hi.F)
	case 's':
		c.strs[0], c.strs[1] = append(c.strs[0], lo.S), append(c.strs[1], hi.S)
		var klo, khi uint64
		if keys != nil {
			klo, khi = keys[0], keys[1]
		} else {
			klo, khi = prefixKey(lo.S), prefixKey(hi.S)
		}
		c.keys[0], c.keys[1] = append(c.keys[0], klo), append(c.keys[1], khi)
	default:
		c.vals[0], c.vals[1] = append(c.vals[0], lo), append(c.vals[1], hi)
	}
}

// grow makes the column's bounds at capacity files.
func (c *healthColumn) grow(files int) {
	for side := range 2 {
		switch c.store {
		case 'i':
			c.ints[side] = make([]int64, 0, files)
		case 'f':
			c.floats[side] = make([]float64, 0, files)
		case 's':
			c.strs[side] = make([]string, 0, files)
			c.keys[side] = make([]uint64, 0, files)
		default:
			c.vals[side] = make([]table.Value, 0, files)
		}
	}
}

// gatherHealth is the collector of the health columns whose values newInspector does not keep
// (statsColumns), for files files; nil when it keeps them all.
func (in *Inspector) gatherHealth(files int) *healthCollector {
	var leaves []int
	var indexed []bool
	for k, l := range in.healthLeaves {
		if in.cols.leaves[l] == nil {
			leaves, indexed = append(leaves, l), append(indexed, in.healthIndexed[k])
		}
	}
	if len(leaves) == 0 {
		return nil
	}
	return newHealthCollector(leaves, in.lleaves, indexed, files)
}

// intBounds says whether a type's values are compared as their int64 alone.
func intBounds(t table.Type) bool {
	switch t.Kind {
	case table.Int, table.Bigint, table.Date, table.Timestamp, table.TimestampNTZ:
		return true
	case table.Decimal:
		return t.Precision <= 18 // Hi is 0 (table.Value)
	}
	return false
}

// HealthYield is the clustering health of every column with statistics (the data columns data
// skipping reads, partition columns aside), in schema order; nil for a table that cannot be
// inspected. It is computed once, a column at a time, from the bounds gathered as the log was
// read: O(n log n) per column for n files. y is told each column as it begins and how far its
// lookups have got; its error stops the work, which keeps nothing and returns it. Reports made
// after it carry the health (Options.HealthLater).
func (in *Inspector) HealthYield(y work.Yield) ([]ColumnHealth, error) {
	if in.healthDone || in.base.Error != nil {
		return in.base.ClusteringHealth, nil
	}
	out := make([]ColumnHealth, 0)
	n := len(in.base.Files)
	hc := in.hc
	var bs boundsSorter // every column's sorts' scratch
	for k, leaf := range in.healthLeaves {
		step := "the clustering health of " + in.lleaves[leaf].Name()
		if err := y.Begin(step); err != nil {
			return nil, err
		}
		cy := turnsOf(y, step)
		c := in.healthBounds(hc, k, leaf, n)
		var sum int64 // of the depths at the drawn values
		var err error
		h := ColumnHealth{Column: in.lleaves[c.leaf].Name(), Type: c.typ.String(), Indexed: c.indexed, Files: n, FilesNullOnly: c.nullOnly}
		switch c.store {
		case 'i':
			ts := c.typ.Kind == table.Timestamp || c.typ.Kind == table.TimestampNTZ
			h.FilesWithBounds = len(c.ints[0])
			h.OverlapMax, h.LookupValues, sum, err = overlapInts(c.ints[0], c.ints[1], ts, &bs.rs, cy)
		case 'f':
			h.FilesWithBounds = len(c.floats[0])
			h.OverlapMax, h.LookupValues, sum, err = overlap(c.floats[0], c.floats[1], compareDouble, same[float64], &bs.rs, cy)
		case 's':
			h.FilesWithBounds = len(c.strs[0])
			h.OverlapMax, h.LookupValues, sum, err = overlapStrings(c.strs, c.keys, &bs, cy)
		default:
			h.FilesWithBounds = len(c.vals[0])
			h.OverlapMax, h.LookupValues, sum, err = overlap(c.vals[0], c.vals[1], table.Compare, same[table.Value], &bs.rs, cy)
		}
		if err != nil {
			return nil, err
		}
		*c = healthColumn{leaf: -1} // this column's bounds are no longer needed
		h.FilesNoStats = n - h.FilesWithBounds - h.FilesNullOnly
		h.LookupFilesMean = float64(h.FilesNoStats)
		if d := int64(h.LookupValues); d > 0 {
			h.OverlapMean = float64(sum) / float64(d)
			h.LookupFilesMean = float64(sum+int64(h.FilesNoStats)*d) / float64(d)
		}
		if !h.Indexed {
			// Delta's reader drops statistics outside the stats schema (Inspector.statsSchema):
			// every lookup reads every file, whatever bounds the log holds.
			h.LookupFilesMean = float64(n)
		}
		if n > 0 {
			h.NoStatsShare = float64(h.FilesNoStats) / float64(n)
			h.LookupFilesShare = h.LookupFilesMean / float64(n)
		}
		out = append(out, h)
	}
	in.base.ClusteringHealth, in.healthDone, in.hc = out, true, nil
	return out, nil
}

// healthBounds is the bounds of health column k (leaf): those hc gathered during the parse, or
// else read a column at a time from the kept statistics (readLeaves reads the column first when
// neither holds it: only when health is asked again).
func (in *Inspector) healthBounds(hc *healthCollector, k, leaf, n int) *healthColumn {
	if hc != nil {
		for i := range hc.cols {
			if hc.cols[i].leaf == leaf {
				return &hc.cols[i]
			}
		}
	}
	one := newHealthCollector([]int{leaf}, in.lleaves, in.healthIndexed[k:k+1], n)
	c := &one.cols[0]
	in.readLeaves([]int{leaf})
	kept := in.cols.leaves[leaf]
	for f, ok := range in.hasStats {
		if ok {
			c.add(kept.get(0, f), kept.get(1, f), kept.nulls[f], in.cols.numRecords[f], n, nil)
		}
	}
	return c
}

func same[T any](x T) T { return x }

// compareDouble is table.Compare on doubles: NaN above every other value.
func compareDouble(a, b float64) int {
	return table.Compare(table.DoubleValue(a), table.DoubleValue(b))
}

// overlap sorts each file's min and max (lo[i] <= hi[i], checkStats) and sweeps them: the
// depth at v is #{lo <= v} - #{adj(hi) < v}, adj being how the planner reads a max. It returns
// the largest depth, the number of values drawn (each min and each max) and the sum of the
// depths at them. y is told as each sort and each sweepChunk values of the sweep are done, and
// through the radix sort of strings (a million files' column took 597 ms in one task of the
// page otherwise); its error stops it. rs is the radix sort's, its buffers shared by both
// sides (and the health's columns).
func overlap[T any](lo, hi []T, compare func(a, b T) int, adj func(T) T, rs *table.RadixSorter, y work.Yield) (most, drawn int, sum int64, err error) {
	if err := sortBounds(lo, compare, rs, y); err != nil {
		return 0, 0, 0, err
	}
	if err := sortBounds(hi, compare, rs, y); err != nil {
		return 0, 0, 0, err
	}
	for d, draw := range [2][]T{lo, hi} {
		starts, ends := 0, 0 // #{lo <= v}, #{adj(hi) < v}; v only grows along draw
		for i, v := range draw {
			if i%sweepChunk == 0 && i > 0 {
				if err := y.Tick("sweeping", d*len(lo)+i, 2*len(lo), ""); err != nil {
					return 0, 0, 0, err
				}
			}
			for starts < len(lo) && compare(lo[starts], v) <= 0 {
				starts++
			}
			for ends < len(hi) && compare(adj(hi[ends]), v) < 0 {
				ends++
			}
			dp := starts - ends
			sum += int64(dp)
			most = max(most, dp)
		}
	}
	return most, 2 * len(lo), sum, nil
}

// sweepChunk is how many values overlap sweeps between two ticks of its Yield.
const sweepChunk = 1 << 17

// sortBounds sorts one side of a column's bounds in compare's order, then tells y it is done.
func sortBounds[T any](s []T, compare func(a, b T) int, rs *table.RadixSorter, y work.Yield) error {
	switch l := any(s).(type) { // ints and strings sort faster without a function per comparison
	case []int64:
		sortInt64s(l, rs)
	default:
		slices.SortFunc(s, compare)
	}
	return y.Tick("sorted", 1, 1, "")
}

// overlapInts is overlap on an integer, date or timestamp column's bounds, its comparisons made
// inline (overlap's, calls through function values, were most of an int column's sweep);
// timestamp says the planner reads a max plus 1 ms (skipping.AdjustTimestampMax); rs is
// overlap's.
func overlapInts(lo, hi []int64, timestamp bool, rs *table.RadixSorter, y work.Yield) (most, drawn int, sum int64, err error) {
	for _, side := range [2][]int64{lo, hi} {
		sortInt64s(side, rs)
		if err := y.Tick("sorted", 1, 1, ""); err != nil {
			return 0, 0, 0, err
		}
	}
	for d, draw := range [2][]int64{lo, hi} {
		starts, ends := 0, 0 // #{lo <= v}, #{adj(hi) < v}; v only grows along draw
		for i, v := range draw {
			if i%sweepChunk == 0 && i > 0 {
				if err := y.Tick("sweeping", d*len(lo)+i, 2*len(lo), ""); err != nil {
					return 0, 0, 0, err
				}
			}
			for starts < len(lo) && lo[starts] <= v {
				starts++
			}
			if timestamp {
				for ends < len(hi) && skipping.AdjustTimestampMax(hi[ends]) < v {
					ends++
				}
			} else {
				for ends < len(hi) && hi[ends] < v {
					ends++
				}
			}
			dp := starts - ends
			sum += int64(dp)
			most = max(most, dp)
		}
	}
	return most, 2 * len(lo), sum, nil
}

// overlapStrings is overlap on a string column's bounds, strs[0] the minimums and strs[1] the
// maximums, keys their prefix keys (prefixKey): sorted with them, and compared first, so that a
// bound's text, read from its file's stats string anywhere in the heap, is read again only where
// two keys tie (a key's order is its string's: sortStrings); bs is the sorts' scratch.
func overlapStrings(strs [2][]string, keys [2][]uint64, bs *boundsSorter, y work.Yield) (most, drawn int, sum int64, err error) {
	for side := range 2 {
		if err := sortStrings(strs[side], keys[side], bs, y); err != nil {
			return 0, 0, 0, err
		}
		if err := y.Tick("sorted", 1, 1, ""); err != nil {
			return 0, 0, 0, err
		}
	}
	lo, hi, lk, hk := strs[0], strs[1], keys[0], keys[1]
	for d := range 2 {
		draw, dk := strs[d], keys[d]
		starts, ends := 0, 0 // #{lo <= v}, #{hi < v}; v only grows along draw
		for i, v := range draw {
			if i%sweepChunk == 0 && i > 0 {
				if err := y.Tick("sweeping", d*len(lo)+i, 2*len(lo), ""); err != nil {
					return 0, 0, 0, err
				}
			}
			k := dk[i]
			for starts < len(lo) && (lk[starts] < k || lk[starts] == k && lo[starts] <= v) {
				starts++
			}
			for ends < len(hi) && (hk[ends] < k || hk[ends] == k && hi[ends] < v) {
				ends++
			}
			dp := starts - ends
			sum += int64(dp)
			most = max(most, dp)
		}
	}
	return most, 2 * len(lo), sum, nil
}

// turnsOf is y for the parts of step that only give the page a turn: each Progress reaches y as
// step with a count but no unit, which the page shows nothing for (tablepage.ShowProgress) and
// yields at once its task has run its budget. nil when y is nil.
func turnsOf(y work.Yield, step string) work.Yield {
	if y == nil {
		return nil
	}
	return func(p work.Progress) error {
		return y(work.Progress{Step: step, Done: max(p.Done, 1), Total: max(p.Total, p.Done, 1)})
	}
}

// zcubeHealth counts the report's files' live rows by their ZCube's state (File.ZCube.Sealed).
func zcubeHealth(r *Report, minCube int64) *ZCubeHealth {
	z := &ZCubeHealth{MinCubeSize: minCube}
	cubes := map[string]bool{}
	any := len(r.ClusteringColumns) > 0
	for i := range r.Files {
		f := &r.Files[i]
		var rows int64
		if f.NumRecords == nil {
			z.FilesNoCounts++
		} else {
			rows = max(*f.NumRecords-max(f.DeletedRecords(), 0), 0)
		}
		switch {
		case f.ZCube == nil:
			z.RowsNoZCube += rows
		case f.ZCube.Sealed:
			any = true
			z.RowsSealed += rows
			cubes[f.ZCube.ID] = true
		default:
			any = true
			z.RowsOpen += rows
			cubes[f.ZCube.ID] = false
		}
	}
	if !any {
		return nil
	}
	for _, sealed := range cubes {
		if sealed {
			z.CubesSealed++
		} else {
			z.CubesOpen++
		}
	}
	if total := z.RowsSealed + z.RowsOpen + z.RowsNoZCube; total > 0 {
		t := float64(total)
		z.SealedShare, z.OpenShare, z.NoZCubeShare = float64(z.RowsSealed)/t, float64(z.RowsOpen)/t, float64(z.RowsNoZCube)/t
	}
	return z
}

// indexedLeaves says, for each of leaves (logical skipping leaves), whether the table's
// properties put it among the statistics columns (stats.StatsSchema over the whole schema: an
// array or map spends one of dataSkippingNumIndexedCols too, as truncateSchema counts it in
// M/stats/StatisticsCollection.scala). Properties that do not parse mark every leaf.
func indexedLeaves(schema deltalog.StructType, md deltalog.Metadata, leaves []table.Leaf, want []int) []bool {
	cfg := stats.Config{NumIndexedCols: 32, PartitionColumns: md.PartitionColumns}
	if v, ok := md.Configuration["delta.dataSkippingNumIndexedCols"]; ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			cfg.NumIndexedCols = n
		}
	}
	if v := strings.TrimSpace(md.Configuration["delta.dataSkippingStatsColumns"]); v != "" {
		for _, s := range strings.Split(v, ",") {
			cfg.StatsColumns = append(cfg.StatsColumns, strings.TrimSpace(s))
		}
	}
	full := table.Schema{Fields: allFields(schema.Fields)}
	marked, err := stats.StatsSchema(full, cfg)
	in := map[string]bool{}
	for i, l := range full.Leaves() {
		in[strings.Join(l.Path, "\x00")] = err != nil || marked[i]
	}
	out := make([]bool, len(want))
	for i, w := range want {
		out[i] = in[strings.Join(leaves[w].Path, "\x00")]
	}
	return out
}

// allFields is the whole schema for stats.StatsSchema: an array, map or variant, which skipping
// does not read, is a binary leaf (it spends one indexed column, and dataSkippingStatsColumns
// refuses it as Delta does).
func allFields(fs []deltalog.SchemaField) []table.Field {
	out := make([]table.Field, 0, len(fs))
	for _, f := range fs {
		t, err := table.ParseType(f.Type.Name)
		switch {
		case f.Type.Name == "struct":
			t = table.Type{Kind: table.Struct, Fields: allFields(f.Type.Fields)}
		case f.Type.Name == "decimal":
			t = table.Type{Kind: table.Decimal, Precision: uint8(f.Type.Precision), Scale: uint8(f.Type.Scale)}
		case err != nil:
			t = table.Type{Kind: table.Binary}
		}
		out = append(out, table.Field{Name: f.Name, Type: t})
	}
	return out
}

// estLogicalFileSize is AddFile.estLogicalFileSize (spark/.../actions/actions.scala): the
// file's bytes times its live rows' share, (numRecords - deleted) / numRecords; its bytes when
// numRecords is unknown. ZCube.filterOutLargeZCubes sums it, as engine/optimize's planner does.
func estLogicalFileSize(size int64, numRecords *int64, deleted int64) int64 {
	if numRecords == nil || *numRecords <= 0 {
		return size
	}
	n := *numRecords
	return int64(float64(n-deleted) / float64(n) * float64(size))
}

// sealZCubes sets each file's ZCube.Sealed as filterOutLargeZCubes decides it: its cube's
// logical bytes (estLogicalFileSize) at or over minCube. A cube just over minCubeSize whose rows
// are partly deleted is open, and the next OPTIMIZE rewrites it.
func sealZCubes(files []File, minCube int64) {
	logical := map[string]int64{}
	for i := range files {
		if z := files[i].ZCube; z != nil {
			logical[z.ID] += estLogicalFileSize(files[i].Size, files[i].NumRecords, files[i].DeletedRecords())
		}
	}
	for i := range files {
		if z := files[i].ZCube; z != nil {
			z.Sealed = logical[z.ID] >= minCube
		}
	}
}
