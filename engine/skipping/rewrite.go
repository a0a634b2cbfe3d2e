package skipping

import (
	"strings"
	"unicode/utf8"

	"layoutlab/engine/table"
)

// This file is DataFiltersBuilder.constructDataFilters (M/stats/DataFiltersBuilder.scala, with
// the comparison builders of M/stats/DataSkippingPredicateBuilder.scala and DataFilterSupport):
// a query predicate becomes a predicate over per-file statistics that is TRUE for every file that
// might hold a matching row, or nil ("None") when Delta cannot use it.

// ---- Spark's optimizer, as far as it changes what Delta sees ----

// startsWith, endsWith, contains and lengthOf are the expressions LikeSimplification produces.
type startsWith struct {
	X      Expr
	Prefix string
}
type endsWith struct {
	X      Expr
	Suffix string
}
type contains struct {
	X     Expr
	Infix string
}
type lengthOf struct{ X Expr }

func (e *startsWith) Pos() Pos         { return e.X.Pos() }
func (e *endsWith) Pos() Pos           { return e.X.Pos() }
func (e *contains) Pos() Pos           { return e.X.Pos() }
func (e *lengthOf) Pos() Pos           { return e.X.Pos() }
func (e *startsWith) Type() table.Type { return boolType }
func (e *endsWith) Type() table.Type   { return boolType }
func (e *contains) Type() table.Type   { return boolType }
func (e *lengthOf) Type() table.Type   { return table.Type{Kind: table.Int} }
func (e *startsWith) prec() int        { return precUnary }
func (e *endsWith) prec() int          { return precUnary }
func (e *contains) prec() int          { return precUnary }
func (e *lengthOf) prec() int          { return precUnary }
func (e *startsWith) String() string   { return str(e) }
func (e *endsWith) String() string     { return str(e) }
func (e *contains) String() string     { return str(e) }
func (e *lengthOf) String() string     { return str(e) }
func (e *startsWith) write(b *strings.Builder) {
	b.WriteString("startswith(" + e.X.String() + ", " + quoteString(e.Prefix) + ")")
}
func (e *endsWith) write(b *strings.Builder) {
	b.WriteString("endswith(" + e.X.String() + ", " + quoteString(e.Suffix) + ")")
}
func (e *contains) write(b *strings.Builder) {
	b.WriteString("contains(" + e.X.String() + ", " + quoteString(e.Infix) + ")")
}
func (e *lengthOf) write(b *strings.Builder) { b.WriteString("length(" + e.X.String() + ")") }

// lower rewrites a parsed predicate into the shape Spark hands to Delta: BETWEEN becomes
// >= AND <= (Between is RuntimeReplaceable), <> becomes NOT(=) (AstBuilder), NOT IN / NOT LIKE /
// NOT BETWEEN become NOT(...), LIKE is simplified (LikeSimplification) and literal IN lists are
// deduplicated, a single item becoming = (OptimizeIn).
func lower(e Expr) Expr {
	switch e := e.(type) {
	case *And:
		return &And{At: e.At, L: lower(e.L), R: lower(e.R)}
	case *Or:
		return &Or{At: e.At, L: lower(e.L), R: lower(e.R)}
	case *Not:
		return &Not{At: e.At, X: lower(e.X)}
	case *Compare:
		c := &Compare{At: e.At, Op: e.Op, L: lower(e.L), R: lower(e.R)}
		if c.Op == NE {
			c.Op = EQ
			return &Not{At: e.At, X: unwrapCompare(c)}
		}
		return unwrapCompare(c)
	case *Between:
		x := lower(e.X)
		var out Expr = &And{At: e.At,
			L: unwrapCompare(&Compare{At: e.At, Op: GE, L: x, R: lower(e.Lo)}),
			R: unwrapCompare(&Compare{At: e.At, Op: LE, L: x, R: lower(e.Hi)})}
		if e.Not {
			out = &Not{At: e.At, X: out}
		}
		return out
	case *In:
		x := lower(e.X)
		if e.AsString {
			x = &castExpr{X: x, T: table.Type{Kind: table.String}}
		}
		list := make([]Expr, 0, len(e.List))
		allLit := true
		for _, it := range e.List {
			list = append(list, lower(it))
			if _, ok := it.(*Literal); !ok {
				allLit = false
			}
		}
		if allLit {
			list = dedupeLiterals(list)
		}
		var out Expr = &In{At: e.At, X: x, List: list}
		switch {
		case allLit && len(list) == 1:
			out = unwrapCompare(&Compare{At: e.At, Op: EQ, L: x, R: list[0]})
		case allLit:
			out = unwrapIn(out.(*In))
		}
		if e.Not {
			out = &Not{At: e.At, X: out}
		}
		return out
	case *IsNull:
		return &IsNull{At: e.At, X: lower(e.X), Not: e.Not}
	case *Like:
		x := lower(e.X)
		if e.AsString {
			x = &castExpr{X: x, T: table.Type{Kind: table.String}}
		}
		out := simplifyLike(x, e.Pattern)
		if out == nil {
			out = &Like{At: e.At, X: x, Pattern: e.Pattern}
		}
		if e.Not {
			out = &Not{At: e.At, X: out}
		}
		return out
	case *Arith:
		return &Arith{At: e.At, Op: e.Op, L: lower(e.L), R: lower(e.R), T: e.T}
	case *Neg:
		return &Neg{At: e.At, X: lower(e.X)}
	case *stringCast:
		return &castExpr{X: lower(e.X), T: e.T}
	}
	return e
}

