package skipping

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The lexer follows text/template/parse/lex.go: state functions that return the next state, run
// synchronously from nextItem until an item is ready (no goroutine, nothing to drain under wasm).

// itemType identifies the kind of a lexical item.
type itemType int

const (
	itemError  itemType = iota // val holds the message
	itemEOF                    // end of input
	itemIdent                  // a plain name or keyword: a, AND, timestamp_ntz
	itemQuoted                 // a backticked name; val is the name with `` unescaped
	itemNumber                 // 12, 1.5, .5, 1.5e3
	itemString                 // a '...' literal; val is the unescaped text
	itemOp                     // ( ) , . = <> != < <= > >= <=> + - * / %
)

// item is one token with its byte offset in the input.
type item struct {
	typ   itemType
	pos   int
	val   string
	class string // an itemError's error class
}

// describe prints the item as an error message names it: the text, not the class.
func (i item) describe() string {
	switch i.typ {
	case itemEOF:
		return "end of input"
	case itemString:
		return quoteString(i.val)
	case itemQuoted:
		return quoteName(i.val)
	case itemIdent:
		if _, ok := keywords[strings.ToUpper(i.val)]; ok {
			return strings.ToUpper(i.val)
		}
		return i.val
	case itemError:
		return "error"
	}
	return "'" + i.val + "'"
}

// keywords are reserved: a column with one of these names must be backticked. DATE, TIMESTAMP and
// TIMESTAMP_NTZ are not reserved; they start a typed literal only when a string follows.
var keywords = map[string]bool{
	"AND": true, "OR": true, "NOT": true, "IN": true, "IS": true, "NULL": true,
	"BETWEEN": true, "LIKE": true, "TRUE": true, "FALSE": true,
}

type stateFn func(*lexer) stateFn

type lexer struct {
	input string
	start int // start of the current item
	pos   int // current position
	state stateFn
	it    item
	ready bool
}

const eof = -1

func newLexer(input string) *lexer { return &lexer{input: input, state: lexAny} }

// nextItem runs state functions until one emits an item. After an error or EOF it keeps
// returning EOF.
func (l *lexer) nextItem() item {
	for !l.ready {
		if l.state == nil {
			return item{typ: itemEOF, pos: len(l.input)}
		}
		l.state = l.state(l)
	}
	l.ready = false
	return l.it
}

func (l *lexer) next() rune {
	if l.pos >= len(l.input) {
		l.pos = len(l.input) + 1 // so backup works at EOF
		return eof
	}
	r, w := utf8.DecodeRuneInString(l.input[l.pos:])
	l.pos += w
	return r
}

func (l *lexer) backup() {
	if l.pos > len(l.input) {
		l.pos = len(l.input)
		return
	}
	_, w := utf8.DecodeLastRuneInString(l.input[:l.pos])
	l.pos -= w
}

func (l *lexer) peek() rune {
	r := l.next()
	l.backup()
	return r
}

func (l *lexer) accept(valid string) bool {
	if r := l.next(); r != eof && strings.ContainsRune(valid, r) {
		return true
	}
	l.backup()
	return false
}

func (l *lexer) acceptRun(valid string) int {
	n := 0
	for l.accept(valid) {
		n++
	}
	return n
}

func (l *lexer) emitVal(t itemType, val string) stateFn {
	l.it = item{typ: t, pos: l.start, val: val}
	l.ready = true
	l.start = l.pos
	return lexAny
}

func (l *lexer) emit(t itemType) stateFn { return l.emitVal(t, l.input[l.start:l.pos]) }

