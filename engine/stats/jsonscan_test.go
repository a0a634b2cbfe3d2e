package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/table"
)

// parse is p.Parse into a Parsed of its own.
func parse(p *JSONParser, s string) (Parsed, error) {
	var out Parsed
	err := p.Parse(s, &out)
	return out, err
}

// ParseJSON is one stats string read by a fresh JSONParser.
func ParseJSON(s string, leaves []table.Leaf) (FileStats, error) {
	p, err := parse(NewJSONParser(leaves, 1), s)
	return p.FileStats, err
}

// sameParse fails t unless JSONParser's scan and the generic decoder read s alike: the error,
// every statistic, the notes and the raw text of minValues, maxValues and nullCount.
func sameParse(t testing.TB, s string, leaves []table.Leaf) {
	t.Helper()
	p := NewJSONParser(leaves, 1)
	got, gerr := parse(p, s)
	want, werr := p.generic(s)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Fatalf("%s\nerror %v, generic %v", s, gerr, werr)
	}
	if gerr != nil {
		return
	}
	if d := diffStats(got.FileStats, want.FileStats); d != "" {
		t.Fatalf("%s\n%s", s, d)
	}
	slices.Sort(got.Notes)
	slices.Sort(want.Notes)
	if !slices.Equal(got.Notes, want.Notes) {
		t.Fatalf("%s\nnotes %q\ngeneric %q", s, got.Notes, want.Notes)
	}
	if got.HasNumRecords != want.HasNumRecords || got.RawMinValues != want.RawMinValues ||
		got.RawMaxValues != want.RawMaxValues || got.RawNullCount != want.RawNullCount {
		t.Fatalf("%s\nraw %v %q %q %q\ngeneric %v %q %q %q", s, got.HasNumRecords, got.RawMinValues, got.RawMaxValues, got.RawNullCount,
			want.HasNumRecords, want.RawMinValues, want.RawMaxValues, want.RawNullCount)
	}
}

func diffStats(a, b FileStats) string {
	same := func(x, y table.Value) bool {
		return x.Kind == y.Kind && x.Null == y.Null && x.I == y.I && x.S == y.S && x.Scale == y.Scale &&
			math.Float64bits(x.F) == math.Float64bits(y.F)
	}
	if a.NumRecords != b.NumRecords {
		return fmt.Sprintf("numRecords %d, generic %d", a.NumRecords, b.NumRecords)
	}
	if (a.TightBounds == nil) != (b.TightBounds == nil) || a.TightBounds != nil && *a.TightBounds != *b.TightBounds {
		return fmt.Sprintf("tightBounds %v, generic %v", a.TightBounds, b.TightBounds)
	}
	for i := range a.MinValues {
		if !same(a.MinValues[i], b.MinValues[i]) || !same(a.MaxValues[i], b.MaxValues[i]) || a.NullCount[i] != b.NullCount[i] {
			return fmt.Sprintf("leaf %d: %+v %+v %d, generic %+v %+v %d", i, a.MinValues[i], a.MaxValues[i], a.NullCount[i],
				b.MinValues[i], b.MaxValues[i], b.NullCount[i])
		}
	}
	return ""
}

// scanLeaves is a schema with every kind the parser reads, a nested struct, and a column whose
// name differs from its stats key only in case.
var scanLeaves = table.Schema{Fields: []table.Field{
	{Name: "id", Type: table.Type{Kind: table.Bigint}},
	{Name: "n", Type: table.Type{Kind: table.Int}},
	{Name: "x", Type: table.Type{Kind: table.Double}},
	{Name: "dec", Type: table.Type{Kind: table.Decimal, Precision: 10, Scale: 2}},
	{Name: "s", Type: table.Type{Kind: table.String}},
	{Name: "d", Type: table.Type{Kind: table.Date}},
	{Name: "ts", Type: table.Type{Kind: table.Timestamp}},
	{Name: "ntz", Type: table.Type{Kind: table.TimestampNTZ}},
	{Name: "b", Type: table.Type{Kind: table.Boolean}},
	{Name: "Mixed", Type: table.Type{Kind: table.Bigint}},
	{Name: "st", Type: table.Type{Kind: table.Struct, Fields: []table.Field{
		{Name: "a", Type: table.Type{Kind: table.Bigint}},
		{Name: "inner", Type: table.Type{Kind: table.Struct, Fields: []table.Field{{Name: "z", Type: table.Type{Kind: table.String}}}}},
	}}},
}}.Leaves()

