package table

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"layoutlab/engine/work"
)

// The generator builds the scaled-down tables Layout Lab lays out: real rows, columnar, drawn from
// a seeded SplitMix64 so that the same scenario seed yields the same rows natively and under
// wasm. String and binary columns come out dictionary-encoded (Column.Dict, Column.Codes).
//
// Determinism notes. Every leaf draws from its own stream, keyed by the scenario seed and a
// hash of the leaf's lower-cased dotted name, so adding or reordering columns never changes the
// values of the others. Nulls come from a second stream, so a column's non-null values do not
// depend on its null fraction. No draw goes through math.Exp/Log (which have assembly versions
// on amd64 but not on wasm); the one floating-point table (Zipf weights) uses math.Pow, which is
// pure Go on both, and is quantised to integers before use.

// Limits of a generated table. They keep a browser tab within memory and the recompute budget.
const (
	MaxRows          = 4_000_000
	MaxLeaves        = 256
	MaxNameLen       = 128
	MaxStructDepth   = 8
	MaxCardinality   = 1_000_000 // K of LowCardinality and Zipf
	MaxStringLen     = 256       // characters
	MaxDays          = 1 << 20   // Days of a Sequential date or timestamp: about 2,870 years
	defaultRowsPerDy = 10_000
	defaultSkew      = 1.1
	stringPoolSize   = 1024
)

// Distribution says how a generated column draws its values.
type Distribution uint8

const (
	// Uniform draws uniformly from [Min, Max] (numbers, dates, timestamps, decimals as unscaled
	// integers); strings and binaries from a pool of 1,024 random values of MinLen..MaxLen
	// characters; booleans fairly.
	Uniform Distribution = iota
	// Zipf draws one of K values with probability proportional to 1/(rank+1)^Skew; ranks are
	// shuffled onto Min..Min+K-1 (or onto K random strings) so popularity does not follow order.
	Zipf
	// Sequential advances with the row: dates by one day every RowsPerDay rows from Start,
	// timestamps through each day in RowsPerDay even slots (plus sub-slot microseconds), integers
	// by one per row from Start. It models event time in an append-only table. With Days set,
	// dates and timestamps instead spread the rows evenly over Days days from Start, whatever the
	// row count (a day's rows share it in even slots likewise).
	Sequential
	// LowCardinality draws uniformly among K values: Min..Min+K-1, or K random strings.
	LowCardinality
	// HighCardinality draws ids uniformly from [Min, Max], a span meant to be much larger than the
	// row count (user ids, session ids); strings print as Prefix + the id.
	HighCardinality
)

var distributionNames = [...]string{
	Uniform: "uniform", Zipf: "zipf", Sequential: "sequential", LowCardinality: "low_cardinality",
	HighCardinality: "high_cardinality",
}

func (d Distribution) String() string {
	if int(d) < len(distributionNames) {
		return distributionNames[d]
	}
	return fmt.Sprintf("distribution(%d)", uint8(d))
}

// ColumnSpec describes one generated column. Only the fields its Type and Dist use matter.
type ColumnSpec struct {
	Name string
	// Type is a Spark SQL type name: bigint/long, int/integer, double, decimal(p,s), string, date,
	// timestamp, timestamp_ntz, boolean, binary or struct (with Fields).
	Type         string
	Dist         Distribution
	NullFraction float64 // in [0, 1]
	NotNull      bool    // the schema field is NOT NULL; NullFraction must then be 0

	Min, Max   int64   // Uniform and HighCardinality range; LowCardinality/Zipf base value
	K          int     // LowCardinality and Zipf: number of distinct values
	Skew       float64 // Zipf exponent, > 0 (default 1.1)
	Start      int64   // Sequential: first value (days for date, µs for timestamps)
	RowsPerDay int     // Sequential dates and timestamps (default 10,000)
	Days       int     // Sequential dates and timestamps: the rows' span in days; 0 = use RowsPerDay

	MinLen, MaxLen int     // strings and binaries, in characters (default 4..12)
	NonASCII       float64 // strings: share of characters drawn outside ASCII, in [0, 1]
	Prefix         string  // HighCardinality strings: text before the id

	Fields []ColumnSpec // struct members
}

// Spec is the list of top-level columns of a generated table.
type Spec struct {
	Columns []ColumnSpec
}