func dedupeLiterals(list []Expr) []Expr {
	out := list[:0:0]
	for _, it := range list {
		dup := false
		for _, o := range out {
			if sameLiteral(it.(*Literal).Val, o.(*Literal).Val) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, it)
		}
	}
	return out
}

func sameLiteral(a, b table.Value) bool {
	if a.Null || b.Null {
		return a.Null && b.Null
	}
	return a.Kind == b.Kind && table.Compare(a, b) == 0
}

// simplifyLike is Spark's LikeSimplification (sql/catalyst/.../optimizer/expressions.scala):
// with no escape character in the pattern, 'p%' → StartsWith, '%s' → EndsWith, 'p%s' →
// length >= len(p)+len(s) AND StartsWith AND EndsWith, '%i%' → Contains, and a pattern without
// wildcards → =. Anything else stays a LIKE, which Delta cannot use.
func simplifyLike(x Expr, pat string) Expr {
	if strings.ContainsRune(pat, '\\') {
		return nil
	}
	plain := func(s string) bool { return !strings.ContainsAny(s, "_%") }
	switch {
	case len(pat) >= 2 && strings.HasSuffix(pat, "%") && plain(pat[:len(pat)-1]):
		return &startsWith{X: x, Prefix: pat[:len(pat)-1]}
	case len(pat) >= 2 && strings.HasPrefix(pat, "%") && plain(pat[1:]):
		return &endsWith{X: x, Suffix: pat[1:]}
	}
	if i := strings.IndexByte(pat, '%'); i > 0 && i < len(pat)-1 && plain(pat[:i]) && plain(pat[i+1:]) {
		pre, suf := pat[:i], pat[i+1:]
		n := utf8.RuneCountInString(pre) + utf8.RuneCountInString(suf)
		return &And{At: x.Pos(),
			L: &Compare{At: x.Pos(), Op: GE, L: &lengthOf{X: x}, R: &Literal{At: x.Pos(), Val: table.Value{Kind: table.Int, I: int64(n)}}},
			R: &And{At: x.Pos(), L: &startsWith{X: x, Prefix: pre}, R: &endsWith{X: x, Suffix: suf}}}
	}
	if len(pat) >= 3 && pat[0] == '%' && pat[len(pat)-1] == '%' && plain(pat[1:len(pat)-1]) {
		return &contains{X: x, Infix: pat[1 : len(pat)-1]}
	}
	if plain(pat) {
		return &Compare{At: x.Pos(), Op: EQ, L: x, R: &Literal{At: x.Pos(), Val: table.StringValue(pat), Coerced: true}}
	}
	return nil
}

// ---- DataFiltersBuilder ----

// isNullPushdownMaxDepth is skipping.enhancedIsNullPushdownExprs.maxDepth.
const isNullPushdownMaxDepth = 8

