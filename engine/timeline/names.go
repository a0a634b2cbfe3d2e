package timeline

import (
	"math/rand/v2"

	"layoutlab/engine/layout"
)

// uuidFrom formats a version-4 UUID derived from seed (the table id).
func uuidFrom(seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 0x75756964))
	return string(layout.AppendUUID(nil, rng.Uint64(), rng.Uint64()))
}