// Schema validates the spec and returns the table schema it describes.
func (s Spec) Schema() (Schema, error) {
	fields, leaves, err := specFields(s.Columns, nil, 0)
	if err != nil {
		return Schema{}, err
	}
	if leaves == 0 {
		return Schema{}, fmt.Errorf("table: spec has no columns")
	}
	if leaves > MaxLeaves {
		return Schema{}, fmt.Errorf("table: spec has %d leaf columns, more than the limit of %d", leaves, MaxLeaves)
	}
	return Schema{Fields: fields}, nil
}

func specFields(cols []ColumnSpec, path []string, depth int) ([]Field, int, error) {
	if depth > MaxStructDepth {
		return nil, 0, fmt.Errorf("table: column %q: structs nest deeper than %d levels", strings.Join(path, "."), MaxStructDepth)
	}
	seen := map[string]bool{}
	fields := make([]Field, 0, len(cols))
	leaves := 0
	for i := range cols {
		f, n, err := specField(&cols[i], i, path, depth, seen)
		if err != nil {
			return nil, 0, err
		}
		leaves += n
		if leaves > MaxLeaves {
			return nil, 0, fmt.Errorf("table: spec has more than the limit of %d leaf columns", MaxLeaves)
		}
		fields = append(fields, f)
	}
	return fields, leaves, nil
}

// specField is column i of a struct (or of the top level) at path: its field and its number of
// leaves. (Apart from specFields' loop to keep that small; see validate.)
func specField(c *ColumnSpec, i int, path []string, depth int, seen map[string]bool) (Field, int, error) {
	name := strings.Join(append(slices.Clone(path), c.Name), ".")
	if err := validName(c.Name); err != nil {
		return Field{}, 0, fmt.Errorf("table: column %d under %q: %v", i+1, strings.Join(path, "."), err)
	}
	if seen[strings.ToLower(c.Name)] {
		// Spark resolves names case-insensitively, so "a" and "A" would be the same column.
		return Field{}, 0, fmt.Errorf("table: duplicate column %q", name)
	}
	seen[strings.ToLower(c.Name)] = true
	typ, err := ParseType(c.Type)
	if err != nil {
		return Field{}, 0, fmt.Errorf("table: column %q: %v", name, err)
	}
	leaves := 1
	if typ.Kind == Struct {
		if len(c.Fields) == 0 {
			return Field{}, 0, fmt.Errorf("table: column %q: struct has no fields", name)
		}
		sub, n, err := specFields(c.Fields, append(slices.Clone(path), c.Name), depth+1)
		if err != nil {
			return Field{}, 0, err
		}
		typ.Fields = sub
		leaves = n
	} else {
		if len(c.Fields) > 0 {
			return Field{}, 0, fmt.Errorf("table: column %q: only a struct has fields, not %s", name, typ)
		}
		if err := c.validate(name, typ); err != nil {
			return Field{}, 0, err
		}
	}
	return Field{Name: c.Name, Type: typ, Nullable: !c.NotNull}, leaves, nil
}

func validName(n string) error {
	if n == "" {
		return fmt.Errorf("empty column name")
	}
	if len(n) > MaxNameLen {
		return fmt.Errorf("column name %q is longer than %d bytes", n, MaxNameLen)
	}
	for i, r := range n {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9'
		if !ok {
			return fmt.Errorf("invalid column name %q: use letters, digits and '_', not starting with a digit", n)
		}
	}
	return nil
}

// supportedDists holds, for each kind, a bit per distribution it can be generated with. A table,
// not a map literal: validate runs once per column, and a literal would be built at every call.
var supportedDists = [...]uint8{
	Bigint:       1<<Uniform | 1<<Zipf | 1<<Sequential | 1<<LowCardinality | 1<<HighCardinality,
	Int:          1<<Uniform | 1<<Zipf | 1<<Sequential | 1<<LowCardinality | 1<<HighCardinality,
	Decimal:      1<<Uniform | 1<<Zipf | 1<<Sequential | 1<<LowCardinality | 1<<HighCardinality,
	Double:       1<<Uniform | 1<<Zipf | 1<<Sequential | 1<<LowCardinality,
	Date:         1<<Uniform | 1<<Zipf | 1<<Sequential | 1<<LowCardinality,
	Timestamp:    1<<Uniform | 1<<Sequential,
	TimestampNTZ: 1<<Uniform | 1<<Sequential,
	String:       1<<Uniform | 1<<Zipf | 1<<LowCardinality | 1<<HighCardinality,
	Boolean:      1<<Uniform | 1<<LowCardinality,
	Binary:       1<<Uniform | 1<<HighCardinality,
	Struct:       0,
}