// DataFiltersBuilder turns data filters into statistics predicates. A leaf has min/max
// statistics when it is in the stats schema and of a skipping-eligible type; it has a null count
// when it is in the stats schema (StatsProvider's "IfExists").
type DataFiltersBuilder struct {
	inStats func(leaf int) bool
	leaves  []table.Leaf
	// The IS NULL pushdown of AND and OR reaches each operand twice, as IsNull(x) and inside
	// NOT(x <=> FALSE), and so again at every level below: without these, compiling a balanced
	// tree cost four times as much per level. Both are pure in their keys, so sharing a result
	// changes nothing Delta would build.
	isNullDone map[isNullKey]*dsPred
	allLitDone map[Expr]bool
}

type isNullKey struct {
	x     Expr
	depth int
}

func (b *DataFiltersBuilder) ref(typ statType, c *Column) (statRef, bool) {
	if c.Leaf < 0 || !b.inStats(c.Leaf) {
		return statRef{}, false
	}
	if (typ == statMin || typ == statMax) && !c.T.SkippingEligible() {
		return statRef{}, false
	}
	return statRef{typ: typ, leaf: c.Leaf, name: formatPath(c.Path), kind: c.T.Kind}, true
}

// eligibleColumn is SkippingEligibleColumn / SkippingEligibleExpression: a column of atomic type.
func eligibleColumn(e Expr) (*Column, bool) {
	c, ok := e.(*Column)
	// void (NullType) is not an AtomicType: Delta uses not even its null count.
	return c, ok && c.Leaf >= 0 && c.T.Kind != table.Struct && c.T.Kind != table.Invalid && c.T.Kind != table.Void
}

// eligibleLiteral is SkippingEligibleLiteral: a literal of a skipping-eligible type (a typed
// NULL included).
func eligibleLiteral(e Expr) (*Literal, bool) {
	l, ok := e.(*Literal)
	return l, ok && (table.Type{Kind: l.Val.Kind}).SkippingEligible()
}

// areAllLeavesLiteral reports whether every leaf below e is a literal (a column is a leaf that
// is not).
func (b *DataFiltersBuilder) areAllLeavesLiteral(e Expr) bool {
	if _, ok := e.(*Literal); ok {
		return true
	}
	if v, ok := b.allLitDone[e]; ok {
		return v
	}
	ch := children(e)
	all := len(ch) > 0
	for _, c := range ch {
		if !b.areAllLeavesLiteral(c) {
			all = false
			break
		}
	}
	if b.allLitDone == nil {
		b.allLitDone = map[Expr]bool{}
	}
	b.allLitDone[e] = all
	return all
}

func children(e Expr) []Expr {
	switch e := e.(type) {
	case *Neg:
		return []Expr{e.X}
	case *Arith:
		return []Expr{e.L, e.R}
	case *Compare:
		return []Expr{e.L, e.R}
	case *Between:
		return []Expr{e.X, e.Lo, e.Hi}
	case *In:
		return append([]Expr{e.X}, e.List...)
	case *IsNull:
		return []Expr{e.X}
	case *Like:
		return []Expr{e.X, &Literal{Val: table.StringValue(e.Pattern)}}
	case *Not:
		return []Expr{e.X}
	case *And:
		return []Expr{e.L, e.R}
	case *Or:
		return []Expr{e.L, e.R}
	case *startsWith:
		return []Expr{e.X, &Literal{Val: table.StringValue(e.Prefix)}}
	case *endsWith:
		return []Expr{e.X, &Literal{Val: table.StringValue(e.Suffix)}}
	case *contains:
		return []Expr{e.X, &Literal{Val: table.StringValue(e.Infix)}}
	case *lengthOf:
		return []Expr{e.X}
	case *castExpr:
		return []Expr{e.X}
	case *stringCast:
		return []Expr{e.X}
	}
	return nil
}

func cmpNode(op CmpOp, l, r Expr) *Compare { return &Compare{At: l.Pos(), Op: op, L: l, R: r} }

var falseLit = &Literal{Val: table.BoolValue(false)}
var trueLit = &Literal{Val: table.BoolValue(true)}

