package skipping

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// fixture is the table a datadriven file defines.
type fixture struct {
	tbl   Table
	files []File
}

// parseType reads "int", "decimal(10,2)", ...
func parseType(s string) (table.Type, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if strings.HasPrefix(s, "decimal(") && strings.HasSuffix(s, ")") {
		p, sc, ok := strings.Cut(s[len("decimal("):len(s)-1], ",")
		pi, err1 := strconv.Atoi(strings.TrimSpace(p))
		si, err2 := strconv.Atoi(strings.TrimSpace(sc))
		if !ok || err1 != nil || err2 != nil {
			return table.Type{}, fmt.Errorf("bad decimal type %q", s)
		}
		return table.Type{Kind: table.Decimal, Precision: uint8(pi), Scale: uint8(si)}, nil
	}
	switch s { // kinds of real tables only, which the simulator's ParseKind does not take
	case "float":
		return table.Type{Kind: table.Float}, nil
	case "void":
		return table.Type{Kind: table.Void}, nil
	case "double widened from float":
		return table.Type{Kind: table.Double, FromFloat: true}, nil
	}
	k, ok := table.ParseKind(s)
	if !ok {
		return table.Type{}, fmt.Errorf("unknown type %q", s)
	}
	return table.Type{Kind: k}, nil
}

// splitFields splits on spaces outside '...' and "..." quotes.
func splitFields(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			cur.WriteRune(r)
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
			cur.WriteRune(r)
		case r == ' ' || r == '\t':
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// splitTop splits on commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// cutRange splits "lo..hi" at the first ".." outside quotes.
func cutRange(s string) (string, string, bool) {
	var quote byte
	for i := 0; i+1 < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '.' && s[i+1] == '.':
			return s[:i], s[i+2:], true
		}
	}
	return s, "", false
}

func unquote(s string) (string, error) {
	switch {
	case len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'':
		return s[1 : len(s)-1], nil
	case len(s) >= 2 && s[0] == '"':
		return strconv.Unquote(s)
	}
	return s, nil
}

func statOf(s string, t table.Type) (table.Value, error) {
	if s == "?" {
		return table.Value{}, nil
	}
	u, err := unquote(s)
	if err != nil {
		return table.Value{}, err
	}
	v, ok := castString(u, t)
	if !ok {
		return table.Value{}, fmt.Errorf("cannot read %q as %s", s, t)
	}
	if v.Kind == table.Decimal {
		v.Scale = t.Scale
	}
	return v, nil
}

func parseFixture(input string) (*fixture, error) {
	fx := &fixture{}
	var statsCols []string
	for _, line := range strings.Split(input, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(line, "columns:"):
			tops := map[string]int{}
			for _, def := range splitTop(strings.TrimPrefix(line, "columns:")) {
				def = strings.TrimSpace(def)
				sp := strings.IndexByte(def, ' ')
				if sp < 0 {
					return nil, fmt.Errorf("bad column %q", def)
				}
				t, err := parseType(def[sp+1:])
				if err != nil {
					return nil, err
				}
				path := strings.Split(def[:sp], ".")
				top, ok := tops[path[0]]
				if !ok {
					top = len(tops)
					tops[path[0]] = top
				}
				fx.tbl.Leaves = append(fx.tbl.Leaves, table.Leaf{Path: path, Type: t, Top: top})
			}
		case strings.HasPrefix(line, "partition:"):
			for _, p := range strings.Split(strings.TrimPrefix(line, "partition:"), ",") {
				fx.tbl.PartitionColumns = append(fx.tbl.PartitionColumns, strings.TrimSpace(p))
			}
		case strings.HasPrefix(line, "stats:"):
			for _, p := range strings.Split(strings.TrimPrefix(line, "stats:"), ",") {
				statsCols = append(statsCols, strings.TrimSpace(p))
			}
		default:
			f, err := fx.parseFile(line)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", line, err)
			}
			fx.files = append(fx.files, f)
		}
	}
	if statsCols != nil {
		fx.tbl.StatsColumns = make([]bool, len(fx.tbl.Leaves))
		for _, c := range statsCols {
			i := fx.leafIndex(c)
			if i < 0 {
				return nil, fmt.Errorf("stats: unknown column %q", c)
			}
			fx.tbl.StatsColumns[i] = true
		}
	}
	return fx, nil
}

