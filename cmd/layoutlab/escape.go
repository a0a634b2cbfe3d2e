package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// termSafe returns s with every byte a terminal could act on written as a visible escape, so
// that a string from a log (a path, a ZCube id, an operation, an error naming a file) cannot
// move the cursor, set the window's title or clear the screen when the text output is shown:
// C0 controls (ESC, CR, LF, TAB, BS...), DEL and C1 controls (U+009B is CSI) as \xNN or \u00NN,
// the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), which reorder what
// is shown, as \uNNNN, and bytes that are not UTF-8 as \xNN. A backslash is written as \\ so
// that an escape in the output always means a byte of the input. The text output passes every
// string it did not write itself through here.
func termSafe(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x80 && unicode.IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// needsEscape says whether termSafe changes s: printable ASCII other than \ is left as it is,
// checked a byte at a time, since a million paths go through here.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f || c == '\\' {
			return true
		}
		if c >= 0x80 {
			return needsEscapeUTF8(s[i:])
		}
	}
	return false
}

func needsEscapeUTF8(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || r == '\\' || unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return true
		}
		i += n
	}
	return false
}

// csvSafe neutralises a cell a spreadsheet would run as a formula (OWASP's CSV injection rule):
// one that starts with = + - @ TAB or CR gets a leading ' so that it is shown as text. The CSV
// output passes every cell through here; a cell that is a plain integer (a size, a row count)
// is left as it is, a number, since "-5" runs nothing.
func csvSafe(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || isInteger(s) {
		return s
	}
	return "'" + s
}

func isInteger(s string) bool {
	if s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
