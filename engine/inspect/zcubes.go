package inspect

import "layoutlab/engine/deltalog"

// fileCubes gives the files of one ZCube one *ZCube, and the files of one clustering provider
// one *string: a clustered table's million files were a million ZCubes, their ZCUBE_ZORDER_BY
// parsed twice each (json.Unmarshal), and a million provider strings, for the collector to
// mark. A ZCube's Size and Sealed are the cube's, the same for each of its files.
type fileCubes struct {
	cubes     map[cubeTags]*ZCube // nil: the tags do not make a ZCube (AddFile.ZCube)
	bytes     map[string]int64    // each ZCube id's physical bytes
	providers map[string]*string
}

// cubeTags are the tags AddFile.ZCube reads, and whether each is there: files of one id with
// other ZCUBE_ZORDER_BY text are kept apart, as each file's own tags were read before.
type cubeTags struct {
	id, zOrderBy string
	hasID, hasBy bool
}

// cubeTagsOf is the key of tags for a memo of whether they make a ZCube.
func cubeTagsOf(tags map[string]string) cubeTags {
	var k cubeTags
	k.id, k.hasID = tags[deltalog.TagZCubeID]
	k.zOrderBy, k.hasBy = tags[deltalog.TagZCubeZOrderBy]
	return k
}

func newFileCubes() *fileCubes {
	return &fileCubes{cubes: map[cubeTags]*ZCube{}, bytes: map[string]int64{}, providers: map[string]*string{}}
}

// of is f's ZCube (nil for none), parsed once per distinct pair of tags.
func (c *fileCubes) of(f *deltalog.AddFile) *ZCube {
	tags := f.Tags()
	if len(tags) == 0 {
		return nil
	}
	k := cubeTagsOf(tags)
	z, ok := c.cubes[k]
	if !ok {
		if id, by, ok := f.ZCube(); ok {
			z = &ZCube{ID: id, ZOrderBy: by}
		}
		c.cubes[k] = z
	}
	return z
}

// add counts f's bytes in its ZCube's and returns the ZCube (of).
func (c *fileCubes) add(f *deltalog.AddFile) *ZCube {
	z := c.of(f)
	if z != nil {
		c.bytes[z.ID] += f.Size
	}
	return z
}

// size sets each ZCube's bytes, once every file is added, and whether the bytes reach minCube.
func (c *fileCubes) size(minCube int64) {
	for _, z := range c.cubes {
		if z != nil {
			z.Size = c.bytes[z.ID]
			z.Sealed = z.Size >= minCube
		}
	}
}

// provider is the one *string of clustering provider p.
func (c *fileCubes) provider(p string) *string {
	s, ok := c.providers[p]
	if !ok {
		s = &p
		c.providers[p] = s
	}
	return s
}