func (fx *fixture) leafIndex(name string) int {
	for i, l := range fx.tbl.Leaves {
		if strings.EqualFold(l.Name(), name) {
			return i
		}
	}
	return -1
}

func (fx *fixture) isPartition(name string) bool {
	for _, p := range fx.tbl.PartitionColumns {
		if strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}

// parseFile reads "name rows=N [bytes=N] [numRecords=N|?] [nostats] col=lo..hi col=allnull
// col=? col:min=v col:max=v col:nulls=N pcol=value|null".
func (fx *fixture) parseFile(line string) (File, error) {
	fields := splitFields(line)
	n := len(fx.tbl.Leaves)
	fs := &stats.FileStats{NumRecords: -1, MinValues: make([]table.Value, n), MaxValues: make([]table.Value, n), NullCount: make([]int64, n)}
	for i := range fs.NullCount {
		fs.NullCount[i] = -1
	}
	f := File{Path: fields[0], PartitionValues: map[string]string{}, Stats: fs}
	var allNull []int
	numRecordsSet := false
	for _, fld := range fields[1:] {
		if fld == "nostats" {
			f.Stats = nil
			continue
		}
		key, val, ok := strings.Cut(fld, "=")
		if !ok {
			return f, fmt.Errorf("bad field %q", fld)
		}
		col, sub, _ := strings.Cut(key, ":")
		switch key {
		case "rows":
			r, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				return f, err
			}
			f.Rows = r
			if !numRecordsSet {
				fs.NumRecords = r
			}
			continue
		case "bytes":
			b, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				return f, err
			}
			f.Bytes = b
			continue
		case "numRecords":
			numRecordsSet = true
			fs.NumRecords = -1
			if val != "?" {
				r, err := strconv.ParseInt(val, 10, 64)
				if err != nil {
					return f, err
				}
				fs.NumRecords = r
			}
			continue
		}
		if fx.isPartition(col) {
			if val != "null" {
				u, err := unquote(val)
				if err != nil {
					return f, err
				}
				f.PartitionValues[fx.tbl.Leaves[fx.leafIndex(col)].Name()] = u
			}
			continue
		}
		i := fx.leafIndex(col)
		if i < 0 {
			return f, fmt.Errorf("unknown column %q", col)
		}
		t := fx.tbl.Leaves[i].Type
		var err error
		switch sub {
		case "":
			switch val {
			case "allnull":
				allNull = append(allNull, i)
			case "?":
				fs.MinValues[i], fs.MaxValues[i], fs.NullCount[i] = table.Value{}, table.Value{}, -1
			default:
				lo, hi, ok := cutRange(val)
				if !ok {
					hi = lo
				}
				if fs.MinValues[i], err = statOf(lo, t); err != nil {
					return f, err
				}
				if fs.MaxValues[i], err = statOf(hi, t); err != nil {
					return f, err
				}
				if fs.NullCount[i] < 0 {
					fs.NullCount[i] = 0
				}
			}
		case "min":
			fs.MinValues[i], err = statOf(val, t)
		case "max":
			fs.MaxValues[i], err = statOf(val, t)
		case "nulls":
			fs.NullCount[i] = -1
			if val != "?" {
				fs.NullCount[i], err = strconv.ParseInt(val, 10, 64)
			}
		default:
			return f, fmt.Errorf("bad field %q", fld)
		}
		if err != nil {
			return f, err
		}
	}
	for _, i := range allNull {
		fs.MinValues[i], fs.MaxValues[i], fs.NullCount[i] = table.Value{}, table.Value{}, fs.NumRecords
	}
	if f.Bytes == 0 {
		f.Bytes = f.Rows * 10
	}
	return f, nil
}

func TestDataDriven(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range entries {
		if ent.IsDir() || !strings.HasSuffix(ent.Name(), ".txt") {
			continue // testdata/fuzz holds the fuzz corpus
		}
		path := "testdata/" + ent.Name()
		t.Run(strings.TrimSuffix(ent.Name(), ".txt"), func(t *testing.T) { runFile(t, path) })
	}
}

