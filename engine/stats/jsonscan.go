package stats

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"layoutlab/engine/table"
)

// JSONParser reads the stats strings of one table's files (Parse says how) in one pass over
// the text, with no map per file: a 100,000-file log's statistics are most of the time it takes
// to open, and in the browser most of that was allocation. Text it does not read plainly (escapes
// in keys, duplicate top-level fields, a non-scalar where a statistic belongs, malformed JSON)
// goes to the generic decoder, so both give the same answer (TestJSONParserMatchesGeneric).
type JSONParser struct {
	leaves []table.Leaf
	exact  map[string]int // leaf path, elements joined by "\x00" → leaf index
	// few is exact's keys by leaf index when there are at most fewLeaves: looked up in turn,
	// which under js/wasm (no hardware string hash) costs less than the map.
	few []string
	// the struct paths above the leaves, the same way, and how often each side met one
	structs map[string]int
	spaths  [][]string
	smet    [3][]uint8
	// order is, per side, the leaf (-1 none) the k-th key of its object named in the last file
	// that had a k-th key there, and top1 each leaf's name when it is a top-level column whose
	// name is plain, looked up first (object's guess), "" otherwise.
	order [3][]int32
	top1  []string
	// topOrder is the same for the stats object's own fields: the bit (top) of the k-th field
	// of the last file that had a k-th field, 0 for none it reads.
	topOrder [8]uint8
	// scratch, reused from file to file
	met   [3][]bool // per side (min, max, nullCount) and leaf: a key for it was read
	key   []byte
	batch int
	vals  []table.Value // values are carved from here, batch files at a time
	nulls []int64
	// reuse: every Parse hands out the same values (ReuseValues)
	reuse      bool
	reuseVals  []table.Value
	reuseNulls []int64
}

// ReuseValues makes every later Parse hand out the same values: a Parsed's FileStats hold only
// until the next Parse. It is for a caller that checks each file's statistics and keeps none
// (`layoutlab inspect` without a WHERE), so that a million files' values are not allocated.
func (p *JSONParser) ReuseValues() { p.reuse = true }

// NewJSONParser returns a parser for stats strings of a table with leaves (Schema.Leaves());
// files says about how many it will read, so that their values are allocated together.
func NewJSONParser(leaves []table.Leaf, files int) *JSONParser {
	p := &JSONParser{leaves: leaves, exact: make(map[string]int, len(leaves)), batch: min(max(files, 1), 4096)}
	for i := len(leaves) - 1; i >= 0; i-- {
		p.exact[strings.Join(leaves[i].Path, "\x00")] = i
	}
	if len(leaves) <= fewLeaves {
		for _, l := range leaves {
			p.few = append(p.few, strings.Join(l.Path, "\x00"))
		}
	}
	p.structs = map[string]int{}
	for _, l := range leaves {
		for k := 1; k < len(l.Path); k++ {
			j := strings.Join(l.Path[:k], "\x00")
			if _, ok := p.structs[j]; !ok {
				p.structs[j] = len(p.spaths)
				p.spaths = append(p.spaths, l.Path[:k])
			}
		}
	}
	for s := range p.met {
		p.met[s] = make([]bool, len(leaves))
		p.smet[s] = make([]uint8, len(p.spaths))
		p.order[s] = make([]int32, len(leaves))
		for k := range p.order[s] {
			p.order[s][k] = -1
		}
	}
	p.top1 = make([]string, len(leaves))
	for i, l := range leaves {
		if len(l.Path) == 1 && plainName(l.Path[0]) {
			p.top1[i] = l.Path[0]
		}
	}
	return p
}

// Parsed is one stats string read by a JSONParser.
type Parsed struct {
	FileStats
	HasNumRecords bool // numRecords was present and not null
	// The text of the top-level minValues, maxValues and nullCount values as written, "" when
	// absent: what `layoutlab inspect` prints back.
	RawMinValues, RawMaxValues, RawNullCount string
	Notes                                    []string // statistics left out, one note per value, e.g. `minValues.d: parsing time ...`
}

