package datafiles

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Magic numbers of Delta's RoaringBitmapArray serialisations (PROTOCOL.md "Deletion Vector
// Format"; spark/src/main/scala/org/apache/spark/sql/delta/deletionvectors/RoaringBitmapArray.scala).
const (
	magicPortable = 1681511377 // the 64-bit portable Roaring format, what Delta writes
	magicNative   = 1681511376 // Delta's older native format: int32 count, then size-prefixed bitmaps
)

// 32-bit Roaring format cookies (https://github.com/RoaringBitmap/RoaringFormatSpec).
const (
	serialCookieNoRun = 12346
	serialCookie      = 12347
	noOffsetThreshold = 4
	arrayMaxCard      = 4096
)

// bitmapReader walks a little-endian byte slice, failing once it runs out.
type bitmapReader struct {
	b   []byte
	pos int
}

var errShort = errors.New("the bitmap ends early")

func (r *bitmapReader) take(n int) ([]byte, error) {
	if n < 0 || n > len(r.b)-r.pos {
		return nil, errShort
	}
	out := r.b[r.pos : r.pos+n]
	r.pos += n
	return out, nil
}

func (r *bitmapReader) u16() (uint16, error) {
	b, err := r.take(2)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint16(b), nil
}

func (r *bitmapReader) u32() (uint32, error) {
	b, err := r.take(4)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

// decodeBitmapArray decodes a serialised RoaringBitmapArray (magic number included) into its
// values in ascending order. Every value must be below limit (the file's rows) and there may be
// at most want of them (the descriptor's cardinality), so a corrupt bitmap cannot make the
// reader hold more than the rows it deletes.
func decodeBitmapArray(b []byte, limit uint64, want int64) ([]uint64, error) {
	r := &bitmapReader{b: b}
	magic, err := r.u32()
	if err != nil {
		return nil, err
	}
	out := make([]uint64, 0, min(want, int64(len(b))*8))
	add := func(key uint32) func(uint32) error {
		return func(low uint32) error {
			v := uint64(key)<<32 | uint64(low)
			if v >= limit {
				return fmt.Errorf("row index %d is past the file's %d rows", v, limit)
			}
			if int64(len(out)) >= want {
				return fmt.Errorf("the bitmap holds more than the %d rows its cardinality says", want)
			}
			if len(out) > 0 && v <= out[len(out)-1] {
				return fmt.Errorf("row %d after row %d: a bitmap's values ascend strictly", v, out[len(out)-1])
			}
			out = append(out, v)
			return nil
		}
	}
	switch magic {
	case magicPortable:
		nb, err := r.take(8)
		if err != nil {
			return nil, err
		}
		n := binary.LittleEndian.Uint64(nb)
		if n > uint64(len(b)) { // each bitmap takes at least a byte
			return nil, fmt.Errorf("%d bitmaps in %d bytes", n, len(b))
		}
		for i := uint64(0); i < n; i++ {
			key, err := r.u32()
			if err != nil {
				return nil, err
			}
			if key>>31 != 0 { // PROTOCOL.md: every key has a 0 as its most significant bit
				return nil, fmt.Errorf("bitmap key %d has its top bit set", key)
			}
			if err := decodeRoaring32(r, add(key)); err != nil {
				return nil, fmt.Errorf("bitmap %d (key %d): %v", i, key, err)
			}
		}
	case magicNative:
		n, err := r.u32()
		if err != nil {
			return nil, err
		}
		if int64(n) > int64(len(b)) {
			return nil, fmt.Errorf("%d bitmaps in %d bytes", n, len(b))
		}
		for i := uint32(0); i < n; i++ {
			size, err := r.u32()
			if err != nil {
				return nil, err
			}
			body, err := r.take(int(size))
			if err != nil {
				return nil, err
			}
			sub := &bitmapReader{b: body}
			if err := decodeRoaring32(sub, add(i)); err != nil {
				return nil, fmt.Errorf("bitmap %d: %v", i, err)
			}
		}
	default:
		return nil, fmt.Errorf("magic number %d is not a RoaringBitmapArray's (%d)", magic, magicPortable)
	}
	if r.pos != len(b) {
		return nil, fmt.Errorf("%d bytes after the bitmap's end", len(b)-r.pos)
	}
	return out, nil
}

// decodeRoaring32 decodes one 32-bit Roaring bitmap in the portable format (RoaringFormatSpec:
// cookie, descriptive header, optional offsets, then array, bitmap and run containers), calling
// add with each value in ascending order.
func decodeRoaring32(r *bitmapReader, add func(uint32) error) error {
	cookie, err := r.u32()
	if err != nil {
		return err
	}
	var n int
	var runs []byte
	switch {
	case cookie == serialCookieNoRun:
		c, err := r.u32()
		if err != nil {
			return err
		}
		if int64(c) > int64(len(r.b)) {
			return fmt.Errorf("%d containers in %d bytes", c, len(r.b))
		}
		n = int(c)
	case cookie&0xFFFF == serialCookie:
		n = int(cookie>>16) + 1
		if runs, err = r.take((n + 7) / 8); err != nil {
			return err
		}
	default:
		return fmt.Errorf("cookie %d is not a Roaring bitmap's", cookie)
	}
	header, err := r.take(4 * n)
	if err != nil {
		return err
	}
	if runs == nil || n >= noOffsetThreshold {
		if _, err := r.take(4 * n); err != nil { // offsets: the containers follow in order anyway
			return err
		}
	}
	prevKey := -1
	for i := 0; i < n; i++ {
		key := int(binary.LittleEndian.Uint16(header[4*i:]))
		card := int(binary.LittleEndian.Uint16(header[4*i+2:])) + 1
		if key <= prevKey {
			return fmt.Errorf("container keys out of order (%d after %d)", key, prevKey)
		}
		prevKey = key
		isRun := runs != nil && runs[i/8]&(1<<(i%8)) != 0
		if err := decodeContainer(r, uint32(key)<<16, card, isRun, add); err != nil {
			return fmt.Errorf("container %d: %v", i, err)
		}
	}
	return nil
}

func decodeContainer(r *bitmapReader, high uint32, card int, isRun bool, add func(uint32) error) error {
	got := 0
	switch {
	case isRun:
		nr, err := r.u16()
		if err != nil {
			return err
		}
		pairs, err := r.take(4 * int(nr))
		if err != nil {
			return err
		}
		for j := 0; j < int(nr); j++ {
			start := uint32(binary.LittleEndian.Uint16(pairs[4*j:]))
			length := uint32(binary.LittleEndian.Uint16(pairs[4*j+2:]))
			if start+length > 0xFFFF {
				return fmt.Errorf("run %d+%d passes 65535", start, length)
			}
			for v := start; v <= start+length; v++ {
				if err := add(high | v); err != nil {
					return err
				}
				got++
			}
		}
	case card <= arrayMaxCard:
		vals, err := r.take(2 * card)
		if err != nil {
			return err
		}
		for j := 0; j < card; j++ {
			if err := add(high | uint32(binary.LittleEndian.Uint16(vals[2*j:]))); err != nil {
				return err
			}
		}
		got = card
	default:
		words, err := r.take(8192)
		if err != nil {
			return err
		}
		for w := 0; w < 1024; w++ {
			word := binary.LittleEndian.Uint64(words[8*w:])
			for bit := 0; word != 0; bit++ {
				if word&1 != 0 {
					if err := add(high | uint32(w*64+bit)); err != nil {
						return err
					}
					got++
				}
				word >>= 1
			}
		}
	}
	if got != card {
		return fmt.Errorf("holds %d values, its header says %d", got, card)
	}
	return nil
}
