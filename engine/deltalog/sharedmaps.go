package deltalog

import (
	"hash/maphash"
	"maps"
)

// sharedMaps gives the adds of one partition one partitionValues map, and the adds of one ZCube
// one tags map, as a snapshot is built: a log's JSON decodes a map an add (about 290 bytes for
// two partition columns, and an object or more for the collector to mark), where a table has few
// partitions and ZCubes. The maps are read-only, as AddFile's are once in a snapshot. The
// previous add's map is tried first (a commit writes a partition's files together), then the
// maps seen, up to sharedMapsMax distinct ones: a table of a file a partition keeps its own.
type sharedMaps struct {
	last  [2]map[string]string // partitionValues, tags
	seen  map[uint64][]map[string]string
	n     int // maps in seen
	empty map[string]string
}

// sharedMapsMax is how many distinct maps sharedMaps remembers beyond the previous add's.
const sharedMapsMax = 1 << 14

// share sets f's partitionValues and tags to the maps of equal contents seen before.
func (m *sharedMaps) share(f *AddFile) {
	f.PartitionValues = m.one(0, f.PartitionValues)
	f.Tags = m.one(1, f.Tags)
}

func (m *sharedMaps) one(kind int, v map[string]string) map[string]string {
	if v == nil {
		return nil
	}
	if len(v) == 0 { // {} is kept apart from an absent map
		if m.empty == nil {
			m.empty = v
		}
		return m.empty
	}
	if last := m.last[kind]; last != nil && maps.Equal(last, v) {
		return last
	}
	h := contentsHash(kind, v)
	for _, s := range m.seen[h] { // the same hash: equal contents, or a collision
		if maps.Equal(s, v) {
			m.last[kind] = s
			return s
		}
	}
	if m.seen == nil {
		m.seen = map[uint64][]map[string]string{}
	}
	if m.n < sharedMapsMax {
		m.seen[h] = append(m.seen[h], v)
		m.n++
	}
	m.last[kind] = v
	return v
}

// sharedMapsSeed seeds contentsHash: the hash only picks which maps are compared.
var sharedMapsSeed = maphash.MakeSeed()

// contentsHash hashes v's entries in any order (a sum), and kind: no allocation, where a key
// spelled from the sorted entries was one an add.
func contentsHash(kind int, v map[string]string) uint64 {
	h := uint64(kind)
	for k, x := range v {
		hk, hx := maphash.String(sharedMapsSeed, k), maphash.String(sharedMapsSeed, x)
		h += hk*0x9e3779b97f4a7c15 ^ hx
	}
	return h
}