// validate checks one leaf column's spec against its type. The checks are split by what they
// look at: under wasm one large function run for each of the 36 columns was recompiled by V8's
// optimizing tier during the widget's first run, for nothing.
func (c *ColumnSpec) validate(name string, t Type) error {
	msg := c.checkDist(t)
	if msg == "" {
		msg = c.checkValues(t)
	}
	if msg == "" {
		return nil
	}
	return fmt.Errorf("table: column %q (%s, %s): %s", name, t, c.Dist, msg)
}

// checkDist checks the null fraction and the distribution's own parameters.
func (c *ColumnSpec) checkDist(t Type) string {
	if !(c.NullFraction >= 0 && c.NullFraction <= 1) {
		return fmt.Sprintf("null fraction %v is outside [0, 1]", c.NullFraction)
	}
	if c.NotNull && c.NullFraction > 0 {
		return fmt.Sprintf("NOT NULL column with null fraction %v", c.NullFraction)
	}
	if int(c.Dist) >= len(distributionNames) {
		return "unknown distribution"
	}
	if int(t.Kind) >= len(supportedDists) || supportedDists[t.Kind]&(1<<c.Dist) == 0 {
		return "distribution not supported for this type"
	}
	switch c.Dist {
	case Uniform, HighCardinality:
		if t.Kind != String && t.Kind != Boolean && t.Kind != Binary && c.Min > c.Max {
			return fmt.Sprintf("min %d > max %d", c.Min, c.Max)
		}
		if t.Kind != String && t.Kind != Boolean && t.Kind != Binary || c.Dist == HighCardinality {
			if d := c.Max - c.Min; d < 0 || d == math.MaxInt64 {
				return fmt.Sprintf("range %d..%d is too wide", c.Min, c.Max)
			}
		}
	case Zipf, LowCardinality:
		if t.Kind != Boolean && (c.K < 1 || c.K > MaxCardinality) {
			return fmt.Sprintf("K = %d, want 1..%d distinct values", c.K, MaxCardinality)
		}
		if c.Dist == Zipf && !(c.Skew >= 0) {
			return fmt.Sprintf("zipf skew %v must be >= 0 (0 means the default %v)", c.Skew, defaultSkew)
		}
	case Sequential:
		if c.RowsPerDay < 0 {
			return fmt.Sprintf("rows per day %d < 0", c.RowsPerDay)
		}
		if c.Days < 0 || c.Days > MaxDays {
			return fmt.Sprintf("days %d is outside 0..%d", c.Days, MaxDays)
		}
		if c.Days > 0 && c.RowsPerDay > 0 {
			return "both days and rows per day set: give one"
		}
	}
	return ""
}

// checkValues checks that the values drawn fit the type: string lengths, int and decimal ranges.
func (c *ColumnSpec) checkValues(t Type) string {
	if t.Kind == String || t.Kind == Binary {
		lo, hi := c.lens()
		if lo < 0 || hi < lo || hi > MaxStringLen {
			return fmt.Sprintf("length %d..%d, want 0 <= min <= max <= %d", lo, hi, MaxStringLen)
		}
		if !(c.NonASCII >= 0 && c.NonASCII <= 1) {
			return fmt.Sprintf("non-ASCII share %v is outside [0, 1]", c.NonASCII)
		}
	}
	if t.Kind == Int {
		lo, hi := c.Min, c.Max
		switch c.Dist {
		case Zipf, LowCardinality:
			hi = c.Min + int64(c.K) - 1
		case Sequential:
			lo, hi = c.Start, c.Start // the end is checked against the row count in Generate
		}
		if lo < math.MinInt32 || hi > math.MaxInt32 {
			return fmt.Sprintf("values %d..%d do not fit an int", lo, hi)
		}
	}
	if t.Kind == Decimal {
		lim := int64(math.Pow10(int(t.Precision)))
		lo, hi := c.Min, c.Max
		if c.Dist == Zipf || c.Dist == LowCardinality {
			hi = c.Min + int64(c.K) - 1
		}
		if c.Dist != Sequential && (lo <= -lim || hi >= lim) {
			return fmt.Sprintf("unscaled values %d..%d do not fit precision %d", lo, hi, t.Precision)
		}
	}
	return ""
}

