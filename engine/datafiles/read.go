package datafiles

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Default limits of Read (docs/limits.md). Past either, Read samples whole row groups.
const (
	DefaultMaxRows  = 2_000_000
	DefaultMaxBytes = 512 << 20 // decoded: what the columns hold in memory
)

// Options says what Read reads.
type Options struct {
	// Columns are logical leaf names (dotted for nested; a struct's name reads all its leaves),
	// matched case-insensitively; nil reads every leaf the engine models.
	Columns []string
	// MaxRows and MaxBytes bound what is read (0: DefaultMaxRows, DefaultMaxBytes); MaxBytes
	// counts decoded bytes (8 per number, 16 per string plus its bytes, 1 per null flag).
	MaxRows, MaxBytes int64
	// Seed drives the choice of row groups when sampling.
	Seed uint64
	// Yield is told ReadStep's progress before each row group is read and once at the end (row
	// groups done of those chosen); its error stops the read, and Read returns it as it is. The
	// page reports progress, ends its task and cancels there.
	Yield work.Yield
}

// ReadStep is the step Read tells its Yield, counting row groups.
const ReadStep = "Reading the data files"

// Sample says how much of the table Read read.
type Sample struct {
	RowsRead, RowsTotal           int64 // live rows (deletion vectors applied)
	RowGroupsRead, RowGroupsTotal int
	Fraction                      float64 // RowsRead / RowsTotal (1 for an empty table)
	// BytesRead are the decoded bytes the rows hold, as counted against MaxBytes.
	BytesRead int64
}

// Rows are a table's live rows.
type Rows struct {
	// Table holds one Column per leaf read, live rows only, deletion vectors applied, partition
	// columns filled from partitionValues.
	Table *table.Table
	// File is, per row, the index of its file in snap.Files() (equally snap.AllFiles()).
	File   []int32
	Sample Sample
	// Unread names the table's columns of types Layout Lab does not read ("tags (array)"),
	// left out when Options.Columns is nil.
	Unread []string
}

// dataFile is one add action and its checked footer.
type dataFile struct {
	add    *deltalog.AddFile
	name   string
	footer *parquetjson.DataFooter
}

// rowGroup is a row group Read may read, with the rows and the decoded bytes its footer leads to
// expect.
type rowGroup struct {
	file, group int
	rows, bytes int64
}

// Read reads the live rows of snap's data files from fsys (the table's root folder): the columns
// opt asks for, every file's row groups or, past the limits, a seeded sample of whole row
// groups. A missing, corrupt or unreadable file is an error naming it.
func Read(fsys fs.FS, snap *deltalog.Snapshot, opt Options) (*Rows, error) {
	if opt.MaxRows <= 0 {
		opt.MaxRows = DefaultMaxRows
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = DefaultMaxBytes
	}
	schema, plans, err := planColumns(snap, opt.Columns)
	if err != nil {
		return nil, err
	}
	adds := snap.AllFiles()
	files := make([]dataFile, len(adds))
	var groups []rowGroup
	var live int64
	for i, add := range adds {
		f, n, err := openFooter(fsys, add)
		if err != nil {
			return nil, fmt.Errorf("data file %s: %v", add.Path, err)
		}
		files[i] = f
		live += n
		for g := range f.footer.Metadata.RowGroups {
			groups = append(groups, rowGroup{file: i, group: g, rows: f.footer.Metadata.RowGroups[g].NumRows, bytes: estimateBytes(f.footer.Metadata, g, plans)})
		}
	}
	chosen, err := chooseGroups(groups, opt)
	if err != nil {
		return nil, err
	}
	b := newBuilder(plans, opt.MaxBytes)
	b.yield, b.total = opt.Yield, len(chosen)
	var n int64
	for _, g := range chosen {
		n += g.rows // within MaxRows, as chosen
	}
	b.reserve(n)
	for start := 0; start < len(chosen); {
		end := start + 1
		for end < len(chosen) && chosen[end].file == chosen[start].file {
			end++
		}
		if err := b.readFile(fsys, files[chosen[start].file], chosen[start:end], int32(chosen[start].file)); err != nil {
			if b.stop != nil {
				return nil, b.stop
			}
			return nil, fmt.Errorf("data file %s: %v", adds[chosen[start].file].Path, err)
		}
		start = end
	}
	if err := b.step(); err != nil {
		return nil, err
	}
	out := &Rows{Table: b.table(schema), File: b.file}
	if opt.Columns == nil {
		if st, err := deltalog.ParseSchema(snap.Metadata().SchemaString); err == nil {
			out.Unread = unreadColumns(st.Fields, "")
		}
	}
	out.Sample = Sample{RowsRead: int64(len(b.file)), RowsTotal: live, RowGroupsRead: len(chosen), RowGroupsTotal: len(groups), Fraction: 1, BytesRead: b.bytes}
	if live > 0 {
		out.Sample.Fraction = float64(out.Sample.RowsRead) / float64(live)
	}
	return out, nil
}

