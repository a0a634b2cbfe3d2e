package layout

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/table"
)

// Bin is one partition directory of a table: the rows whose partition columns hold Values.
// An unpartitioned table has a single bin with Dir "" and all rows.
type Bin struct {
	Dir    string        // "event_date=2026-08-13", "" when unpartitioned
	Values []table.Value // one per partition column
	Rows   []int32       // row indices into the table, in table order
}

// HiveDefaultPartition is the directory value Spark writes for a NULL partition value.
const HiveDefaultPartition = "__HIVE_DEFAULT_PARTITION__"

// Bins groups the table's rows by the partition columns (leaf indices), in ascending order of
// partition values (NULLs first). With no partition columns it returns one bin of every row.
func Bins(t *table.Table, partCols []int) []Bin {
	all := AllRows(t.NumRows)
	if len(partCols) == 0 {
		return []Bin{{Rows: all}}
	}
	ranks := make([]Ranks, len(partCols))
	for i, c := range partCols {
		ranks[i] = RankRows(&t.Cols[c], all)
	}
	// Group by the tuple of ranks; rank+1 so NULL (-1) is 0.
	type key = string
	index := map[key]int{}
	var bins []Bin
	var order [][]int32
	buf := make([]byte, 0, 4*len(partCols))
	for r := range all {
		buf = buf[:0]
		for _, rk := range ranks {
			v := uint32(rk.R[r] + 1)
			buf = append(buf, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
		}
		b, ok := index[string(buf)]
		if !ok {
			b = len(bins)
			index[string(buf)] = b
			vals := make([]table.Value, len(partCols))
			tuple := make([]int32, len(partCols))
			for i, c := range partCols {
				vals[i] = t.Cols[c].Value(r)
				tuple[i] = ranks[i].R[r]
			}
			bins = append(bins, Bin{Values: vals})
			order = append(order, tuple)
		}
		bins[b].Rows = append(bins[b].Rows, int32(r))
	}
	idx := make([]int, len(bins))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return slices.Compare(order[a], order[b]) })
	out := make([]Bin, len(bins))
	for i, j := range idx {
		out[i] = bins[j]
		var dir []string
		for k, c := range partCols {
			dir = append(dir, escapePathName(t.Leaves[c].Name())+"="+partitionDirValue(out[i].Values[k]))
		}
		out[i].Dir = strings.Join(dir, "/")
	}
	return out
}

func partitionDirValue(v table.Value) string {
	if v.Absent() {
		return HiveDefaultPartition
	}
	s := v.String()
	if s == "" {
		return HiveDefaultPartition
	}
	return escapePathName(s)
}

