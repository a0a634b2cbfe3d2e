package optimize

import "slices"

// zOrderByIs reports whether f's ZCUBE_ZORDER_BY tag, raw, is the list cols, as File.ZCube
// decodes it (both ZCube tags present: the callers' files are in a ZCube). Delta writes the
// tag as a compact JSON array of plain names, which plainListIs compares in place; anything
// else (whitespace, escapes, non-ASCII, malformed) goes through encoding/json as before.
// encoding/json under js/wasm cost 20 µs a call, once a distinct tag value a plan.
func zOrderByIs(f *File, raw string, cols []string) bool {
	if eq, ok := plainListIs(raw, cols); ok {
		return eq
	}
	_, by, _ := f.ZCube()
	return slices.Equal(by, cols)
}

// plainListIs reports, when raw is a compact JSON array of strings of printable ASCII without
// quote or backslash (ok), whether its elements are cols. Such a string decodes to its bytes
// as they stand, so the comparison needs no decoding.
func plainListIs(raw string, cols []string) (eq, ok bool) {
	if len(raw) < 2 || raw[0] != '[' || raw[len(raw)-1] != ']' {
		return false, false
	}
	body := raw[1 : len(raw)-1]
	eq = true
	n := 0
	for len(body) > 0 {
		if n > 0 {
			if body[0] != ',' {
				return false, false
			}
			body = body[1:]
		}
		if len(body) < 2 || body[0] != '"' {
			return false, false
		}
		end := 1
		for end < len(body) && body[end] != '"' {
			if c := body[end]; c < 0x20 || c > 0x7e || c == '\\' {
				return false, false
			}
			end++
		}
		if end == len(body) {
			return false, false // no closing quote
		}
		if s := body[1:end]; n >= len(cols) || cols[n] != s {
			eq = false
		}
		body = body[end+1:]
		n++
	}
	return eq && n == len(cols), true
}
