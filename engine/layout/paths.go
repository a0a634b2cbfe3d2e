package layout

import (
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
	buf []byte
}

// NewFileNamer returns a namer whose UUIDs follow from seed.
func NewFileNamer(seed uint64) *FileNamer {
	return &FileNamer{rng: table.PCG{Hi: seed, Lo: 0x66696c656e616d65}}
}

// Name returns the path of the split-th file of a bin in directory dir ("" for the table root).
func (f *FileNamer) Name(dir string, split int) string {
	f.buf = f.AppendName(f.buf[:0], dir, split)
	return string(f.buf)
}

// AppendName appends the path Name would return to b and draws the same UUID: a caller naming
// a bin's files keeps them in one buffer and makes one string of it, not one a file.
func (f *FileNamer) AppendName(b []byte, dir string, split int) []byte {
	if dir != "" {
		b = append(b, dir...)
		b = append(b, '/')
	}
	b = append(b, "part-"...)
	s := strconv.Itoa(split)
	for i := len(s); i < 5; i++ {
		b = append(b, '0') // %05d
	}
	b = append(b, s...)
	b = append(b, '-')
	b = AppendUUID(b, f.rng.Uint64(), f.rng.Uint64())
	return append(b, "-c000.snappy.parquet"...)
}

// AppendUUID appends the version-4 (RFC 4122 variant) UUID made of the random bits hi and lo.
// It writes the digits into a fixed array rather than appending each: a timeline names hundreds
// of thousands of files, and an append a byte is dear in wasm.
func AppendUUID(b []byte, hi, lo uint64) []byte {
	hi = hi&^0xf000 | 0x4000     // version 4
	lo = lo&^(0xc<<60) | 0x8<<60 // RFC 4122 variant
	var u [36]byte
	putHex(u[0:8], hi>>32)
	u[8] = '-'
	putHex(u[9:13], hi>>16)
	u[13] = '-'
	putHex(u[14:18], hi)
	u[18] = '-'
	putHex(u[19:23], lo>>48)
	u[23] = '-'
	putHex(u[24:36], lo)
	return append(b, u[:]...)
}

// putHex writes v's low len(dst) hexadecimal digits to dst, zero-padded (%0<len>x).
func putHex(dst []byte, v uint64) {
	const hexDigits = "0123456789abcdef"
	for i := len(dst) - 1; i >= 0; i-- {
		dst[i] = hexDigits[v&0xf]
		v >>= 4
	}
}
