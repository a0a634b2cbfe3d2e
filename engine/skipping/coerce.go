package skipping

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"layoutlab/engine/table"
)

// Numeric comparisons as Spark types them, then as its optimizer hands them to Delta.
//
// The analyzer gives a comparison between a numeric expression of type t and a literal one
// common type C (TypeCoercion.PromoteStrings, DecimalPrecision and ImplicitTypeCasts in
// sql/catalyst/src/main/scala/org/apache/spark/sql/catalyst/analysis/, Spark 3.5, which Delta
// 3.x builds with), casting each side that is not already of type C. The parser folds the cast
// of the literal (constant folding) and keeps the literal's text for printing when that cast
// changed how it reads back; the column side keeps its own type, so C is the literal's type.
// Rows compare exactly as Spark does (table.Compare compares across numeric kinds in C's
// terms). Before Delta sees the filter, UnwrapCastInBinaryComparison (sql/catalyst/.../
// optimizer/UnwrapCastInBinaryComparison.scala) moves the cast from the column to the literal
// where that is exact, or replaces the comparison (`id = 3.5` becomes
// `id IS NULL AND NULL`); where it cannot, the column stays cast and Delta cannot skip on it.
// unwrapCompare and unwrapIn model that rule.

// numericRank is a kind's place in TypeCoercion.numericPrecedence (0 for none), for the kinds
// Layout Lab keeps: byte and short are read as int.
func numericRank(k table.Kind) int {
	switch k {
	case table.Int:
		return 1
	case table.Bigint:
		return 2
	case table.Float:
		return 3
	case table.Double:
		return 4
	}
	return 0
}

func sameType(a, b table.Type) bool {
	return a.Kind == b.Kind && (a.Kind != table.Decimal || a.Precision == b.Precision && a.Scale == b.Scale)
}

// decimalFor is DecimalType.forType for an integral type; a decimal is itself.
func decimalFor(t table.Type) (table.Type, bool) {
	switch t.Kind {
	case table.Int:
		return table.Type{Kind: table.Decimal, Precision: 10}, true
	case table.Bigint:
		return table.Type{Kind: table.Decimal, Precision: 20}, true
	case table.Decimal:
		return t, true
	}
	return table.Type{}, false
}

// widerDecimalType is DecimalPrecision.widerDecimalType: the larger scale and the larger integer
// part, bounded to decimal(38).
func widerDecimalType(a, b table.Type) table.Type {
	scale := max(a.Scale, b.Scale)
	rng := max(int(a.Precision)-int(a.Scale), int(b.Precision)-int(b.Scale))
	p := min(rng+int(scale), table.MaxDecimalPrecision)
	return table.Type{Kind: table.Decimal, Precision: uint8(p), Scale: min(scale, table.MaxDecimalPrecision)}
}

// comparisonType is the common type C of a numeric expression e (type t) and a numeric literal:
// between a decimal and a float or double, double (DecimalPrecision.nondecimalAndDecimal);
// between a decimal and an integer or decimal, widerDecimalType, an integer literal taking the
// digits it has (DecimalPrecision with literalPickMinimumPrecision, decimalOperand); otherwise
// the later of int, bigint, float, double (findTightestCommonType).
func comparisonType(e Expr, lit *Literal) table.Type {
	t, lt := e.Type(), lit.Type()
	if t.Kind == table.Decimal || lt.Kind == table.Decimal {
		if t.Kind == table.Float || t.Kind == table.Double || lt.Kind == table.Float || lt.Kind == table.Double {
			return table.Type{Kind: table.Double}
		}
		return widerDecimalType(decimalOperand(e, lit), decimalOperand(lit, e))
	}
	if numericRank(lt.Kind) > numericRank(t.Kind) {
		return lt
	}
	return table.Type{Kind: t.Kind}
}

