package timeline

import (
	"math/rand/v2"
	"strconv"
)

// namer makes Delta-style data file names, part-<split>-<uuid>-c000.snappy.parquet
// (DelayedCommitProtocol.getFileName), with version-4 UUIDs from a seeded PCG so a scenario
// always gets the same names. It formats by hand: a run names hundreds of thousands of files.
type namer struct {
	rng *rand.Rand
	buf []byte
}

func newNamer(seed uint64) *namer {
	return &namer{rng: rand.New(rand.NewPCG(seed, 0x66696c656e616d65))}
}

const hexDigits = "0123456789abcdef"

func appendHex(b []byte, v uint64, digits int) []byte {
	for i := digits - 1; i >= 0; i-- {
		b = append(b, hexDigits[(v>>(4*uint(i)))&0xf])
	}
	return b
}

func appendUUID(b []byte, hi, lo uint64) []byte {
	hi = hi&^0xf000 | 0x4000     // version 4
	lo = lo&^(0xc<<60) | 0x8<<60 // RFC 4122 variant
	b = appendHex(b, hi>>32, 8)
	b = append(b, '-')
	b = appendHex(b, hi>>16, 4)
	b = append(b, '-')
	b = appendHex(b, hi, 4)
	b = append(b, '-')
	b = appendHex(b, lo>>48, 4)
	b = append(b, '-')
	return appendHex(b, lo, 12)
}

// name returns the path of the split-th file of a write into directory dir ("" = table root).
func (n *namer) name(dir string, split int) string {
	b := n.buf[:0]
	if dir != "" {
		b = append(b, dir...)
		b = append(b, '/')
	}
	b = append(b, "part-"...)
	s := strconv.Itoa(split)
	for i := len(s); i < 5; i++ {
		b = append(b, '0')
	}
	b = append(b, s...)
	b = append(b, '-')
	b = appendUUID(b, n.rng.Uint64(), n.rng.Uint64())
	b = append(b, "-c000.snappy.parquet"...)
	n.buf = b
	return string(b)
}

// uuidFrom formats a version-4 UUID derived from seed (the table id).
func uuidFrom(seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 0x75756964))
	return string(appendUUID(nil, rng.Uint64(), rng.Uint64()))
}
