package timeline

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// The simulated table. Every row is a real row: it is generated, laid out by the real curves,
// and its values make the per-file statistics.
//
//	customer_id bigint  uniform in [1, CustomerDomain]: millions of distinct values
//	order_id    bigint  uniform in [1, 2^40): unique in practice, uncorrelated with time and
//	                    customer, the key a person switches to on the key-change day
//	event_date  date    the day the row was ingested (the partition column of the Z-order
//	                    strategies, a data column with statistics otherwise)
const (
	ColCustomerID = "customer_id"
	ColOrderID    = "order_id"
	ColEventDate  = "event_date"

	leafCustomer = 0
	leafOrder    = 1
	leafDate     = 2

	// CustomerDomain is the number of customers: ids are drawn uniformly from 1..CustomerDomain.
	CustomerDomain = 10_000_000
	orderDomain    = 1 << 40

	// MaxRows bounds the rows a run may generate (history and timeline together): 24 bytes a
	// row, so 8M rows is 192 MB of columns, the most a browser tab should be asked to hold.
	MaxRows = scenario.MaxTimelineRows

	// GiB is the unit of every size knob: sizes are bytes, 2^30 to the GiB.
	GiB = int64(1) << 30
)

// TableName is the name the statements use.
const TableName = "events"

// firstDate is day 1's event_date. History days come before it.
var firstDate = table.DaysOf(2026, time.January, 1)

// schema is the table's schema, in this column order (leaf i = field i).
var schema = table.Schema{Fields: []table.Field{
	{Name: ColCustomerID, Type: table.Type{Kind: table.Bigint}, Nullable: true},
	{Name: ColOrderID, Type: table.Type{Kind: table.Bigint}, Nullable: true},
	{Name: ColEventDate, Type: table.Type{Kind: table.Date}, Nullable: true},
}}

// schemaString is metadata.schemaString: Spark's StructType JSON (bigint is "long").
const schemaString = `{"type":"struct","fields":[` +
	`{"name":"customer_id","type":"long","nullable":true,"metadata":{}},` +
	`{"name":"order_id","type":"long","nullable":true,"metadata":{}},` +
	`{"name":"event_date","type":"date","nullable":true,"metadata":{}}]}`

// Columns lists the columns a lookup may filter on.
func Columns() []string { return slices.Clone(scenario.TimelineLookups) }

func leafOf(col string) (int, bool) {
	switch col {
	case ColCustomerID:
		return leafCustomer, true
	case ColOrderID:
		return leafOrder, true
	case ColEventDate:
		return leafDate, true
	}
	return 0, false
}

// sizing turns rows into bytes. A GiB holds RowsPerGB rows; a file of n rows declares
// floor(n·2^30/RowsPerGB) bytes, so with a power-of-two RowsPerGB (the default 256: 4 MiB a
// row) every size is an exact integer, sizes add up exactly, and Delta's Long division
// approxNumFiles = max(1, binBytes/maxFileSize) sees exactly the bytes the rows stand for.
type sizing struct{ rowsPerGB int64 }

func (z sizing) bytes(rows int) int64 {
	return int64(rows) * GiB / z.rowsPerGB // rows ≤ MaxRows and GiB = 2^30: no overflow
}

// rowsFor is the number of rows for gb GiB, rounded to the nearest row.
func (z sizing) rowsFor(gb float64) int {
	return int(gb*float64(z.rowsPerGB) + 0.5)
}

// generated is the whole run's table: days first-history..last, each day's rows contiguous.
// Its columns are allocated in full at the start, and each day's rows are drawn when the run
// first needs them (through): the run appends, collects statistics on and clusters a day's rows
// right after drawing them, while they are still in cache, rather than reading them back cold
// from a table drawn in full beforehand. A day's rows depend on the seed and the day alone, so
// when they are drawn does not change them.
type generated struct {
	t       *table.Table
	dayRows [][]int32 // by day index: the day's row indices, lo..hi-1; an append file's rows are a window of it
	dayOff  []int32   // dayOff[i] = first row of day index i; dayOff[len] = total rows
	history int       // number of history days; day index i is timeline day i-history+1
	seed    uint64
	perDay  int
	drawn   int // day indices [0, drawn) are readable by the run
	// ready[i] is closed once day index i is drawn, by drawAll on another goroutine; nil when
	// the run draws each day itself as it reaches it (one core, as under js/wasm).
	ready []chan struct{}
}

// holds reports whether g is what newGenerated(seed, history, days, rowsPerDay) prepares.
func (g *generated) holds(seed uint64, history, days, rowsPerDay int) bool {
	return g.seed == seed && g.history == history && len(g.dayOff) == history+days+1 && g.perDay == rowsPerDay
}

// dayIndex converts a timeline day (1..Days, or ≤ 0 for history) to its index in dayOff.
func (g *generated) dayIndex(day int) int { return day + g.history - 1 }

// rowsOfDay returns the row indices of a timeline day, drawing its rows if need be.
func (g *generated) rowsOfDay(day int) []int32 {
	i := g.dayIndex(day)
	g.through(i)
	return g.dayRows[i]
}

