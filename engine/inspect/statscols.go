package inspect

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"layoutlab/engine/deltalog"

	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// statsColumns is what the Inspector keeps of the files' statistics: numRecords and
// tightBounds of every file, and the columns of the leaves read so far.
type statsColumns struct {
	leaves     []*leafColumn // by leaf; nil until read
	numRecords []int64       // by file; -1 when absent (FileStats.NumRecords)
	tight      []int8        // by file: 0 absent, 1 false, 2 true; nil while no file has it
	scratch    stats.FileStats
	// own says the strings kept are copies, not pieces of the statistics text (compacted:
	// Options.CompactStatsFrom).
	own bool
}

func newStatsColumns(leaves, files int) statsColumns {
	c := statsColumns{leaves: make([]*leafColumn, leaves), numRecords: make([]int64, files)}
	c.scratch = stats.FileStats{MinValues: make([]table.Value, leaves), MaxValues: make([]table.Value, leaves), NullCount: make([]int64, leaves)}
	for j := range c.scratch.NullCount {
		c.scratch.NullCount[j] = -1
	}
	return c
}

// want makes room for the leaves not read yet among leaves (of types: the physical leaves) and
// returns them.
func (c *statsColumns) want(leaves []int, types []table.Leaf) []int {
	var missing []int
	for _, j := range leaves {
		if j >= 0 && j < len(c.leaves) && c.leaves[j] == nil && !slices.Contains(missing, j) {
			c.leaves[j] = newLeafColumn(types[j].Type, len(c.numRecords))
			missing = append(missing, j)
		}
	}
	return missing
}

// record keeps file i's checked statistics of the leaves given (want's), and, when all, its
// numRecords and tightBounds.
func (c *statsColumns) record(i int, st *stats.FileStats, leaves []int, all bool) {
	if all {
		c.numRecords[i] = st.NumRecords
		if st.TightBounds != nil {
			if c.tight == nil {
				c.tight = make([]int8, len(c.numRecords))
			}
			c.tight[i] = 1
			if *st.TightBounds {
				c.tight[i] = 2
			}
		}
	}
	for _, j := range leaves {
		l := c.leaves[j]
		l.set(0, i, ownValue(st.MinValues[j], c.own))
		l.set(1, i, ownValue(st.MaxValues[j], c.own))
		l.nulls[i] = st.NullCount[j]
	}
}

// file is file i's statistics as the leaves read so far hold them (the others absent): enough
// for a filter over those leaves. It is valid until the next call.
func (c *statsColumns) file(i int) *stats.FileStats {
	s := &c.scratch
	s.NumRecords, s.TightBounds = c.numRecords[i], nil
	if c.tight != nil && c.tight[i] != 0 {
		t := c.tight[i] == 2
		s.TightBounds = &t
	}
	for j, l := range c.leaves {
		if l != nil {
			s.MinValues[j], s.MaxValues[j], s.NullCount[j] = l.get(0, i), l.get(1, i), l.nulls[i]
		}
	}
	return s
}

// readLeaves makes sure the leaves' columns are read: the files' statistics are parsed and
// checked again, as newInspector did (so the same values), for the leaves not read yet.
func (in *Inspector) readLeaves(leaves []int) {
	missing := in.cols.want(leaves, in.pleaves)
	if len(missing) == 0 {
		return
	}
	files := in.s.AllFiles()
	parser := stats.NewJSONParser(in.pleaves, len(files))
	parser.ReuseValues()
	var p parsedStats
	for i, f := range files {
		if in.hasStats[i] {
			parseStats(parser, in.statsText(i, f), in.pleaves, &p) // it parsed without error before
			in.cols.record(i, &p.st.FileStats, missing, false)
		}
	}
}

// DefaultSpanColumn is the column the page colours the grid by at first: the first clustering
// column, else the first Z-order column of a ZCube, else the first column with statistics;
// "" when no column has statistics. Its statistics are kept from the first read (Open).
func (in *Inspector) DefaultSpanColumn() string {
	if !in.defaultKnown {
		in.defaultCol, in.defaultKnown = in.defaultSpanColumn(), true
	}
	return in.defaultCol
}

