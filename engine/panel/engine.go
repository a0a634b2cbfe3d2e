// Package panel runs Layout Lab's statistics panel (experiences.md §2): it generates the seeded
// table, lays it out with Delta's real algorithms (package layout), collects Delta's per-file
// statistics and runs Delta's data skipping for the panel's query, and measures how wide a range
// of each key every file covers.
package panel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"layoutlab/engine/layout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// Engine computes panel Results and caches what does not change between knob moves: the table
// for (rows, seed), each key's ranks over it, and the last layout. The zero value is ready to use.
// An Engine is not safe for concurrent use; the browser keeps one.
type Engine struct {
	// NoCache makes every Run start from scratch (benchmarks compare both).
	NoCache bool
	// StatsJSON fills Result.StatsJSON with each file's add.stats string.
	StatsJSON bool

	rows  int
	seed  uint64
	tbl   *table.Table
	ranks map[int]layout.Ranks // leaf → ranks over the whole table

	lay   layout.Layouter
	last  layoutKey
	files [][]int32
	paths []string
}

type layoutKey struct {
	kind     layout.Kind
	keys     string
	numFiles int
	valid    bool
}

// Table returns the seeded table for (rows, seed), generating it once.
func (e *Engine) Table(rows int, seed uint64) *table.Table {
	if e.NoCache || e.tbl == nil || e.rows != rows || e.seed != seed {
		e.tbl = prelimGenerate(rows, seed)
		e.rows, e.seed = rows, seed
		e.ranks = map[int]layout.Ranks{}
		e.last = layoutKey{}
	}
	return e.tbl
}

func (e *Engine) rankOf(leaf int) layout.Ranks {
	if r, ok := e.ranks[leaf]; ok && !e.NoCache {
		return r
	}
	r := layout.RankRows(&e.tbl.Cols[leaf], layout.AllRows(e.tbl.NumRows))
	e.ranks[leaf] = r
	return r
}

// NumFiles is the number of files the panel writes: Files when set, otherwise Delta's
// approxNumFiles with rows standing for bytes and RowsPerFile for maxFileSize,
// max(1, rows / rowsPerFile) (layout.ApproxNumFiles).
func NumFiles(p scenario.Panel) int {
	if p.Files > 0 {
		return p.Files
	}
	return layout.ApproxNumFiles(int64(p.Rows), int64(p.RowsPerFile))
}