// constructDataFilters follows DataFiltersBuilder.constructDataFilters case by case; nil is None.
// e must be lowered.
func (b *DataFiltersBuilder) constructDataFilters(e Expr, depth int) *dsPred {
	// Expressions that contain only literals are not eligible for skipping.
	allLit := true
	for _, c := range children(e) {
		if !b.areAllLeavesLiteral(c) {
			allLit = false
			break
		}
	}
	if allLit {
		return nil
	}
	switch e := e.(type) {
	case *And:
		l, r := b.constructDataFilters(e.L, depth), b.constructDataFilters(e.R, depth)
		switch {
		case l != nil && r != nil:
			return &dsPred{&sAnd{l.expr, r.expr}, joinRefs(l.refs, r.refs)}
		case l != nil:
			return l
		}
		return r
	case *Or:
		l, r := b.constructDataFilters(e.L, depth), b.constructDataFilters(e.R, depth)
		if l != nil && r != nil {
			return &dsPred{&sOr{l.expr, r.expr}, joinRefs(l.refs, r.refs)}
		}
		return nil
	case *IsNull:
		if e.Not {
			// IsNotNull(col) → nullCount < numRecords.
			if c, ok := eligibleColumn(e.X); ok {
				return b.notNullFilter(c)
			}
			return nil
		}
		return b.isNull(e.X, depth)
	case *Not:
		return b.not(e.X, depth)
	case *Compare:
		return b.compare(e, depth)
	case *startsWith:
		c, ok := eligibleColumn(e.X)
		if !ok || c.T.Kind != table.String {
			return nil
		}
		mn, ok1 := b.ref(statMin, c)
		mx, ok2 := b.ref(statMax, c)
		if !ok1 || !ok2 {
			return nil
		}
		n := utf8.RuneCountInString(e.Prefix)
		p := table.StringValue(e.Prefix)
		return &dsPred{&sAnd{&sCmp{stat: mn, op: LE, lit: p, sub: n}, &sCmp{stat: mx, op: GE, lit: p, sub: n}}, []statRef{mn, mx}}
	case *In:
		vals := make([]table.Value, 0, len(e.List))
		for _, it := range e.List {
			l, ok := it.(*Literal)
			if !ok {
				return nil // not inSetConvertible
			}
			if !l.Val.Null {
				vals = append(vals, l.Val)
			}
		}
		return b.inList(e.X, vals, depth)
	}
	return nil
}

// inList is constructLiteralInListDataFilters: nulls dropped, an empty list is FALSE, otherwise
// a range test between the list's smallest and largest values.
func (b *DataFiltersBuilder) inList(x Expr, vals []table.Value, depth int) *dsPred {
	if len(vals) == 0 {
		return &dsPred{expr: &sConst{triFalse}}
	}
	c, ok := eligibleColumn(x)
	if !ok || !c.T.SkippingEligible() {
		return nil
	}
	lo, hi := vals[0], vals[0]
	if castsColumn(c.T.Kind, lo) {
		return nil
	}
	for _, v := range vals[1:] {
		if table.Compare(v, lo) < 0 {
			lo = v
		}
		if table.Compare(v, hi) > 0 {
			hi = v
		}
	}
	loLit := &Literal{At: x.Pos(), Val: lo, Coerced: true}
	hiLit := &Literal{At: x.Pos(), Val: hi, Coerced: true}
	return b.constructDataFilters(&And{At: x.Pos(), L: cmpNode(GE, hiLit, x), R: cmpNode(LE, loLit, x)}, depth)
}

func (b *DataFiltersBuilder) notNullFilter(c *Column) *dsPred {
	nc, ok := b.ref(statNullCount, c)
	if !ok {
		return nil
	}
	return &dsPred{&sNullCount{stat: nc}, []statRef{nc, {typ: statNumRecords, leaf: -1}}}
}

func (b *DataFiltersBuilder) isNull(x Expr, depth int) *dsPred {
	key := isNullKey{x, depth}
	if p, ok := b.isNullDone[key]; ok {
		return p
	}
	p := b.isNullOf(x, depth)
	if b.isNullDone == nil {
		b.isNullDone = map[isNullKey]*dsPred{}
	}
	b.isNullDone[key] = p
	return p
}