func (p *JSONParser) fresh() FileStats {
	n := len(p.leaves)
	if p.reuse {
		if p.reuseVals == nil {
			p.reuseVals, p.reuseNulls = make([]table.Value, 2*n), make([]int64, n)
		}
		clear(p.reuseVals)
		for i := range p.reuseNulls {
			p.reuseNulls[i] = -1
		}
		return FileStats{NumRecords: -1, MinValues: p.reuseVals[:n:n], MaxValues: p.reuseVals[n : 2*n : 2*n], NullCount: p.reuseNulls}
	}
	if len(p.vals) < 2*n {
		p.vals = make([]table.Value, 2*n*p.batch)
		p.nulls = make([]int64, n*p.batch)
	}
	fs := FileStats{NumRecords: -1, MinValues: p.vals[:n:n], MaxValues: p.vals[n : 2*n : 2*n], NullCount: p.nulls[:n:n]}
	p.vals, p.nulls = p.vals[2*n:], p.nulls[n:]
	for i := range fs.NullCount {
		fs.NullCount[i] = -1
	}
	return fs
}

// Parse reads one stats string back into FileStats for the parser's leaves, into out, every
// field of which it sets (a caller that keeps its Parsed in place, a block of files' statistics,
// copies none of its 170 bytes a file). Missing fields are absent (NumRecords -1, NullCount -1,
// zero Values); keys naming no leaf are ignored. Keys match
// exactly, as Delta's from_json over statsSchema matches them (DataSkippingReader.scala; Spark's
// JacksonParser.convertObject looks fields up with StructType.getFieldIndex, which is
// case-sensitive whatever spark.sql.caseSensitive says): a key spelled in another case, such as
// "MaxValues" or a column's name in another case, is unknown, its statistic absent, and the file
// is read for predicates that need it. Timestamps may carry any offset (Spark writes the
// session zone's); timestamp_ntz values are read with or without a zone.
//
// A min, max or null count that does not read as its column's type (a date minimum written
// before the column was widened to timestamp_ntz) is left absent and the file's other
// statistics are kept, as Delta Kernel does; Notes says which values were left out. Only text
// that is not a JSON object, or a numRecords that is not an integer, is an error.
func (p *JSONParser) Parse(s string, out *Parsed) error {
	*out = Parsed{FileStats: p.fresh()}
	for i := range p.met {
		clear(p.met[i])
		clear(p.smet[i])
	}
	sc := scanner{s: s}
	plain, err := p.top(&sc, out)
	if plain {
		return err
	}
	*out, err = p.generic(s)
	return err
}

// generic reads s with the generic decoder, on what the scanner leaves to it.
func (p *JSONParser) generic(s string) (Parsed, error) {
	fs, notes, err := parseJSONGeneric(s, p.leaves)
	out := Parsed{FileStats: fs, Notes: notes}
	// A map, not a struct: encoding/json would match a struct's fields case-insensitively.
	var raw map[string]json.RawMessage
	if err == nil && json.Unmarshal([]byte(s), &raw) == nil {
		out.HasNumRecords = len(raw["numRecords"]) > 0 && string(raw["numRecords"]) != "null"
		out.RawMinValues, out.RawMaxValues, out.RawNullCount = string(raw["minValues"]), string(raw["maxValues"]), string(raw["nullCount"])
	}
	return out, err
}

// topFields are the stats object's fields top reads, by their bits in it.
var topFields = [17]string{1: "numRecords", 2: "tightBounds", 4: "minValues", 8: "maxValues", 16: "nullCount"}

const (
	sideMin = iota
	sideMax
	sideNulls
)

