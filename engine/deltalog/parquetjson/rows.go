package parquetjson

import (
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// leaf is one leaf column of the checkpoint: its index (-1 when the schema has no such column)
// and the definition level at which its value is present (not null).
type leaf struct {
	col, maxDef int
}

// addColumns are the leaf columns of a checkpoint's add struct that Rows decodes to AddFile's
// fields directly; the other add columns (partitionValues_parsed, fields a later protocol adds)
// are not read, as AddFile has no field for them.
type addColumns struct {
	path, size, mtime  leaf
	dataChange, stats  leaf
	pvKey, pvValue     leaf
	tagKey, tagValue   leaf
	pvEmpty, tagEmpty  int // the definition level of a present, empty map
	dvType, dvPath     leaf
	dvOffset, dvSize   leaf
	dvCard             leaf
	baseRowID          leaf
	rowCommitVersion   leaf
	provider           leaf
	statsParsed        []leaf // columns under add.stats_parsed
	numCols, addDefLvl int
}

func lookupAdd(schema *parquet.Schema) (*addColumns, bool) {
	var add parquet.Field
	for _, f := range schema.Fields() {
		if f.Name() == "add" {
			add = f
		}
	}
	if add == nil || add.Leaf() || !add.Optional() {
		return nil, false
	}
	col := func(path ...string) leaf {
		if l, ok := schema.Lookup(append([]string{"add"}, path...)...); ok {
			return leaf{l.ColumnIndex, l.MaxDefinitionLevel}
		}
		return leaf{-1, 0}
	}
	c := &addColumns{addDefLvl: 1,
		path: col("path"), size: col("size"), mtime: col("modificationTime"), dataChange: col("dataChange"), stats: col("stats"),
		pvKey: col("partitionValues", "key_value", "key"), pvValue: col("partitionValues", "key_value", "value"),
		tagKey: col("tags", "key_value", "key"), tagValue: col("tags", "key_value", "value"),
		dvType: col("deletionVector", "storageType"), dvPath: col("deletionVector", "pathOrInlineDv"),
		dvOffset: col("deletionVector", "offset"), dvSize: col("deletionVector", "sizeInBytes"), dvCard: col("deletionVector", "cardinality"),
		baseRowID: col("baseRowId"), rowCommitVersion: col("defaultRowCommitVersion"), provider: col("clusteringProvider"),
	}
	if c.path.col < 0 || c.size.col < 0 {
		return nil, false
	}
	// A map's key is required under the repeated key_value: a map present but empty stops one
	// level short of the key's maximum.
	c.pvEmpty, c.tagEmpty = c.pvKey.maxDef-1, c.tagKey.maxDef-1
	for i, p := range schema.Columns() {
		if len(p) > 1 && p[0] == "add" && p[1] == "stats_parsed" {
			l, _ := schema.Lookup(p...)
			c.statsParsed = append(c.statsParsed, leaf{i, l.MaxDefinitionLevel})
		}
	}
	return c, true
}

// addRowBytes is what the typed decoding holds for each row at most: its AddFile, its
// AddFileExtras (when any row has them) and two flags.
const addRowBytes = int64(unsafe.Sizeof(deltalog.AddFile{})+unsafe.Sizeof(deltalog.AddFileExtras{})) + 2

// checkpointStep names the reading of a checkpoint's actions to the Yield.
const checkpointStep = "Reading the checkpoint"

// progressEvery is how many values Rows reads between calls of its Yield.
const progressEvery = 4096

// Rows decodes a Parquet checkpoint or sidecar for engine/deltalog (deltalog.OpenOptions.Parquet): add
// actions column by column straight into AddFiles (only the add columns AddFile has are read,
// each string copied once into a slab shared by the column), every other action, and an add
// that needs more than its typed columns (statistics kept only as stats_parsed, a missing
// path or size), as the JSON line a commit holds (the line the tests' row-by-row Lines gives).
func Rows(r io.ReaderAt, size int64, progress work.Yield) (out *deltalog.ParquetActions, err error) {
	err = eachRowAt(r, size, func(c *checkpoint) error {
		var err error
		out, err = c.actions(progress)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// addRows is the typed decoding of the add columns of a whole checkpoint, one entry per row.
type addRows struct {
	adds    []deltalog.AddFile
	present []bool // the row holds an add
	bad     []bool // the add needs the JSON path (see Rows)
	// extras are the adds' AddFileExtras, made at the first row that has one (most
	// checkpoints have none), given to the adds once every column is read (shareExtras).
	extras []deltalog.AddFileExtras
}

// extra is row i's AddFileExtras, to fill in.
func (r *addRows) extra(i int64) *deltalog.AddFileExtras {
	if r.extras == nil {
		r.extras = make([]deltalog.AddFileExtras, len(r.adds))
	}
	return &r.extras[i]
}

// shareExtras gives each add its AddFileExtras, no longer changed. When fewer than half the
// rows have any (a few deletion vectors among a million adds), theirs are copied out first: a
// pointer into the array would keep all of it, 48 bytes a row, for as long as its add lives.
func (r *addRows) shareExtras() {
	extras := r.extras
	n := 0
	for i := range extras {
		if !extras[i].None() {
			n++
		}
	}
	if n < len(extras)/2 {
		own := make([]deltalog.AddFileExtras, 0, n)
		for i := range extras {
			if !extras[i].None() {
				own = append(own, extras[i])
				r.adds[i].ShareExtras(&own[len(own)-1])
			}
		}
		r.extras = nil
		return
	}
	for i := range extras {
		r.adds[i].ShareExtras(&extras[i])
	}
}

func (c *checkpoint) actions(progress work.Yield) (*deltalog.ParquetActions, error) {
	total := c.pf.NumRows()
	cols, typed := lookupAdd(c.schema)
	out := &deltalog.ParquetActions{}
	var r *addRows
	if typed {
		if err := c.decode(total * addRowBytes); err != nil {
			return nil, fmt.Errorf("num_rows: %d rows of adds: %v", total, err)
		}
		r = &addRows{adds: make([]deltalog.AddFile, total), present: make([]bool, total), bad: make([]bool, total)}
		if err := c.readAdds(cols, r, progress); err != nil {
			return nil, err
		}
		r.shareExtras()
	}
	// Every other row is read whole and rendered as JSON, like Lines.
	var want []int64
	for i := int64(0); i < total; i++ {
		if r == nil || !r.present[i] || r.bad[i] {
			want = append(want, i)
		}
	}
	if err := c.readRows(want, func(row int64, pr parquet.Row) error {
		line, err := c.line(pr)
		if err != nil {
			return err
		}
		if err := c.decode(int64(len(line))); err != nil {
			return err
		}
		if line != nil {
			out.Lines = append(out.Lines, deltalog.ParquetLine{Row: int(row + 1), JSON: line})
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if r != nil {
		// Compact the typed adds to the front of the slice they were decoded into. The rows
		// before the first typed add (a checkpoint's protocol and metaData) are skipped rather
		// than every add moved down over them: a million AddFiles copied were 130 MB of
		// memmove, with write barriers while the collector marks.
		first := 0
		for first < len(r.adds) && (!r.present[first] || r.bad[first]) {
			first++
		}
		clear(r.adds[:first]) // a bad row's fields decoded before it was marked
		adds := r.adds[first:]
		if len(adds) > 0 {
			out.AddRows = make([]int, 0, len(adds)) // not grown a million times over
		}
		n := 0
		for i := range adds {
			i := first + i
			if r.present[i] && !r.bad[i] {
				if n != i-first {
					adds[n] = r.adds[i]
				}
				out.AddRows = append(out.AddRows, i+1)
				n++
			}
		}
		clear(adds[n:])
		out.Adds = adds[:n:n]
	}
	if err := progress.Tick(checkpointStep, int(total), int(total), "actions"); err != nil {
		return nil, err
	}
	return out, nil
}

// readAdds decodes the add columns, one column at a time, into r.
func (c *checkpoint) readAdds(cols *addColumns, r *addRows, progress work.Yield) error {
	if progress == nil && c.readAddsConcurrent(cols, r) {
		return nil
	}
	d := newAddDecoder(c, cols, r)
	steps := []leaf{cols.path, cols.size, cols.mtime, cols.dataChange, cols.stats}
	steps = append(steps, cols.statsParsed...)
	steps = append(steps, cols.pvKey, cols.tagKey, cols.dvType, cols.dvPath, cols.dvOffset, cols.dvSize, cols.dvCard,
		cols.baseRowID, cols.rowCommitVersion, cols.provider)
	nsteps := int64(len(steps))
	base := int64(0)
	for g, rg := range c.pf.RowGroups() {
		d.pv.reset()
		d.tags.reset()
		for k, l := range steps {
			if l.col < 0 {
				continue
			}
			var slab slab
			if l == cols.path || l == cols.stats {
				slab.grow(c, g, l.col)
			}
			step := int64(k)
			var stop error // progress's, which ends the decoding after this column
			err := c.eachValue(rg, l.col, d.buf, func(row int64, v parquet.Value) {
				if progress != nil && stop == nil && row%progressEvery == 0 && v.RepetitionLevel() == 0 {
					stop = progress.Tick(checkpointStep, int((step*d.total+base+row)/nsteps), int(d.total), "actions")
				}
				d.value(l, base+row, v, &slab)
			})
			if err == nil {
				err = stop
			}
			if err == nil {
				err = d.endColumn(rg, l, base, &slab)
			}
			if err != nil {
				return err
			}
		}
		base += rg.NumRows()
	}
	return nil
}

// addDecoder is what decoding the add columns keeps from column to column and row group to row
// group: the rows decoded so far, the maps being assembled, and the strings interned.
type addDecoder struct {
	c              *checkpoint
	cols           *addColumns
	r              *addRows
	total          int64
	pv, tags       mapColumn
	rowIDs         []int64 // baseRowId values, allocated at the first
	commitVersions []int64 // defaultRowCommitVersion values, allocated at the first
	intern         func(b []byte) string
	emptyMap       map[string]string // shared: the snapshot's maps are read-only
	buf            []parquet.Value
}

func newAddDecoder(c *checkpoint, cols *addColumns, r *addRows) *addDecoder {
	interned := map[string]string{}
	return &addDecoder{c: c, cols: cols, r: r, total: c.pf.NumRows(), emptyMap: map[string]string{},
		buf: make([]parquet.Value, 1024),
		intern: func(b []byte) string {
			if s, ok := interned[string(b)]; ok {
				return s
			}
			s := string(b)
			interned[s] = s
			return s
		}}
}

// value decodes value v of column l for row i (its path, or a field of its add).
func (d *addDecoder) value(l leaf, i int64, v parquet.Value, slab *slab) {
	cols, r := d.cols, d.r
	if l == cols.path {
		r.present[i] = v.DefinitionLevel() >= cols.addDefLvl
		if r.present[i] && (v.DefinitionLevel() < l.maxDef || v.Kind() != parquet.ByteArray) {
			r.bad[i] = true // no path: the JSON path names what is wrong
		} else if r.present[i] {
			slab.add(i, v.ByteArray())
		}
		return
	}
	if !r.present[i] || r.bad[i] {
		return
	}
	a := &r.adds[i]
	null := v.DefinitionLevel() < l.maxDef
	switch l {
	case cols.size:
		var ok bool
		if a.Size, ok = int64Value(v, null); !ok {
			r.bad[i] = true
		}
	case cols.mtime:
		a.ModificationTime, _ = int64Value(v, null)
	case cols.dataChange:
		a.DataChange = !null && v.Kind() == parquet.Boolean && v.Boolean()
	case cols.stats:
		if !null && v.Kind() == parquet.ByteArray {
			slab.add(i, v.ByteArray())
		}
	case cols.pvKey:
		if d.pv.key(i, v, null, cols.pvEmpty, d.intern) {
			a.PartitionValues = d.emptyMap
		}
	case cols.tagKey:
		if d.tags.key(i, v, null, cols.tagEmpty, d.intern) {
			r.extra(i).Tags = d.emptyMap
		}
	case cols.dvType, cols.dvPath, cols.dvOffset, cols.dvSize, cols.dvCard:
		d.deletionVector(l, i, v, null)
	case cols.baseRowID:
		if id, ok := int64Value(v, null); ok {
			if d.rowIDs == nil {
				d.rowIDs = make([]int64, d.total)
			}
			d.rowIDs[i] = id
			r.extra(i).BaseRowID = &d.rowIDs[i]
		}
	case cols.rowCommitVersion:
		if cv, ok := int64Value(v, null); ok {
			if d.commitVersions == nil {
				d.commitVersions = make([]int64, d.total)
			}
			d.commitVersions[i] = cv
			r.extra(i).DefaultRowCommitVersion = &d.commitVersions[i]
		}
	case cols.provider:
		if !null && v.Kind() == parquet.ByteArray {
			r.extra(i).ClusteringProvider = d.intern(v.ByteArray())
		}
	default: // a stats_parsed column: statistics only as a struct are rendered to JSON by rowLine
		if v.DefinitionLevel() > cols.addDefLvl && a.Stats == "" {
			r.bad[i] = true
		}
	}
}

// deletionVector decodes a field of the add's deletionVector (storageType comes first and
// makes the descriptor).
func (d *addDecoder) deletionVector(l leaf, i int64, v parquet.Value, null bool) {
	cols := d.cols
	if l == cols.dvType {
		if !null && v.Kind() == parquet.ByteArray {
			d.r.extra(i).DeletionVector = &deltalog.DeletionVectorDescriptor{StorageType: d.intern(v.ByteArray())}
		}
		return
	}
	if d.r.extras == nil || d.r.extras[i].DeletionVector == nil {
		return // the add has no descriptor: its storageType is null
	}
	dv := d.r.extras[i].DeletionVector
	switch l {
	case cols.dvPath:
		if !null && v.Kind() == parquet.ByteArray {
			dv.PathOrInlineDv = string(v.ByteArray())
		}
	case cols.dvOffset:
		if o, ok := int64Value(v, null); ok {
			o32 := int32(o)
			dv.Offset = &o32
		}
	case cols.dvSize:
		if s, ok := int64Value(v, null); ok {
			dv.SizeInBytes = int32(s)
		}
	case cols.dvCard:
		dv.Cardinality, _ = int64Value(v, null)
	}
}

// endColumn finishes column l of a row group: the strings collected in slab go to their adds,
// a map's keys are joined with its values.
func (d *addDecoder) endColumn(rg parquet.RowGroup, l leaf, base int64, slab *slab) error {
	cols, r := d.cols, d.r
	switch l {
	case cols.path:
		slab.assign(func(i int64, s string) { r.adds[i].Path = s })
	case cols.stats:
		slab.assign(func(i int64, s string) { r.adds[i].Stats = s })
	case cols.pvKey:
		if err := d.c.mapValues(rg, cols.pvValue, d.buf, base, r, &d.pv, d.intern); err != nil {
			return err
		}
		d.pv.assign(r, func(i int64, m map[string]string) { r.adds[i].PartitionValues = m })
	case cols.tagKey:
		if err := d.c.mapValues(rg, cols.tagValue, d.buf, base, r, &d.tags, d.intern); err != nil {
			return err
		}
		d.tags.assign(r, func(i int64, m map[string]string) { r.extra(i).Tags = m })
	}
	return nil
}

// int64Value is an INT64 or INT32 value; false when null or of another type.
func int64Value(v parquet.Value, null bool) (int64, bool) {
	if null {
		return 0, false
	}
	switch v.Kind() {
	case parquet.Int64:
		return v.Int64(), true
	case parquet.Int32:
		return int64(v.Int32()), true
	}
	return 0, false
}

// eachValue calls f with every value of column col in the row group and the row (from 0 in
// the group) it belongs to, and checks that the column holds the group's rows.
func (c *checkpoint) eachValue(rg parquet.RowGroup, col int, buf []parquet.Value, f func(row int64, v parquet.Value)) (err error) {
	defer func() {
		// The library panics on some corrupt pages (a dictionary index past the dictionary's
		// end): the error names the column, which eachRowAt's recover cannot.
		if p := recover(); p != nil {
			err = fmt.Errorf("column %s: %s %v", strings.Join(c.schema.Columns()[col], "."), libraryPanic, p)
		}
	}()
	r := parquet.NewColumnChunkValueReader(rg.ColumnChunks()[col])
	defer r.Close()
	row := int64(-1)
	for {
		n, err := r.ReadValues(buf)
		for _, v := range buf[:n] {
			if v.RepetitionLevel() == 0 {
				row++
			}
			if row < 0 || row >= rg.NumRows() {
				return fmt.Errorf("column %s holds more rows than its row group's %d", strings.Join(c.schema.Columns()[col], "."), rg.NumRows())
			}
			if v.Kind() == parquet.ByteArray {
				if err := c.decode(int64(len(v.ByteArray()))); err != nil {
					return fmt.Errorf("column %s: %v", strings.Join(c.schema.Columns()[col], "."), err)
				}
			}
			f(row, v)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("column %s: %v", strings.Join(c.schema.Columns()[col], "."), err)
		}
	}
	if row+1 != rg.NumRows() {
		return fmt.Errorf("column %s holds %d rows, its row group %d", strings.Join(c.schema.Columns()[col], "."), row+1, rg.NumRows())
	}
	return nil
}

// slab gathers a column's strings into blocks of slabBlock bytes: each row's bytes are copied
// once, and every string is a piece of a block (one allocation per block, none copied again as
// a single growing buffer would be).
type slab struct {
	done []string // the finished blocks
	cur  strings.Builder
	rows []int64
	refs []slabRef
	last string // the value added last
	left int64  // the bytes grow's hint still expects: the last block is made to fit them
}

type slabRef struct {
	block int // index in done (len(done) for cur); -1: the value of the row before
	end   int // where the string ends in its block
}

// slabBlock is the size of a slab's blocks; a longer string has a block of its own.
const slabBlock = 4 << 20

// maxSlabHint caps the rows reserved for from a footer's figures.
const maxSlabHint = 256 << 20

// grow reserves room for column col of row group g: for its rows from the footer's num_values,
// and for its strings the bytes its pages decompress to (a little more than the strings take),
// within what the checkpoint may still decode to, a block at most: a column's strings in one
// block are all garbage only once none is held, so that the table page's compaction of the
// statistics text (inspect.CompactStats), which lets go of a block's texts in turn, freed
// nothing of a million files' 178 MB before its end, its values placed on top of all of it.
func (s *slab) grow(c *checkpoint, g, col int) {
	md := c.footer.md
	if g >= len(md.RowGroups) || col >= len(md.RowGroups[g].Columns) {
		return
	}
	if n := min(c.footer.plain[g][col], MaxDecodedBytes-c.decoded); n > 0 {
		s.cur.Grow(int(min(n, slabBlock)))
		s.left = n
	}
	if n := md.RowGroups[g].Columns[col].MetaData.NumValues; n > 0 && n <= maxSlabHint/16 {
		s.rows = make([]int64, 0, n)
		s.refs = make([]slabRef, 0, n)
	}
}

func (s *slab) add(row int64, b []byte) {
	if len(s.rows) > 0 && string(b) == s.last {
		// The same value as the row before (a dictionary's value repeated): shared, not copied.
		s.rows = append(s.rows, row)
		s.refs = append(s.refs, slabRef{block: -1})
		return
	}
	if s.cur.Cap()-s.cur.Len() < len(b) {
		if s.cur.Len() > 0 {
			s.done = append(s.done, s.cur.String())
		}
		s.cur = strings.Builder{}
		size := int64(slabBlock)
		if s.left > 0 {
			size = min(size, s.left)
		}
		s.cur.Grow(max(int(size), len(b)))
	}
	start := s.cur.Len()
	s.cur.Write(b)
	s.left -= int64(len(b))
	s.last = s.cur.String()[start:] // the block never grows past its capacity, so this stays
	s.rows = append(s.rows, row)
	s.refs = append(s.refs, slabRef{len(s.done), s.cur.Len()})
}

func (s *slab) assign(set func(row int64, s string)) {
	blocks := append(s.done, s.cur.String())
	start, block, last := 0, -1, ""
	for k, row := range s.rows {
		ref := s.refs[k]
		if ref.block < 0 {
			set(row, last)
			continue
		}
		if ref.block != block {
			block, start = ref.block, 0
		}
		last = blocks[block][start:ref.end]
		set(row, last)
		start = ref.end
	}
}

// mapColumn is a MAP<string,string> column pair being decoded: the entries of its key column
// that hold a key (with the row of each and its place among the column's values), then their
// values. A null key is a null or an empty map, which needs no entry.
type mapColumn struct {
	rows []int64
	keys []string
	pos  []int
	vals []string
	seen int // values of the key column read so far
	bad  bool
}

func (m *mapColumn) reset() {
	m.rows, m.keys, m.pos, m.vals = m.rows[:0], m.keys[:0], m.pos[:0], m.vals[:0]
	m.seen, m.bad = 0, false
}

// key reads one value of the key column and says whether it is an empty map, which the caller
// sets on the spot (a null map is left nil, as the JSON path reads it).
func (m *mapColumn) key(row int64, v parquet.Value, null bool, empty int, intern func([]byte) string) (isEmpty bool) {
	m.seen++
	if null {
		return v.DefinitionLevel() >= empty
	}
	if v.Kind() != parquet.ByteArray {
		m.bad = true
		return false
	}
	m.rows = append(m.rows, row)
	m.keys = append(m.keys, intern(v.ByteArray()))
	m.pos = append(m.pos, m.seen-1)
	return false
}

// mapValues reads the value column of m's map: one value (null for a null value, or for an
// empty or null map) for each value of the key column.
func (c *checkpoint) mapValues(rg parquet.RowGroup, l leaf, buf []parquet.Value, base int64, r *addRows, m *mapColumn, intern func([]byte) string) error {
	if l.col < 0 || len(m.rows) == 0 {
		m.rows = m.rows[:0] // no value column: every map is missing, as the JSON path reads it
		return nil
	}
	seen, k := 0, 0
	err := c.eachValue(rg, l.col, buf, func(row int64, v parquet.Value) {
		i := base + row
		if !r.present[i] || r.bad[i] {
			return
		}
		seen++
		if k >= len(m.pos) || m.pos[k] != seen-1 {
			return
		}
		if m.rows[k] != i {
			m.bad = true
		}
		s := ""
		if v.DefinitionLevel() >= l.maxDef && v.Kind() == parquet.ByteArray {
			s = intern(v.ByteArray())
		}
		m.vals = append(m.vals, s)
		k++
	})
	if k != len(m.rows) || seen != m.seen {
		m.bad = true
	}
	return err
}

// assign builds the maps of the rows with entries. Key and value columns that do not pair
// send the row group's adds with entries to the JSON path.
func (m *mapColumn) assign(r *addRows, set func(i int64, m map[string]string)) {
	if m.bad {
		for _, i := range m.rows {
			r.bad[i] = true
		}
		return
	}
	for k := 0; k < len(m.rows); {
		i := m.rows[k]
		end := k
		for end < len(m.rows) && m.rows[end] == i {
			end++
		}
		mp := make(map[string]string, end-k)
		for j := k; j < end; j++ {
			mp[m.keys[j]] = m.vals[j]
		}
		set(i, mp)
		k = end
	}
}

// readRows calls each with the rows of the file whose indexes (from 0, ascending) are in want,
// read whole.
func (c *checkpoint) readRows(want []int64, each func(row int64, r parquet.Row) error) error {
	if len(want) == 0 {
		return nil
	}
	buf := make([]parquet.Row, 64)
	base := int64(0)
	k := 0
	for _, rg := range c.pf.RowGroups() {
		n := rg.NumRows()
		if k >= len(want) || want[k] >= base+n {
			base += n
			continue
		}
		rows := rg.Rows()
		pos := int64(0)
		for k < len(want) && want[k] < base+n {
			// A run of consecutive wanted rows is read in one go.
			start := want[k] - base
			end := start + 1
			for k+int(end-start) < len(want) && want[k+int(end-start)] == base+end {
				end++
			}
			if start != pos {
				if err := rows.SeekToRow(start); err != nil {
					rows.Close()
					return fmt.Errorf("row %d: %v", base+start+1, err)
				}
			}
			pos = start
			for pos < end {
				m, err := rows.ReadRows(buf[:min(int64(len(buf)), end-pos)])
				for i := 0; i < m; i++ {
					if err := each(base+pos, buf[i]); err != nil {
						rows.Close()
						return fmt.Errorf("row %d: %v", base+pos+1, err)
					}
					pos++
				}
				if err == io.EOF && pos < end {
					rows.Close()
					return fmt.Errorf("row %d: the row group ends before its %d rows", base+pos+1, n)
				}
				if err != nil && err != io.EOF {
					rows.Close()
					return fmt.Errorf("row %d: %v", base+pos+1, err)
				}
			}
			k += int(end - start)
		}
		rows.Close()
		base += n
	}
	return nil
}
