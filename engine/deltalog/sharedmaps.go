package deltalog

import (
	"hash/maphash"
	"maps"
	"unsafe"
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
	// extras are the AddFileExtras shared so far, by their tags and clustering provider.
	extras map[extrasKey]*AddFileExtras
}

// sharedMapsMax is how many distinct maps sharedMaps remembers beyond the previous add's.
const sharedMapsMax = 1 << 14

// share sets f's partitionValues and tags to the maps of equal contents seen before, and gives
// the adds whose extras are only tags and a clustering provider (a ZCube's files) one
// AddFileExtras a kind: a clustered table's million adds are then 72 bytes each, not 120.
func (m *sharedMaps) share(f *AddFile) {
	f.PartitionValues = m.one(0, f.PartitionValues)
	e := f.extras
	if e == nil {
		return
	}
	if e.Tags != nil {
		// In place: the map is replaced by one of equal contents, which no add sharing e can
		// tell apart (AddFile.extras is otherwise never changed).
		e.Tags = m.one(1, e.Tags)
	}
	if e.DeletionVector != nil || e.BaseRowID != nil || e.DefaultRowCommitVersion != nil {
		return
	}
	k := extrasKey{*(*unsafe.Pointer)(unsafe.Pointer(&e.Tags)), e.ClusteringProvider}
	if s, ok := m.extras[k]; ok {
		f.extras = s
		return
	}
	if m.extras == nil {
		m.extras = map[extrasKey]*AddFileExtras{}
	}
	if len(m.extras) < sharedMapsMax {
		c := *e // not e, which may be one of a checkpoint decoder's array (kept whole by it)
		m.extras[k], f.extras = &c, &c
	}
}

// extrasKey is an AddFileExtras of tags (a map shared by one) and a clustering provider.
type extrasKey struct {
	tags     unsafe.Pointer
	provider string
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