// Run computes the panel for p. It never panics: input it cannot use gives a Result whose Error
// has class LAYOUTLAB_INVALID_INPUT and names the problem; a layout Delta refuses gives Delta's
// error class and message while the table is still shown:
//
//   - liquid clustering (hilbert) on more than 4 keys, on a key without statistics or of a type
//     without data skipping, or on duplicate keys: Delta refuses the CLUSTER BY, so the files are
//     shown as appended (Layout "append");
//   - ZORDER BY a key without statistics: Delta refuses by default, but the check can be
//     disabled (spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled=false), so
//     the files are shown Z-ordered as they would then be, with the error alongside;
//   - ZORDER BY a column that does not exist: shown as appended.
func (e *Engine) Run(p scenario.Panel) (res *Result) {
	res = &Result{Keys: []string{}, Files: []File{}, Spans: map[string]float64{}}
	defer func() {
		if r := recover(); r != nil {
			res.Error = &Error{Class: "LAYOUTLAB_INTERNAL", Message: fmt.Sprint("internal error: ", r)}
		}
	}()
	s := scenario.Scenario{View: "panel", Panel: p}
	s.EnsureDefaults()
	p = s.Panel
	res.Link = scenario.Link(s)
	res.Keys = append(res.Keys, p.Keys...)
	res.Layout = p.Layout
	res.Where = p.Where
	if err := s.Validate(); err != nil {
		res.Error = invalid(err.Error())
		return res
	}
	kind, err := layout.ParseKind(p.Layout)
	if err != nil {
		res.Error = invalid(err.Error())
		return res
	}
	t := e.Table(p.Rows, p.Seed)

	indexed, serr := statsSchema(t, p)
	if serr != nil {
		res.Error = serr
		res.Layout = "append"
		kind = layout.Append
	}

	keys := make([]int, 0, len(p.Keys))
	for _, k := range p.Keys {
		keys = append(keys, t.LeafIndex(k))
	}
	if res.Error == nil {
		if rerr, show := checkKeys(t, kind, p.Keys, keys, indexed); rerr != nil {
			res.Error = rerr
			if !show {
				kind = layout.Append
				res.Layout = "append"
			}
		}
	}
	if kind == layout.OrderBy && len(keys) == 0 {
		res.Error = invalid("layout orderby needs at least one key")
		kind, res.Layout = layout.Append, "append"
	}
	if (kind == layout.ZOrder || kind == layout.Hilbert) && len(keys) == 0 {
		res.Error = invalid("layout " + p.Layout + " needs at least one key")
		kind, res.Layout = layout.Append, "append"
	}

	numFiles := NumFiles(p)
	files, paths, lerr := e.layout(t, kind, keys, numFiles, p.Seed)
	if lerr != nil {
		if res.Error == nil {
			res.Error = &Error{Class: "LAYOUTLAB_LAYOUT_UNAVAILABLE", Message: lerr.Error() + "; showing the table as appended"}
		}
		files, paths, _ = e.layout(t, layout.Append, nil, numFiles, p.Seed)
		res.Layout = "append"
	}

	var conj []prelimConj
	if strings.TrimSpace(p.Where) != "" {
		var perr error
		conj, perr = prelimParse(p.Where, t)
		if perr != nil && res.Error == nil {
			res.Error = &Error{Class: "PARSE_SYNTAX_ERROR", SQLState: "42601", Message: "WHERE: " + perr.Error()}
		}
	}

	spanCols := spanColumns(t, p.Keys)
	spanRanks := make([]layout.Ranks, len(spanCols))
	for i, c := range spanCols {
		spanRanks[i] = e.rankOf(c)
	}
	res.FilesTotal = len(files)
	res.RowsTotal = int64(t.NumRows)
	res.Files = make([]File, len(files))
	sums := make([]float64, len(spanCols))
	for fi, rows := range files {
		st := prelimCollect(t, rows, indexed)
		f := &res.Files[fi]
		f.Path = paths[fi]
		f.NumRecords = st.num
		f.MinValues, f.MaxValues, f.NullCount = statsObjects(t, &st)
		f.Read = prelimKeep(conj, &st)
		if f.Read {
			res.FilesRead++
			res.RowsRead += st.num
		}
		if e.StatsJSON {
			res.StatsJSON = append(res.StatsJSON, statsString(&st, f))
		}
		f.Span = make(map[string]float64, len(spanCols))
		f.Box = make(map[string][2]float64, len(spanCols))
		for i, c := range spanCols {
			name := t.Leaves[c].Name()
			rk := spanRanks[i]
			lo, hi := int32(-1), int32(-1)
			for _, r := range rows {
				v := rk.R[r]
				if v < 0 {
					continue
				}
				if lo < 0 || v < lo {
					lo = v
				}
				if v > hi {
					hi = v
				}
			}
			if lo < 0 {
				f.Span[name] = 0
				continue
			}
			d := float64(rk.Distinct)
			f.Span[name] = float64(hi-lo+1) / d
			f.Box[name] = [2]float64{float64(lo) / d, float64(hi+1) / d}
			sums[i] += f.Span[name]
		}
	}
	for i, c := range spanCols {
		if len(files) > 0 {
			res.Spans[t.Leaves[c].Name()] = sums[i] / float64(len(files))
		}
	}
	return res
}

