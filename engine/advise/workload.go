package advise

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/skipping"
	"layoutlab/engine/table"
)

// Limits on a workload file (docs/limits.md).
const (
	MaxWorkloadBytes   = 1 << 20 // the whole file
	MaxWorkloadQueries = 1000
	MaxWeight          = 1e9
)

// Query is one line of a workload: a WHERE predicate and its weight (how often it runs, or how
// much it matters: only ratios of weights count).
type Query struct {
	Line   int     `json:"line"`
	Where  string  `json:"where"`
	Weight float64 `json:"weight"`
	pred   skipping.Expr
}

// Workload is the queries a table serves, in file order.
type Workload struct {
	Queries []Query
}

// ParseWorkload reads a workload: one WHERE predicate per line, optionally preceded by a weight
// and a colon ("3: user_id = 42", "0.5: event_date >= '2025-01-01'"); without one the weight is
// 1. A line whose first non-blank character is '#' is a comment; blank lines are ignored. The
// text before the first colon is a weight only when it is a number as a whole, so a colon
// inside a predicate ("ts = '2025-01-01 10:00:00'") needs no escaping. Each predicate is parsed
// by engine/skipping against leaves, as inspect --where parses it. An error names the line and
// what was wrong.
func ParseWorkload(src string, leaves []table.Leaf) (*Workload, error) {
	if len(src) > MaxWorkloadBytes {
		return nil, fmt.Errorf("workload: %d bytes; the limit is %d", len(src), MaxWorkloadBytes)
	}
	if !utf8.ValidString(src) {
		return nil, fmt.Errorf("workload: not UTF-8 text")
	}
	w := &Workload{}
	for i, line := range strings.Split(src, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		text := strings.TrimSpace(line)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		q, err := parseQuery(text, leaves)
		if err != nil {
			return nil, fmt.Errorf("workload line %d: %w", n, err)
		}
		q.Line = n
		if len(w.Queries) == MaxWorkloadQueries {
			return nil, fmt.Errorf("workload line %d: more than %d queries", n, MaxWorkloadQueries)
		}
		w.Queries = append(w.Queries, q)
	}
	if len(w.Queries) == 0 {
		return nil, fmt.Errorf("workload: no query (one WHERE predicate a line, \"# ...\" comments)")
	}
	return w, nil
}

// parseQuery reads one non-blank, non-comment line.
func parseQuery(text string, leaves []table.Leaf) (Query, error) {
	q := Query{Where: text, Weight: 1}
	if head, rest, ok := strings.Cut(text, ":"); ok {
		head = strings.TrimSpace(head)
		if looksNumeric(head) {
			w, err := strconv.ParseFloat(head, 64)
			if err != nil || math.IsNaN(w) || w <= 0 || w > MaxWeight {
				return q, fmt.Errorf("weight %q is not a number in (0, %g]", head, float64(MaxWeight))
			}
			q.Weight, q.Where = w, strings.TrimSpace(rest)
		}
	}
	if q.Where == "" {
		return q, fmt.Errorf("a weight without a predicate")
	}
	e, err := skipping.Parse(q.Where, leaves)
	if err != nil {
		return q, fmt.Errorf("%q: %w", q.Where, err)
	}
	q.pred = e
	return q, nil
}

// looksNumeric is true for text made only of what a decimal number is written with: such a
// prefix is meant as a weight, and one that does not parse is an error rather than a predicate.
func looksNumeric(s string) bool {
	if s == "" {
		return false
	}
	digit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r == '.' || r == '-' || r == '+' || r == 'e' || r == 'E' || r == '_':
		default:
			return false
		}
	}
	return digit
}

// TotalWeight is the sum of the queries' weights.
func (w *Workload) TotalWeight() float64 {
	var t float64
	for _, q := range w.Queries {
		t += q.Weight
	}
	return t
}

// ReadColumns are the columns the advisor needs from the data files for a workload and the
// user's key sets: every column a query reads and every key, by logical leaf name. A workload
// that does not parse is the error ParseWorkload gives.
func ReadColumns(leaves []table.Leaf, workload string, keys [][]string) ([]string, error) {
	w, err := ParseWorkload(workload, leaves)
	if err != nil {
		return nil, err
	}
	var out []string
	add := func(name string) {
		for _, o := range out {
			if strings.EqualFold(o, name) {
				return
			}
		}
		out = append(out, name)
	}
	for _, q := range w.Queries {
		for _, l := range skipping.ReferencedLeaves(q.pred) {
			add(leaves[l].Name())
		}
	}
	for _, set := range keys {
		for _, k := range set {
			for _, l := range leaves {
				if strings.EqualFold(l.Name(), k) {
					add(l.Name())
				}
			}
		}
	}
	return out, nil
}

// Leaves are the snapshot's logical leaves, the names workloads and keys use.
func Leaves(s *deltalog.Snapshot) ([]table.Leaf, error) {
	t, err := newTableInfo(s)
	if err != nil {
		return nil, err
	}
	return t.leaves, nil
}