// top reads the stats object; plain is false when the generic decoder must read s instead.
func (p *JSONParser) top(sc *scanner, out *Parsed) (plain bool, err error) {
	sc.ws()
	if !sc.eat('{') {
		return false, nil
	}
	var seen uint8
	var bad error
	sc.ws()
	if !sc.eat('}') {
		for k := 0; ; k++ {
			sc.ws()
			// As object's keys: the k-th field is the one the file before had there, matched in
			// place (topOrder).
			bit := uint8(0)
			if k < len(p.topOrder) && p.topOrder[k] != 0 && sc.quoted(topFields[p.topOrder[k]]) {
				bit = p.topOrder[k]
			} else {
				key, ok := sc.key()
				if !ok {
					return false, nil
				}
				switch key {
				case "numRecords":
					bit = 1
				case "tightBounds":
					bit = 2
				case "minValues":
					bit = 4
				case "maxValues":
					bit = 8
				case "nullCount":
					bit = 16
				}
				if k < len(p.topOrder) {
					p.topOrder[k] = bit
				}
			}
			sc.ws()
			if !sc.eat(':') {
				return false, nil
			}
			sc.ws()
			if seen&bit != 0 {
				return false, nil // a repeated field: the last one wins, as the generic decoder has it
			}
			seen |= bit
			start := sc.i
			switch {
			case bit == 1:
				v, ok := sc.scalar()
				if !ok || v.kind != 'n' && v.kind != 'z' {
					return false, nil
				}
				if v.kind == 'n' {
					n, err := parseInt(v.text)
					if err != nil {
						// reported once the whole text is read, as a syntax error comes first
						bad = fmt.Errorf("stats: numRecords %v: not an integer", v.text)
					}
					out.NumRecords, out.HasNumRecords = n, true
				}
			case bit == 2 && sc.peek() != '{' && sc.peek() != '[':
				v, ok := sc.scalar()
				if !ok {
					return false, nil
				}
				if v.kind == 'b' {
					tb := v.text == "true"
					out.TightBounds = &tb
				}
			case bit >= 4 && sc.peek() == '{':
				side := sideMin
				if bit == 8 {
					side = sideMax
				} else if bit == 16 {
					side = sideNulls
				}
				p.key = p.key[:0]
				if !p.object(sc, side, out, 0) {
					return false, nil
				}
			default:
				if !sc.skip(0) {
					return false, nil
				}
			}
			raw := sc.s[start:sc.i]
			switch bit {
			case 4:
				out.RawMinValues = raw
			case 8:
				out.RawMaxValues = raw
			case 16:
				out.RawNullCount = raw
			}
			sc.ws()
			if sc.eat('}') {
				break
			}
			if !sc.eat(',') {
				return false, nil
			}
		}
	}
	sc.ws()
	if sc.i != len(sc.s) {
		return false, nil // text after the object: the generic decoder's rules
	}
	if bad != nil {
		return true, bad
	}
	return true, nil
}

// object reads a statistics object (minValues, maxValues or nullCount, or a struct within one)
// at the current path.
func (p *JSONParser) object(sc *scanner, side int, out *Parsed, depth int) bool {
	if depth > 64 || !sc.eat('{') {
		return false
	}
	sc.ws()
	if sc.eat('}') {
		return true
	}
	for k := 0; ; k++ {
		sc.ws()
		// The k-th key of a side's object names the leaf it named in the file before (the
		// files of a table write their statistics alike): matched in place, that key is not
		// scanned, copied into the path and looked up (p.key holds no path for it then).
		mark, leaf, guessed := len(p.key), -1, false
		if depth == 0 && k < len(p.order[side]) {
			if g := p.order[side][k]; g >= 0 && sc.quoted(p.top1[g]) {
				leaf, guessed = int(g), true
			}
		}
		if !guessed {
			key, ok := sc.key()
			if !ok {
				return false
			}
			if depth > 0 {
				p.key = append(p.key, 0)
			}
			p.key = append(p.key, key...)
			leaf = p.leafAt()
			if depth == 0 && k < len(p.order[side]) {
				p.order[side][k] = int32(leaf)
			}
		}
		sc.ws()
		if !sc.eat(':') {
			return false
		}
		sc.ws()
		if leaf < 0 {
			if st := p.structAt(); st >= 0 {
				if p.smet[side][st]++; p.smet[side][st] > 1 {
					return false // a struct given twice: the generic decoder's map keeps the last
				}
			}
		}
		minMax := side != sideNulls && leaf >= 0 && p.leaves[leaf].Type.SkippingEligible()
		switch c := sc.peek(); {
		case c == '{' || c == '[':
			if minMax {
				return false // the generic decoder notes what is wrong with it
			}
			if guessed {
				p.key = append(p.key, p.top1[leaf]...) // the path below it
			}
			if leaf >= 0 && side == sideNulls {
				if p.met[side][leaf] {
					return false // a second key for the statistic
				}
				p.met[side][leaf] = true // no count, but the key takes the place
			}
			if c == '{' {
				if !p.object(sc, side, out, depth+1) {
					return false
				}
			} else if !sc.skip(depth) {
				return false
			}
		default:
			v, ok := sc.scalar()
			if !ok {
				return false
			}
			if leaf >= 0 && (side == sideNulls || minMax) {
				if p.met[side][leaf] {
					return false // two keys for one statistic: the generic decoder's map decides
				}
				p.met[side][leaf] = true
				p.set(side, leaf, v, out)
			}
		}
		p.key = p.key[:mark]
		sc.ws()
		if sc.eat('}') {
			return true
		}
		if !sc.eat(',') {
			return false
		}
	}
}

// fewLeaves is how many leaves JSONParser looks up in turn instead of in its map.
const fewLeaves = 8