// isNullOf is isNull's work, done once per operand and depth.
func (b *DataFiltersBuilder) isNullOf(x Expr, depth int) *dsPred {
	if c, ok := eligibleColumn(x); ok {
		nc, ok := b.ref(statNullCount, c)
		if !ok {
			return nil
		}
		return &dsPred{&sNullCount{stat: nc, positive: true}, []statRef{nc}}
	}
	switch x := x.(type) {
	case *Compare:
		if x.Op != NullSafeEq {
			return b.isNullForNullIntolerant(children(x), depth)
		}
	case *Not, *startsWith:
		return b.isNullForNullIntolerant(children(x), depth)
	case *And:
		if depth <= isNullPushdownMaxDepth {
			// NULL only if an operand is NULL and neither is FALSE.
			return b.constructDataFilters(&And{At: x.At,
				L: &Or{At: x.At, L: &IsNull{At: x.At, X: x.L}, R: &IsNull{At: x.At, X: x.R}},
				R: &Not{At: x.At, X: &Or{At: x.At, L: cmpNode(NullSafeEq, x.L, falseLit), R: cmpNode(NullSafeEq, x.R, falseLit)}},
			}, depth+1)
		}
	case *Or:
		if depth <= isNullPushdownMaxDepth {
			// NULL only if an operand is NULL and neither is TRUE.
			return b.constructDataFilters(&And{At: x.At,
				L: &Or{At: x.At, L: &IsNull{At: x.At, X: x.L}, R: &IsNull{At: x.At, X: x.R}},
				R: &Not{At: x.At, X: &Or{At: x.At, L: cmpNode(NullSafeEq, x.L, trueLit), R: cmpNode(NullSafeEq, x.R, trueLit)}},
			}, depth+1)
		}
	}
	return nil
}

// isNullForNullIntolerant is constructIsNullFilterForNullIntolerant: the OR of IsNull over the
// children; a literal child is TRUE when NULL, FALSE otherwise.
func (b *DataFiltersBuilder) isNullForNullIntolerant(ch []Expr, depth int) *dsPred {
	var acc *dsPred
	for _, c := range ch {
		var p *dsPred
		if l, ok := c.(*Literal); ok {
			v := triFalse
			if l.Val.Null {
				v = triTrue
			}
			p = &dsPred{expr: &sConst{v}}
		} else {
			p = b.constructDataFilters(&IsNull{At: c.Pos(), X: c}, depth)
		}
		if p == nil {
			return nil
		}
		if acc == nil {
			acc = p
		} else {
			acc = &dsPred{&sOr{acc.expr, p.expr}, joinRefs(acc.refs, p.refs)}
		}
	}
	return acc
}

func (b *DataFiltersBuilder) not(x Expr, depth int) *dsPred {
	switch x := x.(type) {
	case *And: // De Morgan
		return b.constructDataFilters(&Or{At: x.At, L: &Not{At: x.At, X: x.L}, R: &Not{At: x.At, X: x.R}}, depth)
	case *Or:
		return b.constructDataFilters(&And{At: x.At, L: &Not{At: x.At, X: x.L}, R: &Not{At: x.At, X: x.R}}, depth)
	case *IsNull:
		return b.constructDataFilters(&IsNull{At: x.At, X: x.X, Not: !x.Not}, depth)
	case *Compare:
		switch x.Op {
		case EQ:
			if c, ok := eligibleColumn(x.L); ok {
				if l, ok := eligibleLiteral(x.R); ok {
					return b.minMax(c, l, notEqualTo)
				}
			}
			if _, ok := x.L.(*Literal); ok {
				return b.constructDataFilters(&Not{At: x.At, X: cmpNode(EQ, x.R, x.L)}, depth)
			}
		case NullSafeEq:
			if l, ok := x.R.(*Literal); ok {
				return b.constructDataFilters(&Not{At: x.At, X: nullSafeRewrite(x.L, l)}, depth)
			}
			if _, ok := x.L.(*Literal); ok {
				return b.constructDataFilters(&Not{At: x.At, X: cmpNode(NullSafeEq, x.R, x.L)}, depth)
			}
		case LT:
			return b.constructDataFilters(cmpNode(GE, x.L, x.R), depth)
		case LE:
			return b.constructDataFilters(cmpNode(GT, x.L, x.R), depth)
		case GT:
			return b.constructDataFilters(cmpNode(LE, x.L, x.R), depth)
		case GE:
			return b.constructDataFilters(cmpNode(LT, x.L, x.R), depth)
		}
	case *Not:
		return b.constructDataFilters(x.X, depth)
	}
	return nil
}

