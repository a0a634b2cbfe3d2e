package skipping

import (
	"encoding/hex"
	"math"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/table"
)

// Expr is a resolved, type-checked node of a WHERE predicate. String is canonical: parsing it
// against the same leaves gives back an equal tree.
type Expr interface {
	Pos() Pos // offset of the node's first byte in the source
	String() string
	Type() table.Type // boolean for predicates; Kind Invalid for an untyped NULL or a bad node
	prec() int        // binding strength, for printing with the fewest parentheses
	write(b *strings.Builder)
}

// Binding strengths, loosest first: OR < AND < NOT < IS/IN/BETWEEN/LIKE < comparison < + - <
// * / % < unary minus and primaries.
const (
	precOr = 1 + iota
	precAnd
	precNot
	precPredicate
	precCompare
	precAdd
	precMul
	precUnary
)

// CmpOp is a comparison operator.
type CmpOp uint8

// The comparison operators. NE prints as <> (!= parses to the same node); NullSafeEq is <=>.
const (
	EQ CmpOp = iota
	NE
	LT
	LE
	GT
	GE
	NullSafeEq
)

var cmpOpNames = [...]string{EQ: "=", NE: "<>", LT: "<", LE: "<=", GT: ">", GE: ">=", NullSafeEq: "<=>"}

func (op CmpOp) String() string { return cmpOpNames[op] }

// swap gives the operator with its operands exchanged: 5 < a is a > 5.
func (op CmpOp) swap() CmpOp {
	switch op {
	case LT:
		return GT
	case LE:
		return GE
	case GT:
		return LT
	case GE:
		return LE
	}
	return op
}

var boolType = table.Type{Kind: table.Boolean}

// Column references one schema leaf.
type Column struct {
	At   Pos
	Leaf int      // index into the leaves Parse was given
	Path []string // the leaf's path as the schema spells it
	T    table.Type
}

// Literal is a constant. Coerced is set when the value was cast to the type of the column it is
// compared with (a string against a date column, 5 against a double column); an uncoerced
// literal keeps the type Spark's parser gives it: int, bigint, decimal(p,s), double, string,
// date, timestamp, timestamp_ntz, boolean, or an untyped NULL (Kind Invalid, Null set).
type Literal struct {
	At      Pos
	Val     table.Value
	Prec    uint8 // decimal precision of an uncoerced decimal literal
	Coerced bool
	// Negates is set when the literal is -(Negates) folded: Spark's parser reads only a sign
	// before a number as part of a literal, and keeps -(5) as UnaryMinus(5), which decimal
	// arithmetic types as an int, not as a literal (decimalOperand). It prints as written.
	Negates *Literal
	// Orig is the literal as written when the cast changed how the value reads back ('3.5'
	// against an int column is 3; 16777217 against a float one is 16777216); it prints as Orig.
	Orig *Literal
}

// Neg is unary minus on a non-literal.
type Neg struct {
	At Pos
	X  Expr
}

// Arith is + - * / % on numbers. Delta never skips on arithmetic. T is the type Spark's
// analyzer gives it: int or bigint for integers, double when either side is a double and for
// integer division, and for decimals (with integers cast to decimal) the exact result type of
// table.DecimalResultType.
type Arith struct {
	At   Pos
	Op   byte
	L, R Expr
	T    table.Type
}

// Compare is a comparison; <> and != both give NE.
type Compare struct {
	At   Pos
	Op   CmpOp
	L, R Expr
}

// Between is X [NOT] BETWEEN Lo AND Hi.
type Between struct {
	At        Pos
	X, Lo, Hi Expr
	Not       bool
}

// In is X [NOT] IN (List...). AsString is set when a numeric, date or timestamp X meets a string
// item: Spark then compares every item and X as strings (InConversion's string promotion).
type In struct {
	At       Pos
	X        Expr
	List     []Expr
	Not      bool
	AsString bool
}

// IsNull is X IS [NOT] NULL.
type IsNull struct {
	At  Pos
	X   Expr
	Not bool
}

// Like is X [NOT] LIKE 'pattern', with % and _ wildcards and \ as the escape character.
type Like struct {
	At      Pos
	X       Expr
	Pattern string
	Not     bool
	// AsString is set when X is not a string: Spark casts it to string (ImplicitTypeCasts), and
	// Delta cannot skip on the cast column.
	AsString bool
}

// Not is logical negation.
type Not struct {
	At Pos
	X  Expr
}

// And is logical conjunction.
type And struct {
	At   Pos
	L, R Expr
}

// Or is logical disjunction.
type Or struct {
	At   Pos
	L, R Expr
}

