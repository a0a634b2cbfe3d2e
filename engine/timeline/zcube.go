package timeline

import "layoutlab/engine/optimize"

// cube is one ZCube: the files whose ZCUBE_ID tag is id, and how much of it is live.
type cube struct {
	id        string
	liveBytes int64
	liveFiles int32
}

// zcubes are the table's ZCubes, each file's by its ZCUBE_ID tag (file.cube), with the counts
// the day's readout shows: ZCubes with a live file, and those of them holding at least
// minCubeSize (ZCube.filterOutLargeZCubes' test), kept up to date by every commit.
type zcubes struct {
	cubes   []cube
	index   map[string]int32
	live    int
	sealed  int
	minCube int64
}

// idFor returns the index of ZCube id, adding it when new.
func (z *zcubes) idFor(id string) int32 {
	if i, ok := z.index[id]; ok {
		return i
	}
	i := int32(len(z.cubes))
	z.cubes = append(z.cubes, cube{id: id})
	z.index[id] = i
	return i
}

// change adds bytes and files (negative for a removal) to ZCube ci (none when ci < 0).
func (z *zcubes) change(ci int32, bytes int64, files int32) {
	if ci < 0 {
		return
	}
	c := &z.cubes[ci]
	wasLive, wasSealed := c.liveFiles > 0, c.liveBytes >= z.minCube
	c.liveBytes += bytes
	c.liveFiles += files
	isLive, isSealed := c.liveFiles > 0, c.liveBytes >= z.minCube
	z.live += b2i(isLive) - b2i(wasLive)
	z.sealed += b2i(isLive && isSealed) - b2i(wasLive && wasSealed)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tagsCube is the ZCube index of the last Tags map it was asked about: an OPTIMIZE commit's
// adds share their bin's map, so the ZCUBE_ID is looked up (and hashed, byte by byte under
// js/wasm) once a bin rather than twice a file.
type tagsCube struct {
	tags  map[string]string
	ci    int32
	valid bool
}

// of returns the index in z of tags' ZCUBE_ID (added when new), -1 when it has none.
func (c *tagsCube) of(tags map[string]string, z *zcubes) int32 {
	if c.valid && optimize.SameMap(c.tags, tags) {
		return c.ci
	}
	c.tags, c.ci, c.valid = tags, -1, true
	if zid, ok := tags[optimize.TagZCubeID]; ok {
		c.ci = z.idFor(zid)
	}
	return c.ci
}