// openFooter reads an add action's footer and returns its live rows: the footer's rows, which
// must equal the statistics' numRecords where the log has them, less the deletion vector's.
func openFooter(fsys fs.FS, add *deltalog.AddFile) (dataFile, int64, error) {
	name, err := dataFileName(add.Path)
	if err != nil {
		return dataFile{}, 0, err
	}
	ra, size, closeFile, err := openAt(fsys, name, add.Size)
	if err != nil {
		return dataFile{}, 0, err
	}
	defer closeFile()
	ft, err := parquetjson.ReadDataFooter(ra, size)
	if err != nil {
		return dataFile{}, 0, err
	}
	rows := ft.Metadata.NumRows
	if add.Stats != "" {
		var st struct {
			NumRecords *int64 `json:"numRecords"`
		}
		if json.Unmarshal([]byte(add.Stats), &st) == nil && st.NumRecords != nil && *st.NumRecords != rows {
			return dataFile{}, 0, fmt.Errorf("the footer holds %d rows, the add action's numRecords is %d", rows, *st.NumRecords)
		}
	}
	if add.DeletionVector() != nil {
		if c := add.DeletionVector().Cardinality; c < 0 || c > rows {
			return dataFile{}, 0, fmt.Errorf("deletion vector cardinality %d for a file of %d rows", c, rows)
		}
		rows -= add.DeletionVector().Cardinality
	}
	return dataFile{add: add, name: name, footer: ft}, rows, nil
}

// estimateBytes is what row group g's planned columns decode to, by its footer: a fixed cost
// per row and leaf, and for strings the bytes their chunk's pages hold. The footer is not
// trusted for more than this plan: the builder counts what it really holds.
func estimateBytes(md *format.FileMetaData, g int, plans []leafPlan) int64 {
	rg := &md.RowGroups[g]
	var n int64
	for _, p := range plans {
		n += rg.NumRows * rowCost(p.leaf.Type)
		if p.partition {
			continue
		}
		for _, cc := range rg.Columns {
			if slices.Equal(cc.MetaData.PathInSchema, p.physPath) && cc.MetaData.Type == format.ByteArray {
				n += max(cc.MetaData.TotalUncompressedSize, 0)
			}
		}
	}
	return n + 4*rg.NumRows // Rows.File
}

// rowCost is what a row of a column of type t takes: its slot and a null flag, and a decimal
// past 18 digits its high word (table.HighWords).
func rowCost(t table.Type) int64 {
	switch {
	case t.Kind == table.String || t.Kind == table.Binary:
		return 17
	case t.Kind == table.Decimal && t.Precision > 18:
		return 17
	}
	return 9
}

// chooseGroups returns every row group when the table fits the limits, else a sample of whole
// row groups drawn in a seeded random order while they fit, in file order.
func chooseGroups(groups []rowGroup, opt Options) ([]rowGroup, error) {
	var rows, bytes int64
	for _, g := range groups {
		rows += g.rows
		bytes += g.bytes
	}
	if rows <= opt.MaxRows && bytes <= opt.MaxBytes {
		return groups, nil
	}
	order := slices.Clone(groups)
	r := rand.New(rand.NewPCG(opt.Seed, 0x6c61796f75746c62)) // "layoutlb"
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	var out []rowGroup
	rows, bytes = 0, 0
	for _, g := range order {
		if rows+g.rows <= opt.MaxRows && bytes+g.bytes <= opt.MaxBytes {
			out = append(out, g)
			rows += g.rows
			bytes += g.bytes
		}
	}
	if len(out) == 0 && len(groups) > 0 {
		return nil, fmt.Errorf("no row group fits the limits (%d rows, %d decoded bytes): every one is larger", opt.MaxRows, opt.MaxBytes)
	}
	slices.SortFunc(out, func(a, b rowGroup) int {
		if a.file != b.file {
			return a.file - b.file
		}
		return a.group - b.group
	})
	return out, nil
}