func (e *Column) Pos() Pos  { return e.At }
func (e *Literal) Pos() Pos { return e.At }
func (e *Neg) Pos() Pos     { return e.At }
func (e *Arith) Pos() Pos   { return e.At }
func (e *Compare) Pos() Pos { return e.At }
func (e *Between) Pos() Pos { return e.At }
func (e *In) Pos() Pos      { return e.At }
func (e *IsNull) Pos() Pos  { return e.At }
func (e *Like) Pos() Pos    { return e.At }
func (e *Not) Pos() Pos     { return e.At }
func (e *And) Pos() Pos     { return e.At }
func (e *Or) Pos() Pos      { return e.At }

func (e *Column) Type() table.Type { return e.T }
func (e *Literal) Type() table.Type {
	t := table.Type{Kind: e.Val.Kind}
	if t.Kind == table.Decimal {
		t.Precision, t.Scale = e.Prec, e.Val.Scale
	}
	return t
}
func (e *Neg) Type() table.Type     { return e.X.Type() }
func (e *Arith) Type() table.Type   { return e.T }
func (e *Compare) Type() table.Type { return boolType }
func (e *Between) Type() table.Type { return boolType }
func (e *In) Type() table.Type      { return boolType }
func (e *IsNull) Type() table.Type  { return boolType }
func (e *Like) Type() table.Type    { return boolType }
func (e *Not) Type() table.Type     { return boolType }
func (e *And) Type() table.Type     { return boolType }
func (e *Or) Type() table.Type      { return boolType }

func (e *Column) prec() int  { return precUnary }
func (e *Literal) prec() int { return precUnary }
func (e *Neg) prec() int     { return precUnary }
func (e *Arith) prec() int {
	if e.Op == '+' || e.Op == '-' {
		return precAdd
	}
	return precMul
}
func (e *Compare) prec() int { return precCompare }
func (e *Between) prec() int { return precPredicate }
func (e *In) prec() int      { return precPredicate }
func (e *IsNull) prec() int  { return precPredicate }
func (e *Like) prec() int    { return precPredicate }
func (e *Not) prec() int     { return precNot }
func (e *And) prec() int     { return precAnd }
func (e *Or) prec() int      { return precOr }

func str(e Expr) string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e *Column) String() string  { return str(e) }
func (e *Literal) String() string { return str(e) }
func (e *Neg) String() string     { return str(e) }
func (e *Arith) String() string   { return str(e) }
func (e *Compare) String() string { return str(e) }
func (e *Between) String() string { return str(e) }
func (e *In) String() string      { return str(e) }
func (e *IsNull) String() string  { return str(e) }
func (e *Like) String() string    { return str(e) }
func (e *Not) String() string     { return str(e) }
func (e *And) String() string     { return str(e) }
func (e *Or) String() string      { return str(e) }

// writeAt writes x, in parentheses when it binds looser than min.
func writeAt(b *strings.Builder, x Expr, min int) {
	if x.prec() < min {
		b.WriteByte('(')
		x.write(b)
		b.WriteByte(')')
		return
	}
	x.write(b)
}

func (e *Column) write(b *strings.Builder) { b.WriteString(formatPath(e.Path)) }

func (e *Literal) write(b *strings.Builder) {
	if e.Orig != nil {
		e.Orig.write(b)
		return
	}
	if e.Negates != nil && !e.Coerced {
		b.WriteString("-(" + e.Negates.String() + ")")
		return
	}
	b.WriteString(formatLiteral(e.Val, e.Coerced))
}

func (e *Neg) write(b *strings.Builder) {
	b.WriteByte('-')
	if s := e.X.String(); strings.HasPrefix(s, "-") {
		b.WriteString("(" + s + ")")
		return
	}
	writeAt(b, e.X, precUnary)
}

func (e *Arith) write(b *strings.Builder) {
	p := e.prec()
	writeAt(b, e.L, p)
	b.WriteString(" " + string(e.Op) + " ")
	writeAt(b, e.R, p+1)
}

func (e *Compare) write(b *strings.Builder) {
	writeAt(b, e.L, precCompare)
	b.WriteString(" " + e.Op.String() + " ")
	writeAt(b, e.R, precCompare+1)
}

func notWord(not bool) string {
	if not {
		return " NOT"
	}
	return ""
}

func (e *Between) write(b *strings.Builder) {
	writeAt(b, e.X, precCompare)
	b.WriteString(notWord(e.Not) + " BETWEEN ")
	writeAt(b, e.Lo, precAdd)
	b.WriteString(" AND ")
	writeAt(b, e.Hi, precAdd)
}