// castNumber is Spark's non-ANSI Cast of a non-NULL number to a numeric type: exact where the
// target holds the value; to an integer, truncated toward zero; to float, rounded to the nearest
// float32; to a decimal, rounded HALF_UP to its scale. ok is false where Spark's cast gives NULL
// (a decimal that overflows its precision).
func castNumber(v table.Value, to table.Type) (table.Value, bool) {
	switch to.Kind {
	case table.Double:
		return table.DoubleValue(v.Float64()), true
	case table.Float:
		return table.FloatValue(float32(v.Float64())), true
	case table.Int, table.Bigint:
		var i int64
		switch v.Kind {
		case table.Int, table.Bigint:
			i = v.I
		case table.Decimal:
			whole, _, _ := strings.Cut(v.DecimalText(), ".")
			n, err := strconv.ParseInt(whole, 10, 64)
			if err != nil {
				return table.Value{}, false
			}
			i = n
		default: // Java's (long) of a double: toward zero, saturating, NaN as 0
			f := math.Trunc(v.F)
			switch {
			case math.IsNaN(f):
				i = 0
			case f >= math.MaxInt64:
				i = math.MaxInt64
			case f <= math.MinInt64:
				i = math.MinInt64
			default:
				i = int64(f)
			}
		}
		if to.Kind == table.Int {
			i = int64(int32(i))
		}
		return table.Value{Kind: to.Kind, I: i}, true
	case table.Decimal:
		switch v.Kind {
		case table.Int, table.Bigint:
			return rescaleDecimal(v, to)
		case table.Decimal:
			if nv, ok := rescaleDecimal(v, to); ok {
				return nv, true
			}
			return table.CastDecimal(v.DecimalText(), to)
		}
	}
	return table.Value{}, false
}

// canUnwrapCast is UnwrapCastInBinaryComparison.canUnwrapCast: int or bigint to float and bigint
// to double lose digits; otherwise Cast.canUpCast (a wider decimal, a tighter decimal to a
// wider one or an integer that holds it, or a later type in numericPrecedence).
func canUnwrapCast(from, to table.Type) bool {
	switch {
	case to.Kind == table.Float && isIntegral(from.Kind),
		from.Kind == table.Bigint && to.Kind == table.Double:
		return false
	case sameType(from, to):
		return true
	case to.Kind == table.Decimal:
		f, ok := decimalFor(from)
		return ok && isWiderThan(to, f)
	case from.Kind == table.Decimal:
		t, ok := decimalFor(to)
		return ok && isWiderThan(t, from)
	}
	return numericRank(from.Kind) > 0 && numericRank(from.Kind) < numericRank(to.Kind)
}

// isWiderThan is DecimalType.isWiderThan between decimals (b.isTighterThan(a) is the same).
func isWiderThan(a, b table.Type) bool {
	return int(a.Precision)-int(a.Scale) >= int(b.Precision)-int(b.Scale) && a.Scale >= b.Scale
}

// numericRange is UnwrapCastInBinaryComparison.getRange: an integer's bounds, a float's or
// double's -Infinity and NaN (Spark orders NaN above everything); a decimal has none.
func numericRange(t table.Type) (lo, hi table.Value, ok bool) {
	switch t.Kind {
	case table.Int:
		return table.Value{Kind: table.Int, I: math.MinInt32}, table.Value{Kind: table.Int, I: math.MaxInt32}, true
	case table.Bigint:
		return table.BigintValue(math.MinInt64), table.BigintValue(math.MaxInt64), true
	case table.Float, table.Double:
		return table.Value{Kind: t.Kind, F: math.Inf(-1)}, table.Value{Kind: t.Kind, F: math.NaN()}, true
	}
	return table.Value{}, table.Value{}, false
}

// castExpr is a cast the optimizer could not remove from a column: Delta cannot skip on it
// (SkippingEligibleColumn matches only a column). It appears only in lowered trees.
type castExpr struct {
	X Expr
	T table.Type
}

func (e *castExpr) Pos() Pos         { return e.X.Pos() }
func (e *castExpr) Type() table.Type { return e.T }
func (e *castExpr) prec() int        { return precUnary }
func (e *castExpr) String() string   { return str(e) }
func (e *castExpr) write(b *strings.Builder) {
	b.WriteString("CAST(" + e.X.String() + " AS " + e.T.String() + ")")
}

