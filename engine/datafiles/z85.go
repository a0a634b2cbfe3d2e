package datafiles

import "fmt"

// z85Alphabet is Z85 (https://rfc.zeromq.org/spec/32/), the Base85 variant of deletion vector
// descriptors (PROTOCOL.md "Deletion Vector Descriptor Schema"; Delta's
// kernel/kernel-api/src/main/java/io/delta/kernel/internal/deletionvectors/Base85Codec.java).
const z85Alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"

var z85Decode = func() (m [128]int8) {
	for i := range m {
		m[i] = -1
	}
	for i := 0; i < len(z85Alphabet); i++ {
		m[z85Alphabet[i]] = int8(i)
	}
	return m
}()

// z85Decode decodes s, whose length must be a multiple of 5, into 4 bytes per 5 characters
// (big-endian blocks, as Base85Codec.decodeBlocks).
func decodeZ85(s string) ([]byte, error) {
	if len(s)%5 != 0 {
		return nil, fmt.Errorf("Z85 text of %d characters is not a multiple of 5", len(s))
	}
	out := make([]byte, 0, len(s)/5*4)
	for i := 0; i < len(s); i += 5 {
		var sum uint64
		for j := i; j < i+5; j++ {
			c := s[j]
			if c >= 128 || z85Decode[c] < 0 {
				return nil, fmt.Errorf("Z85 text has %q at %d, outside the Z85 alphabet", c, j)
			}
			sum = sum*85 + uint64(z85Decode[c])
		}
		if sum > 0xFFFFFFFF {
			return nil, fmt.Errorf("Z85 block at %d decodes past 32 bits", i)
		}
		out = append(out, byte(sum>>24), byte(sum>>16), byte(sum>>8), byte(sum))
	}
	return out, nil
}
