package deltalog

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// sharedMaps gives the adds of one partition one partitionValues map, and the adds of one ZCube
// one tags map, as a snapshot is built: a log's JSON decodes a map an add (about 290 bytes for
// two partition columns, and an object or more for the collector to mark), where a table has few
// partitions and ZCubes. The maps are read-only, as AddFile's are once in a snapshot. The
// previous add's map is tried first (a commit writes a partition's files together), then the
// maps seen, up to sharedMapsMax distinct ones: a table of a file a partition keeps its own.
type sharedMaps struct {
	last  [2]map[string]string // partitionValues, tags
	seen  map[string]map[string]string
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
	key := sharedMapKey(kind, v)
	if s, ok := m.seen[key]; ok {
		m.last[kind] = s
		return s
	}
	if m.seen == nil {
		m.seen = map[string]map[string]string{}
	}
	if len(m.seen) < sharedMapsMax {
		m.seen[key] = v
	}
	m.last[kind] = v
	return v
}

// sharedMapKey spells v's entries, sorted by key, each part prefixed by its length so that no
// two maps share a spelling.
func sharedMapKey(kind int, v map[string]string) string {
	var b strings.Builder
	b.WriteByte(byte('0' + kind))
	for _, k := range slices.Sorted(maps.Keys(v)) {
		for _, s := range [2]string{k, v[k]} {
			b.WriteString(strconv.Itoa(len(s)))
			b.WriteByte(':')
			b.WriteString(s)
		}
	}
	return b.String()
}
