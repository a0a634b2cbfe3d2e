package inspect

import (
	"strings"
	"unsafe"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// statsTexts holds the files' statistics text once it is parsed, for the table page
// (Options.CompactStatsFrom): each text is its shape, the keys, braces and literals its files
// share ({"numRecords":…,"minValues":{"id":…}…}), kept once, and its own values, kept by the
// file. A million files' texts were 178 MB of the page's peak; their values are about 70. The
// text comes back byte for byte (text): readLeaves parses it again for another column, and the
// page shows the selected file's add action with it.
type statsTexts struct {
	shapes  []string // a 0 byte where each value was cut out; shapes[0] is unused (no text)
	shapeOf map[string]uint32
	// blocks hold the files' values, each value followed by a 0 byte, a file's values in one block.
	blocks [][]byte
	// at is file i's place: its shape (high 16 bits), block (next 16) and offset in the block.
	at []uint64
	// whole holds the texts kept as they are: a text with a 0 byte of its own (which no JSON
	// text has), or of a shape past maxShapes.
	whole       map[int]string
	shape, vals []byte // put's scratch
}

const (
	// maxShapes bounds the shapes kept (a table whose columns changed has a few; a text of
	// its own shape past these is kept whole).
	maxShapes = 1<<16 - 1
	// valueBlock is the size of a block of values (4 MiB, as the checkpoint decoder's slabs).
	valueBlock = 4 << 20
	// maxValueBlocks bounds the blocks an at entry can name (256 GiB of values).
	maxValueBlocks = 1 << 16
)

func newStatsTexts(files int) *statsTexts {
	return &statsTexts{shapes: []string{""}, shapeOf: map[string]uint32{}, at: make([]uint64, files)}
}

// put keeps file i's statistics text ("" keeps nothing).
func (t *statsTexts) put(i int, text string) {
	if text == "" {
		return
	}
	shape, vals, ok := t.cut(text)
	if !ok {
		t.keepWhole(i, text)
		return
	}
	id, seen := t.shapeOf[string(shape)]
	if !seen {
		if len(t.shapes) > maxShapes {
			t.keepWhole(i, text)
			return
		}
		id = uint32(len(t.shapes))
		s := string(shape)
		t.shapes, t.shapeOf[s] = append(t.shapes, s), id
	}
	n := len(vals)
	if len(t.blocks) == 0 || cap(t.blocks[len(t.blocks)-1])-len(t.blocks[len(t.blocks)-1]) < n {
		if len(t.blocks) == maxValueBlocks {
			t.keepWhole(i, text)
			return
		}
		t.blocks = append(t.blocks, make([]byte, 0, max(valueBlock, n)))
	}
	b := len(t.blocks) - 1
	off := len(t.blocks[b])
	t.blocks[b] = append(t.blocks[b], vals...)
	t.at[i] = uint64(id)<<48 | uint64(b)<<32 | uint64(off)
}

func (t *statsTexts) keepWhole(i int, text string) {
	if t.whole == nil {
		t.whole = map[int]string{}
	}
	t.whole[i] = text
}

// cut is text's shape, text with each value (a number, or a string that is not a key) replaced
// by a 0 byte, and its values, each followed by a 0 byte, in one pass; false when text has a 0
// byte of its own. Whatever the text (JSON or not), its shape and its values are its bytes in
// order, so text gives it back exactly.
func (t *statsTexts) cut(text string) (shape, vals []byte, ok bool) {
	if strings.IndexByte(text, 0) >= 0 {
		return nil, nil, false
	}
	shape, vals = t.shape[:0], t.vals[:0]
	for i := 0; i < len(text); {
		if c := text[i]; c != '"' && c != '-' && (c < '0' || c > '9') {
			shape = append(shape, c) // nextValue's one byte of the shape, without the call
			i++
			continue
		}
		j, value := nextValue(text, i)
		if value {
			shape = append(shape, 0)
			vals = append(append(vals, text[i:j]...), 0)
		} else {
			shape = append(shape, text[i:j]...)
		}
		i = j
	}
	t.shape, t.vals = shape, vals
	return shape, vals, true
}

// nextValue is where the token at i of text ends and whether it is a value: a number, or a
// string not followed by ':' (a key). Anything else is one byte of the shape.
func nextValue(text string, i int) (end int, value bool) {
	switch c := text[i]; {
	case c == '"':
		j := i + 1
		for j < len(text) && text[j] != '"' {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j+1, len(text)) // past the closing quote (an unclosed string runs to the end)
		k := j
		for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
			k++
		}
		return j, k == len(text) || text[k] != ':'
	case c == '-' || c >= '0' && c <= '9':
		j := i + 1
		for j < len(text) && (text[j] >= '0' && text[j] <= '9' || text[j] == '.' || text[j] == 'e' || text[j] == 'E' ||
			text[j] == '+' || text[j] == '-') {
			j++
		}
		return j, true
	}
	return i + 1, false
}

