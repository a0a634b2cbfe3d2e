package panel

// Stand-ins used until the shared generator, stats and skipping packages land. Everything here
// is replaced by table.Generate, stats.Collect and skipping.FilesForScan.

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"layoutlab/engine/table"
)

func prelimGenerate(rows int, seed uint64) *table.Table {
	rng := rand.New(rand.NewPCG(seed, 0x7461626c65))
	var fields []table.Field
	add := func(name string, k table.Kind) {
		fields = append(fields, table.Field{Name: name, Type: table.Type{Kind: k}, Nullable: true})
	}
	add("event_date", table.Date)
	add("user_id", table.Bigint)
	add("region_id", table.Int)
	for i := 4; i <= 32; i++ {
		kinds := []table.Kind{table.Double, table.String, table.Int, table.Bigint}
		add(fmt.Sprintf("attr_%02d", i), kinds[i%4])
	}
	add("device_model_id", table.Int)
	add("session_ms", table.Bigint)
	add("is_mobile", table.Boolean)
	add("note", table.String)
	t := &table.Table{Schema: table.Schema{Fields: fields}, NumRows: rows}
	t.Leaves = t.Schema.Leaves()
	t.Cols = make([]table.Column, len(t.Leaves))
	start := int64(table.DaysOf(2026, time.July, 1))
	for i, l := range t.Leaves {
		c := &t.Cols[i]
		c.Kind = l.Type.Kind
		switch c.Kind {
		case table.Double:
			c.Floats = make([]float64, rows)
			for r := range c.Floats {
				c.Floats[r] = rng.NormFloat64() * 100
			}
		case table.String:
			c.Strs = make([]string, rows)
			for r := range c.Strs {
				c.Strs[r] = "s" + strconv.Itoa(rng.IntN(5000))
			}
		default:
			c.Ints = make([]int64, rows)
			for r := range c.Ints {
				switch l.Name() {
				case "event_date":
					c.Ints[r] = start + int64(rng.IntN(60))
				case "user_id":
					c.Ints[r] = 1 + rng.Int64N(50_000_000)
				case "region_id":
					c.Ints[r] = 1 + int64(rng.IntN(6))
				case "device_model_id":
					c.Ints[r] = 1 + int64(rng.IntN(400))
				case "is_mobile":
					c.Ints[r] = int64(rng.IntN(2))
				default:
					c.Ints[r] = int64(rng.IntN(100000))
				}
			}
		}
	}
	return t
}

// prelimStats is one file's min/max/nullCount over the indexed leaves.
type prelimStats struct {
	num      int64
	min, max []table.Value
	nulls    []int64
}

func prelimCollect(t *table.Table, rows []int32, indexed []bool) prelimStats {
	s := prelimStats{num: int64(len(rows)), min: make([]table.Value, len(t.Cols)), max: make([]table.Value, len(t.Cols)), nulls: make([]int64, len(t.Cols))}
	for i := range t.Cols {
		if !indexed[i] {
			s.nulls[i] = -1
			continue
		}
		c := &t.Cols[i]
		var n int64
		var lo, hi table.Value
		for _, r := range rows {
			if c.IsNull(int(r)) {
				n++
				continue
			}
			v := c.Value(int(r))
			if lo.Kind == table.Invalid || table.Compare(v, lo) < 0 {
				lo = v
			}
			if hi.Kind == table.Invalid || table.Compare(v, hi) > 0 {
				hi = v
			}
		}
		s.nulls[i] = n
		if t.Leaves[i].Type.SkippingEligible() {
			s.min[i], s.max[i] = lo, hi
		}
	}
	return s
}

// prelimPred is a conjunction of col op literal.
type prelimConj struct {
	leaf int
	op   string
	v    table.Value
}

func prelimParse(src string, t *table.Table) ([]prelimConj, error) {
	var out []prelimConj
	parts := splitAnd(src)
	for _, p := range parts {
		p = strings.TrimSpace(p)
		var op string
		var i int
		for _, o := range []string{"<=", ">=", "<>", "!=", "=", "<", ">"} {
			if j := strings.Index(p, o); j > 0 {
				op, i = o, j
				break
			}
		}
		if op == "" {
			return nil, fmt.Errorf("cannot read %q: expected column op literal", p)
		}
		name := strings.TrimSpace(p[:i])
		lit := strings.TrimSpace(p[i+len(op):])
		leaf := t.LeafIndex(name)
		if leaf < 0 {
			return nil, fmt.Errorf("column %q does not exist", name)
		}
		k := t.Leaves[leaf].Type.Kind
		var v table.Value
		switch {
		case strings.HasPrefix(strings.ToUpper(lit), "DATE"):
			d, err := time.Parse("2006-01-02", strings.Trim(strings.TrimSpace(lit[4:]), "'"))
			if err != nil {
				return nil, fmt.Errorf("bad date %s", lit)
			}
			v = table.DateValue(table.DaysOf(d.Year(), d.Month(), d.Day()))
		case strings.HasPrefix(lit, "'"):
			s := strings.Trim(lit, "'")
			if k == table.Date {
				d, err := time.Parse("2006-01-02", s)
				if err != nil {
					return nil, fmt.Errorf("bad date %s", lit)
				}
				v = table.DateValue(table.DaysOf(d.Year(), d.Month(), d.Day()))
			} else {
				v = table.StringValue(s)
			}
		default:
			if n, err := strconv.ParseInt(lit, 10, 64); err == nil {
				v = table.BigintValue(n)
			} else if f, err := strconv.ParseFloat(lit, 64); err == nil {
				v = table.DoubleValue(f)
			} else {
				return nil, fmt.Errorf("cannot read literal %q", lit)
			}
		}
		out = append(out, prelimConj{leaf, op, v})
	}
	return out, nil
}

func splitAnd(s string) []string {
	var out []string
	for {
		i := strings.Index(strings.ToUpper(s), " AND ")
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		s = s[i+5:]
	}
}

// keep applies Delta's rewrites (col = v → min <= v <= max, …); a missing stat keeps the file.
func prelimKeep(conj []prelimConj, s *prelimStats) bool {
	for _, c := range conj {
		lo, hi := s.min[c.leaf], s.max[c.leaf]
		if lo.Absent() || hi.Absent() {
			if s.nulls[c.leaf] >= 0 && s.nulls[c.leaf] == s.num {
				return false // all NULL: no comparison can be true
			}
			continue
		}
		ok := true
		switch c.op {
		case "=":
			ok = table.Compare(lo, c.v) <= 0 && table.Compare(c.v, hi) <= 0
		case "<":
			ok = table.Compare(lo, c.v) < 0
		case "<=":
			ok = table.Compare(lo, c.v) <= 0
		case ">":
			ok = table.Compare(hi, c.v) > 0
		case ">=":
			ok = table.Compare(hi, c.v) >= 0
		case "<>", "!=":
			ok = table.Compare(lo, c.v) < 0 || table.Compare(c.v, hi) < 0
		}
		if !ok {
			return false
		}
	}
	return true
}