func (c *ColumnSpec) lens() (int, int) {
	if c.MinLen == 0 && c.MaxLen == 0 {
		return 4, 12
	}
	return c.MinLen, c.MaxLen
}

// GenerateLazily builds a table of the given number of rows from spec, deterministically from
// seed, with no column generated yet: Fill generates one when a caller first needs it. Each
// column is drawn from the seed and its own leaf alone, so a column holds the same values
// whichever order the columns are filled in. (The widget's first panel needs a handful of the
// 36 columns; generating the rest was most of its first frame.)
func GenerateLazily(spec Spec, rows int, seed uint64) (*Table, error) {
	if rows < 0 || rows > MaxRows {
		return nil, fmt.Errorf("table: %d rows requested, want 0..%d", rows, MaxRows)
	}
	schema, err := spec.Schema()
	if err != nil {
		return nil, err
	}
	leaves := schema.Leaves()
	specs := make([]*ColumnSpec, 0, len(leaves))
	var collect func(cs []ColumnSpec)
	collect = func(cs []ColumnSpec) {
		for i := range cs {
			if len(cs[i].Fields) > 0 {
				collect(cs[i].Fields)
			} else {
				specs = append(specs, &cs[i])
			}
		}
	}
	collect(spec.Columns)
	t := &Table{Schema: schema, Leaves: leaves, Cols: make([]Column, len(leaves)), NumRows: rows,
		pending: &pendingCols{specs: specs, seed: seed, filled: make([]bool, len(leaves))}}
	return t, nil
}

// pendingCols is what a lazily generated table needs to generate its columns.
type pendingCols struct {
	specs  []*ColumnSpec
	seed   uint64
	filled []bool
}

// Fill generates leaf i's column if it is not there yet. A table built otherwise is always full.
func (t *Table) Fill(i int) error {
	if t.pending == nil || i < 0 || i >= len(t.Cols) || t.pending.filled[i] {
		return nil
	}
	if err := generateColumn(&t.Cols[i], t.Leaves[i], t.pending.specs[i], t.NumRows, t.pending.seed, nil); err != nil {
		return err
	}
	t.pending.filled[i] = true
	return nil
}

// GenerateColumn generates leaf i's column of a lazily generated table apart from the table,
// for SetColumn: a caller sharing the table between goroutines generates a column without holding
// the lock its readers take, then publishes it under that lock. ok is false when the table needs
// no column generated (built otherwise, or i out of range). yield is told, every TickRows rows,
// "Generating column NAME: done of rows rows"; its error stops the generation and is returned.
func (t *Table) GenerateColumn(i int, yield work.Yield) (col Column, ok bool, err error) {
	if t.pending == nil || i < 0 || i >= len(t.Cols) {
		return Column{}, false, nil
	}
	err = generateColumn(&col, t.Leaves[i], t.pending.specs[i], t.NumRows, t.pending.seed, yield)
	if err != nil {
		return Column{}, false, err
	}
	return col, true, nil
}

// SetColumn stores col, made by GenerateColumn(i), as leaf i's column unless it is filled
// already, and marks it filled.
func (t *Table) SetColumn(i int, col Column) {
	if t.pending == nil || i < 0 || i >= len(t.Cols) || t.pending.filled[i] {
		return
	}
	t.Cols[i] = col
	t.pending.filled[i] = true
}

// Filled reports whether leaf i's column holds its rows.
func (t *Table) Filled(i int) bool { return t.pending == nil || t.pending.filled[i] }

// stream is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014): a 64-bit counter and a mix of two 64-bit multiplies per draw. It
// replaced PCG, whose 128-bit multiply is a software routine of four 64-bit multiplies under
// wasm (which has no 64×64→128 instruction). It is exact integer arithmetic, identical on every
// platform. Streams of different keys start at hashed, unrelated points of the 2^64 cycle.
type stream struct{ x uint64 }

const golden = 0x9e3779b97f4a7c15