// readFile reads the chosen row groups of one data file.
func (b *builder) readFile(fsys fs.FS, f dataFile, groups []rowGroup, index int32) (err error) {
	ra, size, closeFile, err := openAt(fsys, f.name, f.add.Size)
	if err != nil {
		return err
	}
	defer closeFile()
	defer func() {
		if p := recover(); p != nil { // the library panics on some corrupt pages
			err = fmt.Errorf("the Parquet library failed on it: %v", p)
		}
	}()
	pf, err := parquet.OpenFile(ra, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return err
	}
	cols, err := resolveColumns(pf.Root(), b.plans)
	if err != nil {
		return err
	}
	deleted, err := deletedRows(fsys, f.add.DeletionVector(), f.footer.Metadata.NumRows)
	if err != nil {
		return err
	}
	starts := make([]int64, len(pf.RowGroups())+1)
	for g, rg := range pf.RowGroups() {
		starts[g+1] = starts[g] + rg.NumRows()
	}
	part, err := partitionValues(f.add, b.plans)
	if err != nil {
		return err
	}
	for _, g := range groups {
		if err := b.step(); err != nil {
			return err
		}
		for _, c := range cols {
			if c != nil {
				if _, err := f.footer.CheckChunk(ra, g.group, c.Index()); err != nil {
					return err
				}
			}
		}
		mask := groupMask(deleted, starts[g.group], starts[g.group+1])
		if err := b.readGroup(pf.RowGroups()[g.group], cols, mask, part, index); err != nil {
			return fmt.Errorf("row group %d: %v", g.group, err)
		}
	}
	return nil
}

// groupMask marks the deleted rows of the group spanning file rows [lo, hi); nil when none is.
func groupMask(deleted []uint64, lo, hi int64) []bool {
	i, _ := slices.BinarySearch(deleted, uint64(lo))
	if i == len(deleted) || deleted[i] >= uint64(hi) {
		return nil
	}
	mask := make([]bool, hi-lo)
	for ; i < len(deleted) && deleted[i] < uint64(hi); i++ {
		mask[deleted[i]-uint64(lo)] = true
	}
	return mask
}

// resolveColumns finds each planned leaf's column in a file: by column-mapping field id where
// both have ids, else by physical name (exactly, then ignoring case). A partition leaf, or a leaf
// the file lacks (added by a later schema change: NULL in its rows), is nil.
func resolveColumns(root *parquet.Column, plans []leafPlan) ([]*parquet.Column, error) {
	out := make([]*parquet.Column, len(plans))
	for i, p := range plans {
		if p.partition {
			continue
		}
		c := root
		for d, name := range p.physPath {
			c = child(c, name, p.ids[d])
			if c == nil {
				break
			}
		}
		if c == nil {
			continue
		}
		if !c.Leaf() {
			return nil, fmt.Errorf("column %s is a group in the file, a %s in the table", p.leaf.Name(), p.leaf.Type)
		}
		if c.MaxRepetitionLevel() > 0 {
			return nil, fmt.Errorf("column %s is repeated in the file", p.leaf.Name())
		}
		out[i] = c
	}
	return out, nil
}

func child(c *parquet.Column, name string, id int64) *parquet.Column {
	kids := c.Columns()
	if id != 0 {
		for _, k := range kids {
			if int64(k.ID()) == id {
				return k
			}
		}
	}
	for _, k := range kids {
		if k.Name() == name {
			return k
		}
	}
	for _, k := range kids {
		if equalFold(k.Name(), name) {
			return k
		}
	}
	return nil
}