// newGenerated prepares the rows of history days 1-history..0 and timeline days 1..days,
// rowsPerDay each, none drawn yet. Day d's rows come from PCG(seed, d) alone, so a day's rows do
// not depend on the number of days or on any knob but the ingest size and resolution.
func newGenerated(seed uint64, history, days, rowsPerDay int) (*generated, error) {
	total := int64(history+days) * int64(rowsPerDay)
	if total > MaxRows {
		return nil, fmt.Errorf("%d days of %d rows is %d rows, more than the %d a run may hold: lower the ingest, the days or the rows per GiB",
			history+days, rowsPerDay, total, MaxRows)
	}
	if history+days > 1<<16 {
		return nil, fmt.Errorf("%d days are more than a run may hold", history+days)
	}
	n := int(total)
	// customer_id and event_date are encoded (table.Column): customer_id - 1 fits 32 bits and a
	// day's event_date is its day index past the first day's date, 16 bits; that is 14 bytes a
	// row instead of 24 to fault in, clear and write. order_id needs 40 bits and stays plain.
	t := &table.Table{Schema: schema, Leaves: schema.Leaves(), NumRows: n}
	t.Cols = []table.Column{
		{Kind: table.Bigint, Base: 1, Codes32: make([]uint32, n)},
		{Kind: table.Bigint},
		{Kind: table.Date, Base: int64(firstDate) - int64(history)},
	}
	g := &generated{t: t, history: history, dayOff: make([]int32, history+days+1), seed: seed, perDay: rowsPerDay,
		dayRows: make([][]int32, history+days)}
	for i := range g.dayOff {
		g.dayOff[i] = int32(i * rowsPerDay)
	}
	if runtime.GOMAXPROCS(0) > 1 {
		g.ready = make([]chan struct{}, history+days)
		for i := range g.ready {
			g.ready[i] = make(chan struct{})
		}
		go g.drawAll()
	} else {
		g.allocate()
	}
	return g, nil
}

// allocate makes the columns only statistics and lookups read at first: order_id and
// event_date (the night's layout reads customer_id). With a second core the drawing goroutine
// makes them, so that clearing them (10 of the table's 14 bytes a row) is not the run's work.
func (g *generated) allocate() {
	n := g.t.NumRows
	g.t.Cols[leafOrder].Ints = make([]int64, n)
	g.t.Cols[leafDate].Codes16 = make([]uint16, n)
}

// through makes the rows of day indices up to last (inclusive) readable: it draws those not
// drawn yet, or, when a second core draws them (ready), waits for them.
func (g *generated) through(last int) {
	for ; g.drawn <= last; g.drawn++ {
		if g.ready != nil {
			<-g.ready[g.drawn]
		} else {
			g.draw(g.drawn)
		}
	}
}

// drawAll draws every day in order, announcing each (ready): with two cores or more the rows
// are drawn on one while the run lays out the days already drawn on another. Drawing is
// deterministic per day, so where it runs changes no row.
func (g *generated) drawAll() {
	g.allocate()
	for i, c := range g.ready {
		g.draw(i)
		close(c)
	}
}

// draw writes the rows of day index i.
func (g *generated) draw(i int) {
	cust, ord, date := g.t.Cols[leafCustomer].Codes32, g.t.Cols[leafOrder].Ints, g.t.Cols[leafDate].Codes16
	day := i - g.history + 1
	lo, hi := g.dayOff[i], g.dayOff[i+1]
	p := table.PCG{Hi: g.seed, Lo: uint64(int64(day))} // rand.NewPCG(seed, day)
	cs, os, ds := cust[lo:hi], ord[lo:hi], date[lo:hi]
	var draws [512]uint64 // two a row, drawn a block at a time (PCG.Fill)
	const mask = len(draws) - 1
	for start := 0; start < len(cs); start += len(draws) / 2 {
		end := min(len(cs), start+len(draws)/2)
		c := cs[start:end]
		o, d := os[start:end][:len(c)], ds[start:end][:len(c)]
		p.Fill(draws[:2*len(c)])
		for j := range c {
			// A uniform draw below n is the high word of x·n (Lemire's method without the
			// rejection step: its bias, n/2^64, is below 10^-6 for every domain here). The
			// masks change no index (2j+1 < len(draws)) but let the compiler drop the bounds
			// checks, each a dispatch under js/wasm; c, o and d share one length for the same.
			k := 2 * j & mask
			c[j] = uint32(mulHi32(draws[k], CustomerDomain)) // customer_id 1 + c
			o[j] = 1 + int64(mulHiOrder(draws[(k+1)&mask]))
			d[j] = uint16(i) // event_date firstDate + day - 1
		}
	}
	rows := make([]int32, hi-lo)
	for j := range rows {
		rows[j] = lo + int32(j)
	}
	g.dayRows[i] = rows
}

// all returns the whole table, every day drawn.
func (g *generated) all() *table.Table {
	g.through(len(g.dayOff) - 2)
	return g.t
}

// dateString prints a day as event_date's partition value, "2026-01-01".
func dateString(day int) string {
	return table.DateValue(firstDate + int32(day-1)).String()
}

// mix derives independent seeds from one scenario seed (splitmix64 finaliser).
func mix(vals ...uint64) uint64 {
	var h uint64 = 0x9E3779B97F4A7C15
	for _, v := range vals {
		h ^= v + 0x9E3779B97F4A7C15 + (h << 6) + (h >> 2)
		h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9
		h = (h ^ (h >> 27)) * 0x94D049BB133111EB
		h ^= h >> 31
	}
	return h
}
