package parquetjson

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestThriftSize: the walk that runs before the Thrift decoder refuses a length the bytes cannot
// hold and structs nested past maxThriftDepth, naming the field; a truncated struct is
// errThriftShort (a page header read through a window is read again wider).
func TestThriftSize(t *testing.T) {
	// Field 1 (i32, delta 1) = 7, stop.
	if n, err := thriftSize([]byte{0x15, 0x0e, 0x00}, nil); n != 3 || err != nil {
		t.Errorf("i32 field: %d, %v", n, err)
	}
	// Field 4 (binary, delta 4) declaring 1000 bytes with 2 left.
	if _, err := thriftSize([]byte{0x48, 0xe8, 0x07, 'a', 'b'}, fileMetaDataFields); err == nil || !strings.Contains(err.Error(), "row_groups") {
		t.Errorf("binary too long: %v", err)
	}
	if _, err := thriftSize([]byte{0x15}, nil); !errors.Is(err, errThriftShort) {
		t.Errorf("truncated: %v", err)
	}
	// Field 1, a struct (delta 1, type 12), nested 1000 deep.
	deep := append(bytes.Repeat([]byte{0x1c}, 1000), bytes.Repeat([]byte{0x00}, 1001)...)
	if _, err := thriftSize(deep, nil); err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("deep: %v", err)
	}
	// Field 4, a list of 2^20 empty structs: a byte each, but 560 bytes each decoded.
	many := append([]byte{0x49, 0xfc, 0x80, 0x80, 0x40}, bytes.Repeat([]byte{0x00}, 1<<20)...)
	if _, err := thriftSize(append(many, 0x00), fileMetaDataFields); err == nil || !strings.Contains(err.Error(), "row_groups: lists that would take more than") {
		t.Errorf("many structs: %v", err)
	}
}
