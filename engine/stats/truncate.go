package stats

import "unicode/utf16"

// String statistics are cut to a prefix (M/stats/StatisticsCollection.scala, statsCollector):
//
//   - the min is Spark's substring(min(c), 0, prefix), which counts code points (UTF8String);
//   - the max goes through truncateMaxStringAgg, a UDF on java.lang.String, which counts UTF-16
//     code units and pads the cut prefix with a tie-breaker so the result still bounds every
//     value of the file from above in UTF-8 byte order.
//
// Go strings are UTF-8, so the max is worked out on the UTF-16 encoding and converted back.

const (
	asciiMax = 0x7F           // StatisticsCollection.ASCII_MAX_CHARACTER
	utf8Max  = '\U0010FFFF'   // UTF8_MAX_CHARACTER, two UTF-16 units: \uDBFF\uDFFF
	hiOfMax  = uint16(0xDBFF) // its high surrogate
	loOfMax  = uint16(0xDFFF) // its low surrogate
)

// MinStringPrefix is the string min as collected: the first prefix code points of s (Spark's
// substring(s, 0, prefix); a prefix <= 0 yields "").
func MinStringPrefix(s string, prefix int) string {
	if prefix <= 0 {
		return ""
	}
	n := 0
	for i := range s {
		if n == prefix {
			return s[:i]
		}
		n++
	}
	return s
}

func truncateMinLen(u []uint16, prefix int) int {
	isHigh := func(c uint16) bool { return c >= 0xD800 && c <= 0xDBFF }
	isLow := func(c uint16) bool { return c >= 0xDC00 && c <= 0xDFFF }
	if isHigh(u[prefix-1]) && isLow(u[prefix]) {
		return prefix + 1
	}
	return prefix
}

// TruncateMaxString is StatisticsCollection.truncateMaxStringAgg, step for step on UTF-16 units:
// a string of at most prefix units is kept; otherwise, from the truncateMinStringAgg length and
// while the length stays within 2*prefix: reaching the end returns the original, a U+10FFFF is
// skipped (it cannot be beaten as a tie-breaker), a next unit below U+007F lets the prefix end in
// U+007F, anything else ends it in U+10FFFF. ok is false for Scala's null: prefix <= 0, or the
// loop ran out of room.
func TruncateMaxString(s string, prefix int) (out string, ok bool) {
	if len(s) <= prefix {
		return s, true // no more UTF-16 units than UTF-8 bytes: short enough, skip the encoding
	}
	u := utf16.Encode([]rune(s))
	if len(u) <= prefix {
		return s, true
	}
	if prefix <= 0 {
		return "", false
	}
	maxLen := 2 * prefix // getExpansionLimit
	curr := truncateMinLen(u, prefix)
	for curr <= maxLen {
		switch {
		case curr >= len(u):
			return s, true
		case curr+1 < len(u) && u[curr] == hiOfMax && u[curr+1] == loOfMax:
			curr += 2
		case u[curr] < asciiMax:
			return string(utf16.Decode(u[:curr])) + string(rune(asciiMax)), true
		default:
			return string(utf16.Decode(u[:curr])) + string(utf8Max), true
		}
	}
	return "", false
}