// nullSafeRewrite is a <=> v: IsNotNull(a) AND a = v, or IsNull(a) when v is NULL.
func nullSafeRewrite(a Expr, v *Literal) Expr {
	if v.Val.Null {
		return &IsNull{At: a.Pos(), X: a}
	}
	return &And{At: a.Pos(), L: &IsNull{At: a.Pos(), X: a, Not: true}, R: cmpNode(EQ, a, v)}
}

type minMaxKind uint8

const (
	equalTo minMaxKind = iota
	notEqualTo
	lessThan
	lessThanOrEqual
	greaterThan
	greaterThanOrEqual
)

// minMax is DataFilterSupport's builders: equalTo is min <= v AND v <= max, notEqualTo is
// min < v OR v < max, < and <= test min, > and >= test max.
func (b *DataFiltersBuilder) minMax(c *Column, l *Literal, k minMaxKind) *dsPred {
	v := l.Val
	if castsColumn(c.T.Kind, v) {
		return nil
	}
	switch k {
	case equalTo, notEqualTo:
		mn, ok1 := b.ref(statMin, c)
		mx, ok2 := b.ref(statMax, c)
		if !ok1 || !ok2 {
			return nil
		}
		refs := []statRef{mn, mx}
		if k == equalTo {
			return &dsPred{&sAnd{&sCmp{stat: mn, op: LE, lit: v}, &sCmp{stat: mx, op: GE, lit: v}}, refs}
		}
		return &dsPred{&sOr{&sCmp{stat: mn, op: LT, lit: v}, &sCmp{stat: mx, op: GT, lit: v}}, refs}
	case lessThan, lessThanOrEqual:
		mn, ok := b.ref(statMin, c)
		if !ok {
			return nil
		}
		op := LT
		if k == lessThanOrEqual {
			op = LE
		}
		return &dsPred{&sCmp{stat: mn, op: op, lit: v}, []statRef{mn}}
	}
	mx, ok := b.ref(statMax, c)
	if !ok {
		return nil
	}
	op := GT
	if k == greaterThanOrEqual {
		op = GE
	}
	return &dsPred{&sCmp{stat: mx, op: op, lit: v}, []statRef{mx}}
}

var builderFor = map[CmpOp]minMaxKind{EQ: equalTo, LT: lessThan, LE: lessThanOrEqual, GT: greaterThan, GE: greaterThanOrEqual}

func (b *DataFiltersBuilder) compare(x *Compare, depth int) *dsPred {
	if x.Op == NullSafeEq {
		if l, ok := x.R.(*Literal); ok {
			return b.constructDataFilters(nullSafeRewrite(x.L, l), depth)
		}
		if _, ok := x.L.(*Literal); ok {
			return b.constructDataFilters(cmpNode(NullSafeEq, x.R, x.L), depth)
		}
		return nil
	}
	if x.Op == NE { // only reachable on an unlowered tree
		return b.constructDataFilters(&Not{At: x.At, X: cmpNode(EQ, x.L, x.R)}, depth)
	}
	if c, ok := eligibleColumn(x.L); ok {
		if l, ok := eligibleLiteral(x.R); ok {
			return b.minMax(c, l, builderFor[x.Op])
		}
	}
	if _, ok := x.L.(*Literal); ok {
		return b.constructDataFilters(cmpNode(x.Op.swap(), x.R, x.L), depth)
	}
	return nil
}

// intKind reports whether values of kind k live in Value.I and compare as int64.
func intKind(k table.Kind) bool {
	switch k {
	case table.Int, table.Bigint, table.Date, table.Timestamp, table.TimestampNTZ:
		return true
	}
	return false
}
