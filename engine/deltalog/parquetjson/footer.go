package parquetjson

import (
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/pierrec/lz4/v4"
)

// Limits on what a Parquet checkpoint's metadata may declare. Every count and size read from the
// footer or a page header is checked against them and against the file's real size before the
// Parquet library sizes anything from it (issue: a 4.9 KB file declaring 3e7 rows took 4.8 GB).
const (
	// MaxFooterBytes caps the footer (the Thrift FileMetaData). A checkpoint's footer holds about
	// a hundred bytes per column chunk: 16 MiB is over 100,000 chunks.
	MaxFooterBytes = 16 << 20
	// MaxPageBytes caps one page, compressed or not; the reader holds a page of each column it
	// reads at once. Writers cut pages at about 1 MiB (parquet-mr's parquet.page.size, arrow's
	// data_page_size_limit); dictionaries grow larger before a writer falls back to plain.
	MaxPageBytes = 256 << 20
	// maxValuesPerByte bounds a column chunk's values (nulls and map entries included) by the
	// file's size. Run-length encoding lets a byte stand for many nulls, so the bound is loose;
	// it keeps the levels the reader decodes within a fixed multiple of the file.
	maxValuesPerByte = 8
)

// A checkpoint holds at most one row per byte of its file: every row holds an action with a
// path, transaction id or domain that no other row holds, which costs at least a byte.

// footer is a checked footer: the metadata, and for each row group and column chunk the bytes
// its pages hold once decompressed (a bound on what the chunk's values take, unlike the footer's
// total_uncompressed_size, which is not checked).
type footer struct {
	md    *format.FileMetaData
	plain [][]int64
}

// checkFooter reads and checks a Parquet file's footer and page headers: every count and size
// in them against the file's real size and the limits above.
func checkFooter(r io.ReaderAt, size int64) (*footer, error) {
	md, leaves, footerStart, err := readMetadata(r, size)
	if err != nil {
		return nil, err
	}
	if md.NumRows < 0 || md.NumRows > size {
		return nil, fmt.Errorf("footer: num_rows is %d; a file of %d bytes holds at most %d rows", md.NumRows, size, size)
	}
	rows := int64(0)
	f := &footer{md: md, plain: make([][]int64, len(md.RowGroups))}
	for g := range md.RowGroups {
		rg := &md.RowGroups[g]
		if rg.NumRows < 0 || rg.NumRows > md.NumRows-rows {
			return nil, fmt.Errorf("row group %d: num_rows is %d; the footer's num_rows %d leaves %d", g, rg.NumRows, md.NumRows, md.NumRows-rows)
		}
		rows += rg.NumRows
		if len(rg.Columns) != len(leaves) {
			return nil, fmt.Errorf("row group %d: %d column chunks for %d columns", g, len(rg.Columns), len(leaves))
		}
		f.plain[g] = make([]int64, len(rg.Columns))
		for c := range rg.Columns {
			plain, err := checkChunk(r, size, footerStart, rg, &rg.Columns[c], leaves[c], maxValuesPerByte*size)
			if err != nil {
				return nil, fmt.Errorf("row group %d, column %s: %v", g, strings.Join(leaves[c].path, "."), err)
			}
			f.plain[g][c] = plain
		}
	}
	if rows != md.NumRows {
		return nil, fmt.Errorf("footer: num_rows is %d, its row groups hold %d", md.NumRows, rows)
	}
	return f, nil
}