var nullBool = &Literal{Val: table.NullValue(table.Boolean)}

// falseIfNotNull and trueIfNotNull are UnwrapCastInBinaryComparison's: NULL for a NULL x, else
// FALSE (TRUE), written as x IS NULL AND NULL (x IS NOT NULL OR NULL).
func falseIfNotNull(x Expr) Expr {
	return &And{At: x.Pos(), L: &IsNull{At: x.Pos(), X: x}, R: nullBool}
}

func trueIfNotNull(x Expr) Expr {
	return &Or{At: x.Pos(), L: &IsNull{At: x.Pos(), X: x, Not: true}, R: nullBool}
}

// castSide returns the numeric non-literal operand and the coerced literal of a comparison, with
// swapped set when the literal is on the left; ok is false unless their types differ, that is
// unless Spark's analyzer cast the non-literal side.
func castSide(c *Compare) (x Expr, lit *Literal, swapped, ok bool) {
	l, lok := c.L.(*Literal)
	r, rok := c.R.(*Literal)
	switch {
	case rok && !lok:
		x, lit = c.L, r
	case lok && !rok:
		x, lit, swapped = c.R, l, true
	default:
		return nil, nil, false, false
	}
	t := x.Type()
	if !lit.Coerced || numericRank(t.Kind) == 0 && t.Kind != table.Decimal || !isNumeric(lit.Val.Kind) ||
		lit.Val.Null && lit.Orig == nil { // NULL as written takes x's type
		return nil, nil, false, false
	}
	return x, lit, swapped, !sameType(t, lit.Type())
}

// unwrapCompare is UnwrapCastInBinaryComparison.unwrapCast for a comparison (c is lowered, its
// operator not NE).
func unwrapCompare(c *Compare) Expr {
	x, lit, swapped, ok := castSide(c)
	if !ok {
		return c
	}
	op := c.Op
	if swapped {
		op = op.swap()
	}
	rebuild := func(e Expr, lit Expr) Expr {
		if swapped {
			return &Compare{At: c.At, Op: c.Op, L: lit, R: e}
		}
		return &Compare{At: c.At, Op: c.Op, L: e, R: lit}
	}
	t := x.Type()
	if lit.Val.Null || !canUnwrapCast(t, lit.Type()) {
		return rebuild(&castExpr{X: x, T: lit.Type()}, lit)
	}
	if out := simplifyNumericComparison(op, x, t, lit); out != nil {
		return out
	}
	return rebuild(&castExpr{X: x, T: lit.Type()}, lit)
}

func typedLit(at Pos, v table.Value) *Literal { return &Literal{At: at, Val: v, Coerced: true} }

// simplifyNumericComparison is UnwrapCastInBinaryComparison.simplifyNumericComparison for
// `CAST(x AS C) op lit`, x of type t; nil where Spark keeps the cast.
func simplifyNumericComparison(op CmpOp, x Expr, t table.Type, lit *Literal) Expr {
	if e := simplifyAtTypeRange(op, x, t, lit); e != nil {
		return e
	}
	v, at := lit.Val, lit.At
	cmp := func(o CmpOp, val table.Value) Expr { return &Compare{At: at, Op: o, L: x, R: typedLit(at, val)} }
	falseLit := typedLit(at, table.BoolValue(false))
	nv, ok := castNumber(v, t)
	if !ok {
		return nil // the literal does not fit x's type: Spark keeps the cast
	}
	back, _ := castNumber(nv, lit.Type())
	switch c := table.Compare(v, back); {
	case c == 0:
		return cmp(op, nv)
	case c < 0: // rounded up
		switch op {
		case EQ:
			return falseIfNotNull(x)
		case NullSafeEq:
			return falseLit
		case GT, GE:
			return cmp(GE, nv)
		}
		return cmp(LT, nv)
	default: // rounded down
		switch op {
		case EQ:
			return falseIfNotNull(x)
		case NullSafeEq:
			return falseLit
		case GT, GE:
			return cmp(GT, nv)
		}
		return cmp(LE, nv)
	}
}