// quoted says whether the text at the scanner is name as a JSON string, and passes over it:
// name is plain (plainByte), so the key str reads there is name, unescaped. "" is never quoted.
func (sc *scanner) quoted(name string) bool {
	i := sc.i + 1 + len(name)
	if name == "" || i >= len(sc.s) || sc.s[sc.i] != '"' || sc.s[i] != '"' || sc.s[sc.i+1:i] != name {
		return false
	}
	sc.i = i + 1
	return true
}

// leafAt is the leaf the current path names, exactly as lookup matches them; -1 for none.
func (p *JSONParser) leafAt() int {
	if p.few != nil || len(p.leaves) == 0 {
		for i, k := range p.few {
			if string(p.key) == k {
				return i // the first leaf of that path, as exact keeps it
			}
		}
		return -1
	}
	if i, ok := p.exact[string(p.key)]; ok {
		return i
	}
	return -1
}

// structAt is the struct the current path names exactly, -1 for none.
func (p *JSONParser) structAt() int {
	if i, ok := p.structs[string(p.key)]; ok {
		return i
	}
	return -1
}

// set records one statistic.
func (p *JSONParser) set(side, i int, v scalar, out *Parsed) {
	l := &p.leaves[i]
	if side == sideNulls {
		if v.kind != 'n' {
			return
		}
		n, err := parseInt(v.text)
		if err != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("nullCount.%s %q: %v", l.Name(), v.text, err))
			return
		}
		out.NullCount[i] = n
		return
	}
	dst, key := out.MinValues, "minValues"
	if side == sideMax {
		dst, key = out.MaxValues, "maxValues"
	}
	if v.kind == 'z' {
		return
	}
	// The statistics of nearly every file, read as parseScalar reads them without its copies of
	// the type and the value: they were a third of the parse.
	switch k := l.Type.Kind; {
	case (k == table.Int || k == table.Bigint) && v.kind == 'n':
		if n, err := parseInt(v.text); err == nil {
			dst[i] = table.Value{Kind: k, I: n}
			return
		}
	case k == table.Date && v.kind == 's':
		if days, ok := plainDate(v.text); ok {
			dst[i] = table.Value{Kind: table.Date, I: days}
			return
		}
	case k == table.String && v.kind == 's':
		dst[i] = table.Value{Kind: table.String, S: v.text}
		return
	}
	val, err := parseScalar(v, l.Type)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("%s.%s: %v", key, l.Name(), err))
		return
	}
	if l.Type.FromFloat && v.kind == 'n' {
		val = widenedFloatBound(val, v.text, side == sideMax)
	}
	dst[i] = val
}

// scalar is one JSON scalar: kind 's' string (text unescaped), 'n' number, 'b' boolean, 'z' null.
type scalar struct {
	kind byte
	text string
}

// scanner walks JSON text; every method reports false on text it does not take as plain JSON.
type scanner struct {
	s string
	i int
	// what the last str met, so that its callers need not pass over the text again
	escaped, high bool // a backslash escape; a byte ≥ 0x80
}

// ws passes over white space. The scanner's hot loops (ws, str, number) work on locals and store
// the position once: under js/wasm each sc.s[sc.i] is otherwise three loads from memory.
func (sc *scanner) ws() {
	s, i := sc.s, sc.i
	// Spark writes none: one comparison tells the usual byte from white space.
	for i < len(s) && s[i] <= ' ' && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	sc.i = i
}

func (sc *scanner) peek() byte {
	if sc.i < len(sc.s) {
		return sc.s[sc.i]
	}
	return 0
}

func (sc *scanner) eat(c byte) bool {
	if sc.i < len(sc.s) && sc.s[sc.i] == c {
		sc.i++
		return true
	}
	return false
}

// key reads an object key: a string without escapes.
func (sc *scanner) key() (string, bool) {
	v, ok := sc.str()
	if !ok || sc.escaped {
		return "", false
	}
	return v, true
}

// str reads a string and returns its text between the quotes (escapes left as written) after
// checking it as encoding/json does.
func (sc *scanner) str() (string, bool) {
	if !sc.eat('"') {
		return "", false
	}
	s, i := sc.s, sc.i
	start := i
	sc.escaped, sc.high = false, false
	// Most strings (keys, dates, names) are plain ASCII: passed over here, a table lookup a
	// byte, the rest below.
	for i < len(s) && plainByte[s[i]] {
		i++
	}
	if i < len(s) && s[i] == '"' {
		sc.i = i + 1
		return s[start:i], true
	}
	sc.i = i
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		switch {
		case c == '"':
			sc.i++
			return sc.s[start : sc.i-1], true
		case c == '\\':
			sc.escaped = true
			if !sc.escape() {
				return "", false
			}
		case c < 0x20:
			return "", false
		default:
			sc.high = sc.high || c >= 0x80
			sc.i++
		}
	}
	return "", false
}