// text is file i's statistics text as put was given it, "" for none: a string of its own.
func (t *statsTexts) text(i int) string {
	if s, ok := t.whole[i]; ok {
		return s
	}
	at := t.at[i]
	id := at >> 48
	if id == 0 {
		return ""
	}
	shape, vals := t.shapes[id], t.blocks[at>>32&0xffff][at&0xffffffff:]
	var b strings.Builder
	b.Grow(len(shape) + 32)
	for k := 0; k < len(shape); k++ {
		if shape[k] != 0 {
			b.WriteByte(shape[k])
			continue
		}
		end := 0
		for vals[end] != 0 {
			end++
		}
		b.Write(vals[:end])
		vals = vals[end+1:]
	}
	return b.String()
}

// CompactStats moves every file's statistics text from its add action (the snapshot's, which
// the Inspector owns) into statsTexts, for an Inspector opened with Options.CompactStatsFrom
// (nothing otherwise, or once done), telling yield as the step begins and between blocks of
// files; its error stops it, the files done kept. Called once the health is worked out
// (HealthYield; the page calls it after the table is drawn, wasm/table's plan), when nothing
// else holds the text (the strings kept of it are copies), so that the checkpoint's slabs of
// it are garbage; and the text is never beside the health's bounds (the 1,000,000-file table's
// peak). The files are taken in the order of their text in memory (textOrder), so that each
// slab is garbage as soon as its files are done, not once every file is.
func (in *Inspector) CompactStats(yield work.Yield) error {
	if !in.cols.own || in.texts != nil {
		return nil
	}
	return in.compactStats(in.s.AllFiles(), yield)
}

func (in *Inspector) compactStats(files []*deltalog.AddFile, yield work.Yield) error {
	if err := yield.Begin(CompactBegin); err != nil {
		return err
	}
	in.texts = newStatsTexts(len(files))
	order := textOrder(files)
	for lo := 0; lo < len(order); lo += progressEvery {
		if err := yield.Tick(CompactStep, lo, len(order), "files"); err != nil {
			return err
		}
		in.compactBlock(files, order[lo:min(lo+progressEvery, len(order))])
	}
	in.texts.shape, in.texts.vals = nil, nil
	return yield.Tick(CompactStep, len(order), len(order), "files")
}

// compactBlock is compactStats on the files given: a call per block (docs/performance.md,
// "Loops in functions of their own").
//
//go:noinline
func (in *Inspector) compactBlock(files []*deltalog.AddFile, block []int32) {
	for _, i := range block {
		in.texts.put(int(i), files[i].Stats)
		files[i].Stats = ""
	}
}

// textOrder is the files with statistics text in the order of their text's address, by
// buckets of 4 MiB or more (the checkpoint decoder's slab blocks, parquetjson's slabBlock, are
// 4 MiB): a bucket sort, one pass to count and one to place. Files sorted by path are in no
// such order (a checkpoint's rows are in the writer's).
func textOrder(files []*deltalog.AddFile) []int32 {
	addr := func(f *deltalog.AddFile) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(f.Stats))) }
	lo, hi, n := ^uintptr(0), uintptr(0), 0
	for _, f := range files {
		if f.Stats != "" {
			lo, hi, n = min(lo, addr(f)), max(hi, addr(f)), n+1
		}
	}
	if n == 0 {
		return nil
	}
	shift := uint(22)
	for (hi-lo)>>shift > uintptr(n) { // no more buckets than files
		shift++
	}
	next := make([]int32, (hi-lo)>>shift+2) // bucket b's files begin at next[b+1], once summed
	for _, f := range files {
		if f.Stats != "" {
			next[(addr(f)-lo)>>shift+1]++
		}
	}
	for b := 1; b < len(next); b++ {
		next[b] += next[b-1]
	}
	order := make([]int32, n)
	for i, f := range files {
		if f.Stats != "" {
			b := (addr(f) - lo) >> shift
			order[next[b]] = int32(i)
			next[b]++
		}
	}
	return order
}

// CompactBegin is the step Options.Yield is told as the files' statistics text is compacted
// (Options.CompactStatsFrom): the page collects first, so that the values are placed in the
// room the statistics' read left.
const CompactBegin = "the files' statistics text"

// CompactStep is the step of the compaction's progress, told every progressEvery files: the
// page collects at them once its heap holds much garbage, the text of the files done.
const CompactStep = "Compacting the files' statistics text"

// statsText is file i's statistics text: its add's, or the one compactStats kept (a
// compaction stopped by its Yield leaves the rest in their adds).
func (in *Inspector) statsText(i int, f *deltalog.AddFile) string {
	if f.Stats != "" || in.texts == nil {
		return f.Stats
	}
	return in.texts.text(i)
}

// AddAction is file i of the snapshot (Report.Files[i]) as its add action in the log, its
// statistics text included: once CompactStats has run the snapshot's adds no longer hold it.
func (in *Inspector) AddAction(i int) deltalog.AddFile {
	f := in.s.AllFiles()[i]
	a := *f
	a.Stats = in.statsText(i, f)
	return a
}