// spanColumns are the leaves whose spans are reported: the keys that exist, then the panel's
// four dimensions (event_date, user_id, region_id, device_model_id) when the table has them.
func spanColumns(t *table.Table, keys []string) []int {
	var out []int
	seen := map[int]bool{}
	for _, n := range append(append([]string(nil), keys...), "event_date", "user_id", "region_id", "device_model_id") {
		if i := t.LeafIndex(n); i >= 0 && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	return out
}

func (e *Engine) layout(t *table.Table, kind layout.Kind, keys []int, numFiles int, seed uint64) ([][]int32, []string, error) {
	switch kind {
	case layout.Append:
		keys = nil
	case layout.OrderBy:
		keys = keys[:min(1, len(keys))]
	}
	var kb strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&kb, "%d,", k)
	}
	lk := layoutKey{kind: kind, keys: kb.String(), numFiles: numFiles, valid: true}
	if !e.NoCache && e.last == lk {
		return e.files, e.paths, nil
	}
	ranks := make([]layout.Ranks, len(keys))
	for i, k := range keys {
		if k < 0 || k >= len(t.Cols) {
			return nil, nil, fmt.Errorf("key %d is not a column", i+1)
		}
		ranks[i] = e.rankOf(k)
	}
	files, err := e.lay.Layout(layout.AllRows(t.NumRows), ranks, kind, numFiles, layout.Options{Seed: seed})
	if err != nil {
		return nil, nil, err
	}
	namer := layout.NewFileNamer(seed)
	paths := make([]string, len(files))
	for i := range files {
		paths[i] = namer.Name("", i)
	}
	e.last, e.files, e.paths = lk, files, paths
	return files, paths, nil
}

// statsSchema decides which leaves get statistics: delta.dataSkippingStatsColumns when set,
// otherwise the first delta.dataSkippingNumIndexedCols leaves (-1 = all).
func statsSchema(t *table.Table, p scenario.Panel) ([]bool, *Error) {
	indexed := make([]bool, len(t.Leaves))
	if len(p.StatsColumns) > 0 {
		seen := map[int]bool{}
		for _, n := range p.StatsColumns {
			i := t.LeafIndex(strings.TrimSpace(n))
			if i < 0 {
				return indexed, &Error{Class: "DELTA_COLUMN_NOT_FOUND", SQLState: "42703", Message: fmt.Sprintf("Unable to find the column `%s` given [%s]", n, leafNames(t))}
			}
			if seen[i] {
				return indexed, &Error{Class: "DELTA_DUPLICATE_DATA_SKIPPING_COLUMNS", SQLState: "42701", Message: fmt.Sprintf("Duplicated data skipping columns found: %s.", n)}
			}
			seen[i] = true
			if !t.Leaves[i].Type.SkippingEligible() {
				return indexed, &Error{Class: "DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_TYPE", SQLState: "0AKDC", Message: fmt.Sprintf("Data skipping is not supported for column '%s' of type %s.", n, t.Leaves[i].Type)}
			}
			indexed[i] = true
		}
		return indexed, nil
	}
	n := p.NumIndexedCols()
	for i := range indexed {
		indexed[i] = n < 0 || i < n
	}
	return indexed, nil
}

func leafNames(t *table.Table) string {
	var s []string
	for _, l := range t.Leaves {
		s = append(s, l.Name())
	}
	return strings.Join(s, ", ")
}