// errorf emits an error item at pos and stops lexing.
func (l *lexer) errorf(pos int, class, format string, args ...any) stateFn {
	l.it = item{typ: itemError, pos: pos, val: fmt.Sprintf(format, args...), class: class}
	l.ready = true
	return nil
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

func isIdentStart(r rune) bool {
	return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

func isIdentChar(r rune) bool { return isIdentStart(r) || isDigit(r) }

func lexAny(l *lexer) stateFn {
	for {
		for isSpace(l.peek()) {
			l.next()
		}
		if !strings.HasPrefix(l.input[l.pos:], "--") && !strings.HasPrefix(l.input[l.pos:], "/*") {
			break
		}
		if !l.skipComment() {
			return nil // errorf has emitted the error
		}
	}
	l.start = l.pos
	r := l.next()
	switch {
	case r == eof:
		l.pos = len(l.input)
		l.start = l.pos
		l.emit(itemEOF)
		return nil
	case isIdentStart(r):
		return lexIdent
	case isDigit(r) || r == '.' && isDigit(l.peek()):
		l.backup()
		return lexNumber
	case r == '\'':
		return lexString
	case r == '`':
		return lexQuotedName
	}
	return lexOp
}

// skipComment skips the comment at pos, as Spark's lexer does (SqlBaseLexer.g4): "--" to the end
// of the line (SIMPLE_COMMENT), or "/* ... */", nested (BRACKETED_COMMENT). It returns true, or
// false, having emitted the error, for a bracketed comment never closed.
func (l *lexer) skipComment() bool {
	if strings.HasPrefix(l.input[l.pos:], "--") {
		if i := strings.IndexByte(l.input[l.pos:], '\n'); i >= 0 {
			l.pos += i + 1
		} else {
			l.pos = len(l.input)
		}
		return true
	}
	start, depth := l.pos, 0
	for l.pos < len(l.input) {
		switch {
		case strings.HasPrefix(l.input[l.pos:], "/*"):
			depth++
			l.pos += 2
		case strings.HasPrefix(l.input[l.pos:], "*/"):
			depth--
			l.pos += 2
			if depth == 0 {
				return true
			}
		default:
			l.pos++
		}
	}
	l.errorf(start, ClassUnclosedComment, "unterminated comment: '/*' has no matching '*/'")
	return false
}

func lexIdent(l *lexer) stateFn {
	for isIdentChar(l.peek()) {
		l.next()
	}
	return l.emit(itemIdent)
}

// numberSuffix matches a number with one of the type suffixes of SqlBaseLexer.g4 (BIGINT_LITERAL
// 12L, SMALLINT_LITERAL 12S, TINYINT_LITERAL 12Y, FLOAT_LITERAL, DOUBLE_LITERAL and
// BIGDECIMAL_LITERAL 1.5F, 1.5D, 1.5BD); readSuffix those Layout Lab reads (numberLiteral).
var (
	numberSuffix = regexp.MustCompile(`(?i)^(\d+[lsy]|(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(bd|f|d))$`)
	readSuffix   = regexp.MustCompile(`(?i)^(\d+l|(\d+\.?\d*|\.\d+)(e[+-]?\d+)?[df]|(\d+\.?\d*|\.\d+)bd)$`)
)

// suffixed emits a number with a type suffix that Layout Lab reads, or refuses it by name.
func (l *lexer) suffixed(end int) stateFn {
	w := l.input[l.start:end]
	if !readSuffix.MatchString(w) {
		return l.errorf(l.start, "LAYOUTLAB_UNSUPPORTED.NUMBER_SUFFIX", "number literal %q: Layout Lab reads the suffixes L, F, D and BD (without an exponent) only", w)
	}
	l.pos = end
	return l.emit(itemNumber)
}

// lexNumber scans digits [. digits] [e [+-] digits], or . digits [exponent]. A word of letters,
// digits and '_' that starts with a digit and is no number literal is an IDENTIFIER, as Spark's
// lexer reads it, taking the longest match (SqlBaseLexer.g4: IDENTIFIER is (LETTER | DIGIT |
// '_')+; a number rule defined before it wins a tie, so 12e3 stays a number).
func lexNumber(l *lexer) stateFn {
	const digits = "0123456789"
	word := l.start
	for word < len(l.input) && isIdentChar(rune(l.input[word])) {
		word++
	}
	if w := l.input[l.start:word]; strings.Trim(w, digits) != "" {
		// 1e+5 is EXPONENT_VALUE, longer than the IDENTIFIER 1e; 1e+x is the IDENTIFIER 1e, then +.
		signedExponent := word+1 < len(l.input) && strings.ContainsRune("+-", rune(l.input[word])) && isDigit(rune(l.input[word+1])) &&
			len(w) > 1 && strings.ContainsRune("eE", rune(w[len(w)-1])) && strings.Trim(w[:len(w)-1], digits) == ""
		exponent := !signedExponent && isExponentWord(w)
		switch {
		case numberSuffix.MatchString(w):
			return l.suffixed(word)
		case !signedExponent && !exponent:
			l.pos = word
			return l.emit(itemIdent)
		}
	}
	l.acceptRun(digits)
	if l.accept(".") {
		l.acceptRun(digits)
	}
	if l.accept("eE") {
		l.accept("+-")
		if l.acceptRun(digits) == 0 {
			return l.errorf(l.start, ClassParseSyntax, "malformed number %q: exponent has no digits", l.input[l.start:l.pos])
		}
	}
	if r := l.peek(); isIdentChar(r) || r == '.' {
		end := l.pos
		for end < len(l.input) && isIdentChar(rune(l.input[end])) {
			end++
		}
		if numberSuffix.MatchString(l.input[l.start:end]) {
			return l.suffixed(end)
		}
		l.next()
		return l.errorf(l.start, ClassParseSyntax, "malformed number %q", l.input[l.start:l.pos])
	}
	return l.emit(itemNumber)
}

// isExponentWord reports whether w is digits, e or E, digits: EXPONENT_VALUE, which ties with
// IDENTIFIER and wins as the earlier rule.
func isExponentWord(w string) bool {
	i := strings.IndexAny(w, "eE")
	if i <= 0 || i == len(w)-1 {
		return false
	}
	isDigits := func(s string) bool { return strings.Trim(s, "0123456789") == "" }
	return isDigits(w[:i]) && isDigits(w[i+1:])
}

// lexString scans a quoted literal; a doubled quote stands for one, as in SQL. Bytes are kept
// as written, valid UTF-8 or not.
func lexString(l *lexer) stateFn { return l.lexQuoted('\'', itemString, "unterminated string literal") }

// lexQuotedName scans a backticked name; a doubled backtick stands for one, as in Spark.
func lexQuotedName(l *lexer) stateFn {
	return l.lexQuoted('`', itemQuoted, "unterminated backticked name")
}

func (l *lexer) lexQuoted(q byte, t itemType, unterminated string) stateFn {
	var b strings.Builder
	for {
		if l.pos >= len(l.input) {
			return l.errorf(l.start, ClassParseSyntax, "%s", unterminated)
		}
		c := l.input[l.pos]
		l.pos++
		if c == q {
			if l.pos < len(l.input) && l.input[l.pos] == q {
				l.pos++
			} else {
				if t == itemQuoted && b.Len() == 0 {
					return l.errorf(l.start, ClassUnresolvedColumn, "empty backticked name")
				}
				return l.emitVal(t, b.String())
			}
		}
		b.WriteByte(c)
	}
}

func lexOp(l *lexer) stateFn {
	r := l.input[l.start]
	switch r {
	case '(', ')', ',', '.', '=', '+', '-', '*', '/', '%':
		return l.emit(itemOp)
	case '<':
		if l.accept("=") {
			l.accept(">")
		} else {
			l.accept(">")
		}
		return l.emit(itemOp)
	case '>':
		l.accept("=")
		return l.emit(itemOp)
	case '!':
		if l.accept("=") {
			return l.emit(itemOp)
		}
	}
	bad, _ := utf8.DecodeRuneInString(l.input[l.start:])
	if bad == utf8.RuneError {
		return l.errorf(l.start, ClassParseSyntax, "invalid UTF-8 byte %#x", l.input[l.start])
	}
	return l.errorf(l.start, ClassParseSyntax, "unexpected character %q", bad)
}