// simplifyAtTypeRange is simplifyNumericComparison's first half: a literal at or beyond the
// bounds of x's type t (Spark's minInType/maxInType cases); nil for one strictly inside them.
func simplifyAtTypeRange(op CmpOp, x Expr, t table.Type, lit *Literal) Expr {
	lo, hi, ok := numericRange(t)
	if !ok {
		return nil
	}
	v, at := lit.Val, lit.At
	cmp := func(o CmpOp, val table.Value) Expr { return &Compare{At: at, Op: o, L: x, R: typedLit(at, val)} }
	falseLit := typedLit(at, table.BoolValue(false))
	loC, _ := castNumber(lo, lit.Type())
	hiC, _ := castNumber(hi, lit.Type())
	minCmp, maxCmp := table.Compare(v, loC), table.Compare(v, hiC)
	switch {
	case maxCmp > 0:
		switch op {
		case EQ, GT, GE:
			return falseIfNotNull(x)
		case LT, LE:
			return trueIfNotNull(x)
		}
		return falseLit
	case maxCmp == 0:
		switch op {
		case GT:
			return falseIfNotNull(x)
		case LE:
			return trueIfNotNull(x)
		case LT:
			return &Not{At: at, X: cmp(EQ, hi)}
		case GE, EQ:
			return cmp(EQ, hi)
		}
		return cmp(NullSafeEq, hi)
	case minCmp < 0:
		switch op {
		case GT, GE:
			return trueIfNotNull(x)
		case LT, LE, EQ:
			return falseIfNotNull(x)
		}
		return falseLit
	case minCmp == 0:
		switch op {
		case LT:
			return falseIfNotNull(x)
		case GE:
			return trueIfNotNull(x)
		case GT:
			return &Not{At: at, X: cmp(EQ, lo)}
		case LE, EQ:
			return cmp(EQ, lo)
		}
		return cmp(NullSafeEq, lo)
	}
	return nil
}

// unwrapIn is UnwrapCastInBinaryComparison's In case (simplifyIn): the values that cast to x's
// type and back unchanged are kept, in x's type; the others can never be equal and are dropped;
// when none is left, x IS NULL AND NULL.
func unwrapIn(in *In) Expr {
	if len(in.List) == 0 {
		return in
	}
	first, ok := in.List[0].(*Literal)
	if !ok {
		return in
	}
	x, lit, _, ok := castSide(&Compare{L: in.X, R: first})
	if !ok {
		return in
	}
	t := x.Type()
	if !canUnwrapCast(t, lit.Type()) {
		return &In{At: in.At, X: &castExpr{X: x, T: lit.Type()}, List: in.List}
	}
	var kept []Expr
	for _, it := range in.List {
		l, ok := it.(*Literal)
		if !ok {
			return in
		}
		if l.Val.Null {
			kept = append(kept, typedLit(l.At, table.NullValue(t.Kind)))
			continue
		}
		nv, ok := castNumber(l.Val, t)
		if !ok {
			continue
		}
		if back, _ := castNumber(nv, l.Type()); table.Compare(l.Val, back) == 0 {
			kept = append(kept, typedLit(l.At, nv))
		}
	}
	if len(kept) == 0 {
		return falseIfNotNull(x)
	}
	return &In{At: in.At, X: x, List: kept}
}

// ---- Strings compared with numbers ----

// trimSpark trims what UTF8String.trimAll and Java's String.trim remove: bytes up to ' ' and DEL.
func trimSpark(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f })
}

// stringToIntegral is Cast(string AS int|bigint) without ANSI: UTF8String.toInt/toLong, which
// read an optional sign and digits and ignore a fractional part of digits ('3.9' is 3).
func stringToIntegral(s string, k table.Kind) (int64, bool) {
	s = trimSpark(s)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
		if s == "" {
			return 0, false
		}
	}
	if s == "" {
		return 0, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	for i := 0; i < len(frac); i++ {
		if frac[i] < '0' || frac[i] > '9' {
			return 0, false
		}
	}
	var u uint64
	for i := 0; i < len(whole); i++ {
		c := whole[i]
		if c < '0' || c > '9' || u > (math.MaxUint64-9)/10 {
			return 0, false
		}
		u = u*10 + uint64(c-'0')
	}
	limit := uint64(math.MaxInt64)
	if k == table.Int {
		limit = math.MaxInt32
	}
	if neg {
		limit++
	}
	if u > limit {
		return 0, false
	}
	if neg {
		return -int64(u-1) - 1, true
	}
	return int64(u), true
}

