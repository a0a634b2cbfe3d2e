package skipping

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// Row-level evaluation with SQL NULL semantics, used for partition filters: each partition
// column reads Cast(partitionValues['col'] AS type), as DeltaLog.rewritePartitionFilters builds
// (M/DeltaLog.scala). Nothing here allocates but decimal arithmetic on values past 64 bits,
// which goes through math/big.

// partRow supplies partition column values for one file.
type partRow struct {
	f    *Filter
	pv   map[string]string
	vals []table.Value // when set, the row's values by leaf (tests evaluate real rows)
}

var nullValue = table.Value{Null: true}

// value is the cast partition value of leaf: NULL when the key is absent, when the value is the
// empty string (PROTOCOL.md "Partition Value Serialization": "An empty string for any type
// translates to a null partition value"; a JSON null reaches us as "" too, see deltalog), or when
// the cast fails (Spark's non-ANSI cast).
func (r *partRow) value(leaf int) table.Value {
	if r.vals != nil {
		return r.vals[leaf]
	}
	if r.f == nil || leaf < 0 || leaf >= len(r.f.partKey) || r.f.partKey[leaf] == "" {
		return nullValue
	}
	s, ok := r.pv[r.f.partKey[leaf]]
	if !ok {
		return nullValue
	}
	t := r.f.t.Leaves[leaf].Type
	if s == "" {
		return table.NullValue(t.Kind)
	}
	v, ok := castPartitionValue(s, t)
	if !ok {
		return table.NullValue(t.Kind)
	}
	return v
}

func boolTri(b bool) tri {
	if b {
		return triTrue
	}
	return triFalse
}

// evalBool evaluates a predicate.
func evalBool(e Expr, r *partRow) tri {
	switch e := e.(type) {
	case *And:
		l := evalBool(e.L, r)
		if l == triFalse {
			return triFalse
		}
		return and3(l, evalBool(e.R, r))
	case *Or:
		l := evalBool(e.L, r)
		if l == triTrue {
			return triTrue
		}
		return or3(l, evalBool(e.R, r))
	case *Not:
		return evalBool(e.X, r).not()
	case *Compare:
		return evalCompare(e, r)
	case *Between:
		x := evalValue(e.X, r)
		lo, hi := evalValue(e.Lo, r), evalValue(e.Hi, r)
		res := and3(cmpTri(GE, x, lo), cmpTri(LE, x, hi))
		if e.Not {
			res = res.not()
		}
		return res
	case *In:
		return evalIn(e, r)
	case *IsNull:
		return boolTri(evalValue(e.X, r).Null != e.Not)
	case *Like:
		x := evalValue(e.X, r)
		if x.Null {
			return triNull
		}
		if e.AsString {
			x = castToString(x)
		}
		res := boolTri(likeMatch(x.S, e.Pattern))
		if e.Not {
			res = res.not()
		}
		return res
	}
	v := evalValue(e, r)
	if v.Null {
		return triNull
	}
	return boolTri(v.I != 0)
}

// evalCompare evaluates a comparison: NULL when a side is NULL or the two do not compare,
// except for <=>, which is never NULL.
func evalCompare(e *Compare, r *partRow) tri {
	a, b := evalValue(e.L, r), evalValue(e.R, r)
	if e.Op == NullSafeEq {
		if a.Null || b.Null {
			return boolTri(a.Null && b.Null)
		}
		c, _ := compareValues(a, b)
		return boolTri(c == 0)
	}
	if a.Null || b.Null {
		return triNull
	}
	c, ok := compareValues(a, b)
	if !ok {
		return triNull
	}
	return cmpResult(e.Op, c)
}

// evalIn evaluates x [NOT] IN (list): true on a match, else NULL when x or an item is NULL,
// else false.
func evalIn(e *In, r *partRow) tri {
	x := evalValue(e.X, r)
	res := triFalse
	if x.Null {
		res = triNull
	} else {
		if e.AsString {
			x = castToString(x)
		}
		for _, it := range e.List {
			v := evalValue(it, r)
			if v.Null {
				res = triNull
				continue
			}
			if e.AsString {
				v = castToString(v)
			}
			if c, ok := compareValues(x, v); ok && c == 0 {
				res = triTrue
				break
			}
		}
	}
	if e.Not {
		res = res.not()
	}
	return res
}

func cmpTri(op CmpOp, a, b table.Value) tri {
	if a.Null || b.Null {
		return triNull
	}
	c, ok := compareValues(a, b)
	if !ok {
		return triNull
	}
	return cmpResult(op, c)
}

func cmpResult(op CmpOp, c int) tri {
	switch op {
	case EQ:
		return boolTri(c == 0)
	case NE:
		return boolTri(c != 0)
	case LT:
		return boolTri(c < 0)
	case LE:
		return boolTri(c <= 0)
	case GT:
		return boolTri(c > 0)
	}
	return boolTri(c >= 0)
}

// compareValues orders two non-NULL values of comparable kinds.
func compareValues(a, b table.Value) (int, bool) {
	switch {
	case isDatetime(a.Kind) && isDatetime(b.Kind):
		x, y := toMicros(a), toMicros(b)
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	case isNumeric(a.Kind) && isNumeric(b.Kind):
		return table.Compare(a, b), true
	case a.Kind == b.Kind:
		return table.Compare(a, b), true
	}
	return 0, false
}

