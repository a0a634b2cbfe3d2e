package parquetjson

import (
	"runtime"

	"github.com/parquet-go/parquet-go"
)

// readAddsConcurrent is readAdds for a caller with no Yield and a second core (the CLI): in each
// row group the add.stats column, the largest (a million files' statistics are 200 MB of text),
// is decoded on a goroutine of its own while this one decodes the others, and its strings are
// given to the adds once both are done. It returns false, with r and the decoded count as they
// were, when anything fails (a column's error, or the share of MaxDecodedBytes given to either
// side running out): readAdds then decodes the checkpoint again one column at a time, so that
// the error, its column and its count are those of the serial decoding, whatever the timing.
func (c *checkpoint) readAddsConcurrent(cols *addColumns, r *addRows) bool {
	if runtime.GOMAXPROCS(0) < 2 || cols.stats.col < 0 {
		return false
	}
	decoded := c.decoded
	if !c.addsConcurrent(cols, r) {
		clear(r.adds)
		clear(r.present)
		clear(r.bad)
		r.extras = nil
		c.decoded = decoded
		return false
	}
	return true
}

func (c *checkpoint) addsConcurrent(cols *addColumns, r *addRows) bool {
	d := newAddDecoder(c, cols, r)
	steps := []leaf{cols.path, cols.size, cols.mtime, cols.dataChange,
		cols.pvKey, cols.tagKey, cols.dvType, cols.dvPath, cols.dvOffset, cols.dvSize, cols.dvCard,
		cols.baseRowID, cols.rowCommitVersion, cols.provider}
	base := int64(0)
	for g, rg := range c.pf.RowGroups() {
		d.pv.reset()
		d.tags.reset()
		// The stats goroutine decodes against a copy of the checkpoint whose count leaves it
		// its share of what may still be decoded; this one keeps the rest. Neither touches
		// the other's count, and together they stay within MaxDecodedBytes.
		left := MaxDecodedBytes - c.decoded
		share := min(left, 2*c.footer.plain[g][cols.stats.col]+1<<20)
		sc := *c
		sc.decoded = MaxDecodedBytes - share
		c.decoded += share
		var stats slab
		statsDone := make(chan bool, 1)
		go func() { statsDone <- sc.statsColumn(rg, g, cols.stats, &stats) }()
		ok := true
		for _, l := range steps {
			if ok && l.col >= 0 {
				ok = c.addColumn(d, rg, g, l, base) == nil
			}
		}
		if !<-statsDone || !ok {
			return false
		}
		c.decoded += (sc.decoded - (MaxDecodedBytes - share)) - share
		// What readAdds' value keeps of the stats column: the rows of a present add that the
		// path and size columns did not mark bad (a non-null stats value implies a present add).
		stats.assign(func(i int64, s string) {
			if i := base + i; r.present[i] && !r.bad[i] {
				r.adds[i].Stats = s
			}
		})
		// stats_parsed columns look at the stats decoded just before.
		for _, l := range cols.statsParsed {
			if l.col >= 0 && c.addColumn(d, rg, g, l, base) != nil {
				return false
			}
		}
		base += rg.NumRows()
	}
	return true
}

// addColumn decodes add column l of row group g (rows from base) as readAdds does, without a Yield.
func (c *checkpoint) addColumn(d *addDecoder, rg parquet.RowGroup, g int, l leaf, base int64) error {
	var slab slab
	if l == d.cols.path {
		slab.grow(c, g, l.col)
	}
	err := c.eachValue(rg, l.col, d.buf, func(row int64, v parquet.Value) { d.value(l, base+row, v, &slab) })
	if err == nil {
		err = d.endColumn(rg, l, base, &slab)
	}
	return err
}

// statsColumn gathers the non-null values of the stats column l of row group g into s, by row
// within the group.
func (c *checkpoint) statsColumn(rg parquet.RowGroup, g int, l leaf, s *slab) bool {
	s.grow(c, g, l.col)
	buf := make([]parquet.Value, 1024)
	return c.eachValue(rg, l.col, buf, func(row int64, v parquet.Value) {
		if v.DefinitionLevel() >= l.maxDef && v.Kind() == parquet.ByteArray {
			s.add(row, v.ByteArray())
		}
	}) == nil
}
