package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"layoutlab/engine/inspect"
)

// fileJSON writes inspect.File objects as the report's JSON holds them (encoding/json, indented
// by two spaces at the files' depth, no HTML escaping), written field by field: encoding/json
// marshals a value whole and then indents it, and that second pass over a million files was
// most of a --format json run. TestInspectJSONStreamedAsEncoded holds the two to the same bytes.
type fileJSON struct {
	buf  bytes.Buffer
	str  bytes.Buffer  // one string, as encoding/json escapes it
	senc *json.Encoder // into str
}

func newFileJSON() *fileJSON {
	e := &fileJSON{}
	e.senc = json.NewEncoder(&e.str)
	e.senc.SetEscapeHTML(false)
	return e
}

// The indents of a file's object: the files array is at depth 1 of the report, a file's
// fields at depth 3, the values inside them (statistics, partition values) at depth 4.
const (
	fileIndent  = "    "
	fieldIndent = "      "
	innerIndent = "        "
)

// encode returns f's JSON (without the indent of its first line); valid until the next call.
// Each field's key is written with the comma before it and its indent in one constant, folded by
// the compiler: written in four pieces (the comma, the indent, the name, the colon), a million
// files' dozen keys were a sixth of the files' encoding.
func (e *fileJSON) encode(f *inspect.File) ([]byte, error) {
	b := &e.buf
	b.Reset()
	b.WriteString("{\n")
	b.WriteString(fieldIndent + `"path": `)
	e.string(f.Path)
	b.WriteString(",\n" + fieldIndent + `"partitionValues": `)
	if f.PartitionValues == nil {
		b.WriteString("null")
	} else if len(f.PartitionValues) == 0 {
		b.WriteString("{}")
	} else {
		keys := make([]string, 0, len(f.PartitionValues))
		for k := range f.PartitionValues {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteString("{\n")
		for i, k := range keys {
			b.WriteString(innerIndent)
			e.string(k)
			b.WriteString(": ")
			if v := f.PartitionValues[k]; v == nil {
				b.WriteString("null")
			} else {
				e.string(*v)
			}
			if i < len(keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(fieldIndent + "}")
	}
	b.WriteString(",\n" + fieldIndent + `"size": `)
	e.int(f.Size)
	b.WriteString(",\n" + fieldIndent + `"numRecords": `)
	if f.NumRecords == nil {
		b.WriteString("null")
	} else {
		e.int(*f.NumRecords)
	}
	b.WriteString(",\n" + fieldIndent + `"deletedRecords": `)
	e.int(f.DeletedRecords())
	for _, raw := range []struct {
		key string
		v   inspect.RawJSON
	}{{",\n" + fieldIndent + `"minValues": `, f.MinValues()}, {",\n" + fieldIndent + `"maxValues": `, f.MaxValues()}, {",\n" + fieldIndent + `"nullCount": `, f.NullCount()}} {
		b.WriteString(raw.key)
		if raw.v == "" {
			b.WriteString("null")
		} else if !indentRaw(b, string(raw.v), fieldIndent, "  ") {
			if err := json.Indent(b, bytes.TrimRight([]byte(raw.v), " \t\r\n"), fieldIndent, "  "); err != nil {
				return nil, err
			}
		}
	}
	b.WriteString(",\n" + fieldIndent + `"read": `)
	b.WriteString(strconv.FormatBool(f.Read))
	b.WriteString(",\n" + fieldIndent + `"reason": `)
	e.string(f.Reason)
	b.WriteString(",\n" + fieldIndent + `"zcube": `)
	if z := f.ZCube; z == nil {
		b.WriteString("null")
	} else {
		b.WriteString("{\n" + innerIndent + `"id": `)
		e.string(z.ID)
		b.WriteString(",\n" + innerIndent + `"zorder_by": `)
		switch {
		case z.ZOrderBy == nil:
			b.WriteString("null")
		case len(z.ZOrderBy) == 0:
			b.WriteString("[]")
		default:
			b.WriteString("[\n")
			for i, c := range z.ZOrderBy {
				b.WriteString(innerIndent + "  ")
				e.string(c)
				if i < len(z.ZOrderBy)-1 {
					b.WriteByte(',')
				}
				b.WriteByte('\n')
			}
			b.WriteString(innerIndent + "]")
		}
		b.WriteString(",\n" + innerIndent + `"size": ` + strconv.FormatInt(z.Size, 10))
		b.WriteString(",\n" + innerIndent + `"sealed": ` + strconv.FormatBool(z.Sealed))
		b.WriteString("\n" + fieldIndent + "}")
	}
	b.WriteString(",\n" + fieldIndent + `"clusteringProvider": `)
	if f.ClusteringProvider == nil {
		b.WriteString("null")
	} else {
		e.string(*f.ClusteringProvider)
	}
	if len(f.StatsNotes()) > 0 {
		b.WriteString(",\n" + fieldIndent + `"statsNotes": `)
		b.WriteString("[\n")
		for i, n := range f.StatsNotes() {
			b.WriteString(innerIndent)
			e.string(n)
			if i < len(f.StatsNotes())-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(fieldIndent + "]")
	}
	b.WriteString("\n" + fileIndent + "}")
	return b.Bytes(), nil
}

// int writes n without allocating.
func (e *fileJSON) int(n int64) { e.buf.Write(strconv.AppendInt(e.buf.AvailableBuffer(), n, 10)) }

// string writes s as encoding/json does without HTML escaping; most strings need no escape.
func (e *fileJSON) string(s string) {
	if plain(s) {
		e.buf.WriteByte('"')
		e.buf.WriteString(s)
		e.buf.WriteByte('"')
		return
	}
	e.str.Reset()
	e.senc.Encode(s) // a string always encodes
	e.buf.Write(bytes.TrimSuffix(e.str.Bytes(), []byte("\n")))
}

// plain is a string of printable ASCII other than " and \, which encoding/json writes as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// indentRaw appends src as json.Indent(dst, src, prefix, indent) does, without its scanner,
// which was most of a --format json run: whitespace outside strings dropped, a newline and the
// indent after each opening bracket and comma and before each closing one, "{}" and "[]" kept
// as they are, ": " after a key. The statistics' text was checked as JSON when it was parsed
// (stats.JSONParser); indentRaw still gives up, writing nothing, on a byte that no JSON value
// holds outside a string or on unbalanced brackets, and the caller then uses json.Indent.
// TestIndentRawAsJSONIndent and FuzzIndentRaw hold the two to the same bytes.
func indentRaw(dst *bytes.Buffer, src, prefix, indent string) bool {
	out, ok := appendIndentRaw(dst.AvailableBuffer(), src, prefix, indent)
	if ok {
		dst.Write(out) // out is dst's spare room, unless it grew: the copy is then needed
	}
	return ok
}

// statsNewlines is a newline and the indents of the statistics' values up to maxStatsDepth
// levels deep, sliced by appendIndentRaw instead of written indent by indent.
const (
	maxStatsDepth = 16
	statsNewlines = "\n" + fieldIndent + "                                "
)

// scalarByte says whether c may be in a JSON number or literal (true, false, null).
func scalarByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' ||
		c == 't' || c == 'r' || c == 'u' || c == 'f' || c == 'a' || c == 'l' || c == 's' || c == 'n'
}

// appendIndentRaw is indentRaw on a byte slice: appended to out, or ok false.
func appendIndentRaw(out []byte, src, prefix, indent string) (_ []byte, ok bool) {
	newline := func(out []byte, depth int) []byte {
		if prefix == fieldIndent && indent == "  " && depth <= maxStatsDepth { // the statistics' own
			return append(out, statsNewlines[:1+len(fieldIndent)+2*depth]...)
		}
		out = append(out, '\n')
		out = append(out, prefix...)
		for range depth {
			out = append(out, indent...)
		}
		return out
	}
	depth, needIndent, inString := 0, false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			// The string's bytes up to its closing quote or an escape, copied at once.
			j := i
			for j < len(src) && src[j] != '"' && src[j] != '\\' {
				j++
			}
			out = append(out, src[i:j]...)
			switch {
			case j == len(src): // unterminated: refused below
				i = j
			case src[j] == '"':
				out = append(out, '"')
				inString, i = false, j
			case j+1 < len(src): // a backslash and the byte it escapes
				out = append(out, src[j:j+2]...)
				i = j + 1
			default:
				return nil, false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			depth++
			out = newline(out, depth)
		}
		switch {
		case c == '"':
			inString = true
			out = append(out, c)
		case c == '{' || c == '[':
			needIndent = true
			out = append(out, c)
		case c == ',':
			out = newline(append(out, c), depth)
		case c == ':':
			out = append(out, ':', ' ')
		case c == '}' || c == ']':
			if needIndent {
				needIndent = false
			} else {
				if depth == 0 {
					return nil, false
				}
				depth--
				out = newline(out, depth)
			}
			out = append(out, c)
		case scalarByte(c):
			// A number or literal's bytes, copied at once.
			j := i + 1
			for j < len(src) && scalarByte(src[j]) {
				j++
			}
			out = append(out, src[i:j]...)
			i = j - 1
		default:
			return nil, false
		}
	}
	if inString || depth != 0 || needIndent {
		return nil, false
	}
	return out, true
}
