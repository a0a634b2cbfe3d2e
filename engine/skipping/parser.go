package skipping

import (
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"layoutlab/engine/table"
)

// Limits on what Parse accepts; each has its own error message.
const (
	MaxInputBytes = 4096 // longest predicate text
	MaxDepth      = 64   // deepest nesting of parentheses, NOT and unary minus
	MaxInList     = 1024 // most items in one IN list
	maxErrors     = 10   // Parse stops after this many errors
	maxNamesShown = 8    // columns listed in an unknown-column error
)

// The parser follows go/parser: one token of lookahead, expect() that names what was found,
// precedence climbing for binary operators, and a bailout panic recovered in Parse.

type parser struct {
	src    string
	lex    *lexer
	tok    item
	leaves []table.Leaf
	errs   ErrorList
	depth  int
	// syntax is the error that stopped the parse, nil if none. Spark's parser fails before its
	// analyzer runs, so that error is the only one reported: a type error earlier in the text
	// (`a = (1 OR` ...) is never reached.
	syntax *Error
}

type bailout struct{}

// Parse lexes, parses, resolves and type-checks a WHERE predicate against a schema's leaves.
// Column names are matched case-insensitively; a.b names a nested leaf and `a.b` a top-level
// column whose name has a dot. The error, when not nil, is an ErrorList whose entries print as
// "line:column: message".
func Parse(src string, leaves []table.Leaf) (e Expr, err error) {
	if len(src) > MaxInputBytes {
		var l ErrorList
		l.add(position(src, MaxInputBytes), "LAYOUTLAB_LIMIT.PREDICATE_TOO_LONG", fmt.Sprintf("predicate is %d bytes; the limit is %d", len(src), MaxInputBytes))
		return nil, l
	}
	p := &parser{src: src, lex: newLexer(src), leaves: leaves}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			if p.syntax != nil {
				p.errs = ErrorList{p.syntax}
			}
			p.errs.Sort()
			e, err = nil, p.errs
		}
	}()
	p.next()
	x := p.parseOr()
	if p.tok.typ != itemEOF {
		p.errorExpected(p.tok.pos, "end of input")
	}
	p.checkBool(x, "WHERE")
	p.errs.Sort()
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return x, nil
}

func (p *parser) error(pos Pos, class, msg string) {
	p.errs.add(position(p.src, int(pos)), class, msg)
	if len(p.errs) >= maxErrors {
		panic(bailout{})
	}
}

// syntaxError reports a syntax error and stops: what follows cannot be trusted.
func (p *parser) syntaxError(pos int, class, msg string) {
	p.errs.add(position(p.src, pos), class, msg)
	p.syntax = p.errs[len(p.errs)-1]
	panic(bailout{})
}

func (p *parser) errorExpected(pos int, what string) {
	p.syntaxError(pos, ClassParseSyntax, "expected "+what+", found "+p.tok.describe())
}

func (p *parser) next() {
	p.tok = p.lex.nextItem()
	if p.tok.typ == itemError {
		p.syntaxError(p.tok.pos, p.tok.class, p.tok.val)
	}
}

func (p *parser) isKeyword(kw string) bool {
	return p.tok.typ == itemIdent && strings.EqualFold(p.tok.val, kw)
}

func (p *parser) isOp(op string) bool { return p.tok.typ == itemOp && p.tok.val == op }

func (p *parser) expectOp(op string) int {
	pos := p.tok.pos
	if !p.isOp(op) {
		p.errorExpected(pos, "'"+op+"'")
	}
	p.next()
	return pos
}

