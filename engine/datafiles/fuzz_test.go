package datafiles

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// FuzzDecodeBitmapArray: any bytes decode to an error or to ascending rows within the file and
// the cardinality, never a panic or an allocation past them.
func FuzzDecodeBitmapArray(f *testing.F) {
	var data bytes.Buffer
	binary.Write(&data, binary.LittleEndian, uint32(magicPortable))
	binary.Write(&data, binary.LittleEndian, uint64(1))
	binary.Write(&data, binary.LittleEndian, uint32(0))
	data.Write(roaring32(nil, []testContainer{{0, 'a', []uint16{1, 5}}, {1, 'r', []uint16{3, 4, 5}}}, true))
	f.Add(data.Bytes(), uint64(1<<20), int64(5))
	f.Add([]byte{0x64, 0x39, 0xd3, 0xd0}, uint64(10), int64(1))
	f.Fuzz(func(t *testing.T, b []byte, limit uint64, want int64) {
		if want < 0 || want > 1<<20 {
			return
		}
		got, err := decodeBitmapArray(b, limit, want)
		if err != nil {
			return
		}
		if int64(len(got)) > want {
			t.Fatalf("%d rows for cardinality %d", len(got), want)
		}
		for i, v := range got {
			if v >= limit || i > 0 && v <= got[i-1] {
				t.Fatalf("row %d: %d (limit %d)", i, v, limit)
			}
		}
	})
}

// FuzzDecodeZ85 never panics, and what decodes is 4 bytes per 5 characters.
func FuzzDecodeZ85(f *testing.F) {
	f.Add("HelloWorld")
	f.Add("#####")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := decodeZ85(s)
		if err == nil && len(b) != len(s)/5*4 {
			t.Fatalf("%q: %d bytes", s, len(b))
		}
	})
}
