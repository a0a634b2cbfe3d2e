package skipping

import (
	"fmt"

	"layoutlab/engine/table"
)

// PointLookup answers `col = v` for many values v over one file list. Each file's verdict
// inputs (verifyStatsForFilter, the adjusted min and max, or the cast partition value) are
// computed once, so a probe is a comparison or two per file. Its answers are exactly those of
// Compile(col = v).Keep; the tests check this.
type PointLookup struct {
	kind    table.Kind
	intFast bool // the column's values live in Value.I and compare as int64
	files   []pointFile
}

type pointMode uint8

const (
	pointKeep  pointMode = iota // always read: stats missing, or Delta cannot use col = v
	pointNever                  // never read: all-NULL column or NULL partition value
	pointRange                  // read when lo <= v <= hi
	pointValue                  // read when v equals the partition value lo
)

type pointFile struct {
	mode     pointMode
	lo, hi   table.Value
	loI, hiI int64
}

func intKind(k table.Kind) bool {
	switch k {
	case table.Int, table.Bigint, table.Date, table.Timestamp, table.TimestampNTZ:
		return true
	}
	return false
}

// NewPointLookup prepares `col = v` lookups on the named leaf (dotted, case-insensitive).
func NewPointLookup(files []File, t Table, col string) (*PointLookup, error) {
	leaf := -1
	for i, l := range t.Leaves {
		if pathEqualFold(splitDotted(col), l.Path) {
			leaf = i
			break
		}
	}
	if leaf < 0 {
		return nil, fmt.Errorf("skipping: unknown column %q", col)
	}
	l := t.Leaves[leaf]
	c := &Column{Leaf: leaf, Path: l.Path, T: l.Type}
	f, err := Compile(nil, t)
	if err != nil {
		return nil, err
	}
	p := &PointLookup{kind: l.Type.Kind, intFast: intKind(l.Type.Kind), files: make([]pointFile, len(files))}
	if f.partKey[leaf] != "" {
		r := partRow{f: f}
		for i := range files {
			r.pv = files[i].PartitionValues
			v := r.value(leaf)
			if v.Null {
				p.files[i] = pointFile{mode: pointNever}
				continue
			}
			p.files[i] = pointFile{mode: pointValue, lo: v, loI: v.I}
		}
		return p, nil
	}
	b := &DataFiltersBuilder{leaves: t.Leaves, inStats: func(i int) bool { return t.StatsColumns == nil || t.StatsColumns[i] }}
	mn, ok1 := b.ref(statMin, c)
	mx, ok2 := b.ref(statMax, c)
	if !ok1 || !ok2 {
		return p, nil // every file pointKeep
	}
	for i := range files {
		fs := files[i].Stats
		if !present(fs, mn) || !present(fs, mx) {
			continue // pointKeep
		}
		lo, okLo := statValue(fs, mn)
		hi, okHi := statValue(fs, mx)
		if !okLo || !okHi {
			p.files[i] = pointFile{mode: pointNever}
			continue
		}
		p.files[i] = pointFile{mode: pointRange, lo: lo, hi: hi, loI: lo.I, hiI: hi.I}
	}
	return p, nil
}

func splitDotted(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// Keep reports whether file i is read for col = v. v should have the column's kind (any
// numeric kind for a numeric column); a NULL v reads only files whose stats are missing.
func (p *PointLookup) Keep(i int, v table.Value) bool {
	pf := &p.files[i]
	switch pf.mode {
	case pointKeep:
		return true
	case pointNever:
		return false
	}
	if v.Null || v.Kind == table.Invalid {
		return false
	}
	if p.intFast && (v.Kind == p.kind || isIntegral(v.Kind) && isIntegral(p.kind)) {
		if pf.mode == pointValue {
			return v.I == pf.loI
		}
		return pf.loI <= v.I && v.I <= pf.hiI
	}
	if pf.mode == pointValue {
		c, ok := compareValues(pf.lo, v)
		return ok && c == 0
	}
	return table.Compare(pf.lo, v) <= 0 && table.Compare(pf.hi, v) >= 0
}

// Count is the number of files read for col = v.
func (p *PointLookup) Count(v table.Value) int {
	n := 0
	for i := range p.files {
		if p.Keep(i, v) {
			n++
		}
	}
	return n
}

// AppendRead appends the indices of the files read for col = v to dst.
func (p *PointLookup) AppendRead(dst []int, v table.Value) []int {
	for i := range p.files {
		if p.Keep(i, v) {
			dst = append(dst, i)
		}
	}
	return dst
}
