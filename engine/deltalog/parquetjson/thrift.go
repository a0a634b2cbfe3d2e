package parquetjson

import (
	"errors"
	"fmt"
)

// maxThriftDepth caps how deeply a footer's or page header's Thrift structs may nest. Parquet's
// own metadata nests about eight deep (FileMetaData, RowGroup, ColumnChunk, ColumnMetaData,
// Statistics; a LogicalType's TimestampType and TimeUnit); the Thrift decoder recurses once a
// level, so a deeper input is refused before it reaches it.
const maxThriftDepth = 32

// errThriftShort is a Thrift value that runs past the bytes it was given.
var errThriftShort = errors.New("truncated")

// thriftSize walks one Thrift compact-protocol struct at the start of b, without decoding it,
// and returns its length in bytes. Every list, set, map and binary length is checked against
// the bytes that remain (every element takes at least one byte), so the Thrift decoder that
// reads the struct afterwards never sizes an allocation from a count the bytes cannot hold.
// A struct cut short returns errThriftShort, so a caller reading a page header from a window
// of the file can widen the window and try again.
// names name the struct's fields by id, for errors.
func thriftSize(b []byte, names map[int16]string) (int, error) {
	w := thriftWalker{b: b}
	if err := w.structure(0, names); err != nil {
		return 0, err
	}
	return w.i, nil
}

// Field names of the structs checked, for errors (parquet.thrift).
var (
	fileMetaDataFields = map[int16]string{1: "version", 2: "schema", 3: "num_rows", 4: "row_groups", 5: "key_value_metadata", 6: "created_by", 7: "column_orders"}
	pageHeaderFields   = map[int16]string{1: "type", 2: "uncompressed_page_size", 3: "compressed_page_size", 4: "crc", 5: "data_page_header", 6: "index_page_header", 7: "dictionary_page_header", 8: "data_page_header_v2"}
)

type thriftWalker struct {
	b     []byte
	i     int
	alloc int64 // what the decoder's lists will take, at most (see maxThriftAlloc)
}

// maxThriftAlloc caps what the lists of one footer or page header take once decoded. The
// decoder makes a Go value for each element, so a list of empty structs (a byte each) would
// take hundreds of bytes per byte of footer: each struct is counted at thriftStructBytes, the
// size of the largest (format.ColumnChunk). A footer of 100,000 column chunks stays within it.
const (
	maxThriftAlloc    = 256 << 20
	thriftStructBytes = 560
)

func (w *thriftWalker) byte() (byte, error) {
	if w.i >= len(w.b) {
		return 0, errThriftShort
	}
	c := w.b[w.i]
	w.i++
	return c, nil
}

func (w *thriftWalker) uvarint() (uint64, error) {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c, err := w.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, nil
		}
	}
	return 0, errors.New("varint longer than 10 bytes")
}

// length reads a count of n-byte-or-larger items and checks that the remaining bytes can hold it.
func (w *thriftWalker) length(what string, min int) (int, error) {
	n, err := w.uvarint()
	if err != nil {
		return 0, err
	}
	if rest := uint64(len(w.b) - w.i); n > rest/uint64(min) {
		return 0, fmt.Errorf("%s of %d declared with %d bytes left: %w", what, n, rest, errThriftShort)
	}
	return int(n), nil
}

func (w *thriftWalker) skip(n int) error {
	if n > len(w.b)-w.i {
		return errThriftShort
	}
	w.i += n
	return nil
}

// Compact protocol types (thrift/doc/specs/thrift-compact-protocol.md).
const (
	tStop, tTrue, tFalse, tByte, tI16, tI32, tI64, tDouble, tBinary, tList, tSet, tMap, tStruct = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
)

// allocate counts n elements of type t that the decoder will make.
func (w *thriftWalker) allocate(n int, t byte) error {
	size := int64(16) // a string or slice header, or less
	if t == tStruct {
		size = thriftStructBytes
	}
	w.alloc += int64(n) * size
	if w.alloc > maxThriftAlloc {
		return fmt.Errorf("lists that would take more than %d bytes decoded", maxThriftAlloc)
	}
	return nil
}

func (w *thriftWalker) structure(depth int, names map[int16]string) error {
	if depth > maxThriftDepth {
		return fmt.Errorf("Thrift structs nested more than %d deep", maxThriftDepth)
	}
	id := int16(0)
	for {
		h, err := w.byte()
		if err != nil {
			return err
		}
		t := h & 0x0f
		if t == tStop {
			return nil
		}
		if h>>4 == 0 { // a long-form field id follows (zigzag i16)
			z, err := w.uvarint()
			if err != nil {
				return err
			}
			id = int16(z>>1) ^ -int16(z&1)
		} else {
			id += int16(h >> 4)
		}
		if t == tTrue || t == tFalse { // a struct field's bool is in its type
			continue
		}
		if err := w.value(t, depth); err != nil {
			if name, ok := names[id]; ok {
				return fmt.Errorf("%s: %w", name, err)
			}
			return fmt.Errorf("field %d: %w", id, err)
		}
	}
}

func (w *thriftWalker) value(t byte, depth int) error {
	switch t {
	case tTrue, tFalse, tByte: // in a list, a bool takes a byte
		return w.skip(1)
	case tI16, tI32, tI64:
		_, err := w.uvarint()
		return err
	case tDouble:
		return w.skip(8)
	case tBinary:
		n, err := w.length("binary", 1)
		if err != nil {
			return err
		}
		return w.skip(n)
	case tList, tSet:
		h, err := w.byte()
		if err != nil {
			return err
		}
		n := int(h >> 4)
		if n == 0x0f {
			if n, err = w.length("list", 1); err != nil {
				return err
			}
		}
		if err := w.allocate(n, h&0x0f); err != nil {
			return err
		}
		for range n {
			if err := w.value(h&0x0f, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tMap:
		n, err := w.length("map", 2)
		if err != nil || n == 0 {
			return err
		}
		kv, err := w.byte()
		if err != nil {
			return err
		}
		if err := w.allocate(n, kv>>4); err != nil {
			return err
		}
		if err := w.allocate(n, kv&0x0f); err != nil {
			return err
		}
		for range n {
			if err := w.value(kv>>4, depth+1); err != nil {
				return err
			}
			if err := w.value(kv&0x0f, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tStruct:
		return w.structure(depth+1, nil)
	}
	return fmt.Errorf("unknown Thrift type %d", t)
}
