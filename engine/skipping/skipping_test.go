package skipping

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

var testLeaves = []table.Leaf{
	{Path: []string{"a"}, Type: table.Type{Kind: table.Int}},
	{Path: []string{"s"}, Type: table.Type{Kind: table.String}, Top: 1},
	{Path: []string{"t"}, Type: table.Type{Kind: table.Timestamp}, Top: 2},
	{Path: []string{"p"}, Type: table.Type{Kind: table.Int}, Top: 3},
}

func mustParse(t testing.TB, src string) Expr {
	t.Helper()
	e, err := Parse(src, testLeaves)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return e
}

func TestLimits(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a = 1 OR " + strings.Repeat("a = 1 OR ", 500) + "a = 1", "1:4097: [LAYOUTLAB_LIMIT.PREDICATE_TOO_LONG] predicate is 4514 bytes; the limit is 4096"},
		{strings.Repeat("(", 70) + "a = 1" + strings.Repeat(")", 70), "1:65: [LAYOUTLAB_LIMIT.NESTING_TOO_DEEP] expression nested more than 64 levels deep"},
		{strings.Repeat("NOT ", 70) + "a = 1", "1:257: [LAYOUTLAB_LIMIT.NESTING_TOO_DEEP] expression nested more than 64 levels deep"},
		{"a = " + strings.Repeat("- ", 70) + "1", "1:133: [LAYOUTLAB_LIMIT.NESTING_TOO_DEEP] expression nested more than 64 levels deep"}, // "--" starts a comment
		{"a IN (" + strings.Repeat("1,", MaxInList) + "1)", "1:2055: [LAYOUTLAB_LIMIT.IN_LIST_TOO_LONG] IN list has more than 1024 items"},
	} {
		_, err := Parse(tc.src, testLeaves)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%.30q...) = %v, want %s", tc.src, err, tc.want)
		}
	}
	// Exactly at the limits parses.
	if _, err := Parse("a IN ("+strings.Repeat("1,", MaxInList-1)+"1)", testLeaves); err != nil {
		t.Error(err)
	}
	if _, err := Parse(strings.Repeat("(", MaxDepth)+"a = 1"+strings.Repeat(")", MaxDepth), testLeaves); err != nil {
		t.Error(err)
	}
}