// stringToFloating is Cast(string AS double|float) without ANSI: Java's parseDouble/parseFloat
// (a trailing d or f allowed) and Spark's special forms (inf, +inf, infinity, -inf, nan, any
// case; Cast.processFloatingPointSpecialLiterals).
func stringToFloating(s string, bits int) (float64, bool) {
	s = trimSpark(s)
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), true
	case "-inf", "-infinity":
		return math.Inf(-1), true
	case "nan", "+nan", "-nan":
		return math.NaN(), true
	}
	if strings.ContainsAny(strings.ToLower(s), "in_") {
		return 0, false // Go's other spellings of infinity and NaN, and digit separators
	}
	if n := len(s); n > 1 && strings.ContainsRune("dDfF", rune(s[n-1])) && !strings.HasPrefix(strings.ToLower(s), "0x") {
		s = s[:n-1]
	}
	f, err := strconv.ParseFloat(s, bits)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return f, true
}

// coerceString is PromoteStrings for a string literal against a numeric expression of type t:
// against a decimal both sides become double (findCommonTypeForBinaryComparison, SPARK-22469),
// otherwise the string is cast to t. A string the cast cannot read is NULL, as Spark's non-ANSI
// cast makes it.
func coerceString(s string, t table.Type) table.Value {
	switch t.Kind {
	case table.Int, table.Bigint:
		if i, ok := stringToIntegral(s, t.Kind); ok {
			return table.Value{Kind: t.Kind, I: i}
		}
		return table.NullValue(t.Kind)
	case table.Float:
		if f, ok := stringToFloating(s, 32); ok {
			return table.Value{Kind: table.Float, F: f}
		}
		return table.NullValue(table.Float)
	}
	if f, ok := stringToFloating(s, 64); ok {
		return table.DoubleValue(f)
	}
	return table.NullValue(table.Double)
}

// ---- A string expression compared with a number, date or timestamp ----

// stringCast is a string expression that Spark's analyzer casts to the type of the literal it is
// compared with (findCommonTypeForBinaryComparison in TypeCoercion.scala: a string against any
// other atomic type takes that type; against a decimal, both become double, SPARK-22469). The
// cast is on the column, so Delta cannot skip on it; a partition value is cast file by file. It
// prints as its operand: the cast is implicit in the text.
type stringCast struct {
	X Expr
	T table.Type
}

func (e *stringCast) Pos() Pos                 { return e.X.Pos() }
func (e *stringCast) Type() table.Type         { return e.T }
func (e *stringCast) prec() int                { return e.X.prec() }
func (e *stringCast) String() string           { return str(e) }
func (e *stringCast) write(b *strings.Builder) { e.X.write(b) }

// castStringSide types x op lit when x is a string expression (not a literal) and lit a number,
// date, timestamp, boolean or binary, for a binary comparison or BETWEEN (IN promotes to string instead): x is
// cast to the comparison type and lit to it. ok is false when the rule does not apply.
func castStringSide(x Expr, lit *Literal, op string) (Expr, *Literal, bool) {
	v := lit.Val
	if op == "IN" || bad(x) || x.Type().Kind != table.String || v.Null {
		return nil, nil, false
	}
	t := lit.Type()
	switch {
	case v.Kind == table.Decimal || v.Kind == table.Double:
		t = table.Type{Kind: table.Double}
		nv, _ := castNumber(v, t)
		return &stringCast{X: x, T: t}, &Literal{At: lit.At, Val: nv, Coerced: true, Orig: lit}, true
	case isNumeric(v.Kind) || isDatetime(v.Kind) || v.Kind == table.Boolean || v.Kind == table.Binary:
		return &stringCast{X: x, T: t}, lit, true
	}
	return nil, nil, false
}