func (in *Inspector) defaultSpanColumn() string {
	cols := in.SpanColumns()
	for _, c := range in.base.ClusteringColumns {
		if slices.Contains(cols, c) {
			return c
		}
	}
	for _, f := range in.s.AllFiles() {
		if _, z, ok := f.ZCube(); ok {
			for _, c := range z {
				if slices.Contains(cols, c) {
					return c
				}
			}
		}
	}
	if len(cols) > 0 {
		return cols[0]
	}
	return ""
}

// spanLeaf is the leaf of the span column named column, -1 for none.
func (in *Inspector) spanLeaf(column string) int {
	li := -1
	for _, i := range in.spanLeaves() {
		if in.lleaves[i].Name() == column {
			li = i
		}
	}
	return li
}

// whereLeaves are the leaves a WHERE reads; none when it does not parse.
func whereLeaves(where string, leaves []table.Leaf) []int {
	pred, err := skipping.Parse(where, leaves)
	if err != nil {
		return nil
	}
	return skipping.ReferencedLeaves(pred)
}

// firstLeaves are the leaves newInspector keeps from its read: where's, the first clustering
// column's and, when interactive, DefaultSpanColumn's.
func (in *Inspector) firstLeaves(where string, interactive bool) []int {
	var out []int
	if where != "" {
		out = whereLeaves(where, in.lleaves)
	}
	if cols := in.base.ClusteringColumns; len(cols) > 0 {
		out = append(out, clusterLeaf(cols[0], in.lleaves))
	}
	if interactive {
		out = append(out, in.spanLeaf(in.DefaultSpanColumn()))
	}
	return out
}

// clusterLeaf is the leaf Fabric's overlap score reads for clustering column col
// (case-insensitively, as clusterRanges names it), -1 for none.
func clusterLeaf(col string, leaves []table.Leaf) int {
	for i, l := range leaves {
		if strings.EqualFold(l.Name(), col) {
			return i
		}
	}
	return -1
}

// fileReader is newInspector's read of the files: each add action's Report entry, partition
// values and statistics, checked.
type fileReader struct {
	in        *Inspector
	files     []*deltalog.AddFile
	toLogical map[string]string // partitionValues are keyed by physical name under column mapping
	cubes     *fileCubes
	// the previous file's partition values, as the log has them, in the Report and for skipping
	lastIn, lastPV map[string]string
	lastOut        map[string]*string
	minCube        int64
	parser         *stats.JSONParser
	keep           []int // the leaves whose values are kept
	rowsTotal      int64
	// Most tables have no partition columns: their files share one empty map in the Report.
	noPartsOut map[string]*string
}

// read reads files [lo, hi), parsing their statistics.
func (fr *fileReader) read(lo, hi int) { fr.readParsed(lo, hi, nil) }

// readParsed reads files [lo, hi); parsed, when set, holds their statistics parsed and
// checked (parseBlock), in order.
//
//go:noinline
func (fr *fileReader) readParsed(lo, hi int, parsed []parsedStats) {
	in := fr.in
	var own parsedStats // file i's statistics when parsed is nil
	for i := lo; i < hi; i++ {
		f := fr.files[i]
		out := &in.base.Files[i]
		*out = NewFile(f, "", "", "", nil) // its statistics' text and notes below
		out.PartitionValues = fr.noPartsOut
		if pv := fr.partitionValues(f, out); pv != nil {
			if in.pv == nil {
				in.pv = make([]map[string]string, len(fr.files))
			}
			in.pv[i] = pv
		}
		if f.ClusteringProvider() != "" {
			out.ClusteringProvider = fr.cubes.provider(f.ClusteringProvider())
		}
		// One per ZCube, its bytes counted here, where the file is read, not in a pass of their
		// own before (1,000,000 AddFiles, each read from memory); its Size and Sealed set once
		// every file is (fileCubes.size).
		out.ZCube = fr.cubes.add(f)
		// A stats string that does not parse leaves the file without stats: it is read.
		if f.Stats != "" {
			p := &own
			if parsed != nil {
				p = &parsed[i-lo]
			} else {
				parseStats(fr.parser, f.Stats, in.pleaves, p)
			}
			fr.stats(i, p, out)
		}
		out.addNotes(checkDeletedRecords(out)...)
		if out.NumRecords == nil {
			in.rowsKnow = false
		} else if fr.rowsTotal > math.MaxInt64-*out.NumRecords { // each count is >= 0 (checkStats)
			in.rowsKnow = false
			out.addNotes(fmt.Sprintf("numRecords %d: the table's row total overflows a 64-bit count, so it is unknown", *out.NumRecords))
		} else {
			fr.rowsTotal += *out.NumRecords
		}
	}
}