func (e *In) write(b *strings.Builder) {
	writeAt(b, e.X, precCompare)
	b.WriteString(notWord(e.Not) + " IN (")
	for i, x := range e.List {
		if i > 0 {
			b.WriteString(", ")
		}
		writeAt(b, x, precAdd)
	}
	b.WriteByte(')')
}

func (e *IsNull) write(b *strings.Builder) {
	writeAt(b, e.X, precCompare)
	b.WriteString(" IS" + notWord(e.Not) + " NULL")
}

func (e *Like) write(b *strings.Builder) {
	writeAt(b, e.X, precCompare)
	b.WriteString(notWord(e.Not) + " LIKE " + quoteString(e.Pattern))
}

func (e *Not) write(b *strings.Builder) {
	b.WriteString("NOT ")
	writeAt(b, e.X, precNot)
}

func (e *And) write(b *strings.Builder) {
	writeAt(b, e.L, precAnd)
	b.WriteString(" AND ")
	writeAt(b, e.R, precAnd+1)
}

func (e *Or) write(b *strings.Builder) {
	writeAt(b, e.L, precOr)
	b.WriteString(" OR ")
	writeAt(b, e.R, precOr+1)
}

// quoteString writes s as a SQL string literal, doubling quotes.
func quoteString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// quoteName backticks a name part when it is not a plain identifier or is a reserved word.
func quoteName(s string) string {
	plain := s != ""
	for i, r := range s {
		if !(isIdentStart(r) || i > 0 && isDigit(r)) {
			plain = false
			break
		}
	}
	if plain && !keywords[strings.ToUpper(s)] {
		return s
	}
	return "`" + strings.ReplaceAll(s, "`", "``") + "`"
}

func formatPath(path []string) string {
	parts := make([]string, len(path))
	for i, p := range path {
		parts[i] = quoteName(p)
	}
	return strings.Join(parts, ".")
}

// formatLiteral prints a value so that the lexer reads it back as the same literal. An
// uncoerced double always carries an exponent so it does not come back as an int or a decimal.
func formatLiteral(v table.Value, coerced bool) string {
	if v.Null {
		return "NULL"
	}
	switch v.Kind {
	case table.Boolean:
		if v.I != 0 {
			return "TRUE"
		}
		return "FALSE"
	case table.Int, table.Bigint:
		if v.Kind == table.Bigint && !coerced && v.I >= math.MinInt32 && v.I <= math.MaxInt32 {
			return strconv.FormatInt(v.I, 10) + "L" // a bigint as written (12L)
		}
		return strconv.FormatInt(v.I, 10)
	case table.Decimal:
		s := v.DecimalText()
		// A scale-0 decimal that fits 64 bits needs its point to read back as a decimal; a wider
		// one reads back as a decimal without it, as Spark prints it.
		if v.Scale == 0 && !coerced && v.Hi == 0 {
			s += "."
		}
		return s
	case table.Double:
		if math.IsInf(v.F, 0) { // a literal past the largest double reads back as ±Infinity
			if v.F < 0 {
				return "-1E309"
			}
			return "1E309"
		}
		s := strconv.FormatFloat(v.F, 'g', -1, 64)
		if !coerced && !strings.ContainsAny(s, "eE") {
			s += "E0"
		}
		return s
	case table.Float:
		if !coerced { // a float literal as written (1.5F)
			return strconv.FormatFloat(v.F, 'g', -1, 32) + "F"
		}
		return strconv.FormatFloat(v.F, 'g', -1, 64) // the float's exact value as a double
	case table.String:
		return quoteString(v.S)
	case table.Date:
		return "DATE" + quoteString(v.String())
	case table.Timestamp:
		return "TIMESTAMP" + quoteString(v.String())
	case table.TimestampNTZ:
		return "TIMESTAMP_NTZ" + quoteString(v.String())
	case table.Binary:
		return "X'" + strings.ToUpper(hex.EncodeToString([]byte(v.S))) + "'"
	}
	return v.String()
}

// ReferencedLeaves returns the leaves the expression reads, ascending, each once: the only
// columns whose statistics can decide which files a scan keeps.
func ReferencedLeaves(e Expr) []int {
	var out []int
	var walk func(Expr)
	walk = func(e Expr) {
		if c, ok := e.(*Column); ok && !slices.Contains(out, c.Leaf) {
			out = append(out, c.Leaf)
		}
		for _, c := range children(e) {
			walk(c)
		}
	}
	if e != nil {
		walk(e)
	}
	slices.Sort(out)
	return out
}
