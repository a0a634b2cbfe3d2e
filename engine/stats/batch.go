package stats

import "layoutlab/engine/table"

// Batch hands out the per-leaf arrays (min, max, null count) of many files' statistics from one
// allocation each, for files written together (a bin's, a day's appends): two allocations a
// file were two fifths of a timeline run's allocations, and under js/wasm each is a call chain
// of its own. The files' statistics then share the arrays' lifetime.
type Batch struct {
	bounds []table.Value
	nulls  []int64
}

// NewBatch is room for files files' statistics of the prepared table.
func (c *Collector) NewBatch(files int) *Batch {
	n := files * len(c.t.Leaves)
	return &Batch{bounds: make([]table.Value, 2*n), nulls: make([]int64, n)}
}

// take returns the next file's min and max values and null counts, zero; fresh arrays once
// the batch is used up (or b is nil).
func (b *Batch) take(n int) (lo, hi []table.Value, nulls []int64) {
	if b == nil || len(b.nulls) < n || len(b.bounds) < 2*n {
		bounds := make([]table.Value, 2*n) // one allocation for both: a table writes many files
		return bounds[:n:n], bounds[n:], make([]int64, n)
	}
	lo, hi, nulls = b.bounds[:n:n], b.bounds[n:2*n:2*n], b.nulls[:n:n]
	b.bounds, b.nulls = b.bounds[2*n:], b.nulls[n:]
	return lo, hi, nulls
}

// CollectIn is Collect for the prepared table, its arrays taken from b.
func (c *Collector) CollectIn(b *Batch, rows []int32, indexed []bool, cfg Config) FileStats {
	return collect(c.t, rows, indexed, cfg, c, b)
}