func TestErrorListFormat(t *testing.T) {
	_, err := Parse("x = 1 OR y = 2 OR z = 3", testLeaves)
	el, ok := err.(ErrorList)
	if !ok || len(el) != 3 {
		t.Fatalf("got %v", err)
	}
	if got, want := el.Error(), "1:1: [UNRESOLVED_COLUMN.WITH_SUGGESTION] unknown column 'x' (columns: a, s, t, p) (and 2 more errors)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// fileStats builds one-leaf-per-slot stats for testLeaves; nil values are absent.
func fileStats(numRecords int64, a [2]*table.Value, aNulls int64) *stats.FileStats {
	fs := &stats.FileStats{NumRecords: numRecords,
		MinValues: make([]table.Value, len(testLeaves)), MaxValues: make([]table.Value, len(testLeaves)),
		NullCount: []int64{aNulls, -1, -1, -1}}
	if a[0] != nil {
		fs.MinValues[0] = *a[0]
	}
	if a[1] != nil {
		fs.MaxValues[0] = *a[1]
	}
	return fs
}

func iv(i int32) *table.Value { v := intValue(i); return &v }

func intValue(i int32) table.Value { return table.Value{Kind: table.Int, I: int64(i)} }

// TestThreeValued evaluates statistics predicates on three kinds of file: a normal range [1,10]
// with 2 NULLs, an all-NULL column (no min/max, nullCount = numRecords), and missing stats.
// skip is the three-valued predicate; keep the final verdict with verifyStatsForFilter. The
// "no-min" file has max 10 but no min and no NULLs: its stats do not verify, so it is always kept
// whatever the predicate says.
func TestThreeValued(t *testing.T) {
	normal := fileStats(10, [2]*table.Value{iv(1), iv(10)}, 2)
	allNull := fileStats(10, [2]*table.Value{nil, nil}, 10)
	missing := fileStats(10, [2]*table.Value{nil, nil}, -1)
	noMin := fileStats(10, [2]*table.Value{nil, iv(10)}, 0)
	type want struct {
		skip tri
		keep bool
	}
	cases := []struct {
		pred                            string
		normal, allNull, missing, noMin want
	}{
		{"a = 5", want{triTrue, true}, want{triNull, false}, want{triNull, true}, want{triNull, true}},
		{"a = 11", want{triFalse, false}, want{triNull, false}, want{triNull, true}, want{triFalse, true}},
		{"a <> 5", want{triTrue, true}, want{triNull, false}, want{triNull, true}, want{triTrue, true}},
		{"a > 10", want{triFalse, false}, want{triNull, false}, want{triNull, true}, want{triFalse, false}},
		{"a IS NULL", want{triTrue, true}, want{triTrue, true}, want{triNull, true}, want{triFalse, false}},
		{"a IS NOT NULL", want{triTrue, true}, want{triFalse, false}, want{triNull, true}, want{triTrue, true}},
		{"a <=> NULL", want{triTrue, true}, want{triTrue, true}, want{triNull, true}, want{triFalse, false}},
		{"a <=> 5", want{triTrue, true}, want{triFalse, false}, want{triNull, true}, want{triNull, true}},
		{"NOT a <=> 5", want{triTrue, true}, want{triTrue, true}, want{triNull, true}, want{triTrue, true}},
		{"a = 5 OR a IS NULL", want{triTrue, true}, want{triTrue, true}, want{triNull, true}, want{triNull, true}},
		{"a = 11 OR a IS NULL", want{triTrue, true}, want{triTrue, true}, want{triNull, true}, want{triFalse, true}},
		{"a = 11 AND a IS NULL", want{triFalse, false}, want{triNull, false}, want{triNull, true}, want{triFalse, true}},
		{"a BETWEEN 3 AND 4", want{triTrue, true}, want{triNull, false}, want{triNull, true}, want{triNull, true}},
		{"a IN (20, 30)", want{triFalse, false}, want{triNull, false}, want{triNull, true}, want{triFalse, true}},
	}
	f := func(pred string, fs *stats.FileStats, w want, what string) {
		e := mustParse(t, pred)
		b := &DataFiltersBuilder{inStats: func(int) bool { return true }}
		p := b.constructDataFilters(lower(e), 0)
		if p == nil {
			t.Fatalf("%s: unusable", pred)
		}
		if got := p.expr.eval(fs); got != w.skip {
			t.Errorf("%s on %s: skipping predicate = %s, want %s", pred, what, got, w.skip)
		}
		flt, err := Compile(e, Table{Leaves: testLeaves})
		if err != nil {
			t.Fatal(err)
		}
		if got := flt.Keep(fs, nil); got != w.keep {
			t.Errorf("%s on %s: keep = %v, want %v", pred, what, got, w.keep)
		}
	}
	for _, c := range cases {
		f(c.pred, normal, c.normal, "normal")
		f(c.pred, allNull, c.allNull, "all-null")
		f(c.pred, missing, c.missing, "missing")
		f(c.pred, noMin, c.noMin, "no-min")
	}
}

// TestInListEmpty: an IN list with no non-NULL value is FALSE, with no stats referenced, so even
// a file without stats is pruned. (The parser's OptimizeIn turns IN (NULL) into = NULL; a
// materialized subquery result can be empty.)
func TestInListEmpty(t *testing.T) {
	a := &Column{Leaf: 0, Path: []string{"a"}, T: table.Type{Kind: table.Int}}
	in := &In{X: a, List: []Expr{&Literal{Val: table.NullValue(table.Int), Coerced: true}, &Literal{Val: table.NullValue(table.Int), Coerced: true}}}
	b := &DataFiltersBuilder{inStats: func(int) bool { return true }}
	p := b.constructDataFilters(in, 0)
	if p == nil || sexprString(p.expr) != "FALSE" || len(p.refs) != 0 {
		t.Fatalf("got %+v", p)
	}
	f := &Filter{pred: in, skip: p}
	if f.Keep(nil, nil) {
		t.Error("a file without stats should be pruned by an empty IN list")
	}
}

func TestLikeMatch(t *testing.T) {
	for _, c := range []struct {
		s, pat string
		want   bool
	}{
		{"abc", "abc", true}, {"abc", "ab", false}, {"abc", "a%", true}, {"abc", "%c", true},
		{"abc", "%b%", true}, {"abc", "a_c", true}, {"abc", "a_", false}, {"", "%", true},
		{"", "_", false}, {"a%c", `a\%c`, true}, {"abc", `a\%c`, false}, {"a_c", `a\_c`, true},
		{"漢字x", "漢_x", true}, {"aXbXc", "%X%X%", true}, {"aXb", "%X%X%", false},
		{"mississippi", "%iss%ppi", true}, {"ab", "a%%b", true},
	} {
		if got := likeMatch(c.s, c.pat); got != c.want {
			t.Errorf("likeMatch(%q, %q) = %v", c.s, c.pat, got)
		}
	}
}

func TestKeepAllocs(t *testing.T) {
	e := mustParse(t, "p IN (1, 2) AND (a BETWEEN 3 AND 9 OR s LIKE 'ab%') AND t > '2024-01-01' AND a IS NOT NULL")
	f, err := Compile(e, Table{Leaves: testLeaves, PartitionColumns: []string{"p"}})
	if err != nil {
		t.Fatal(err)
	}
	fs := fileStats(10, [2]*table.Value{iv(1), iv(10)}, 0)
	fs.MinValues[1], fs.MaxValues[1] = table.StringValue("aa"), table.StringValue("az")
	fs.MinValues[2] = table.Value{Kind: table.Timestamp, I: 1}
	fs.MaxValues[2] = table.Value{Kind: table.Timestamp, I: 2e15}
	fs.NullCount = []int64{0, 0, 0, -1}
	pv := map[string]string{"p": "2"}
	if !f.Keep(fs, pv) {
		t.Fatal("expected keep")
	}
	if n := testing.AllocsPerRun(100, func() { f.Keep(fs, pv) }); n != 0 {
		t.Errorf("Filter.Keep allocates %v times", n)
	}
}

// ---- Randomized soundness: a file holding a matching row is never pruned. ----

const testPrefixLen = 3 // string stats truncated to 3 characters to exercise the max bump

// truncateMax is Delta's truncateMaxStringAgg, for code points below U+10000.
func truncateMax(s string, n int) (string, bool) {
	r := []rune(s)
	if len(r) <= n {
		return s, true
	}
	for cur := n; cur <= 2*n; cur++ {
		if cur >= len(r) {
			return s, true
		}
		if r[cur] == utf8.MaxRune {
			continue
		}
		if r[cur] < 0x7F {
			return string(r[:cur]) + "\x7f", true
		}
		return string(r[:cur]) + string(utf8.MaxRune), true
	}
	return "", false
}

type testRow [4]table.Value

func randRow(rng *rand.Rand) testRow {
	var r testRow
	if rng.Intn(5) == 0 {
		r[0] = table.NullValue(table.Int)
	} else {
		r[0] = intValue(int32(rng.Intn(10) - 5))
	}
	if rng.Intn(5) == 0 {
		r[1] = table.NullValue(table.String)
	} else {
		const letters = "abcé~\x7f"
		rs := []rune(letters)
		var b strings.Builder
		for i, n := 0, rng.Intn(6); i < n; i++ {
			b.WriteRune(rs[rng.Intn(len(rs))])
		}
		r[1] = table.StringValue(b.String())
	}
	if rng.Intn(5) == 0 {
		r[2] = table.NullValue(table.Timestamp)
	} else {
		r[2] = table.Value{Kind: table.Timestamp, I: int64(rng.Intn(40)) * 337}
	}
	if rng.Intn(6) == 0 {
		r[3] = table.NullValue(table.Int)
	} else {
		r[3] = intValue(int32(rng.Intn(3)))
	}
	return r
}

// collect computes Delta's stats for rows: min/max of non-NULLs (timestamps truncated to ms,
// strings truncated), null counts, numRecords. Some stats are dropped at random.
func collect(rows []testRow, rng *rand.Rand) (*stats.FileStats, map[string]string) {
	fs := &stats.FileStats{NumRecords: int64(len(rows)), MinValues: make([]table.Value, 4), MaxValues: make([]table.Value, 4), NullCount: make([]int64, 4)}
	for leaf := 0; leaf < 3; leaf++ {
		for _, r := range rows {
			v := r[leaf]
			if v.Null {
				fs.NullCount[leaf]++
				continue
			}
			if fs.MinValues[leaf].Absent() || table.Compare(v, fs.MinValues[leaf]) < 0 {
				fs.MinValues[leaf] = v
			}
			if fs.MaxValues[leaf].Absent() || table.Compare(v, fs.MaxValues[leaf]) > 0 {
				fs.MaxValues[leaf] = v
			}
		}
	}
	if !fs.MinValues[1].Absent() {
		fs.MinValues[1].S = prefixRunes(fs.MinValues[1].S, testPrefixLen)
		if m, ok := truncateMax(fs.MaxValues[1].S, testPrefixLen); ok {
			fs.MaxValues[1].S = m
		} else {
			fs.MaxValues[1] = table.Value{}
		}
	}
	for _, i := range []int{0, 1} {
		if v := &fs.MinValues[2]; i == 0 && !v.Absent() {
			v.I -= v.I % 1000
		}
		if v := &fs.MaxValues[2]; i == 1 && !v.Absent() {
			v.I -= v.I % 1000
		}
	}
	fs.NullCount[3] = -1
	switch rng.Intn(12) {
	case 0:
		fs.MinValues[rng.Intn(3)] = table.Value{}
	case 1:
		fs.NullCount[rng.Intn(3)] = -1
	case 2:
		fs.NumRecords = -1
	case 3:
		fs = nil
	}
	pv := map[string]string{}
	if p := rows[0][3]; !p.Null {
		pv["p"] = p.String()
	}
	return fs, pv
}

func randLiteral(rng *rand.Rand, leaf int) string {
	switch leaf {
	case 0, 3:
		if rng.Intn(10) == 0 {
			return "NULL"
		}
		return fmt.Sprint(rng.Intn(12) - 6)
	case 1:
		rs := []rune("abcé~\x7f")
		var b strings.Builder
		for i, n := 0, rng.Intn(5); i < n; i++ {
			b.WriteRune(rs[rng.Intn(len(rs))])
		}
		return quoteString(b.String())
	}
	return fmt.Sprintf("TIMESTAMP'%s'", table.Value{Kind: table.Timestamp, I: int64(rng.Intn(45)) * 331}.String())
}

var colNames = []string{"a", "s", "t", "p"}

func randPred(rng *rand.Rand, depth int) string {
	if depth > 0 && rng.Intn(3) > 0 {
		switch rng.Intn(4) {
		case 0:
			return "(" + randPred(rng, depth-1) + " AND " + randPred(rng, depth-1) + ")"
		case 1:
			return "(" + randPred(rng, depth-1) + " OR " + randPred(rng, depth-1) + ")"
		case 2:
			return "NOT (" + randPred(rng, depth-1) + ")"
		default:
			return "(" + randPred(rng, depth-1) + ") IS " + []string{"", "NOT "}[rng.Intn(2)] + "NULL"
		}
	}
	leaf := rng.Intn(4)
	c := colNames[leaf]
	lit := func() string { return randLiteral(rng, leaf) }
	switch rng.Intn(9) {
	case 0, 1:
		ops := []string{"=", "<>", "<", "<=", ">", ">=", "<=>"}
		op := ops[rng.Intn(len(ops))]
		if rng.Intn(3) == 0 {
			return lit() + " " + op + " " + c
		}
		return c + " " + op + " " + lit()
	case 2:
		return c + []string{"", " NOT"}[rng.Intn(2)] + " BETWEEN " + lit() + " AND " + lit()
	case 3:
		items := []string{lit()}
		for i := rng.Intn(4); i > 0; i-- {
			items = append(items, lit())
		}
		return c + []string{"", " NOT"}[rng.Intn(2)] + " IN (" + strings.Join(items, ", ") + ")"
	case 4:
		return c + " IS " + []string{"", "NOT "}[rng.Intn(2)] + "NULL"
	case 5:
		if leaf == 1 {
			pats := []string{"a%", "ab%", "é%", "%a", "a%b", "abc", "a_%", "~%", "\x7f%"}
			return "s" + []string{"", " NOT"}[rng.Intn(2)] + " LIKE " + quoteString(pats[rng.Intn(len(pats))])
		}
		return c + " = " + lit()
	case 6:
		if leaf == 0 {
			return "a + 1 > " + lit()
		}
	}
	return c + " = " + lit()
}

// TestSoundness checks Delta's guarantee on random files and predicates: if any row of a file
// satisfies the predicate, the file is read.
func TestSoundness(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	tbl := Table{Leaves: testLeaves, PartitionColumns: []string{"p"}}
	pruned := 0
	for iter := 0; iter < 4000; iter++ {
		src := randPred(rng, rng.Intn(4))
		e, err := Parse(src, testLeaves)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		checkRoundTrip(t, e, testLeaves)
		f, err := Compile(e, tbl)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 25; k++ {
			rows := make([]testRow, 1+rng.Intn(6))
			for i := range rows {
				rows[i] = randRow(rng)
				rows[i][3] = rows[0][3] // one partition per file
			}
			fs, pv := collect(rows, rng)
			if f.Keep(fs, pv) {
				continue
			}
			pruned++
			for _, r := range rows {
				pr := partRow{vals: r[:]}
				if evalBool(e, &pr) == triTrue {
					t.Fatalf("%s\nskipping: %s\npruned a file holding a matching row %v\nstats %+v pv %v", src, f.SkippingPredicate(), r, fs, pv)
				}
			}
		}
	}
	if pruned < 20000 {
		t.Errorf("only %d files pruned; the test is not exercising skipping", pruned)
	}
}

// TestReferencedLeaves: every column an expression reads, under every kind of node, once each.
func TestReferencedLeaves(t *testing.T) {
	for src, want := range map[string][]int{
		"a = 1": {0},
		"p > 2 AND (s LIKE 'x%' OR NOT a IS NULL)":  {0, 1, 3},
		"a + p BETWEEN -a AND 10":                   {0, 3},
		"t IN (t, TIMESTAMP '2026-01-01 00:00:00')": {2},
		"1 = 1":                                  nil,
		"a = 1 OR a = 2 OR a IN (3, 4) OR p = a": {0, 3},
	} {
		if got := ReferencedLeaves(mustParse(t, src)); !slices.Equal(got, want) {
			t.Errorf("ReferencedLeaves(%s) = %v, want %v", src, got, want)
		}
	}
}