// checkKeys applies Delta's checks on clustering / Z-order keys. show reports whether the
// layout is still carried out (Z-order with its stats check disabled).
func checkKeys(t *table.Table, kind layout.Kind, names []string, keys []int, indexed []bool) (err *Error, show bool) {
	switch kind {
	case layout.Hilbert:
		if len(names) > 4 {
			return &Error{Class: "DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS", SQLState: "54000", Message: fmt.Sprintf("CLUSTER BY supports up to 4 clustering columns, but the table has %d clustering columns. Please remove the extra clustering columns.", len(names))}, false
		}
		seen := map[int]bool{}
		var missing []string
		for i, k := range keys {
			if k < 0 {
				return invalid(fmt.Sprintf("clustering column %q does not exist", names[i])), false
			}
			if seen[k] {
				return &Error{Class: "DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY", SQLState: "42711", Message: fmt.Sprintf("Found duplicate column(s): %s. The duplicate was found in CLUSTER BY.", names[i])}, false
			}
			seen[k] = true
			if !t.Leaves[k].Type.SkippingEligible() {
				return &Error{Class: "DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED", SQLState: "0A000", Message: fmt.Sprintf("CLUSTER BY is not supported because the following column(s): %s : %s don't support data skipping.", names[i], strings.ToUpper(t.Leaves[k].Type.String()))}, false
			}
			if !indexed[k] {
				missing = append(missing, names[i])
			}
		}
		if len(missing) > 0 {
			return &Error{Class: "DELTA_CLUSTERING_COLUMN_MISSING_STATS", SQLState: "22000", Message: fmt.Sprintf("Clustering requires clustering columns to have stats. Couldn't find clustering column(s) '%s' in stats schema:\n%s", strings.Join(missing, ", "), statsSchemaTree(t, indexed))}, false
		}
	case layout.ZOrder:
		var missing []string
		for i, k := range keys {
			if k < 0 {
				return &Error{Class: "DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST", SQLState: "42703", Message: fmt.Sprintf("Z-Ordering column %s does not exist in data schema.", names[i])}, false
			}
			if !indexed[k] || !t.Leaves[k].Type.SkippingEligible() {
				missing = append(missing, names[i])
			}
		}
		if len(missing) > 0 {
			return &Error{Class: "DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS", SQLState: "KD00D", Message: fmt.Sprintf("Z-Ordering on [%s] will be ineffective, because we currently do not collect stats for these columns. You can disable this check by setting\n SET spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled = false", strings.Join(missing, ", "))}, true
		}
	case layout.OrderBy:
		if len(keys) > 0 && keys[0] < 0 {
			return invalid(fmt.Sprintf("ORDER BY column %q does not exist", names[0])), false
		}
	}
	return nil, false
}

func statsSchemaTree(t *table.Table, indexed []bool) string {
	var b strings.Builder
	b.WriteString("root\n")
	for i, l := range t.Leaves {
		if indexed[i] && l.Type.SkippingEligible() {
			fmt.Fprintf(&b, " |-- %s: %s (nullable = true)\n", l.Name(), l.Type)
		}
	}
	return b.String()
}

// statsObjects renders minValues, maxValues and nullCount as Delta's stats JSON objects.
func statsObjects(t *table.Table, s *prelimStats) (min, max, nulls json.RawMessage) {
	var bmin, bmax, bn bytes.Buffer
	bmin.WriteByte('{')
	bmax.WriteByte('{')
	bn.WriteByte('{')
	for i, l := range t.Leaves {
		if s.nulls[i] < 0 {
			continue
		}
		name, _ := json.Marshal(l.Name())
		if !s.min[i].Absent() {
			if bmin.Len() > 1 {
				bmin.WriteByte(',')
				bmax.WriteByte(',')
			}
			bmin.Write(name)
			bmin.WriteByte(':')
			bmin.Write(valueJSON(s.min[i]))
			bmax.Write(name)
			bmax.WriteByte(':')
			bmax.Write(valueJSON(s.max[i]))
		}
		if bn.Len() > 1 {
			bn.WriteByte(',')
		}
		bn.Write(name)
		fmt.Fprintf(&bn, ":%d", s.nulls[i])
	}
	bmin.WriteByte('}')
	bmax.WriteByte('}')
	bn.WriteByte('}')
	return bmin.Bytes(), bmax.Bytes(), bn.Bytes()
}

func valueJSON(v table.Value) []byte {
	switch v.Kind {
	case table.Bigint, table.Int:
		return fmt.Appendf(nil, "%d", v.I)
	case table.Double:
		b, err := json.Marshal(v.F)
		if err != nil {
			b, _ = json.Marshal(v.String()) // NaN and infinities as Spark's JSON writes them
		}
		return b
	case table.Decimal:
		return []byte(v.String())
	}
	b, _ := json.Marshal(v.String())
	return b
}

func statsString(s *prelimStats, f *File) string {
	return fmt.Sprintf(`{"numRecords":%d,"minValues":%s,"maxValues":%s,"nullCount":%s}`, s.num, f.MinValues, f.MaxValues, f.NullCount)
}