func runFile(t *testing.T, path string) {
	{
		var fx *fixture
		datadriven.RunTest(t, path, func(t *testing.T, td *datadriven.TestData) string {
			src := strings.TrimSpace(td.Input)
			switch td.Cmd {
			case "define":
				var err error
				fx, err = parseFixture(td.Input)
				if err != nil {
					t.Fatalf("%s: %v", td.Pos, err)
				}
				return ""
			case "parse":
				e, err := Parse(src, fx.tbl.Leaves)
				if err != nil {
					return "error:\n" + err.(ErrorList).All()
				}
				checkRoundTrip(t, e, fx.tbl.Leaves)
				return e.String()
			case "explain":
				e, err := Parse(src, fx.tbl.Leaves)
				if err != nil {
					return "error:\n" + err.(ErrorList).All()
				}
				return explainRewrite(e)
			case "prune":
				e, err := Parse(src, fx.tbl.Leaves)
				if err != nil {
					return "error:\n" + err.(ErrorList).All()
				}
				checkRoundTrip(t, e, fx.tbl.Leaves)
				f, err := Compile(e, fx.tbl)
				if err != nil {
					return "error: " + err.Error()
				}
				s := f.FilesForScan(fx.files)
				var b strings.Builder
				b.WriteString(f.String() + "\n")
				fmt.Fprintf(&b, "read %d/%d files, %d/%d rows\n", len(s.Read), len(fx.files), s.RowsRead, s.RowsTotal)
				for i, r := range s.Reasons {
					if f.Keep(fx.files[i].Stats, fx.files[i].PartitionValues) != r.Kept() {
						t.Errorf("%s: Keep and Explain disagree on %s", td.Pos, fx.files[i].Path)
					}
					fmt.Fprintf(&b, "%s: %s\n", fx.files[i].Path, r)
				}
				return b.String()
			}
			t.Fatalf("%s: unknown command %q", td.Pos, td.Cmd)
			return ""
		})
	}
}

// checkRoundTrip asserts Parse(e.String()) prints and dumps the same.
func checkRoundTrip(t testing.TB, e Expr, leaves []table.Leaf) {
	t.Helper()
	s := e.String()
	e2, err := Parse(s, leaves)
	if err != nil {
		t.Fatalf("canonical %q does not parse: %v", s, err)
	}
	if s2 := e2.String(); s2 != s || dump(e2) != dump(e) {
		t.Fatalf("round trip changed the tree:\n%s\n%s\n%s\n%s", s, s2, dump(e), dump(e2))
	}
}

// dump prints a tree with node types and literal kinds, ignoring positions.
func dump(e Expr) string {
	switch e := e.(type) {
	case *Literal:
		return fmt.Sprintf("Lit(%s:%s:%v:%d:%v)", e.Val.Kind, formatLiteral(e.Val, true), e.Coerced, e.Prec, e.Negates != nil)
	case *Column:
		return fmt.Sprintf("Col(%d)", e.Leaf)
	case *Compare:
		return fmt.Sprintf("Cmp%s(%s,%s)", e.Op, dump(e.L), dump(e.R))
	case *Arith:
		return fmt.Sprintf("Arith%c:%s(%s,%s)", e.Op, e.T, dump(e.L), dump(e.R))
	case *Neg:
		return "Neg(" + dump(e.X) + ")"
	case *Between:
		return fmt.Sprintf("Between%v(%s,%s,%s)", e.Not, dump(e.X), dump(e.Lo), dump(e.Hi))
	case *In:
		var items []string
		for _, it := range e.List {
			items = append(items, dump(it))
		}
		return fmt.Sprintf("In%v(%s,[%s])", e.Not, dump(e.X), strings.Join(items, ","))
	case *IsNull:
		return fmt.Sprintf("IsNull%v(%s)", e.Not, dump(e.X))
	case *Like:
		return fmt.Sprintf("Like%v(%s,%q)", e.Not, dump(e.X), e.Pattern)
	case *Not:
		return "Not(" + dump(e.X) + ")"
	case *And:
		return "And(" + dump(e.L) + "," + dump(e.R) + ")"
	case *Or:
		return "Or(" + dump(e.L) + "," + dump(e.R) + ")"
	}
	return fmt.Sprintf("%T", e)
}

// explainRewrite prints the statistics predicate Delta builds for e, assuming every column has
// statistics and none is a partition column, e.g. "minValues.a <= 5 AND maxValues.a >= 5".
// "(none)" means Delta cannot use the predicate and reads every file.
func explainRewrite(e Expr) string {
	if e == nil {
		return "(none)"
	}
	b := &DataFiltersBuilder{inStats: func(int) bool { return true }}
	p := b.constructDataFilters(lower(e), 0)
	if p == nil {
		return "(none)"
	}
	return sexprString(p.expr)
}