// partitionValues sets the Report's partition values of f and returns skipping's: by logical
// name, a NULL left out; nil when f has none.
func (fr *fileReader) partitionValues(f *deltalog.AddFile, out *File) map[string]string {
	if len(f.PartitionValues) == 0 {
		return nil
	}
	// The files of a partition are neighbours by path: they share its two maps (read-only), not
	// three objects a file and one a value for the collector to mark.
	if fr.lastOut != nil && maps.Equal(f.PartitionValues, fr.lastIn) {
		out.PartitionValues = fr.lastOut
		return fr.lastPV
	}
	pv := fr.newPartitionValues(f, out)
	fr.lastIn, fr.lastOut, fr.lastPV = f.PartitionValues, out.PartitionValues, pv
	return pv
}

// newPartitionValues is partitionValues for a file whose values the previous file's are not.
func (fr *fileReader) newPartitionValues(f *deltalog.AddFile, out *File) map[string]string {
	out.PartitionValues = make(map[string]*string, len(f.PartitionValues))
	pv := make(map[string]string, len(f.PartitionValues))
	for k, v := range f.PartitionValues {
		if v == "" {
			out.PartitionValues[k] = nil
			continue // a NULL partition value is a missing key to skipping
		}
		out.PartitionValues[k] = &v
		if l, ok := fr.toLogical[k]; ok {
			k = l
		}
		pv[k] = v
	}
	return pv
}

// stats reads file i's statistics, parsed and checked, into out, and keeps the kept leaves'
// values.
func (fr *fileReader) stats(i int, p *parsedStats, out *File) {
	in := fr.in
	st, notes, err := &p.st, p.notes, p.err
	if err != nil {
		out.addNotes(append(notes, fmt.Sprintf("%v: the file's statistics are not used, so it is read", err))...)
		return
	}
	in.hasStats[i] = true
	if in.hc != nil {
		in.hc.add(&st.FileStats, p.keys) // health.go's bounds of the columns not kept, from this one parse
	}
	in.cols.record(i, &st.FileStats, fr.keep, true)
	if st.HasNumRecords { // in.cols.numRecords is each file's home of it, not an object of its own
		out.NumRecords = &in.cols.numRecords[i]
	}
	if !in.cols.own { // compacted, the text they are spans of is dropped
		out.setRaw(0, st.RawMinValues)
		out.setRaw(1, st.RawMaxValues)
		out.setRaw(2, st.RawNullCount)
	}
	out.addNotes(append(st.Notes, notes...)...)
}

// unjudged is a copy of files without verdicts.
func unjudged(files []File) []File {
	out := slices.Clone(files)
	for i := range out {
		out[i].Read, out[i].Reason = false, ""
	}
	return out
}

// partitions is file i's partition values for skipping (Inspector.pv); nil for none.
func (in *Inspector) partitions(i int) map[string]string {
	if in.pv == nil {
		return nil
	}
	return in.pv[i]
}

// ownValue is v, its string a copy of its own when own (the text it is a piece of is dropped).
func ownValue(v table.Value, own bool) table.Value {
	if own && v.S != "" {
		v.S = strings.Clone(v.S)
	}
	return v
}