// plainName says whether every byte of name is one str's first loop passes over (plainByte).
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !plainByte[name[i]] {
			return false
		}
	}
	return true
}

// plainByte marks the bytes str's first loop passes over: printable ASCII but '"' and '\\'.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// escape passes over one valid escape sequence (\" \\ \/ \b \f \n \r \t \uXXXX).
func (sc *scanner) escape() bool {
	if sc.i+1 >= len(sc.s) {
		return false
	}
	switch sc.s[sc.i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		sc.i += 2
		return true
	case 'u':
		if sc.i+6 > len(sc.s) {
			return false
		}
		for _, h := range []byte(sc.s[sc.i+2 : sc.i+6]) {
			if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
				return false
			}
		}
		sc.i += 6
		return true
	}
	return false
}

func (sc *scanner) scalar() (scalar, bool) {
	switch c := sc.peek(); {
	case c == '"':
		start := sc.i
		v, ok := sc.str()
		if !ok {
			return scalar{}, false
		}
		if sc.escaped || sc.high && !utf8.ValidString(v) {
			// Escapes, or bytes encoding/json replaces with U+FFFD: its decoding, rarely needed.
			// It decodes into a variable of its own, so that v does not escape and every other
			// string costs no allocation.
			var dec string
			if json.Unmarshal([]byte(sc.s[start:sc.i]), &dec) != nil {
				return scalar{}, false
			}
			v = dec
		}
		return scalar{'s', v}, true
	case c == '-' || c >= '0' && c <= '9':
		return sc.number()
	case c == 't':
		return sc.literal("true", 'b')
	case c == 'f':
		return sc.literal("false", 'b')
	case c == 'n':
		return sc.literal("null", 'z')
	}
	return scalar{}, false
}

func (sc *scanner) literal(word string, kind byte) (scalar, bool) {
	if !strings.HasPrefix(sc.s[sc.i:], word) {
		return scalar{}, false
	}
	sc.i += len(word)
	return scalar{kind, word}, true
}

// number reads a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (sc *scanner) number() (scalar, bool) {
	start := sc.i
	digits := func() int {
		s, i := sc.s, sc.i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n := i - sc.i
		sc.i = i
		return n
	}
	sc.eat('-')
	if sc.eat('0') {
		if c := sc.peek(); c >= '0' && c <= '9' {
			return scalar{}, false
		}
	} else if digits() == 0 {
		return scalar{}, false
	}
	if sc.eat('.') && digits() == 0 {
		return scalar{}, false
	}
	if c := sc.peek(); c == 'e' || c == 'E' {
		sc.i++
		if !sc.eat('+') {
			sc.eat('-')
		}
		if digits() == 0 {
			return scalar{}, false
		}
	}
	return scalar{'n', sc.s[start:sc.i]}, true
}

// skip passes over any value.
func (sc *scanner) skip(depth int) bool {
	if depth > 64 {
		return false
	}
	open, close := sc.peek(), byte(0)
	switch open {
	case '{':
		close = '}'
	case '[':
		close = ']'
	default:
		_, ok := sc.scalar()
		return ok
	}
	sc.i++
	sc.ws()
	if sc.eat(close) {
		return true
	}
	for {
		sc.ws()
		if open == '{' {
			if _, ok := sc.str(); !ok {
				return false
			}
			sc.ws()
			if !sc.eat(':') {
				return false
			}
			sc.ws()
		}
		if !sc.skip(depth + 1) {
			return false
		}
		sc.ws()
		if sc.eat(close) {
			return true
		}
		if !sc.eat(',') {
			return false
		}
	}
}

// parseInt is strconv.ParseInt(text, 10, 64), without its generic work for the usual count or
// bound of at most 18 digits (every count and id of a table's statistics): under js/wasm it was
// a tenth of the statistics' parse.
func parseInt(text string) (int64, error) {
	digits := text
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return strconv.ParseInt(text, 10, 64)
	}
	var n int64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return strconv.ParseInt(text, 10, 64)
		}
		n = n*10 + int64(c-'0')
	}
	if len(digits) < len(text) {
		n = -n
	}
	return n, nil
}
