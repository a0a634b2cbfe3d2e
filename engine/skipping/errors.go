package skipping

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a byte offset into the predicate text.
type Pos int

// Position is a human-readable location: 1-based line and column (in bytes), as go/token prints.
type Position struct {
	Offset int
	Line   int
	Column int
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// position converts a byte offset of src into a Position.
func position(src string, off int) Position {
	if off > len(src) {
		off = len(src)
	}
	if off < 0 {
		off = 0
	}
	line, col := 1, 1
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Position{Offset: off, Line: line, Column: col}
}

// Error is one problem in a predicate, in the form of go/scanner.Error, with the error class Spark
// 3.5 gives the same refusal (or one of LayoutLabLimits for what Spark runs but Layout Lab does
// not model).
type Error struct {
	Pos   Position
	Class string
	Msg   string
}

// Error prints "line:column: [CLASS] message", the class as Spark prints it.
func (e Error) Error() string { return e.Pos.String() + ": [" + e.Class + "] " + e.Msg }

// Spark 3.5's error classes for the predicates it refuses (core/src/main/resources/error/
// error-classes.json), as the parser gives them.
const (
	ClassParseSyntax         = "PARSE_SYNTAX_ERROR"
	ClassUnclosedComment     = "UNCLOSED_BRACKETED_COMMENT"
	ClassUnresolvedColumn    = "UNRESOLVED_COLUMN.WITH_SUGGESTION"
	ClassInvalidTyped        = "INVALID_TYPED_LITERAL"
	ClassDecimalPrecision    = "DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION"
	ClassArithmeticOverflow  = "ARITHMETIC_OVERFLOW"
	ClassNumericLiteralRange = "INVALID_NUMERIC_LITERAL_RANGE"
	ClassCastInvalidInput    = "CAST_INVALID_INPUT" // the ANSI cast's; Spark 3.5's default cast is NULL
	ClassBinaryOpDiffTypes   = "DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES"
	ClassBinaryOpWrongType   = "DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE"
	ClassDataDiffTypes       = "DATATYPE_MISMATCH.DATA_DIFF_TYPES" // IN's checkInputDataTypes
	ClassUnexpectedInput     = "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE"
	ClassFilterNotBoolean    = "DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN"
	ClassInvalidEscape       = "INVALID_FORMAT.ESC_IN_THE_MIDDLE"
	ClassInvalidEscapeEnd    = "INVALID_FORMAT.ESC_AT_THE_END"
)

// LayoutLabLimits are the classes of the predicates Layout Lab refuses although Spark 3.5 runs
// them, each with why. They are Layout Lab's own names, stable for a caller to match on.
var LayoutLabLimits = map[string]string{
	"LAYOUTLAB_LIMIT.PREDICATE_TOO_LONG":         "the predicate is longer than MaxInputBytes",
	"LAYOUTLAB_LIMIT.IN_LIST_TOO_LONG":           "an IN list longer than MaxInList",
	"LAYOUTLAB_LIMIT.NESTING_TOO_DEEP":           "the predicate nests deeper than MaxDepth",
	"LAYOUTLAB_UNSUPPORTED.REGION_TIME_ZONE":     "a region time zone (Europe/Paris, CET) needs a time zone database Layout Lab does not carry",
	"LAYOUTLAB_UNSUPPORTED.TIME_DEPENDENT_VALUE": "'now', 'today', 'yesterday' and 'tomorrow' depend on when the query runs",
	"LAYOUTLAB_UNSUPPORTED.STRUCT_VALUE":         "a struct column as a value: Layout Lab compares leaves only",
	"LAYOUTLAB_UNSUPPORTED.DATETIME_ARITHMETIC":  "date and timestamp arithmetic (Spark's date_add and intervals)",
	"LAYOUTLAB_UNSUPPORTED.NUMBER_SUFFIX":        "a number with the suffix S or Y (3S, 4Y), or BD with an exponent, which Spark reads as a typed literal",
}

// Class returns the error class of the first error, "" for none.
func (l ErrorList) Class() string {
	if len(l) == 0 {
		return ""
	}
	return l[0].Class
}

// ErrorList is a list of errors sorted by position, as go/scanner.ErrorList.
type ErrorList []*Error

func (l *ErrorList) add(p Position, class, msg string) {
	*l = append(*l, &Error{Pos: p, Class: class, Msg: msg})
}

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	if l[i].Pos.Offset != l[j].Pos.Offset {
		return l[i].Pos.Offset < l[j].Pos.Offset
	}
	return l[i].Msg < l[j].Msg
}

// Sort orders the list by position.
func (l ErrorList) Sort() { sort.Stable(l) }

// Error prints the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list, the list otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// All prints every error, one per line.
func (l ErrorList) All() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}