// castBooleanSide types b op lit when b is a boolean expression (not a literal) and lit a number
// other than 0 or 1 (which coerce turns into b and NOT b), for =, <>, != and <=>: BooleanEquality
// (TypeCoercion.scala) compares CAST(b AS lit's type) with lit, which no row equals. ok is false
// when the rule does not apply.
func castBooleanSide(x Expr, lit *Literal, op string) (Expr, bool) {
	v := lit.Val
	if bad(x) || x.Type().Kind != table.Boolean || v.Null || !isNumeric(v.Kind) || !isEquality(op) ||
		table.Compare(v, table.Value{Kind: table.Int, I: 1}) == 0 || table.Compare(v, table.Value{Kind: table.Int}) == 0 {
		return nil, false
	}
	return &stringCast{X: x, T: lit.Type()}, true
}

func isEquality(op string) bool { return op == "=" || op == "<>" || op == "!=" || op == "<=>" }

// castColumns types x op y for two non-literal operands whose kinds Spark's analyzer casts to a
// common type (findCommonTypeForBinaryComparison and BooleanEquality in TypeCoercion.scala, Spark
// 3.5 without ANSI): a string against a decimal, both to double (SPARK-22469); a string against
// another number, a date, a timestamp, a boolean or a binary, the string to that type; a boolean
// against a number, for = and <=> (and <>, NOT =), the boolean to the number's type. The cast is
// on a column, so Delta skips on neither side. ok is false when no rule applies.
func castColumns(x, y Expr, op string) (Expr, Expr, bool) {
	kx, ky := x.Type().Kind, y.Type().Kind
	if op == "IN" { // InConversion promotes to string instead
		return nil, nil, false
	}
	switch {
	case kx == table.String && ky == table.Decimal:
		return &stringCast{X: x, T: table.Type{Kind: table.Double}}, &stringCast{X: y, T: table.Type{Kind: table.Double}}, true
	case ky == table.String && kx == table.Decimal:
		return &stringCast{X: x, T: table.Type{Kind: table.Double}}, &stringCast{X: y, T: table.Type{Kind: table.Double}}, true
	case kx == table.String && stringCastTarget(ky):
		return &stringCast{X: x, T: y.Type()}, y, true
	case ky == table.String && stringCastTarget(kx):
		return x, &stringCast{X: y, T: x.Type()}, true
	case kx == table.Boolean && isNumeric(ky) && isEquality(op):
		return &stringCast{X: x, T: y.Type()}, y, true
	case ky == table.Boolean && isNumeric(kx) && isEquality(op):
		return x, &stringCast{X: y, T: x.Type()}, true
	}
	return nil, nil, false
}

func stringCastTarget(k table.Kind) bool {
	return isNumeric(k) || isDatetime(k) || k == table.Boolean || k == table.Binary
}

// castColumnString is Cast(x AS t) without ANSI for a value of a string expression (NULL where the
// text does not read as t), a boolean (1 or 0) or a decimal (to double), as castColumns casts them.
func castColumnString(v table.Value, t table.Type) table.Value {
	if v.Null {
		return table.NullValue(t.Kind)
	}
	switch v.Kind {
	case table.Boolean:
		v = table.Value{Kind: table.Int, I: v.I}
		fallthrough
	case table.Int, table.Bigint, table.Float, table.Double, table.Decimal:
		if nv, ok := castNumber(v, t); ok {
			return nv
		}
		return table.NullValue(t.Kind)
	}
	switch t.Kind {
	case table.Int, table.Bigint:
		if i, ok := stringToIntegral(v.S, t.Kind); ok {
			return table.Value{Kind: t.Kind, I: i}
		}
	case table.Double:
		if f, ok := stringToFloating(v.S, 64); ok {
			return table.DoubleValue(f)
		}
	default:
		if nv, ok := castString(v.S, t); ok {
			return nv
		}
	}
	return table.NullValue(t.Kind)
}