// randomStats writes a stats string for scanLeaves: mostly well-formed, with the variations real
// writers and hand-edited logs bring (spacing, key case, escapes, nulls, wrong types, unknown
// keys, duplicates) and now and then a broken byte.
func randomStats(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	ws := func() string {
		if r.IntN(6) == 0 {
			return pick(" ", "\n", "\t ", "\r\n  ")
		}
		return ""
	}
	scalar := func(kind table.Kind) string {
		if r.IntN(12) == 0 {
			return pick("null", "true", `"x"`, "1.5", "-0", "1e400", `{}`, `[1,2]`, `"\u00e9\n"`, `"2024-01-01"`, "12345678901234567890")
		}
		switch kind {
		case table.Bigint, table.Int:
			return fmt.Sprint(r.Int64N(2000) - 1000)
		case table.Double:
			return pick(fmt.Sprint(r.Float64()*100), `"NaN"`, `"-Infinity"`, "1.5E7", "0.0", "-2")
		case table.Decimal:
			return pick("12.34", "0", "-1.5", "3.141", "99999999.99")
		case table.String:
			return pick(`"abc"`, `"a\"b"`, `"tab\there"`, `"\ud83d\ude00"`, `"ünï"`, `""`, `"a\\b"`)
		case table.Date:
			return pick(`"2024-02-29"`, `"2023-02-29"`, `"1999-12-31"`)
		case table.Timestamp, table.TimestampNTZ:
			return pick(`"2024-06-15T14:30:00+05:00"`, `"2024-01-01T10:00:00.000Z"`, `"2024-01-01T10:00:00.000"`, `"2024-01-01 10:00:00"`, `"nope"`)
		}
		return "true"
	}
	key := func(name string) string {
		switch r.IntN(10) {
		case 0:
			return strings.ToUpper(name)
		case 1:
			return strings.ToLower(name)
		}
		return name
	}
	var obj func(fields []table.Field, nulls bool) string
	obj = func(fields []table.Field, nulls bool) string {
		var parts []string
		for _, f := range fields {
			if r.IntN(5) == 0 {
				continue
			}
			var v string
			switch {
			case f.Type.Kind == table.Struct:
				v = obj(f.Type.Fields, nulls)
			case nulls:
				v = pick(fmt.Sprint(r.IntN(5)), fmt.Sprint(r.IntN(5)), "null", "1.5", `"2"`)
			default:
				v = scalar(f.Type.Kind)
			}
			k := key(f.Name)
			parts = append(parts, ws()+`"`+k+`"`+ws()+":"+ws()+v)
			if r.IntN(25) == 0 {
				// The same key again (the same spelling: two spellings that differ in case leave the
				// generic decoder's choice to map order).
				parts = append(parts, `"`+k+`":`+scalar(f.Type.Kind))
			}
		}
		if r.IntN(10) == 0 {
			parts = append(parts, `"unknown":`+pick("1", `{"q":[1,{"r":null}]}`, `"\/"`))
		}
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		return "{" + strings.Join(parts, ",") + ws() + "}"
	}
	fields := table.Schema{Fields: []table.Field{
		{Name: "id", Type: table.Type{Kind: table.Bigint}}, {Name: "n", Type: table.Type{Kind: table.Int}},
		{Name: "x", Type: table.Type{Kind: table.Double}}, {Name: "dec", Type: table.Type{Kind: table.Decimal}},
		{Name: "s", Type: table.Type{Kind: table.String}}, {Name: "d", Type: table.Type{Kind: table.Date}},
		{Name: "ts", Type: table.Type{Kind: table.Timestamp}}, {Name: "ntz", Type: table.Type{Kind: table.TimestampNTZ}},
		{Name: "b", Type: table.Type{Kind: table.Boolean}}, {Name: "mixed", Type: table.Type{Kind: table.Bigint}},
		{Name: "st", Type: table.Type{Kind: table.Struct, Fields: []table.Field{
			{Name: "a", Type: table.Type{Kind: table.Bigint}},
			{Name: "inner", Type: table.Type{Kind: table.Struct, Fields: []table.Field{{Name: "z", Type: table.Type{Kind: table.String}}}}}}}},
	}}.Fields
	var top []string
	if r.IntN(8) != 0 {
		top = append(top, `"numRecords":`+pick("1000", "0", "null", "7", "-1", "1.5", `"9"`))
	}
	for _, k := range []string{"minValues", "maxValues"} {
		if r.IntN(8) != 0 {
			top = append(top, `"`+k+`":`+ws()+obj(fields, false))
		} else if r.IntN(2) == 0 {
			top = append(top, `"`+k+`":`+pick("null", "3", `"x"`))
		}
	}
	if r.IntN(8) != 0 {
		top = append(top, `"nullCount":`+obj(fields, true))
	}
	if r.IntN(4) == 0 {
		top = append(top, `"tightBounds":`+pick("true", "false", "null", "{}"))
	}
	if r.IntN(30) == 0 {
		top = append(top, top[0])
	}
	r.Shuffle(len(top), func(i, j int) { top[i], top[j] = top[j], top[i] })
	s := ws() + "{" + strings.Join(top, ","+ws()) + "}" + ws()
	switch r.IntN(40) {
	case 0:
		s = s[:r.IntN(len(s))]
	case 1:
		i := r.IntN(len(s))
		s = s[:i] + pick(`"`, `\`, "\x01", ",", "}", "\xff") + s[i:]
	case 2:
		s += pick(" x", "{}", "\n")
	}
	return s
}

// TestJSONParserMatchesGeneric compares the one-pass parser with the generic decoder on random
// stats strings (the real logs' strings are compared in TestParseRealStats).
func TestJSONParserMatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 1))
	n := 5_000
	if testing.Short() {
		n = 1_000
	}
	for range n {
		sameParse(t, randomStats(r), scanLeaves)
	}
	// A parser reused over many strings gives each its own values.
	p := NewJSONParser(scanLeaves, 3)
	var kept []Parsed
	for i := range 10 {
		got, err := parse(p, fmt.Sprintf(`{"numRecords":%d,"minValues":{"id":%d},"maxValues":{"id":%d}}`, i, i, i+1))
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, got)
	}
	for i, k := range kept {
		if k.NumRecords != int64(i) || k.MinValues[0].I != int64(i) || k.MaxValues[0].I != int64(i+1) {
			t.Fatalf("file %d reads %+v", i, k.FileStats)
		}
	}
}

func FuzzJSONParser(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 50 {
		f.Add(randomStats(r))
	}
	f.Fuzz(func(t *testing.T, s string) { sameParse(t, s, scanLeaves) })
}

// Delta reads stats with from_json over statsSchema, whose JacksonParser matches keys exactly
// (StructType.getFieldIndex): "MaxValues" is not maxValues, "mixed" not the column Mixed, and
// "ID" not id. Such a statistic is absent, never read from the key in another case. Before, the
// generic decoder matched top-level keys case-insensitively (encoding/json into a struct) where
// the fast scanner did not, and both matched leaf keys case-insensitively.
func TestStatsKeysMatchExactly(t *testing.T) {
	p := NewJSONParser(scanLeaves, 1)
	const s = `{"numRecords":3,"MaxValues":{"id":9},"maxValues":{"ID":7,"mixed":4,"st":{"A":1}},"minValues":{"id":2,"Mixed":1},"NullCount":{"id":0}}`
	byScan := func(s string) (Parsed, error) { return parse(p, s) }
	for name, read := range map[string]func(string) (Parsed, error){"Parse": byScan, "generic": p.generic} {
		got, err := read(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		idx := func(n string) int {
			for i, l := range scanLeaves {
				if l.Name() == n {
					return i
				}
			}
			t.Fatalf("no leaf %s", n)
			return -1
		}
		id, mixed, sta := idx("id"), idx("Mixed"), idx("st.a")
		if !got.MaxValues[id].Absent() || !got.MaxValues[mixed].Absent() || !got.MaxValues[sta].Absent() {
			t.Errorf("%s: max id %v, Mixed %v, st.a %v; want all absent", name, got.MaxValues[id], got.MaxValues[mixed], got.MaxValues[sta])
		}
		if got.MinValues[id].I != 2 || got.MinValues[mixed].I != 1 {
			t.Errorf("%s: min id %v, Mixed %v; want 2 and 1", name, got.MinValues[id], got.MinValues[mixed])
		}
		if got.NullCount[id] != -1 || got.RawNullCount != "" {
			t.Errorf("%s: nullCount id %d (raw %q), want none: NullCount is not nullCount", name, got.NullCount[id], got.RawNullCount)
		}
		if got.RawMaxValues != `{"ID":7,"mixed":4,"st":{"A":1}}` {
			t.Errorf("%s: raw maxValues %q", name, got.RawMaxValues)
		}
	}
}

// TestReuseValuesParsesAsFresh: a parser that hands out the same values every time
// (ReuseValues) reads each string as a new parser does, with nothing left from the string before.
func TestReuseValuesParsesAsFresh(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 2))
	p := NewJSONParser(scanLeaves, 1000)
	p.ReuseValues()
	for range 2_000 {
		readsAsFresh(t, p, randomStats(r))
	}
}

// readsAsFresh fails t unless p, a parser that has read other strings, reads s as a new parser
// does, with nothing left from the strings before.
func readsAsFresh(t *testing.T, p *JSONParser, s string) {
	t.Helper()
	got, gotErr := parse(p, s)
	want, wantErr := parse(NewJSONParser(scanLeaves, 1), s)
	if (got.TightBounds == nil) != (want.TightBounds == nil) || got.TightBounds != nil && *got.TightBounds != *want.TightBounds {
		t.Fatalf("%q: tightBounds differ", s)
	}
	got.TightBounds, want.TightBounds = nil, nil
	// %#v, not reflect.DeepEqual: a NaN bound equals itself here.
	if g, w := fmt.Sprintf("%#v %v", got, gotErr), fmt.Sprintf("%#v %v", want, wantErr); g != w {
		t.Fatalf("%q:\nthis parser %s\nfresh       %s", s, g, w)
	}
}

// TestParseSetsEveryField: Parse into one Parsed, file after file (as engine/inspect's
// blocks keep them in place), reads each string as Parse does, nothing left from the one before:
// notes, raw texts, tightBounds and numRecords included, on the fast path and the generic one.
func TestParseSetsEveryField(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 3))
	p := NewJSONParser(scanLeaves, 1000)
	p.ReuseValues()
	var got Parsed
	texts := []string{`{"numRecords":5,"minValues":{"id":"x"},"tightBounds":true}`, `{}`, `{"numRecords":1,"numRecords":2}`, `[]`}
	for range 2_000 {
		texts = append(texts, randomStats(r))
	}
	for _, s := range texts {
		gotErr := p.Parse(s, &got)
		want, wantErr := parse(NewJSONParser(scanLeaves, 1), s)
		g, w := got, want
		if (g.TightBounds == nil) != (w.TightBounds == nil) || g.TightBounds != nil && *g.TightBounds != *w.TightBounds {
			t.Fatalf("%q: tightBounds differ", s)
		}
		g.TightBounds, w.TightBounds = nil, nil
		if gs, ws := fmt.Sprintf("%#v %v", g, gotErr), fmt.Sprintf("%#v %v", w, wantErr); gs != ws {
			t.Fatalf("%q:\ninto  %s\nParse %s", s, gs, ws)
		}
	}
}