func (p *parser) enter(pos int) {
	p.depth++
	if p.depth > MaxDepth {
		p.syntaxError(pos, "LAYOUTLAB_LIMIT.NESTING_TOO_DEEP", fmt.Sprintf("expression nested more than %d levels deep", MaxDepth))
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) parseOr() Expr {
	x := p.parseAnd()
	for p.isKeyword("OR") {
		p.next()
		y := p.parseAnd()
		p.checkBool(x, "OR")
		p.checkBool(y, "OR")
		x = &Or{At: x.Pos(), L: x, R: y}
	}
	return x
}

func (p *parser) parseAnd() Expr {
	x := p.parseNot()
	for p.isKeyword("AND") {
		p.next()
		y := p.parseNot()
		p.checkBool(x, "AND")
		p.checkBool(y, "AND")
		x = &And{At: x.Pos(), L: x, R: y}
	}
	return x
}

func (p *parser) parseNot() Expr {
	if p.isKeyword("NOT") {
		pos := p.tok.pos
		p.enter(pos)
		p.next()
		x := p.parseNot()
		p.leave()
		p.checkBool(x, "NOT")
		return &Not{At: Pos(pos), X: x}
	}
	return p.parsePredicate()
}

// parsePredicate parses a comparison and an optional [NOT] BETWEEN / IN / LIKE or IS [NOT] NULL.
func (p *parser) parsePredicate() Expr {
	x := p.parseBinary(precCompare)
	not := false
	if p.isKeyword("NOT") {
		p.next()
		not = true
		if !p.isKeyword("BETWEEN") && !p.isKeyword("IN") && !p.isKeyword("LIKE") {
			p.errorExpected(p.tok.pos, "BETWEEN, IN or LIKE after NOT")
		}
	}
	switch {
	case p.isKeyword("BETWEEN"):
		p.next()
		return p.parseBetween(x, not)
	case p.isKeyword("IN"):
		p.next()
		return p.parseIn(x, not)
	case p.isKeyword("LIKE"):
		p.next()
		return p.parseLike(x, not)
	case p.isKeyword("IS"):
		p.next()
		return p.parseIsNull(x)
	}
	return x
}

// parseBetween parses what follows x [NOT] BETWEEN.
func (p *parser) parseBetween(x Expr, not bool) Expr {
	lo := p.parseBinary(precAdd)
	if !p.isKeyword("AND") {
		p.errorExpected(p.tok.pos, "AND")
	}
	p.next()
	hi := p.parseBinary(precAdd)
	x, lo = p.coercePair(x, lo, "BETWEEN")
	x, hi = p.coercePair(x, hi, "BETWEEN")
	return &Between{At: x.Pos(), X: x, Lo: lo, Hi: hi, Not: not}
}

// parseIn parses the parenthesised list that follows x [NOT] IN, at most MaxInList items.
func (p *parser) parseIn(x Expr, not bool) Expr {
	p.expectOp("(")
	var list []Expr
	for {
		if len(list) == MaxInList {
			p.syntaxError(p.tok.pos, "LAYOUTLAB_LIMIT.IN_LIST_TOO_LONG", fmt.Sprintf("IN list has more than %d items", MaxInList))
		}
		list = append(list, p.parseBinary(precAdd))
		if !p.isOp(",") {
			break
		}
		p.next()
	}
	p.expectOp(")")
	if in := p.numericIn(x, list, not); in != nil {
		return in
	}
	if in := datetimeIn(x, list); in != nil {
		in.Not = not
		return in
	}
	for i, item := range list {
		x, list[i] = p.coercePair(x, item, "IN")
	}
	return &In{At: x.Pos(), X: x, List: list, Not: not}
}

// parseLike parses the pattern that follows x [NOT] LIKE.
func (p *parser) parseLike(x Expr, not bool) Expr {
	if p.tok.typ != itemString {
		p.errorExpected(p.tok.pos, "a string pattern after LIKE")
	}
	pat, at := p.tok.val, p.tok.pos
	p.next()
	// Like's inputTypes are strings: ImplicitTypeCasts casts a number, date, timestamp or
	// boolean operand to string (TypeCoercion.implicitCast, "cast any atomic type to
	// string"), and the rows compare as that text.
	asString := false
	switch k := x.Type().Kind; {
	case isNumeric(k) || isDatetime(k) || k == table.Boolean || k == table.Binary:
		asString = true
	}
	if class, msg := checkLikePattern(pat); msg != "" {
		p.error(Pos(at), class, "invalid LIKE pattern "+quoteString(pat)+": "+msg)
	}
	return &Like{At: x.Pos(), X: x, Pattern: pat, Not: not, AsString: asString}
}

// parseIsNull parses what follows x IS: [NOT] NULL.
func (p *parser) parseIsNull(x Expr) Expr {
	isNot := false
	if p.isKeyword("NOT") {
		p.next()
		isNot = true
	}
	if !p.isKeyword("NULL") {
		p.errorExpected(p.tok.pos, "NULL")
	}
	p.next()
	return &IsNull{At: x.Pos(), X: x, Not: isNot}
}

// binaryPrec gives the precedence of the current token as a binary operator, 0 if it is none.
func (p *parser) binaryPrec() (string, int) {
	if p.tok.typ != itemOp {
		return "", 0
	}
	switch p.tok.val {
	case "=", "<>", "!=", "<", "<=", ">", ">=", "<=>":
		return p.tok.val, precCompare
	case "+", "-":
		return p.tok.val, precAdd
	case "*", "/", "%":
		return p.tok.val, precMul
	}
	return "", 0
}

var cmpOps = map[string]CmpOp{"=": EQ, "<>": NE, "!=": NE, "<": LT, "<=": LE, ">": GT, ">=": GE, "<=>": NullSafeEq}

// parseBinary is precedence climbing over comparison, additive and multiplicative operators,
// all left-associative.
func (p *parser) parseBinary(prec1 int) Expr {
	x := p.parseUnary()
	for {
		op, prec := p.binaryPrec()
		if prec < prec1 {
			return x
		}
		p.next()
		y := p.parseBinary(prec + 1)
		if prec == precCompare {
			x, y = p.coercePair(x, y, op)
			x = &Compare{At: x.Pos(), Op: cmpOps[op], L: x, R: y}
			continue
		}
		x = p.arith(op[0], x, y)
	}
}

// promoteString wraps a string operand of arithmetic or unary minus in its cast to double.
func promoteString(e Expr) Expr {
	if bad(e) || e.Type().Kind != table.String {
		return e
	}
	if l, ok := e.(*Literal); ok && l.Val.Null {
		return e
	}
	return &stringCast{X: e, T: table.Type{Kind: table.Double}}
}

// arithClass is the class of an arithmetic operand of kind k that is not a number (a string
// operand was cast to double already), the operands' kinds being kx and ky. Spark turns
// date ± int into date_add, which Layout Lab does not model; operands of two other types have no
// common type (BINARY_OP_DIFF_TYPES), and one type that is not numeric is the wrong type.
func arithClass(k, kx, ky table.Kind) string {
	switch {
	case isDatetime(k):
		return "LAYOUTLAB_UNSUPPORTED.DATETIME_ARITHMETIC"
	case kx != ky && kx != table.Invalid && ky != table.Invalid && kx != table.Void && ky != table.Void:
		return ClassBinaryOpDiffTypes
	}
	return ClassBinaryOpWrongType
}

func (p *parser) arith(op byte, x, y Expr) Expr {
	// PromoteStrings (TypeCoercion.scala, Spark 3.5 without ANSI): a string operand of arithmetic
	// is cast to double, NULL where its text is not a number.
	x, y = promoteString(x), promoteString(y)
	kx, ky := x.Type().Kind, y.Type().Kind
	bad := false
	for _, e := range []Expr{x, y} {
		if k := e.Type().Kind; k != table.Invalid && k != table.Void && !isNumeric(k) {
			p.error(e.Pos(), arithClass(k, kx, ky), fmt.Sprintf("'%c' needs numbers, found %s", op, describe(e)))
			bad = true
		}
	}
	t := table.Type{Kind: table.Bigint}
	switch {
	case bad || kx == table.Invalid && ky == table.Invalid:
		t = table.Type{}
	case kx == table.Void || ky == table.Void:
		t = table.Type{} // NULL whatever the other side
	case kx == table.Double || ky == table.Double:
		// A decimal meeting a double becomes a double (DecimalPrecision.nondecimalAndDecimal).
		t = table.Type{Kind: table.Double}
	case kx == table.Float || ky == table.Float:
		// A float meets an integer or a float as a float, a decimal as a double; every division
		// is a double's (TypeCoercion's Division rule).
		t = table.Type{Kind: table.Float}
		if kx == table.Decimal || ky == table.Decimal || op == '/' {
			t = table.Type{Kind: table.Double}
		}
	case kx == table.Decimal || ky == table.Decimal:
		t, _ = table.DecimalResultType(op, decimalOperand(x, y), decimalOperand(y, x))
	case op == '/':
		// Integers divide as doubles (TypeCoercion's Division rule).
		t = table.Type{Kind: table.Double}
	case (kx == table.Int || kx == table.Invalid) && (ky == table.Int || ky == table.Invalid):
		t = table.Type{Kind: table.Int}
	}
	return &Arith{At: x.Pos(), Op: op, L: x, R: y, T: t}
}

// decimalOperand is the decimal type an operand of decimal arithmetic is cast to, as
// DecimalPrecision.nondecimalAndDecimal (sql/catalyst/.../analysis/DecimalPrecision.scala) casts
// it: an integer literal (5, -5, not -(5)) to the digits it has (DataTypeUtils.fromLiteral, with
// spark.sql.legacy.literal.pickMinimumPrecision's default), any other int to decimal(10,0) and
// bigint to decimal(20,0) (DecimalType.forType). An untyped NULL takes the other operand's type
// (ImplicitTypeCasts), which is then a decimal.
func decimalOperand(e, other Expr) table.Type {
	t := e.Type()
	switch t.Kind {
	case table.Decimal:
		return t
	case table.Int, table.Bigint:
		if lit, ok := e.(*Literal); ok && !lit.Val.Null && lit.Negates == nil {
			p := table.Value{Kind: table.Decimal, I: lit.Val.I}.DecimalPrecision()
			return table.Type{Kind: table.Decimal, Precision: uint8(p)}
		}
		if t.Kind == table.Int {
			return table.Type{Kind: table.Decimal, Precision: 10}
		}
		return table.Type{Kind: table.Decimal, Precision: 20}
	}
	return other.Type()
}

func (p *parser) parseUnary() Expr {
	if p.isOp("-") {
		pos := p.tok.pos
		p.enter(pos)
		p.next()
		if p.tok.typ == itemNumber {
			// Fold the sign into the literal so -2147483648 is an int, as in Spark.
			text := p.tok.val
			p.next()
			p.leave()
			return p.numberAt(pos, text, true)
		}
		// ImplicitTypeCasts casts a string operand of UnaryMinus to double
		// (NumericType.defaultConcreteType).
		x := promoteString(p.parseUnary())
		p.leave()
		if lit, ok := x.(*Literal); ok && isNumeric(lit.Val.Kind) && !lit.Val.Null {
			return negateLiteral(p, Pos(pos), lit)
		}
		if k := x.Type().Kind; k != table.Invalid && !isNumeric(k) {
			// UnaryMinus's inputTypes: numbers and intervals
			p.error(x.Pos(), ClassUnexpectedInput, "unary minus needs a number, found "+describe(x))
		}
		return &Neg{At: Pos(pos), X: x}
	}
	return p.parsePrimary()
}

func negateLiteral(p *parser, pos Pos, lit *Literal) Expr {
	v := lit.Val
	switch v.Kind {
	case table.Double, table.Float:
		v.F = -v.F
	case table.Decimal:
		v = table.NegateDecimal(v)
	default:
		if v.I == math.MinInt64 {
			p.error(pos, ClassArithmeticOverflow, "integer literal -("+lit.String()+") is out of range for bigint")
			return &Literal{At: pos, Val: v}
		}
		v.I = -v.I
		if v.Kind == table.Bigint && v.I >= math.MinInt32 && v.I <= math.MaxInt32 {
			v.Kind = table.Int
		}
		if v.Kind == table.Int && (v.I < math.MinInt32 || v.I > math.MaxInt32) {
			v.Kind = table.Bigint
		}
	}
	return &Literal{At: pos, Val: v, Prec: lit.Prec, Negates: lit}
}

func (p *parser) numberAt(pos int, text string, neg bool) Expr {
	v, prec, class, msg := numberLiteral(text, neg)
	if msg != "" {
		p.error(Pos(pos), class, msg)
		return &Literal{At: Pos(pos), Val: table.Value{Null: true}}
	}
	return &Literal{At: Pos(pos), Val: v, Prec: prec}
}

func (p *parser) parsePrimary() Expr {
	tok := p.tok
	switch tok.typ {
	case itemOp:
		if tok.val == "(" {
			p.enter(tok.pos)
			p.next()
			x := p.parseOr()
			p.expectOp(")")
			p.leave()
			return x
		}
	case itemNumber:
		p.next()
		return p.numberAt(tok.pos, tok.val, false)
	case itemString:
		p.next()
		return &Literal{At: Pos(tok.pos), Val: table.StringValue(tok.val)}
	case itemQuoted:
		p.next()
		return p.parseName(tok)
	case itemIdent:
		switch strings.ToUpper(tok.val) {
		case "TRUE", "FALSE":
			p.next()
			return &Literal{At: Pos(tok.pos), Val: table.BoolValue(strings.EqualFold(tok.val, "TRUE"))}
		case "NULL":
			p.next()
			return &Literal{At: Pos(tok.pos), Val: table.Value{Null: true}}
		case "X":
			// Spark's BINARY_HEX literal type (SqlBaseParser's typeConstructor).
			p.next()
			if p.tok.typ == itemString {
				return p.binaryLiteral(tok)
			}
			return p.parseName(tok)
		case "DATE", "TIMESTAMP", "TIMESTAMP_NTZ":
			p.next()
			if p.tok.typ == itemString {
				return p.typedLiteral(tok)
			}
			return p.parseName(tok)
		}
		if keywords[strings.ToUpper(tok.val)] {
			break
		}
		p.next()
		return p.parseName(tok)
	}
	p.errorExpected(tok.pos, "expression")
	return nil
}

// binaryLiteral reads X'hex' as AstBuilder's typeConstructor does: an odd number of digits gets a
// leading 0, and text that is not hex is INVALID_TYPED_LITERAL.
func (p *parser) binaryLiteral(kw item) Expr {
	s := p.tok
	p.next()
	text := s.val
	if len(text)%2 != 0 {
		text = "0" + text
	}
	b, err := hex.DecodeString(text)
	if err != nil {
		p.error(Pos(s.pos), ClassInvalidTyped, "invalid X literal "+quoteString(s.val))
		return &Literal{At: Pos(kw.pos), Val: table.Value{Null: true}}
	}
	return &Literal{At: Pos(kw.pos), Val: table.Value{Kind: table.Binary, S: string(b)}}
}

func (p *parser) typedLiteral(kw item) Expr {
	s := p.tok
	p.next()
	kind := table.Date
	switch strings.ToUpper(kw.val) {
	case "TIMESTAMP":
		kind = table.Timestamp
	case "TIMESTAMP_NTZ":
		kind = table.TimestampNTZ
	}
	v, ok := castString(s.val, table.Type{Kind: kind})
	if sv, why, special := specialDatetime(s.val, kind); !ok && special {
		if why == "" {
			return &Literal{At: Pos(kw.pos), Val: sv}
		}
		p.error(Pos(s.pos), "LAYOUTLAB_UNSUPPORTED.TIME_DEPENDENT_VALUE", fmt.Sprintf("%s literal %s: %s", strings.ToUpper(kw.val), quoteString(s.val), why))
		return &Literal{At: Pos(kw.pos), Val: table.Value{Null: true}}
	}
	if why := unreadDatetime(s.val); !ok && why != "" {
		p.error(Pos(s.pos), "LAYOUTLAB_UNSUPPORTED.REGION_TIME_ZONE", fmt.Sprintf("%s literal %s: %s", strings.ToUpper(kw.val), quoteString(s.val), why))
		return &Literal{At: Pos(kw.pos), Val: table.Value{Null: true}}
	}
	if !ok {
		// Spark's AstBuilder refuses it with a ParseException of this class.
		p.error(Pos(s.pos), ClassInvalidTyped, fmt.Sprintf("invalid %s literal %s", strings.ToUpper(kw.val), quoteString(s.val)))
		return &Literal{At: Pos(kw.pos), Val: table.Value{Null: true}}
	}
	return &Literal{At: Pos(kw.pos), Val: v}
}

// parseName reads the rest of a dotted name whose first part is first, and resolves it.
func (p *parser) parseName(first item) Expr {
	parts := []string{first.val}
	for p.isOp(".") {
		p.next()
		if p.tok.typ != itemIdent && p.tok.typ != itemQuoted {
			p.errorExpected(p.tok.pos, "a field name after '.'")
		}
		parts = append(parts, p.tok.val)
		p.next()
	}
	return p.resolve(Pos(first.pos), parts)
}

func (p *parser) resolve(pos Pos, parts []string) Expr {
	for i, l := range p.leaves {
		if pathEqualFold(l.Path, parts) {
			return &Column{At: pos, Leaf: i, Path: l.Path, T: l.Type}
		}
	}
	name := formatPath(parts)
	var fields []string
	for _, l := range p.leaves {
		if len(l.Path) > len(parts) && pathEqualFold(l.Path[:len(parts)], parts) {
			fields = append(fields, formatPath(l.Path))
		}
	}
	if len(fields) > 0 {
		p.error(pos, "LAYOUTLAB_UNSUPPORTED.STRUCT_VALUE", fmt.Sprintf("column '%s' is a struct; name one of its fields (%s)", name, listNames(fields)))
	} else {
		all := make([]string, len(p.leaves))
		for i, l := range p.leaves {
			all[i] = formatPath(l.Path)
		}
		p.error(pos, ClassUnresolvedColumn, fmt.Sprintf("unknown column '%s' (columns: %s)", name, listNames(all)))
	}
	return &Column{At: pos, Leaf: -1, Path: parts}
}

func pathEqualFold(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

func listNames(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	if len(names) <= maxNamesShown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, … %d more", strings.Join(names[:maxNamesShown], ", "), len(names)-maxNamesShown)
}

// describe names an operand in an error message: "int column 'a'", "date literal DATE'…'".
func describe(e Expr) string {
	t := e.Type()
	ts := t.String()
	if t.Kind == table.Invalid {
		ts = "untyped"
	}
	switch e := e.(type) {
	case *Column:
		return fmt.Sprintf("%s column '%s'", ts, formatPath(e.Path))
	case *Literal:
		if e.Val.Kind == table.Invalid {
			return "NULL"
		}
		return fmt.Sprintf("%s literal %s", ts, e.String())
	}
	s := e.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return fmt.Sprintf("%s expression '%s'", ts, s)
}

func (p *parser) checkBool(x Expr, ctx string) {
	if c, ok := x.(*Column); ok && c.Leaf < 0 {
		return
	}
	if k := x.Type().Kind; k != table.Boolean && k != table.Invalid {
		class := ClassUnexpectedInput // AND, OR, NOT: their inputTypes are BooleanType
		if ctx == "WHERE" {
			class = ClassFilterNotBoolean
		}
		p.error(x.Pos(), class, fmt.Sprintf("%s needs a boolean predicate, found %s", ctx, describe(x)))
	}
}

// coercePair type-checks two compared operands. A literal facing a typed expression is cast to
// that expression's type, as Spark's implicit casts and constant folding would leave it; two
// non-literals must have comparable types.
func (p *parser) coercePair(x, y Expr, op string) (Expr, Expr) {
	lx, xLit := x.(*Literal)
	ly, yLit := y.(*Literal)
	switch {
	case xLit && !yLit:
		if c, lit, ok := castStringSide(y, lx, op); ok {
			return lit, c
		}
		if c, ok := castBooleanSide(y, lx, op); ok {
			return lx, c
		}
		return p.coerce(lx, y, op), y
	case yLit && !xLit:
		if c, lit, ok := castStringSide(x, ly, op); ok {
			return c, lit
		}
		if c, ok := castBooleanSide(x, ly, op); ok {
			return c, ly
		}
		return x, p.coerce(ly, x, op)
	}
	if bad(x) || bad(y) {
		return x, y
	}
	if cx, cy, ok := castColumns(x, y, op); ok {
		return cx, cy
	}
	if !comparableKinds(x.Type().Kind, y.Type().Kind) {
		p.error(y.Pos(), diffTypesClass(op), fmt.Sprintf("cannot compare %s with %s", describe(x), describe(y)))
	}
	return x, y
}

func bad(e Expr) bool {
	c, ok := e.(*Column)
	return ok && c.Leaf < 0
}

// coerce casts lit to the type of the expression it is compared with. What it accepts:
//   - NULL against anything: a NULL of that type;
//   - a number or a string against a number: cast to the comparison type Spark's analyzer picks
//     (coerceNumber, coerce.go), a string Spark cannot read as a NULL;
//   - anything against a void column, which is NULL whatever the cast;
//   - a string against a date or timestamp column: cast as CAST('…' AS type) would, NULL when
//     that gives NULL (castDatetimeLiteral);
//   - a string against any other column: cast as CAST('…' AS type) would, an error when that
//     gives NULL (Spark's non-ANSI cast would silently compare with NULL);
//   - DATE'…' against a timestamp column: midnight UTC; TIMESTAMP_NTZ'…' against a timestamp
//     column: the same wall clock in UTC; TIMESTAMP'…' against a date or timestamp_ntz column,
//     or TIMESTAMP_NTZ'…' against a date column, keeps its type (castsColumn);
//   - otherwise the literal's type must be the column's: an int against a date, a number against a
//     string are errors naming both.
func (p *parser) coerce(lit *Literal, other Expr, op string) Expr {
	t := other.Type()
	if bad(other) || t.Kind == table.Invalid || t.Kind == table.Struct {
		return lit
	}
	v := lit.Val
	if v.Null {
		return asCoerced(lit, table.NullValue(t.Kind))
	}
	if t.Kind == table.Void {
		return lit // every value is NULL, whatever Spark casts
	}
	if isNumeric(t.Kind) && (isNumeric(v.Kind) || v.Kind == table.String) {
		return coerceNumber(lit, other)
	}
	if e, ok := p.coerceBoolean(lit, other, op); ok {
		return e
	}
	if v.Kind == table.String && isDatetime(t.Kind) {
		nv, why := castDatetimeLiteral(v.S, t.Kind)
		if why != "" {
			p.error(lit.At, datetimeWhyClass(why), fmt.Sprintf("cannot cast %s to %s to compare with %s: %s", quoteString(v.S), t, describe(other), why))
			return lit
		}
		return asCoerced(lit, nv)
	}
	if t.Kind == table.Binary {
		// A binary literal compares as bytes; a string is cast to binary, its UTF-8 bytes
		// (findCommonTypeForBinaryComparison: a string against any other atomic type takes it);
		// IN has no common type of binary and string (stringPromotion leaves out binary).
		if v.Kind == table.Binary || v.Kind == table.String && op != "IN" {
			return asCoerced(lit, table.Value{Kind: table.Binary, S: v.S})
		}
		return p.coerceFail(lit, other, diffTypesClass(op), "")
	}
	if v.Kind == table.String && t.Kind != table.String {
		nv, ok := castString(v.S, t)
		if !ok {
			p.error(lit.At, ClassCastInvalidInput, fmt.Sprintf("cannot cast %s to %s to compare with %s", quoteString(v.S), t, describe(other)))
			return lit
		}
		return asCoerced(lit, nv)
	}
	return p.coerceKind(lit, other, op)
}

// asCoerced is lit with the value nv it takes against the column.
func asCoerced(lit *Literal, nv table.Value) Expr {
	return &Literal{At: lit.At, Val: nv, Coerced: true}
}

// coerceFail reports that lit cannot be compared with other and returns lit.
func (p *parser) coerceFail(lit *Literal, other Expr, class, why string) Expr {
	msg := fmt.Sprintf("cannot compare %s with %s", describe(other), describe(lit))
	if why != "" {
		msg += ": " + why
	}
	p.error(lit.At, class, msg)
	return lit
}

// coerceBoolean is coerce's BooleanEquality (TypeCoercion.scala): a boolean literal against a
// number column, a number literal against a boolean column; false when neither applies.
func (p *parser) coerceBoolean(lit *Literal, other Expr, op string) (Expr, bool) {
	t, v := other.Type(), lit.Val
	if isNumeric(t.Kind) && v.Kind == table.Boolean {
		// BooleanEquality casts the boolean to the number's type for = and <=> (and <>, which is
		// NOT =); any other comparison has no common type (TypeCoercion.scala).
		if op != "=" && op != "<>" && op != "!=" && op != "<=>" {
			p.error(lit.At, diffTypesClass(op), fmt.Sprintf("cannot compare %s with %s", describe(other), describe(lit)))
			return lit, true
		}
		nv, _ := castNumber(table.Value{Kind: table.Int, I: v.I}, t)
		out := coercedAs(lit, nv, t, t)
		out.Orig = lit
		return out, true
	}
	if t.Kind == table.Boolean && isNumeric(v.Kind) && (op == "=" || op == "<>" || op == "!=" || op == "<=>") {
		// BooleanEquality (TypeCoercion.scala): b = 1 is b and b = 0 is NOT b (b <=> 1 is
		// b IS NOT NULL AND b); another number is compared with CAST(b AS number), 0 or 1
		// (castBooleanSide, which coercePair tries first).
		if table.Compare(v, table.Value{Kind: table.Int, I: 1}) == 0 {
			return &Literal{At: lit.At, Val: table.BoolValue(true), Coerced: true, Orig: lit}, true
		}
		return &Literal{At: lit.At, Val: table.BoolValue(false), Coerced: true, Orig: lit}, true
	}
	return nil, false
}

// coerceKind is coerce for a literal of the column's kind, or a datetime literal against a
// datetime column (DATE, TIMESTAMP and TIMESTAMP_NTZ against each other), or an IN item against
// a string column; anything else is an error naming both types.
func (p *parser) coerceKind(lit *Literal, other Expr, op string) Expr {
	t, v := other.Type(), lit.Val
	switch t.Kind {
	case table.Date:
		switch v.Kind {
		case table.Date:
			return asCoerced(lit, v)
		case table.Timestamp, table.TimestampNTZ:
			return lit // Spark casts the column (castsColumn)
		}
	case table.Timestamp, table.TimestampNTZ:
		switch v.Kind {
		case t.Kind:
			return asCoerced(lit, v)
		case table.TimestampNTZ: // against a timestamp column: the literal is cast, in UTC
			return asCoerced(lit, table.Value{Kind: t.Kind, I: v.I})
		case table.Timestamp: // against a timestamp_ntz column: Spark casts the column (castsColumn)
			return lit
		case table.Date:
			if v.I < minTimestampDays || v.I > maxTimestampDays {
				return p.coerceFail(lit, other, ClassArithmeticOverflow, "the date is outside the timestamp range") // Spark: ArithmeticException in daysToMicros
			}
			return asCoerced(lit, table.Value{Kind: t.Kind, I: v.I * table.MicrosPerDay})
		}
	case table.String, table.Boolean:
		if v.Kind == t.Kind {
			return asCoerced(lit, v)
		}
		if t.Kind == table.String && op == "IN" && (isNumeric(v.Kind) || isDatetime(v.Kind)) {
			// InConversion: the wider common type of a string and a number, date or timestamp
			// is a string (stringPromotion), so the item is compared as its text.
			return &Literal{At: lit.At, Val: castToString(v), Coerced: true, Orig: lit}
		}
	}
	return p.coerceFail(lit, other, diffTypesClass(op), "")
}

// diffTypesClass is Spark's class for operands with no common type: In's checkInputDataTypes
// for IN, BinaryComparison's for the rest (BETWEEN is two of them).
func diffTypesClass(op string) string {
	if op == "IN" {
		return ClassDataDiffTypes
	}
	return ClassBinaryOpDiffTypes
}

// datetimeWhyClass classes castDatetimeLiteral's reasons: a time-dependent special value, or a
// region time zone.
func datetimeWhyClass(why string) string {
	if strings.Contains(why, "special value") {
		return "LAYOUTLAB_UNSUPPORTED.TIME_DEPENDENT_VALUE"
	}
	return "LAYOUTLAB_UNSUPPORTED.REGION_TIME_ZONE"
}

// checkLikePattern is the check of Spark's StringUtils.escapeLikeRegex with the default escape
// character '\\': it may precede only '_', '%' or itself, and may not end the pattern. It
// returns "" for a valid pattern, else Spark's class and what is wrong.
func checkLikePattern(pat string) (class, msg string) {
	for i := 0; i < len(pat); i++ {
		if pat[i] != '\\' {
			continue
		}
		if i+1 == len(pat) {
			return ClassInvalidEscapeEnd, "it is not allowed to end with the escape character"
		}
		i++
		if c := pat[i]; c != '_' && c != '%' && c != '\\' {
			r, _ := utf8.DecodeRuneInString(pat[i:])
			return ClassInvalidEscape, fmt.Sprintf("the escape character is not allowed to precede %q", r)
		}
	}
	return "", ""
}

// coerceNumber casts a numeric or string literal compared with a numeric expression to their
// comparison type (comparisonType, coerceString), keeping the literal as written for printing
// when the cast changed it or the expression keeps its own type.
func coerceNumber(lit *Literal, other Expr) *Literal {
	t, v := other.Type(), lit.Val
	var c table.Type
	var nv table.Value
	if v.Kind == table.String {
		nv = coerceString(v.S, t)
		c = table.Type{Kind: nv.Kind}
	} else {
		c = comparisonType(other, lit)
		var ok bool
		if nv, ok = castNumber(v, c); !ok {
			nv = table.NullValue(c.Kind) // past decimal(38): Spark's cast is NULL
		}
	}
	return coercedAs(lit, nv, c, t)
}

func coercedAs(lit *Literal, nv table.Value, c, t table.Type) *Literal {
	out := &Literal{At: lit.At, Val: nv, Coerced: true}
	if c.Kind == table.Decimal {
		out.Prec, out.Val.Scale = c.Precision, c.Scale
	}
	if lit.Val.Kind == table.String || c.Kind == table.Float || !sameType(c, t) {
		out.Orig = lit
	}
	return out
}

// numericIn types x IN (list) as InConversion does when x is numeric and every item a literal
// of another type: all take the wider common type (findWiderCommonType). With a string among
// them that is a string, so the numbers are compared as their text (AsString); otherwise the
// items are cast to it, as a comparison's literal is. nil when the rule does not apply.
func (p *parser) numericIn(x Expr, list []Expr, not bool) *In {
	t := x.Type()
	if bad(x) || !isNumeric(t.Kind) {
		return nil
	}
	c, differs, str := t, false, false
	for _, it := range list {
		l, ok := it.(*Literal)
		if !ok || l.Val.Null {
			if !ok {
				return nil
			}
			continue
		}
		switch {
		case l.Val.Kind == table.String:
			str = true
		case isNumeric(l.Val.Kind):
			lt := l.Type()
			if !sameType(lt, t) {
				differs = true
			}
			c = widerTypeForTwo(c, lt)
		default:
			return nil
		}
	}
	if str {
		return &In{At: x.Pos(), X: x, List: list, Not: not, AsString: true}
	}
	if !differs {
		return nil
	}
	out := make([]Expr, len(list))
	for i, it := range list {
		l := it.(*Literal)
		nv, ok := table.NullValue(c.Kind), !l.Val.Null
		if ok {
			if nv, ok = castNumber(l.Val, c); !ok {
				nv = table.NullValue(c.Kind)
			}
		}
		out[i] = coercedAs(l, nv, c, t)
	}
	return &In{At: x.Pos(), X: x, List: out, Not: not}
}

// datetimeIn types x IN (list) as InConversion does when x is a date or timestamp and a string
// literal is among the items: findWiderCommonType of a date or timestamp and a string is a
// string (TypeCoercion.stringPromotion), so x and every item are cast to string and compare as
// text, and Delta cannot skip on the cast column (unlike x = '…', which casts the string to x's
// type, findCommonTypeForBinaryComparison). nil when the rule does not apply: no string item, or
// an item that is not a string, date or timestamp literal.
func datetimeIn(x Expr, list []Expr) *In {
	if bad(x) || !isDatetime(x.Type().Kind) {
		return nil
	}
	str := false
	for _, it := range list {
		l, ok := it.(*Literal)
		if !ok {
			return nil
		}
		switch {
		case l.Val.Null:
		case l.Val.Kind == table.String:
			str = true
		case !isDatetime(l.Val.Kind):
			return nil
		}
	}
	if !str {
		return nil
	}
	return &In{At: x.Pos(), X: x, List: list, AsString: true}
}

// widerTypeForTwo is TypeCoercion.findWiderTypeForTwo between numeric types: the later of int,
// bigint, float, double; a decimal with an integer it holds; two decimals, or an integer and a
// decimal, widerDecimalType (an integer as DecimalType.forType); a decimal with a float or
// double, double.
func widerTypeForTwo(a, b table.Type) table.Type {
	ad, bd := a.Kind == table.Decimal, b.Kind == table.Decimal
	switch {
	case sameType(a, b):
		return a
	case !ad && !bd:
		if numericRank(b.Kind) > numericRank(a.Kind) {
			return b
		}
		return a
	case ad && bd:
		return widerDecimalType(a, b)
	}
	if bd {
		a, b = b, a
	}
	bi, ok := decimalFor(b)
	switch {
	case !ok:
		return table.Type{Kind: table.Double}
	case isWiderThan(a, bi):
		return a
	}
	return widerDecimalType(bi, a)
}