func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func newStream(seed, key uint64) *stream { return &stream{mix64(seed*golden+1) ^ mix64(key+golden)} }

func (s *stream) u64() uint64 {
	s.x += golden
	return mix64(s.x)
}

// below draws from [0, n) by Lemire's multiply-shift without rejection: on the top 32 bits for
// n ≤ 2^32 (one 64-bit multiply), on all 64 otherwise. Its bias (under n/2^32, resp. n/2^64) is
// far below anything a layout could show.
func (s *stream) below(n uint64) uint64 {
	if n <= 1<<32 {
		return (s.u64() >> 32) * n >> 32
	}
	hi, _ := bits.Mul64(s.u64(), n)
	return hi
}

func (s *stream) intn(n int) int { return int(s.below(uint64(n))) }

// perm is a Fisher-Yates shuffle of 0..n-1.
func (s *stream) perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := s.intn(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// float64 is a uniform double in [0, 1) from 53 random bits.
func (s *stream) float64() float64 { return float64(s.u64()>>11) / (1 << 53) }

func streamKey(l Leaf) uint64 {
	h := fnv.New64a()
	h.Write([]byte(strings.ToLower(l.Name())))
	return h.Sum64()
}

// rowTick tells its Yield the rows done every TickRows rows of a column's generation; err is
// the Yield's error that stopped it.
type rowTick struct {
	yield work.Yield
	step  string
	rows  int
	err   error
}

// TickRows is how often a column's generation reports: a few milliseconds of it natively.
const TickRows = 1 << 18

// at reports row i when due, and says whether the generation stops there.
func (tk *rowTick) at(i int) (stop bool) {
	if i&(TickRows-1) != 0 || i == 0 || tk.yield == nil {
		return false
	}
	tk.err = tk.yield.Tick(tk.step, i, tk.rows, "rows")
	return tk.err != nil
}

func generateColumn(col *Column, l Leaf, c *ColumnSpec, rows int, seed uint64, yield work.Yield) error {
	tk := &rowTick{yield: yield, step: "Generating column " + l.Name(), rows: rows}
	key := streamKey(l)
	r := newStream(seed, key)
	k := l.Type.Kind
	col.Kind = k
	col.Scale = l.Type.Scale
	switch k {
	case Double:
		col.Floats = make([]float64, rows)
		genFloats(col.Floats, c, r, tk)
	case String:
		genStrings(col, rows, c, r, tk)
	case Binary:
		genBinary(col, rows, c, r, tk)
	default:
		if c.Dist == Sequential && k == Int && rows > 0 && c.Start+int64(rows-1) > math.MaxInt32 {
			return fmt.Errorf("table: column %q: sequential values pass the int range", l.Name())
		}
		base, maxCode := intCodes(k, c, rows)
		switch {
		case maxCode < 1<<16:
			col.Base, col.Codes16 = base, make([]uint16, rows)
			genInts(col.Codes16, base, k, c, r, tk)
		case maxCode < 1<<32:
			col.Base, col.Codes32 = base, make([]uint32, rows)
			genInts(col.Codes32, base, k, c, r, tk)
		default:
			col.Ints = make([]int64, rows)
			genInts(col.Ints, 0, k, c, r, tk)
		}
	}
	if tk.err != nil {
		return tk.err
	}
	if c.NullFraction > 0 && rows > 0 {
		nr := newStream(seed^0x9e3779b97f4a7c15, key)
		// Compare 32-bit integers rather than floats (exact on every platform), two per draw.
		threshold := uint64(c.NullFraction * (1 << 32))
		col.Nulls = make([]bool, rows)
		var word uint64
		for i := range col.Nulls {
			if tk.at(i) {
				break
			}
			if i&1 == 0 {
				word = nr.u64()
			} else {
				word >>= 32
			}
			if word&0xFFFFFFFF < threshold {
				col.Nulls[i] = true
				switch {
				case col.Ints != nil:
					col.Ints[i] = 0
				case col.Floats != nil:
					col.Floats[i] = 0
				case col.Codes16 != nil:
					col.Codes16[i] = 0
				default:
					col.Codes32[i] = 0
				}
			}
		}
	}
	return tk.err
}

// zipf draws ranks 0..k-1 weighted 1/(rank+1)^s by inverting a cumulative table over [0, 2^62),
// with a guide table of 4,096 buckets so that a draw scans a few entries instead of searching.
type zipf struct {
	cdf   []uint64
	guide []int32
}

const zipfGuideBits = 12

func newZipf(k int, s float64) *zipf {
	z := &zipf{cdf: zipfTable(k, s), guide: make([]int32, 1<<zipfGuideBits)}
	i := 0
	for g := range z.guide {
		lo := uint64(g) << (62 - zipfGuideBits)
		for z.cdf[i] <= lo {
			i++
		}
		z.guide[g] = int32(i)
	}
	return z
}

func (z *zipf) draw(r *stream) int {
	u := r.u64() >> 2
	i := int(z.guide[u>>(62-zipfGuideBits)])
	for z.cdf[i] <= u {
		i++
	}
	return i
}

// zipfTable returns cumulative thresholds over [0, 2^62) for ranks 0..k-1 weighted 1/(rank+1)^s.
func zipfTable(k int, s float64) []uint64 {
	if s == 0 {
		s = defaultSkew
	}
	w := make([]float64, k)
	total := 0.0
	for i := range w {
		w[i] = math.Pow(float64(i+1), -s)
		total += w[i]
	}
	cdf := make([]uint64, k)
	acc := 0.0
	for i := range w {
		acc += w[i]
		cdf[i] = uint64(acc / total * (1 << 62))
	}
	cdf[k-1] = 1 << 62
	return cdf
}

// pick returns the index draw for Zipf (shuffled ranks) and LowCardinality columns.
type picker struct {
	z    *zipf
	perm []int
	k    int
}

func newPicker(c *ColumnSpec, r *stream) picker {
	p := picker{k: c.K}
	if c.Dist == Zipf {
		p.z = newZipf(c.K, c.Skew)
		p.perm = r.perm(c.K)
	}
	return p
}

func (p *picker) next(r *stream) int {
	if p.z != nil {
		return p.perm[p.z.draw(r)]
	}
	return r.intn(p.k)
}

// intCodes returns the smallest value an integer-kind column can take and the largest code
// (value - base) it can hold, from its spec alone.
func intCodes(k Kind, c *ColumnSpec, rows int) (base int64, maxCode uint64) {
	rpd := int64(c.RowsPerDay)
	if rpd == 0 {
		rpd = defaultRowsPerDy
	}
	last := int64(max(rows-1, 0))
	switch {
	case k == Boolean:
		return 0, 1
	case c.Dist == Uniform || c.Dist == HighCardinality:
		return c.Min, uint64(c.Max - c.Min)
	case c.Dist == Zipf || c.Dist == LowCardinality:
		return c.Min, uint64(c.K - 1)
	case k == Date && c.Days > 0:
		return c.Start, uint64(c.Days - 1)
	case k == Date:
		return c.Start, uint64(last / rpd)
	case (k == Timestamp || k == TimestampNTZ) && c.Days > 0:
		const day = 86_400_000_000
		return c.Start, uint64(c.Days) * day
	case k == Timestamp || k == TimestampNTZ:
		const day = 86_400_000_000
		return c.Start, uint64(last/rpd*day + day)
	}
	return c.Start, uint64(last)
}

// genInts draws an integer-kind column, storing value - base (base 0 for plain int64 values).
func genInts[T uint16 | uint32 | int64](out []T, base int64, k Kind, c *ColumnSpec, r *stream, tk *rowTick) {
	rpd := int64(c.RowsPerDay)
	if rpd == 0 {
		rpd = defaultRowsPerDy
	}
	if k == Boolean {
		for i := range out {
			if tk.at(i) {
				return
			}
			out[i] = T(r.u64() >> 63)
		}
		return
	}
	switch c.Dist {
	case Uniform, HighCardinality:
		span := uint64(c.Max-c.Min) + 1
		off := c.Min - base
		for i := range out {
			if tk.at(i) {
				return
			}
			out[i] = T(off + int64(r.below(span)))
		}
	case Zipf, LowCardinality:
		p := newPicker(c, r)
		off := c.Min - base
		for i := range out {
			if tk.at(i) {
				return
			}
			out[i] = T(off + int64(p.next(r)))
		}
	case Sequential:
		off := c.Start - base
		if c.Days > 0 && (k == Date || k == Timestamp || k == TimestampNTZ) {
			genSpread(out, off, k, int64(c.Days), r, tk)
			return
		}
		switch k {
		case Date:
			for i := range out {
				out[i] = T(off + int64(i)/rpd)
			}
		case Timestamp, TimestampNTZ:
			const day = 86_400_000_000
			slot := day / rpd
			for i := range out {
				if tk.at(i) {
					return
				}
				d, s := int64(i)/rpd, int64(i)%rpd
				out[i] = T(off + d*day + s*slot + int64(r.below(uint64(max(slot, 1)))))
			}
		default:
			for i := range out {
				out[i] = T(off + int64(i))
			}
		}
	}
}

// genSpread is Sequential over a fixed span: row i falls on day i·days/rows, so the days'
// row counts differ by at most one and a table of any size covers the same dates. Within a
// day of n rows, timestamps take n even slots, as with RowsPerDay.
func genSpread[T uint16 | uint32 | int64](out []T, off int64, k Kind, days int64, r *stream, tk *rowTick) {
	const day = 86_400_000_000
	rows := int64(len(out))
	first := int64(0) // the day's first row: ceil(d·rows/days)
	for d := int64(0); d < days && first < rows; d++ {
		next := ((d+1)*rows + days - 1) / days
		if k == Date {
			for i := first; i < next; i++ {
				out[i] = T(off + d)
			}
		} else {
			slot := day / max(next-first, 1)
			for i := first; i < next; i++ {
				if tk.at(int(i)) {
					return
				}
				out[i] = T(off + d*day + (i-first)*slot + int64(r.below(uint64(slot))))
			}
		}
		first = next
	}
}

func genFloats(out []float64, c *ColumnSpec, r *stream, tk *rowTick) {
	switch c.Dist {
	case Uniform:
		lo, span := float64(c.Min), float64(c.Max)-float64(c.Min)
		for i := range out {
			if tk.at(i) {
				return
			}
			// The explicit conversion forbids fusing into an FMA, which some targets would do
			// and wasm would not; the rounding then matches everywhere.
			out[i] = lo + float64(span*r.float64())
		}
	case Zipf, LowCardinality:
		p := newPicker(c, r)
		for i := range out {
			if tk.at(i) {
				return
			}
			out[i] = float64(c.Min + int64(p.next(r)))
		}
	case Sequential:
		for i := range out {
			out[i] = float64(c.Start + int64(i))
		}
	}
}

// Characters drawn for strings: ASCII letters and digits, and a few multi-byte ones (2-, 3- and
// 4-byte UTF-8, the last a surrogate pair in UTF-16) so that Delta's UTF-16 truncation rules of
// string statistics are exercised.
const asciiChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_"

var nonASCIIChars = []rune{'é', 'ü', 'ß', 'ñ', '€', '漢', '字', '한', '글', 'த', '🚀', '😀'}

func randomString(r *stream, c *ColumnSpec, buf []byte) []byte {
	lo, hi := c.lens()
	n := lo + r.intn(hi-lo+1)
	threshold := uint64(c.NonASCII * (1 << 53))
	for j := 0; j < n; j++ {
		if threshold > 0 && r.u64()>>11 < threshold {
			buf = utf8.AppendRune(buf, nonASCIIChars[r.intn(len(nonASCIIChars))])
		} else {
			buf = append(buf, asciiChars[r.intn(len(asciiChars))])
		}
	}
	return buf
}

// pool draws n random values (duplicates possible) and returns them as a dictionary and each
// draw's code in it.
func pool(r *stream, c *ColumnSpec, n int, gen func(*stream, *ColumnSpec, []byte) []byte) (*Dict, []uint32) {
	var buf []byte
	ends := make([]int, n)
	for i := range ends {
		buf = gen(r, c, buf)
		ends[i] = len(buf)
	}
	all := string(buf)
	values := make([]string, n)
	start := 0
	for i, e := range ends {
		values[i] = all[start:e]
		start = e
	}
	return dictOf(values)
}

// setCodes stores per-row codes, each code[i] for a pool index i drawn by p (uniformly when p is
// nil), in 16 bits when the dictionary allows, else 32.
func setCodes(col *Column, d *Dict, rows int, code []uint32, p *picker, r *stream, tk *rowTick) {
	col.Dict = d
	if d.Len() <= 1<<16 {
		col.Codes16 = make([]uint16, rows)
		fillCodes(col.Codes16, code, p, r, tk)
	} else {
		col.Codes32 = make([]uint32, rows)
		fillCodes(col.Codes32, code, p, r, tk)
	}
}

func fillCodes[T uint16 | uint32](out []T, code []uint32, p *picker, r *stream, tk *rowTick) {
	if p == nil {
		n := uint64(len(code))
		for i := range out {
			if tk.at(i) {
				return
			}
			out[i] = T(code[r.below(n)])
		}
		return
	}
	for i := range out {
		if tk.at(i) {
			return
		}
		out[i] = T(code[p.next(r)])
	}
}

func genStrings(col *Column, rows int, c *ColumnSpec, r *stream, tk *rowTick) {
	switch c.Dist {
	case Uniform:
		d, code := pool(r, c, min(stringPoolSize, max(rows, 1)), randomString)
		setCodes(col, d, rows, code, nil, r, tk)
		return
	case Zipf, LowCardinality:
		d, code := pool(r, c, c.K, randomString)
		p := newPicker(c, r)
		setCodes(col, d, rows, code, &p, r, tk)
		return
	}
	// HighCardinality: Prefix + a decimal id per row.
	span := uint64(c.Max-c.Min) + 1
	ids := make([]uint64, rows)
	for i := range ids {
		if tk.at(i) {
			return
		}
		ids[i] = r.below(span) // c.Min + ids[i] is the id
	}
	format := func(buf []byte, id uint64) []byte {
		return strconv.AppendInt(append(buf, c.Prefix...), c.Min+int64(id), 10)
	}
	if c.Min >= 0 && digits(c.Min) == digits(c.Max) {
		// Same prefix, same number of digits: the strings order as the ids do.
		col.Dict, col.Codes32 = encodeSorted(ids, make([]uint32, rows), len(c.Prefix)+digits(c.Max), format)
		return
	}
	values := make([]string, rows)
	var buf []byte
	for i, id := range ids {
		buf = format(buf[:0], id)
		values[i] = string(buf)
	}
	col.Dict, col.Codes32 = dictOf(values)
}

func digits(v int64) int { return len(strconv.FormatInt(v, 10)) }

// encodeSorted dictionary-encodes per-row keys whose formatted values order as the keys do:
// codes go into out, and the dictionary holds format(key) for each distinct key, ascending.
// width is the usual length of a formatted key (it sizes the dictionary up front).
func encodeSorted(keys []uint64, out []uint32, width int, format func([]byte, uint64) []byte) (*Dict, []uint32) {
	pos := make([]int32, len(keys))
	for i := range pos {
		pos[i] = int32(i)
	}
	var s RadixSorter
	s.SortPairs(keys, pos)
	buf := make([]byte, 0, len(keys)*width)
	off := make([]int, 1, len(keys)+1)
	for j, k := range keys {
		if j == 0 || k != keys[j-1] {
			buf = format(buf, k)
			off = append(off, len(buf))
		}
		out[pos[j]] = uint32(len(off) - 2)
	}
	return &Dict{data: string(buf), off: off}, out
}

func genBinary(col *Column, rows int, c *ColumnSpec, r *stream, tk *rowTick) {
	if c.Dist == Uniform {
		d, code := pool(r, c, min(stringPoolSize, max(rows, 1)), func(r *stream, c *ColumnSpec, buf []byte) []byte {
			lo, hi := c.lens()
			for n := lo + r.intn(hi-lo+1); n > 0; n-- {
				buf = append(buf, byte(r.u64()))
			}
			return buf
		})
		setCodes(col, d, rows, code, nil, r, tk)
		return
	}
	// HighCardinality: the id as 8 big-endian bytes, whose byte order is the unsigned order of
	// the id's two's-complement bits.
	span := uint64(c.Max-c.Min) + 1
	keys := make([]uint64, rows)
	for i := range keys {
		if tk.at(i) {
			return
		}
		keys[i] = uint64(c.Min + int64(r.below(span)))
	}
	col.Dict, col.Codes32 = encodeSorted(keys, make([]uint32, rows), 8, func(buf []byte, k uint64) []byte { return binary.BigEndian.AppendUint64(buf, k) })
}