// readMetadata reads a Parquet file's footer and checks its length, Thrift structure and schema
// tree against the file's real size, before the Parquet library sizes anything from it.
func readMetadata(r io.ReaderAt, size int64) (md *format.FileMetaData, leaves []schemaLeaf, footerStart int64, err error) {
	if size < 12 {
		return nil, nil, 0, fmt.Errorf("file of %d bytes is too small to be Parquet", size)
	}
	var head, tail [8]byte
	if _, err := r.ReadAt(head[:4], 0); err != nil {
		return nil, nil, 0, fmt.Errorf("reading the header: %v", err)
	}
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return nil, nil, 0, fmt.Errorf("reading the footer length: %v", err)
	}
	if string(head[:4]) == "PARE" || string(tail[4:]) == "PARE" {
		return nil, nil, 0, errors.New("the file is encrypted (magic PARE); encrypted files are not read")
	}
	if string(head[:4]) != "PAR1" || string(tail[4:]) != "PAR1" {
		return nil, nil, 0, errors.New("no PAR1 magic at the start and end of the file")
	}
	footerLen := int64(binary.LittleEndian.Uint32(tail[:4]))
	if footerLen > size-12 || footerLen > MaxFooterBytes {
		return nil, nil, 0, fmt.Errorf("footer length: %d bytes, in a file of %d bytes (at most %d)", footerLen, size, min(size-12, MaxFooterBytes))
	}
	footerStart = size - 8 - footerLen
	b := make([]byte, footerLen)
	if _, err := r.ReadAt(b, footerStart); err != nil {
		return nil, nil, 0, fmt.Errorf("reading the footer: %v", err)
	}
	n, err := thriftSize(b, fileMetaDataFields)
	if err == nil && n != len(b) {
		err = fmt.Errorf("%d bytes after its end", len(b)-n)
	}
	if err != nil {
		return nil, nil, 0, fmt.Errorf("footer: %v", err)
	}
	md = &format.FileMetaData{}
	if err := thrift.Unmarshal(&thrift.CompactProtocol{}, b, md); err != nil {
		return nil, nil, 0, fmt.Errorf("footer: %v", err)
	}
	leaves, err = checkSchema(md.Schema)
	if err != nil {
		return nil, nil, 0, err
	}
	return md, leaves, footerStart, nil
}

// schemaLeaf is a leaf column of the footer's schema.
type schemaLeaf struct {
	path     []string
	el       *format.SchemaElement
	repeated bool // the leaf or a group above it is repeated
}

// maxSchemaDepth caps how deeply the footer's schema nests; the Parquet library keeps levels in
// a byte (its MaxColumnDepth).
const maxSchemaDepth = 255