// evalValue evaluates a value expression; NULL comes back with Null set.
func evalValue(e Expr, r *partRow) table.Value {
	switch e := e.(type) {
	case *Literal:
		return e.Val
	case *Column:
		return r.value(e.Leaf)
	case *Neg:
		v := evalValue(e.X, r)
		if v.Null {
			return v
		}
		switch v.Kind {
		case table.Double, table.Float:
			v.F = -v.F
		case table.Decimal:
			v = table.NegateDecimal(v)
		default:
			v.I = -v.I
		}
		return v
	case *Arith:
		return arith(e, evalValue(e.L, r), evalValue(e.R, r))
	case *stringCast:
		return castColumnString(evalValue(e.X, r), e.T)
	case *Compare, *Between, *In, *IsNull, *Like, *Not, *And, *Or:
		switch evalBool(e, r) {
		case triTrue:
			return table.BoolValue(true)
		case triFalse:
			return table.BoolValue(false)
		}
		return table.NullValue(table.Boolean)
	}
	return nullValue
}

func asFloat(v table.Value) float64 {
	switch v.Kind {
	case table.Double, table.Float:
		return v.F
	case table.Decimal:
		return v.Float64()
	}
	return float64(v.I)
}

// arith computes + - * / % as Spark's non-ANSI mode does for the result type the parser chose:
// integers wrap; decimals are exact, rounded HALF_UP to the result scale and NULL on overflow
// (table.DecimalArith); division and modulo by zero give NULL.
func arith(e *Arith, a, b table.Value) table.Value {
	if a.Null || b.Null {
		return table.NullValue(e.T.Kind)
	}
	if e.T.Kind == table.Decimal {
		v, ok := table.DecimalArith(e.Op, a, b, e.T)
		if !ok {
			return table.NullValue(table.Decimal)
		}
		return v
	}
	if e.T.Kind == table.Double || e.T.Kind == table.Float {
		x, y := asFloat(a), asFloat(b)
		var f float64
		switch e.Op {
		case '+':
			f = x + y
		case '-':
			f = x - y
		case '*':
			f = x * y
		case '/':
			if y == 0 {
				return table.NullValue(table.Double)
			}
			f = x / y
		case '%':
			if y == 0 {
				return table.NullValue(table.Double)
			}
			f = math.Mod(x, y)
		}
		if e.T.Kind == table.Float {
			// A float's arithmetic is float32's: the exact result rounded once (a double holds
			// every product and quotient of two floats closely enough for that).
			return table.FloatValue(float32(f))
		}
		return table.DoubleValue(f)
	}
	x, y := a.I, b.I
	var i int64
	switch e.Op {
	case '+':
		i = x + y
	case '-':
		i = x - y
	case '*':
		i = x * y
	case '%':
		if y == 0 {
			return table.NullValue(e.T.Kind)
		}
		if y == -1 {
			i = 0
		} else {
			i = x % y
		}
	}
	if e.T.Kind == table.Int {
		i = int64(int32(i))
	}
	return table.Value{Kind: e.T.Kind, I: i}
}

// likeMatch matches s against a LIKE pattern: % is any run of characters, _ any one character,
// and \ escapes the next character (Spark's default escape). It backtracks only to the last %.
func likeMatch(s, pat string) bool {
	si, pi := 0, 0
	starP, starS := -1, 0
	for si < len(s) {
		if pi < len(pat) {
			pc, pw := utf8.DecodeRuneInString(pat[pi:])
			switch {
			case pc == '%':
				starP, starS = pi+pw, si
				pi += pw
				continue
			case pc == '_':
				_, sw := utf8.DecodeRuneInString(s[si:])
				si += sw
				pi += pw
				continue
			default:
				lit, lw := pc, pw
				if pc == '\\' && pi+pw < len(pat) {
					lit, lw = utf8.DecodeRuneInString(pat[pi+pw:])
					lw += pw
				}
				sc, sw := utf8.DecodeRuneInString(s[si:])
				if sc == lit {
					si += sw
					pi += lw
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		_, sw := utf8.DecodeRuneInString(s[starS:])
		starS += sw
		si, pi = starS, starP
	}
	return strings.Trim(pat[pi:], "%") == ""
}

// castToString is Cast(x AS string) for a number, date, timestamp or boolean: integers and decimals as
// their plain digits, doubles and floats as Java's Double.toString and Float.toString.
func castToString(v table.Value) table.Value {
	switch v.Kind {
	case table.Double:
		return table.StringValue(stats.JavaDouble(v.F))
	case table.Float:
		return table.StringValue(stats.JavaFloat(float32(v.F)))
	case table.Int, table.Bigint, table.Decimal:
		return table.StringValue(v.String())
	case table.Binary: // Cast's UTF8String.fromBytes: the bytes as they are
		return table.StringValue(v.S)
	case table.Boolean: // Cast's "true" and "false"
		return table.StringValue(strconv.FormatBool(v.I != 0))
	case table.Date, table.Timestamp, table.TimestampNTZ:
		// Cast's DateFormatter and TimestampFormatter: yyyy-MM-dd and yyyy-MM-dd HH:mm:ss with
		// the fraction's trailing zeros dropped, a timestamp in the session zone (UTC here).
		return table.StringValue(v.String())
	}
	return v
}
