package table

import "strings"

// MaxDistinct is an upper bound on the number of distinct values, NULL counted as one, that
// the top-level column name (matched case-insensitively, as Spark resolves names) takes in a
// table of rows rows generated from s. It is known from the spec alone, before any row is
// drawn: a PARTITIONED BY layout writes a directory per distinct value, so this bounds its
// number of partitions. ok is false when s has no such top-level column, or it is a struct.
func (s Spec) MaxDistinct(name string, rows int) (n int64, ok bool) {
	for i := range s.Columns {
		c := &s.Columns[i]
		if !strings.EqualFold(c.Name, name) {
			continue
		}
		t, err := ParseType(c.Type)
		if err != nil || t.Kind == Struct {
			return 0, false
		}
		return c.maxDistinct(t.Kind, rows), true
	}
	return 0, false
}

func (c *ColumnSpec) maxDistinct(k Kind, rows int) int64 {
	n := int64(max(rows, 1))
	switch {
	case k == Boolean:
		n = min(n, 2)
	case k == String || k == Binary:
		switch c.Dist {
		case Zipf, LowCardinality:
			n = min(n, int64(c.K))
		case HighCardinality:
			n = min(n, c.Max-c.Min+1)
		default: // a pool of random values (genStrings)
			n = min(n, stringPoolSize)
		}
	case k == Double:
		if c.Dist == Zipf || c.Dist == LowCardinality {
			n = min(n, int64(c.K))
		}
	default: // integer kinds: at most one value per code
		if _, maxCode := intCodes(k, c, rows); maxCode < uint64(n) {
			n = int64(maxCode) + 1
		}
	}
	if c.NullFraction > 0 {
		n++
	}
	return n
}
