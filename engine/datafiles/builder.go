package datafiles

import (
	"fmt"
	"io"
	"strings"

	"github.com/parquet-go/parquet-go"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/skipping"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// builder gathers the rows read, column by column, and counts the bytes they hold.
type builder struct {
	plans    []leafPlan
	cols     []colBuf
	file     []int32
	bytes    int64
	maxBytes int64
	buf      []parquet.Value
	yield    work.Yield
	stop     error // the Yield's error, returned as it is (not named after the file it stopped in)
	done     int   // row groups read
	total    int
}

// step tells the Yield the row groups read before the next one (or at the end); its error
// stops the read.
func (b *builder) step() error {
	err := b.yield.Tick(ReadStep, b.done, b.total, "row groups")
	b.done++
	if err != nil {
		b.stop = err
	}
	return err
}

// colBuf is one leaf's values so far. Strings are interned per column (a dictionary-encoded
// column repeats few values), up to maxIntern distinct ones.
type colBuf struct {
	ints    []int64
	his     []int64 // decimals past 18 digits: the high words (table.HighWords), else nil
	floats  []float64
	strs    []string
	nulls   []bool
	hasNull bool
	intern  map[string]string
}

const maxIntern = 1 << 16

func newBuilder(plans []leafPlan, maxBytes int64) *builder {
	return &builder{plans: plans, cols: make([]colBuf, len(plans)), maxBytes: maxBytes, buf: make([]parquet.Value, 1024)}
}

// reserve sizes the columns for n rows (the chosen row groups' rows, deleted ones included):
// appending a million values one by one would otherwise copy each column about twice over.
func (b *builder) reserve(n int64) {
	b.file = make([]int32, 0, n)
	for i, p := range b.plans {
		c := &b.cols[i]
		c.nulls = make([]bool, 0, n)
		switch p.leaf.Type.Kind {
		case table.Double, table.Float:
			c.floats = make([]float64, 0, n)
		case table.String, table.Binary:
			c.strs = make([]string, 0, n)
		default:
			c.ints = make([]int64, 0, n)
		}
	}
}

// charge counts n more decoded bytes, failing past the limit: a footer that understated its
// strings cannot make the reader hold more than MaxBytes.
func (b *builder) charge(n int64) error {
	b.bytes += n
	if b.bytes > b.maxBytes {
		return fmt.Errorf("the rows read hold over %d decoded bytes (MaxBytes), more than the footers declared", b.maxBytes)
	}
	return nil
}

// partitionValues types the add action's partition values for the planned partition leaves.
func partitionValues(add *deltalog.AddFile, plans []leafPlan) ([]table.Value, error) {
	out := make([]table.Value, len(plans))
	for i, p := range plans {
		if !p.partition {
			continue
		}
		s, ok := add.PartitionValues[p.partKey]
		if !ok {
			return nil, fmt.Errorf("partitionValues has no %q for partition column %s", p.partKey, p.leaf.Name())
		}
		v, ok := skipping.PartitionValue(s, p.leaf.Type)
		if !ok {
			return nil, fmt.Errorf("partition value %q of %s does not cast to %s", s, p.leaf.Name(), p.leaf.Type)
		}
		out[i] = v
	}
	return out, nil
}

// readGroup reads one row group's planned columns, skipping the rows mask marks deleted.
func (b *builder) readGroup(rg parquet.RowGroup, cols []*parquet.Column, mask []bool, part []table.Value, index int32) error {
	rows := rg.NumRows()
	live := rows
	for _, m := range mask {
		if m {
			live--
		}
	}
	if err := b.charge(4 * live); err != nil {
		return err
	}
	for i, p := range b.plans {
		if i > 0 { // between columns too: a large row group takes long to read whole
			if err := b.yield.Tick(ReadStep, b.done-1, b.total, "row groups"); err != nil {
				b.stop = err
				return err
			}
		}
		var err error
		switch c := cols[i]; {
		case p.partition:
			err = b.fill(i, part[i], live)
		case c == nil:
			err = b.fill(i, table.NullValue(p.leaf.Type.Kind), live)
		default:
			err = b.readColumn(i, rg.ColumnChunks()[c.Index()], sourceOf(c, p.leaf.Type), rows, mask)
		}
		if err != nil {
			return fmt.Errorf("column %s: %v", p.leaf.Name(), err)
		}
	}
	for range live {
		b.file = append(b.file, index)
	}
	return nil
}

// fill appends n rows of v (a partition value, or NULL for a column the file lacks).
func (b *builder) fill(i int, v table.Value, n int64) error {
	if err := b.charge(n * rowCost(b.plans[i].leaf.Type)); err != nil {
		return err
	}
	for range n {
		if err := b.cols[i].add(v.Kind, v, b); err != nil {
			return err
		}
	}
	return nil
}

// readColumn appends a column chunk's live values, checking that it holds the group's rows.
func (b *builder) readColumn(i int, cc parquet.ColumnChunk, src source, rows int64, mask []bool) error {
	typ := b.plans[i].leaf.Type
	if err := b.charge(rows * rowCost(typ)); err != nil {
		return err
	}
	put := b.putter(&b.cols[i], src, typ)
	r := parquet.NewColumnChunkValueReader(cc)
	defer r.Close()
	row := int64(-1)
	for {
		n, rerr := r.ReadValues(b.buf)
		for _, pv := range b.buf[:n] {
			row++
			if row >= rows {
				return fmt.Errorf("holds more values than its row group's %d rows", rows)
			}
			if mask != nil && mask[row] {
				continue
			}
			if err := put(pv); err != nil {
				return fmt.Errorf("row %d: %v", row, err)
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return rerr
		}
	}
	if row+1 != rows {
		return fmt.Errorf("holds %d values, its row group %d rows", row+1, rows)
	}
	return nil
}

// putter returns the function that appends one Parquet value to c as the column's type, chosen
// once per chunk so that the per-value work is a conversion and an append.
func (b *builder) putter(c *colBuf, src source, typ table.Type) func(parquet.Value) error {
	switch typ.Kind {
	case table.Void:
		return func(parquet.Value) error { return c.add(typ.Kind, table.NullValue(typ.Kind), b) }
	case table.Double, table.Float:
		return func(pv parquet.Value) error {
			null := pv.IsNull()
			var f float64
			if !null {
				var err error
				if f, err = src.floatValue(pv, typ); err != nil {
					return err
				}
			}
			c.floats, c.nulls = append(c.floats, f), append(c.nulls, null)
			c.hasNull = c.hasNull || null
			return nil
		}
	case table.String, table.Binary:
		return func(pv parquet.Value) error {
			if pv.IsNull() {
				return c.add(typ.Kind, table.NullValue(typ.Kind), b)
			}
			if src.kind != parquet.ByteArray && src.kind != parquet.FixedLenByteArray {
				return src.mismatch(typ)
			}
			return c.add(typ.Kind, table.Value{Kind: typ.Kind, S: unsafeString(pv.ByteArray())}, b)
		}
	}
	return func(pv parquet.Value) error {
		null := pv.IsNull()
		var v, hi int64
		if !null {
			var err error
			if v, hi, err = src.intValue(pv, typ); err != nil {
				return err
			}
		}
		c.addInt(v, hi)
		c.nulls = append(c.nulls, null)
		c.hasNull = c.hasNull || null
		return nil
	}
}

// add appends v; a string's bytes are copied (interned) here, since convert's point into the
// library's page buffer.
func (c *colBuf) add(k table.Kind, v table.Value, b *builder) error {
	c.nulls = append(c.nulls, v.Null)
	c.hasNull = c.hasNull || v.Null
	switch k {
	case table.Double, table.Float:
		c.floats = append(c.floats, v.F)
	case table.String, table.Binary:
		if v.Null {
			c.strs = append(c.strs, "")
			return nil
		}
		s, ok := c.intern[v.S]
		if !ok {
			s = strings.Clone(v.S)
			if err := b.charge(int64(len(s))); err != nil {
				return err
			}
			if c.intern == nil {
				c.intern = map[string]string{}
			}
			if len(c.intern) < maxIntern {
				c.intern[s] = s
			}
		}
		c.strs = append(c.strs, s)
	default:
		c.addInt(v.I, v.Hi)
	}
	return nil
}

// addInt appends an integer-kind value; a decimal's high word (table.HighWords) is kept from
// the first value that needs one, with 0 for the rows before it.
func (c *colBuf) addInt(i, hi int64) {
	if hi != 0 && c.his == nil {
		c.his = make([]int64, len(c.ints), cap(c.ints))
	}
	c.ints = append(c.ints, i)
	if c.his != nil {
		c.his = append(c.his, hi)
	}
}

// table assembles the columns into a table of the planned schema.
func (b *builder) table(schema table.Schema) *table.Table {
	t := &table.Table{Schema: schema, Leaves: schema.Leaves(), Cols: make([]table.Column, len(b.plans)), NumRows: len(b.file)}
	for i, p := range b.plans {
		c := &b.cols[i]
		col := table.Column{Kind: p.leaf.Type.Kind, Scale: p.leaf.Type.Scale}
		switch col.Kind {
		case table.Double, table.Float:
			col.Floats = orEmpty(c.floats)
		case table.String, table.Binary:
			col.Strs = orEmpty(c.strs)
		default:
			col.Ints = orEmpty(c.ints)
			if c.his != nil {
				col.Wide = table.HighWords(c.his)
			}
		}
		if c.hasNull {
			col.Nulls = c.nulls
		}
		t.Cols[i] = col
	}
	return t
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }
