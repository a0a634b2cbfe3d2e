package parquetjson

import (
	"github.com/parquet-go/parquet-go"

	deltalog "layoutlab/engine/log"
)

// addColumns are the leaf columns of a checkpoint's add struct that Rows decodes to AddFile's
// fields directly; the row's other add columns (stats_parsed, partitionValues_parsed, fields a
// later protocol adds) are not read, as AddFile has no field for them.
type addColumns struct {
	def               int // the definition level at which the add struct is present
	path, size, mtime int
	dataChange, stats int
	pvKey, pvValue    int
	tagKey, tagValue  int
	pvEmpty, tagEmpty int // the definition level of a present, empty map
	dvType, dvPath    int
	dvOffset, dvSize  int
	dvCard            int
	baseRowID         int
	rowCommitVersion  int
	provider          int
	statsParsed       []int // columns under add.stats_parsed
	all               []int // every column under add
}

func lookupAdd(schema *parquet.Schema) (*addColumns, bool) {
	var add parquet.Field
	for _, f := range schema.Fields() {
		if f.Name() == "add" {
			add = f
		}
	}
	if add == nil || add.Leaf() || !add.Optional() {
		return nil, false
	}
	col := func(path ...string) int {
		if l, ok := schema.Lookup(append([]string{"add"}, path...)...); ok {
			return l.ColumnIndex
		}
		return -1
	}
	c := &addColumns{def: 1,
		path: col("path"), size: col("size"), mtime: col("modificationTime"), dataChange: col("dataChange"), stats: col("stats"),
		pvKey: col("partitionValues", "key_value", "key"), pvValue: col("partitionValues", "key_value", "value"),
		tagKey: col("tags", "key_value", "key"), tagValue: col("tags", "key_value", "value"),
		dvType: col("deletionVector", "storageType"), dvPath: col("deletionVector", "pathOrInlineDv"),
		dvOffset: col("deletionVector", "offset"), dvSize: col("deletionVector", "sizeInBytes"), dvCard: col("deletionVector", "cardinality"),
		baseRowID: col("baseRowId"), rowCommitVersion: col("defaultRowCommitVersion"), provider: col("clusteringProvider"),
	}
	if c.path < 0 || c.size < 0 {
		return nil, false
	}
	// A map's key is required under the repeated key_value: a map present but empty stops one
	// level short of the key's maximum.
	if l, ok := schema.Lookup("add", "partitionValues", "key_value", "key"); ok {
		c.pvEmpty = l.MaxDefinitionLevel - 1
	}
	if l, ok := schema.Lookup("add", "tags", "key_value", "key"); ok {
		c.tagEmpty = l.MaxDefinitionLevel - 1
	}
	for i, p := range schema.Columns() {
		if p[0] != "add" {
			continue
		}
		c.all = append(c.all, i)
		if len(p) > 1 && p[1] == "stats_parsed" {
			c.statsParsed = append(c.statsParsed, i)
		}
	}
	return c, true
}

// progressEvery is how many rows Rows reads between calls of its progress.
const progressEvery = 4096

// Rows decodes a Parquet checkpoint or sidecar for engine/log (deltalog.UseParquetRows): add
// actions straight to AddFile, every other action, and an add that needs more than its typed
// columns (statistics kept only as stats_parsed, a missing size), as the JSON line Lines gives.
func Rows(b []byte, progress func(done, total int)) (out []deltalog.ParquetRow, err error) {
	err = eachRow(b, func(c *checkpoint) error {
		cols, typed := lookupAdd(c.schema)
		out = make([]deltalog.ParquetRow, 0, c.pf.NumRows())
		byCol := make([][]parquet.Value, len(c.schema.Columns()))
		return c.read(func(row int64, pr parquet.Row) error {
			if progress != nil && row%progressEvery == 1 {
				progress(int(row-1), int(c.pf.NumRows()))
			}
			var r deltalog.ParquetRow
			ok := false
			if typed {
				r.Add, ok = decodeAdd(cols, pr, byCol)
			}
			if !ok {
				var err error
				if r.Line, err = c.line(pr); err != nil {
					return err
				}
			}
			out = append(out, r)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// decodeAdd reads the row's add action from its leaf values. It reports false for a row that is
// not an add, or an add it leaves to the JSON path (see Rows); byCol is scratch space.
func decodeAdd(c *addColumns, row parquet.Row, byCol [][]parquet.Value) (*deltalog.AddFile, bool) {
	for _, i := range c.all {
		byCol[i] = byCol[i][:0]
	}
	present := false
	for _, v := range row {
		ci := v.Column()
		if ci < len(byCol) {
			byCol[ci] = append(byCol[ci], v)
		}
	}
	for _, i := range c.all {
		for _, v := range byCol[i] {
			if v.DefinitionLevel() >= c.def {
				present = true
			}
		}
	}
	if !present {
		return nil, false
	}
	one := func(ci int) (parquet.Value, bool) {
		if ci < 0 || len(byCol[ci]) != 1 || byCol[ci][0].IsNull() {
			return parquet.Value{}, false
		}
		return byCol[ci][0], true
	}
	str := func(ci int) (string, bool) {
		v, ok := one(ci)
		if !ok || v.Kind() != parquet.ByteArray {
			return "", false
		}
		return string(v.ByteArray()), true
	}
	i64 := func(ci int) (int64, bool) {
		v, ok := one(ci)
		if !ok {
			return 0, false
		}
		switch v.Kind() {
		case parquet.Int64:
			return v.Int64(), true
		case parquet.Int32:
			return int64(v.Int32()), true
		}
		return 0, false
	}
	a := &deltalog.AddFile{}
	var ok bool
	if a.Path, ok = str(c.path); !ok {
		return nil, false // no path: the JSON path names what is wrong
	}
	if a.Size, ok = i64(c.size); !ok {
		return nil, false
	}
	a.ModificationTime, _ = i64(c.mtime)
	if v, ok := one(c.dataChange); ok && v.Kind() == parquet.Boolean {
		a.DataChange = v.Boolean()
	}
	a.Stats, _ = str(c.stats)
	if a.Stats == "" {
		for _, ci := range c.statsParsed {
			for _, v := range byCol[ci] {
				if v.DefinitionLevel() > c.def {
					return nil, false // statistics only as a struct: rendered to JSON by rowLine
				}
			}
		}
	}
	if a.PartitionValues, ok = stringMap(byCol, c.pvKey, c.pvValue, c.pvEmpty); !ok {
		return nil, false
	}
	if a.Tags, ok = stringMap(byCol, c.tagKey, c.tagValue, c.tagEmpty); !ok {
		return nil, false
	}
	if t, ok := str(c.dvType); ok {
		dv := &deltalog.DeletionVectorDescriptor{StorageType: t}
		dv.PathOrInlineDv, _ = str(c.dvPath)
		if o, ok := i64(c.dvOffset); ok {
			o32 := int32(o)
			dv.Offset = &o32
		}
		size, _ := i64(c.dvSize)
		dv.SizeInBytes = int32(size)
		dv.Cardinality, _ = i64(c.dvCard)
		a.DeletionVector = dv
	}
	if v, ok := i64(c.baseRowID); ok {
		a.BaseRowID = &v
	}
	if v, ok := i64(c.rowCommitVersion); ok {
		a.DefaultRowCommitVersion = &v
	}
	a.ClusteringProvider, _ = str(c.provider)
	return a, true
}

// stringMap reads a MAP<string, string> from its key and value columns (one value each per
// entry, or a single null for an empty or null map); a null value is the empty string, as the
// JSON path decodes a null into AddFile's map. Nil for a null or missing map, as JSON gives.
func stringMap(byCol [][]parquet.Value, kc, vc, empty int) (map[string]string, bool) {
	if kc < 0 || vc < 0 {
		return nil, true
	}
	keys, vals := byCol[kc], byCol[vc]
	if len(keys) != len(vals) {
		return nil, false
	}
	var m map[string]string
	for i, k := range keys {
		if k.IsNull() {
			if k.DefinitionLevel() >= empty && m == nil {
				m = map[string]string{}
			}
			continue
		}
		if m == nil {
			m = make(map[string]string, len(keys))
		}
		v := ""
		if !vals[i].IsNull() {
			v = string(vals[i].ByteArray())
		}
		m[string(k.ByteArray())] = v
	}
	return m, true
}