// checkSchema checks that the footer's flattened schema (depth first, each group with its count
// of children) is one tree, and returns its leaves in column order.
func checkSchema(s []format.SchemaElement) ([]schemaLeaf, error) {
	if len(s) == 0 {
		return nil, errors.New("footer: schema is empty")
	}
	var leaves []schemaLeaf
	i := 0
	var walk func(path []string, depth int, repeated bool) error
	walk = func(path []string, depth int, repeated bool) error {
		if i >= len(s) {
			return fmt.Errorf("footer: schema: %s declares more children than the schema holds", strings.Join(path, "."))
		}
		if depth > maxSchemaDepth {
			return fmt.Errorf("footer: schema nests more than %d deep at %s", maxSchemaDepth, strings.Join(path, "."))
		}
		el := &s[i]
		i++
		if depth > 0 {
			path = append(path[:len(path):len(path)], el.Name)
			repeated = repeated || (el.RepetitionType.Valid && el.RepetitionType.V == format.Repeated)
		}
		// A leaf has a type and no children, a group children and no type (the library takes
		// the type alone to tell them apart).
		leaf := el.Type.Valid
		if depth > 0 && leaf == (el.NumChildren.Valid && el.NumChildren.V > 0) {
			if leaf {
				return fmt.Errorf("footer: schema: %s has both a type and %d children", strings.Join(path, "."), el.NumChildren.V)
			}
			return fmt.Errorf("footer: schema: %s has neither a type nor children", strings.Join(path, "."))
		}
		if depth > 0 && leaf {
			if err := checkLeafType(el); err != nil {
				return fmt.Errorf("footer: schema: %s: %v", strings.Join(path, "."), err)
			}
		}
		if nested := nestingAnnotation(el); depth > 0 && nested != "" && leaf {
			return fmt.Errorf("footer: schema: %s is a leaf annotated %s, which only a group may be", strings.Join(path, "."), nested)
		} else if depth > 0 && !leaf && nested == "" && (el.ConvertedType.Valid || el.LogicalType.Value != nil) {
			return fmt.Errorf("footer: schema: %s is a group with the annotation of a leaf", strings.Join(path, "."))
		}
		if depth == 0 && (leaf || !el.NumChildren.Valid || el.NumChildren.V <= 0) {
			return errors.New("footer: schema has no columns")
		}
		if leaf {
			leaves = append(leaves, schemaLeaf{path, el, repeated})
			return nil
		}
		n := el.NumChildren.V
		if n < 0 || int(n) > len(s)-i {
			return fmt.Errorf("footer: schema: %s declares %d children, %d elements remain", strings.Join(path, "."), n, len(s)-i)
		}
		for range n {
			if err := walk(path, depth+1, repeated); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(nil, 0, false); err != nil {
		return nil, err
	}
	if i != len(s) {
		return nil, fmt.Errorf("footer: schema has %d elements outside its tree", len(s)-i)
	}
	return leaves, nil
}

// checkLeafType checks a leaf's physical type and annotation as far as the Parquet library
// panics on them: an unknown type, a FIXED_LEN_BYTE_ARRAY without a length, a DECIMAL on another
// type or with a precision its type cannot hold, an INT of a width other than 8 to 64 bits.
func checkLeafType(el *format.SchemaElement) error {
	t := el.Type.V
	if t < format.Boolean || t > format.FixedLenByteArray {
		return fmt.Errorf("type: unknown physical type %d", t)
	}
	if t == format.FixedLenByteArray && (!el.TypeLength.Valid || el.TypeLength.V <= 0) {
		return errors.New("type_length: a FIXED_LEN_BYTE_ARRAY without a positive length")
	}
	precision, decimal := int32(0), false
	switch lt := el.LogicalType.Value.(type) {
	case *format.DecimalType:
		precision, decimal = lt.Precision, true
	case *format.IntType:
		if lt.BitWidth != 8 && lt.BitWidth != 16 && lt.BitWidth != 32 && lt.BitWidth != 64 {
			return fmt.Errorf("logicalType: INT of %d bits", lt.BitWidth)
		}
	case nil:
		if el.ConvertedType.Valid && el.ConvertedType.V == deprecated.Decimal {
			precision, decimal = el.Precision.V, true
		}
	}
	if decimal {
		switch {
		case t == format.Int32 && (precision < 1 || precision > 9),
			t == format.Int64 && (precision < 1 || precision > 18):
			return fmt.Errorf("precision: DECIMAL(%d) on %s", precision, t)
		case t != format.Int32 && t != format.Int64 && t != format.ByteArray && t != format.FixedLenByteArray:
			return fmt.Errorf("type: DECIMAL on %s", t)
		}
	}
	return nil
}

// nestingAnnotation is the MAP, MAP_KEY_VALUE or LIST annotation of el, "" for none: those
// only a group may carry, and a group may carry no other (the Parquet library panics on either).
func nestingAnnotation(el *format.SchemaElement) string {
	switch el.LogicalType.Value.(type) {
	case *format.MapType:
		return "MAP"
	case *format.ListType:
		return "LIST"
	}
	if el.ConvertedType.Valid {
		switch el.ConvertedType.V {
		case deprecated.Map:
			return "MAP"
		case deprecated.MapKeyValue:
			return "MAP_KEY_VALUE"
		case deprecated.List:
			return "LIST"
		}
	}
	return ""
}

// checkChunk checks a column chunk's metadata and then each of its page headers.
func checkChunk(r io.ReaderAt, size, footerStart int64, rg *format.RowGroup, cc *format.ColumnChunk, leaf schemaLeaf, maxValues int64) (int64, error) {
	if cc.FilePath != "" {
		return 0, fmt.Errorf("file_path: the chunk is in another file (%q)", cc.FilePath)
	}
	md := &cc.MetaData
	if md.NumValues < rg.NumRows || md.NumValues > maxValues {
		return 0, fmt.Errorf("num_values is %d; the row group has %d rows and a file of %d bytes holds at most %d values", md.NumValues, rg.NumRows, size, maxValues)
	}
	if !leaf.repeated && md.NumValues != rg.NumRows {
		return 0, fmt.Errorf("num_values is %d for a column that is not repeated, in a row group of %d rows", md.NumValues, rg.NumRows)
	}
	if md.TotalUncompressedSize < 0 {
		return 0, fmt.Errorf("total_uncompressed_size is %d", md.TotalUncompressedSize)
	}
	start := md.DataPageOffset
	if md.DictionaryPageOffset != 0 {
		if md.DictionaryPageOffset > md.DataPageOffset {
			return 0, fmt.Errorf("dictionary_page_offset %d is after data_page_offset %d", md.DictionaryPageOffset, md.DataPageOffset)
		}
		start = md.DictionaryPageOffset
	}
	if start < 4 || start >= footerStart {
		return 0, fmt.Errorf("page offset %d is outside the file's data (bytes 4 to %d)", start, footerStart)
	}
	if md.TotalCompressedSize < 0 || md.TotalCompressedSize > footerStart-start {
		return 0, fmt.Errorf("total_compressed_size %d at offset %d runs past the data, which ends at %d", md.TotalCompressedSize, start, footerStart)
	}
	switch md.Codec {
	case format.Uncompressed, format.Snappy, format.Gzip, format.Brotli, format.Zstd, format.Lz4Raw:
	default:
		return 0, fmt.Errorf("codec %s is not supported", md.Codec)
	}
	return checkPages(r, start, start+md.TotalCompressedSize, md, leaf)
}

// minValueBytes is the fewest bytes one PLAIN value of a dictionary of type t takes (BOOLEAN
// dictionaries do not exist; they count a bit as a byte here).
func minValueBytes(t format.Type, length int32) int64 {
	switch t {
	case format.Int32, format.Float, format.ByteArray: // BYTE_ARRAY: a 4-byte length
		return 4
	case format.Int64, format.Double:
		return 8
	case format.Int96:
		return 12
	case format.FixedLenByteArray:
		return max(int64(length), 1)
	}
	return 1
}

// pageHeaderWindow is the first read of a page header; a longer header (page statistics of long
// values) is read again whole.
const pageHeaderWindow = 4 << 10

// checkPages returns the bytes the chunk's pages decompress to. It walks the page headers of the chunk at [start, end): each header's sizes and counts,
// and each page's decompressed size against the one it declares, so the reader never decompresses
// more than MaxPageBytes. The data pages' values must add up to the chunk's num_values.
func checkPages(r io.ReaderAt, start, end int64, md *format.ColumnMetaData, leaf schemaLeaf) (int64, error) {
	var values, total int64
	buf := make([]byte, 0, pageHeaderWindow)
	for pos, page := start, 0; pos < end; page++ {
		window := min(end-pos, pageHeaderWindow)
		var n int
		for {
			if int64(cap(buf)) < window {
				buf = make([]byte, window)
			}
			buf = buf[:window]
			if _, err := r.ReadAt(buf, pos); err != nil {
				return 0, fmt.Errorf("page %d: reading its header: %v", page, err)
			}
			var err error
			n, err = thriftSize(buf, pageHeaderFields)
			if errors.Is(err, errThriftShort) && window < end-pos {
				window = min(end-pos, 2*window)
				continue
			}
			if err != nil {
				return 0, fmt.Errorf("page %d at offset %d: header: %v", page, pos, err)
			}
			break
		}
		var h format.PageHeader
		if err := thrift.Unmarshal(&thrift.CompactProtocol{}, buf[:n], &h); err != nil {
			return 0, fmt.Errorf("page %d at offset %d: header: %v", page, pos, err)
		}
		body := pos + int64(n)
		if h.CompressedPageSize < 0 || int64(h.CompressedPageSize) > end-body {
			return 0, fmt.Errorf("page %d: compressed_page_size %d runs past the chunk's %d bytes", page, h.CompressedPageSize, end-start)
		}
		if h.UncompressedPageSize < 0 || h.UncompressedPageSize > MaxPageBytes {
			return 0, fmt.Errorf("page %d: uncompressed_page_size %d is outside 0 to %d", page, h.UncompressedPageSize, MaxPageBytes)
		}
		// The compressed part of the page and what it must decompress to.
		zoff, zlen, plain := body, int64(h.CompressedPageSize), int64(h.UncompressedPageSize)
		compressed := true
		switch h.Type {
		case format.DictionaryPage:
			if !h.DictionaryPageHeader.Valid {
				return 0, fmt.Errorf("page %d: a dictionary page without its dictionary_page_header", page)
			}
			if page != 0 {
				return 0, fmt.Errorf("page %d: a dictionary page after the first page", page)
			}
			dh := h.DictionaryPageHeader.V
			if dh.NumValues < 0 || int64(dh.NumValues) > plain/minValueBytes(leaf.el.Type.V, leaf.el.TypeLength.V) {
				return 0, fmt.Errorf("page %d: dictionary_page_header.num_values %d in an uncompressed_page_size of %d bytes", page, dh.NumValues, plain)
			}
		case format.DataPage:
			if !h.DataPageHeader.Valid {
				return 0, fmt.Errorf("page %d: a data page without its data_page_header", page)
			}
			if nv := h.DataPageHeader.V.NumValues; nv < 0 || int64(nv) > md.NumValues-values {
				return 0, fmt.Errorf("page %d: data_page_header.num_values %d, where the chunk's num_values %d leaves %d", page, nv, md.NumValues, md.NumValues-values)
			}
			values += int64(h.DataPageHeader.V.NumValues)
		case format.DataPageV2:
			if !h.DataPageHeaderV2.Valid {
				return 0, fmt.Errorf("page %d: a data page without its data_page_header_v2", page)
			}
			dh := h.DataPageHeaderV2.V
			if dh.NumValues < 0 || int64(dh.NumValues) > md.NumValues-values {
				return 0, fmt.Errorf("page %d: data_page_header_v2.num_values %d, where the chunk's num_values %d leaves %d", page, dh.NumValues, md.NumValues, md.NumValues-values)
			}
			if dh.NumNulls < 0 || dh.NumNulls > dh.NumValues || dh.NumRows < 0 || dh.NumRows > dh.NumValues {
				return 0, fmt.Errorf("page %d: data_page_header_v2 num_nulls %d, num_rows %d, for num_values %d", page, dh.NumNulls, dh.NumRows, dh.NumValues)
			}
			levels := int64(dh.DefinitionLevelsByteLength) + int64(dh.RepetitionLevelsByteLength)
			if dh.DefinitionLevelsByteLength < 0 || dh.RepetitionLevelsByteLength < 0 || levels > zlen || levels > plain {
				return 0, fmt.Errorf("page %d: data_page_header_v2 level lengths %d and %d do not fit the page", page, dh.DefinitionLevelsByteLength, dh.RepetitionLevelsByteLength)
			}
			values += int64(dh.NumValues)
			zoff, zlen, plain = zoff+levels, zlen-levels, plain-levels
			compressed = !dh.IsCompressed.Valid || dh.IsCompressed.V
		case format.IndexPage:
			compressed = false
			plain = zlen
		default:
			return 0, fmt.Errorf("page %d: unknown page type %d", page, h.Type)
		}
		codec := md.Codec
		if !compressed {
			codec = format.Uncompressed
		}
		if err := checkDecompressed(r, codec, zoff, zlen, plain); err != nil {
			return 0, fmt.Errorf("page %d: %v", page, err)
		}
		total += int64(h.UncompressedPageSize)
		pos = body + int64(h.CompressedPageSize)
	}
	if values != md.NumValues {
		return 0, fmt.Errorf("num_values is %d, its data pages hold %d", md.NumValues, values)
	}
	return total, nil
}

// checkDecompressed checks that the n bytes at off, compressed with codec, decompress to exactly
// want bytes, without holding more than the page. Snappy states its length up front; the stream
// codecs are decompressed and counted, so that a page the library later decompresses cannot grow
// past what its header declares (a decompression bomb, or LZ4's doubling on a corrupt block).
func checkDecompressed(r io.ReaderAt, codec format.CompressionCodec, off, n, want int64) error {
	mismatch := func(got int64) error {
		return fmt.Errorf("uncompressed_page_size is %d, the %s data holds %d bytes", want, codec, got)
	}
	src := io.NewSectionReader(r, off, n)
	var z io.Reader
	switch codec {
	case format.Uncompressed:
		if n != want {
			return mismatch(n)
		}
		return nil
	case format.Snappy:
		var head [binary.MaxVarintLen32]byte
		k, _ := src.ReadAt(head[:min(n, int64(len(head)))], 0)
		got, err := snappy.DecodedLen(head[:k])
		if err != nil {
			return fmt.Errorf("snappy data: %v", err)
		}
		if int64(got) != want {
			return mismatch(int64(got))
		}
		return nil
	case format.Lz4Raw:
		b := make([]byte, n)
		if _, err := src.ReadAt(b, 0); err != nil && err != io.EOF {
			return err
		}
		out := make([]byte, want)
		got, err := lz4.UncompressBlock(b, out)
		if err != nil {
			return fmt.Errorf("LZ4_RAW data does not decompress to the %d bytes uncompressed_page_size declares: %v", want, err)
		}
		if int64(got) != want {
			return mismatch(int64(got))
		}
		return nil
	case format.Gzip:
		if n == 0 && want == 0 {
			return nil
		}
		g, err := gzip.NewReader(src)
		if err != nil {
			return fmt.Errorf("gzip data: %v", err)
		}
		z = g
	case format.Zstd:
		d, err := zstd.NewReader(src, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(uint64(MaxPageBytes)))
		if err != nil {
			return fmt.Errorf("zstd data: %v", err)
		}
		defer d.Close()
		z = d
	case format.Brotli:
		z = brotli.NewReader(src)
	default:
		return fmt.Errorf("codec %s is not supported", codec)
	}
	got, err := io.Copy(io.Discard, io.LimitReader(z, want+1))
	if err != nil {
		return fmt.Errorf("%s data: %v", codec, err)
	}
	if got != want {
		return mismatch(got)
	}
	return nil
}