// escapePathName is Hive's ExternalCatalogUtils.escapePathName: the characters Hive cannot keep
// in a directory name are written as %XX.
func escapePathName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && (r < 0x20 || strings.ContainsRune("\"#%'*/:=?\\\x7f{[]^", r)) {
			fmt.Fprintf(&b, "%%%02X", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FileNamer makes Delta-style data file names, deterministic for a seed. Delta names each file
// part-<split>-<random UUID>-c000.snappy.parquet (DelayedCommitProtocol.getFileName with Spark's
// "-c%03d" file counter and the codec extension); here the UUID comes from a seeded PCG, so the
// same scenario always gets the same names. It formats by hand: a timeline names hundreds of
// thousands of files, and the panel names every file again on each move of the files slider.
type FileNamer struct {
	rng table.PCG // rand.NewPCG's draws, without a call through the rand.Source interface
	// draws[next:] are rng's next draws, taken a block at a time (PCG.Fill): under js/wasm a
	// draw alone is a call (bits.Mul64 is five multiplications there, too dear to inline).
	draws [16]uint64
	next  int
	buf   []byte
}

// NewFileNamer returns a namer whose UUIDs follow from seed.
func NewFileNamer(seed uint64) *FileNamer {
	f := &FileNamer{rng: table.PCG{Hi: seed, Lo: 0x66696c656e616d65}}
	f.next = len(f.draws)
	return f
}

// Name returns the path of the split-th file of a bin in directory dir ("" for the table root).
func (f *FileNamer) Name(dir string, split int) string {
	f.buf = f.AppendName(f.buf[:0], dir, split)
	return string(f.buf)
}

// uuidBits returns the next two draws, a UUID's random bits.
func (f *FileNamer) uuidBits() (hi, lo uint64) {
	if f.next >= len(f.draws)-1 { // draws come in pairs: next is even
		f.rng.Fill(f.draws[:])
		f.next = 0
	}
	hi, lo = f.draws[f.next], f.draws[f.next+1]
	f.next += 2
	return hi, lo
}

// AppendName appends the path Name would return to b and draws the same UUID: a caller naming
// a bin's files keeps them in one buffer and makes one string of it, not one a file.
func (f *FileNamer) AppendName(b []byte, dir string, split int) []byte {
	if dir != "" {
		b = append(b, dir...)
		b = append(b, '/')
	}
	hi, lo := f.uuidBits()
	if split < 0 || split > 99999 {
		b = append(b, "part-"...)
		s := strconv.Itoa(split)
		for i := len(s); i < 5; i++ {
			b = append(b, '0') // %05d
		}
		b = append(b, s...)
		b = append(b, '-')
		b = AppendUUID(b, hi, lo)
		return append(b, "-c000.snappy.parquet"...)
	}
	// The name written in one array and appended at once: an append a piece is a memmove call
	// a piece in wasm.
	name := nameTemplate
	for i := 9; i >= 5; i-- {
		name[i] = byte('0' + split%10)
		split /= 10
	}
	putUUID((*[36]byte)(name[11:47]), hi, lo)
	return append(b, name[:]...)
}

// nameTemplate is a file name whose split and UUID digits AppendName overwrites.
var nameTemplate = [67]byte([]byte("part-00000-00000000-0000-0000-0000-000000000000-c000.snappy.parquet"))

// AppendUUID appends the version-4 (RFC 4122 variant) UUID made of the random bits hi and lo.
func AppendUUID(b []byte, hi, lo uint64) []byte {
	var u [36]byte
	putUUID(&u, hi, lo)
	return append(b, u[:]...)
}

// putUUID writes the version-4 (RFC 4122 variant) UUID made of the random bits hi and lo to u,
// eight hexadecimal digits at a time (hex8), each a little-endian store of one word: a timeline
// names hundreds of thousands of files, and a store a digit is dear in wasm.
func putUUID(u *[36]byte, hi, lo uint64) {
	hi = hi&^0xf000 | 0x4000     // version 4
	lo = lo&^(0xc<<60) | 0x8<<60 // RFC 4122 variant
	binary.LittleEndian.PutUint64(u[0:8], hex8(uint32(hi>>32)))
	u[8] = '-'
	h := hex8(uint32(hi))
	binary.LittleEndian.PutUint32(u[9:13], uint32(h))
	u[13] = '-'
	binary.LittleEndian.PutUint32(u[14:18], uint32(h>>32))
	u[18] = '-'
	h = hex8(uint32(lo >> 32))
	binary.LittleEndian.PutUint32(u[19:23], uint32(h))
	u[23] = '-'
	binary.LittleEndian.PutUint32(u[24:28], uint32(h>>32))
	binary.LittleEndian.PutUint64(u[28:36], hex8(uint32(lo)))
}

// hex8 is v's eight lowercase hexadecimal digits (%08x) as a little-endian word: its first byte
// is the top digit. Each nibble is moved to its own byte (halves, then bytes, then nibbles
// swapped into reading order), then made a digit: '0'+d, plus 'a'-'0'-10 where d >= 10.
func hex8(v uint32) uint64 {
	n := uint64(v>>16) | uint64(v&0xffff)<<32
	n = n>>8&0x000000ff000000ff | (n&0x000000ff000000ff)<<16
	n = n>>4&0x000f000f000f000f | (n&0x000f000f000f000f)<<8
	letters := (n + 0x0606060606060606) >> 4 & 0x0101010101010101 // 1 in each byte >= 10
	return n + 0x3030303030303030 + letters*('a'-'0'-10)
}
