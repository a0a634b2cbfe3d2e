package datafiles

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/layout"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// CommitInfo is what Write records beyond the rows: the operation that laid them out.
type CommitInfo struct {
	// Operation is the commitInfo operation ("OPTIMIZE" when empty).
	Operation string
	// ZOrderBy are OPTIMIZE's zOrderBy columns (logical names), recorded in its parameters.
	ZOrderBy []string
	// PartitionColumns, when not nil, replace the source's partition columns (logical names;
	// empty for none): the files of a partitioned layout go under col=value/ folders, and every
	// row of one file must hold the same partition values.
	PartitionColumns []string
	// ClusteringColumns, when not nil, set the delta.clustering domain (logical names; empty
	// for none); nil keeps the source's clustering domain, if any.
	ClusteringColumns []string
	// Configuration, when not nil, are table properties the commit sets over the source's
	// (ALTER TABLE … SET TBLPROPERTIES), such as delta.dataSkippingStatsColumns: the files'
	// statistics follow the properties as set.
	Configuration map[string]string
	// Tags, when not nil, are each output file's add tags (ZCUBE_ID, ZCUBE_ZORDER_BY, ...).
	Tags []map[string]string
	// Timestamp is the commit's and the files' modification time, in ms (deterministic: 0 when
	// not set).
	Timestamp int64
	// Seed names the files (part-<n>-<uuid>-c000.snappy.parquet, layout.FileNamer).
	Seed uint64
}

// Write writes rows as a new Delta table in dir: one Parquet data file per entry of files (row
// indexes into rows.Table), and _delta_log/00000000000000000000.json with the source's protocol
// and metaData (partition columns per commit), its clustering domain, and one add per file with
// Delta's statistics (engine/stats, honouring delta.dataSkippingNumIndexedCols and
// delta.dataSkippingStatsColumns). rows must hold every leaf (Options.Columns nil). dir must not
// hold a Delta log already.
func Write(dir string, snap *deltalog.Snapshot, rows *Rows, files [][]int32, commit CommitInfo) error {
	w, err := newWriter(snap, rows, commit)
	if err != nil {
		return err
	}
	if commit.Tags != nil && len(commit.Tags) != len(files) {
		return fmt.Errorf("%d tag sets for %d files", len(commit.Tags), len(files))
	}
	if _, err := os.Stat(filepath.Join(dir, deltalog.LogDir)); err == nil {
		return fmt.Errorf("%s already holds a Delta log", dir)
	}
	head, clustered, err := w.header(commit)
	if err != nil {
		return err
	}
	namer := layout.NewFileNamer(commit.Seed)
	var adds []deltalog.Action
	for i, rs := range files {
		add, err := w.writeFile(dir, namer, i, rs)
		if err != nil {
			return fmt.Errorf("file %d: %v", i, err)
		}
		if commit.Tags != nil && len(commit.Tags[i]) > 0 {
			add.SetTags(commit.Tags[i])
		}
		if clustered && (commit.Operation == "" || commit.Operation == "OPTIMIZE") {
			// OPTIMIZE on a clustered table marks its files (ClusteringStrategy.tagAddFile in
			// spark/src/main/scala/org/apache/spark/sql/delta/commands/OptimizeTableStrategy.scala).
			add.SetClusteringProvider(deltalog.ClusteringProviderLiquid)
		}
		adds = append(adds, add)
	}
	if w.snap.Protocol().IsFeatureSupported(deltalog.FeatureRowTracking) {
		head = append(head, rowTracking(adds, files)...)
	}
	actions := append(head, adds...)
	return deltalog.ExportDir(dir, []deltalog.Commit{{Version: 0, Actions: actions}})
}

// writer holds what every file of one Write shares.
type writer struct {
	snap      *deltalog.Snapshot
	rows      *Rows
	md        deltalog.Metadata
	physical  []table.Leaf // index-aligned with rows.Table.Leaves
	types     []string     // Delta type names of the leaves (byte, short, integer keep their width)
	partCols  []int        // leaves that are partition columns
	dataCols  []int        // leaves written to the Parquet files
	schema    *parquet.Schema
	colIndex  []int // per leaf: its column in schema (-1 for none)
	maxDef    []int // per leaf: its column's maximum definition level
	indexed   []bool
	statsCfg  stats.Config
	statsLeaf []table.Leaf // physical leaves, for the stats JSON keys
}

func newWriter(snap *deltalog.Snapshot, rows *Rows, commit CommitInfo) (*writer, error) {
	md := snap.Metadata()
	st, err := deltalog.ParseSchema(md.SchemaString)
	if err != nil {
		return nil, fmt.Errorf("metaData.schemaString: %v", err)
	}
	if s := rows.Sample; s.RowsRead < s.RowsTotal {
		return nil, fmt.Errorf("the rows are a sample (%d of %d live rows): a copy would not hold the table's rows; read it whole (raise Options.MaxRows and MaxBytes)", s.RowsRead, s.RowsTotal)
	}
	if u := unreadColumns(st.Fields, ""); len(u) > 0 {
		return nil, fmt.Errorf("the table has columns Layout Lab does not read (%s): a copy would lose them", strings.Join(u, ", "))
	}
	logical, physical := st.SkippingSchema()
	ll, pl := logical.Leaves(), physical.Leaves()
	tb := rows.Table
	if len(tb.Leaves) != len(ll) {
		return nil, fmt.Errorf("rows hold %d of the table's %d leaves: Write needs every column (Options.Columns nil)", len(tb.Leaves), len(ll))
	}
	for i := range ll {
		if ll[i].Name() != tb.Leaves[i].Name() {
			return nil, fmt.Errorf("rows' leaf %d is %s, the table's %s", i, tb.Leaves[i].Name(), ll[i].Name())
		}
	}
	if commit.PartitionColumns != nil {
		md.PartitionColumns = slices.Clone(commit.PartitionColumns)
	}
	if commit.Configuration != nil {
		conf := make(map[string]string, len(md.Configuration)+len(commit.Configuration))
		maps.Copy(conf, md.Configuration) // the snapshot's map is shared: never written
		maps.Copy(conf, commit.Configuration)
		md.Configuration = conf
	}
	w := &writer{snap: snap, rows: rows, md: md, physical: pl, statsLeaf: pl}
	for _, pc := range md.PartitionColumns {
		i := tb.LeafIndex(pc)
		if i < 0 || len(tb.Leaves[i].Path) != 1 {
			return nil, fmt.Errorf("partition column %q is not a top-level column", pc)
		}
		w.partCols = append(w.partCols, i)
	}
	for i := range ll {
		w.types = append(w.types, deltaTypeName(st.Fields, pl[i].Path))
		if !slices.Contains(w.partCols, i) && ll[i].Type.Kind != table.Void {
			w.dataCols = append(w.dataCols, i)
		}
	}
	if err := w.buildSchema(st); err != nil {
		return nil, err
	}
	w.statsCfg = statsConfig(md)
	if w.indexed, err = stats.StatsSchema(logical, w.statsCfg); err != nil {
		return nil, fmt.Errorf("statistics columns: %v", err)
	}
	return w, nil
}

// statsConfig reads the table properties that decide which leaves get statistics.
func statsConfig(md deltalog.Metadata) stats.Config {
	cfg := stats.DefaultConfig()
	cfg.PartitionColumns = md.PartitionColumns
	if v, err := strconv.Atoi(md.Configuration["delta.dataSkippingNumIndexedCols"]); err == nil {
		cfg.NumIndexedCols = v
	}
	if v, err := strconv.Atoi(md.Configuration["delta.dataSkippingStringPrefixLength"]); err == nil {
		cfg.StringPrefixLength = v
	}
	if s := strings.TrimSpace(md.Configuration["delta.dataSkippingStatsColumns"]); s != "" {
		for _, c := range strings.Split(s, ",") {
			cfg.StatsColumns = append(cfg.StatsColumns, strings.TrimSpace(c))
		}
	}
	return cfg
}

// deltaTypeName is the schema's type name of the leaf at a physical path.
func deltaTypeName(fields []deltalog.SchemaField, path []string) string {
	for d, name := range path {
		for _, f := range fields {
			if f.PhysicalName == name {
				if d == len(path)-1 {
					return f.Type.Name
				}
				fields = f.Type.Fields
				break
			}
		}
	}
	return ""
}

// header is the commit's protocol, metaData, clustering domain and commitInfo, and whether the
// table written is clustered. Clustering columns given here upgrade the protocol to support
// clustering (Protocol.WithClustering), as CLUSTER BY does.
func (w *writer) header(commit CommitInfo) (acts []deltalog.Action, clustered bool, err error) {
	proto := w.snap.Protocol()
	var domain *deltalog.DomainMetadata
	switch {
	case commit.ClusteringColumns != nil:
		var cols [][]string
		for _, c := range commit.ClusteringColumns {
			i := w.rows.Table.LeafIndex(c)
			if i < 0 {
				return nil, false, fmt.Errorf("clustering column %q is not in the table", c)
			}
			cols = append(cols, w.physical[i].Path)
		}
		d := deltalog.ClusteringDomain(cols)
		domain = &d
		if len(cols) > 0 {
			proto = proto.WithClustering()
		}
		clustered = len(cols) > 0
	default:
		// The source's clustering, in either format (the preview's delta.liquid domain, or its
		// property, which metaData carries over).
		cols, ok := deltalog.ClusteringColumns(w.snap)
		clustered = ok && len(cols) > 0
		for _, name := range []string{deltalog.ClusteringDomainName, deltalog.LiquidPreviewDomainName} {
			if d, ok := w.snap.DomainMetadata(name); ok && domain == nil {
				domain = &d
			}
		}
	}
	if clustered && len(w.md.PartitionColumns) > 0 {
		return nil, false, fmt.Errorf("a clustered table cannot be partitioned (partition columns %v)", w.md.PartitionColumns)
	}
	op := commit.Operation
	if op == "" {
		op = "OPTIMIZE"
	}
	ci := deltalog.CommitInfo{Timestamp: commit.Timestamp, Operation: op, OperationParameters: map[string]string{}}
	if commit.ZOrderBy != nil {
		ci.OperationParameters["zOrderBy"] = jsonStrings(commit.ZOrderBy)
	}
	if w.md.Configuration["delta.enableInCommitTimestamps"] == "true" {
		// PROTOCOL.md "In-Commit Timestamps": commitInfo first, with inCommitTimestamp.
		ts := commit.Timestamp
		ci.InCommitTimestamp = &ts
	}
	acts = []deltalog.Action{ci, proto, w.md}
	if domain != nil {
		acts = append(acts, *domain)
	}
	return acts, clustered, nil
}

// rowTracking gives each new file its fresh Row IDs and commit version, and records the high
// water mark, as a writer must where rowTracking is supported (PROTOCOL.md "Row Tracking"). The
// copy is a new table: its rows get fresh IDs from 0, not the source's (which would need the
// materialized Row ID column).
func rowTracking(adds []deltalog.Action, files [][]int32) []deltalog.Action {
	next := int64(0)
	for i, a := range adds {
		add := a.(deltalog.AddFile)
		base, version := next, int64(0)
		e := add.Extras()
		e.BaseRowID, e.DefaultRowCommitVersion = &base, &version
		add.SetExtras(e)
		next += int64(len(files[i]))
		adds[i] = add
	}
	cfg := fmt.Sprintf(`{"rowIdHighWaterMark":%d,"domainName":"delta.rowTracking"}`, next-1)
	return []deltalog.Action{deltalog.DomainMetadata{Domain: "delta.rowTracking", Configuration: cfg}}
}

// jsonStrings is a list of names as a JSON array, as zOrderBy's parameter is written.
func jsonStrings(s []string) string {
	b, _ := json.Marshal(s) // strings always encode
	return string(b)
}

// writeFile writes one data file of the given rows and returns its add action.
func (w *writer) writeFile(dir string, namer *layout.FileNamer, split int, rs []int32) (deltalog.AddFile, error) {
	tb := w.rows.Table
	pv := map[string]string{}
	var names []string
	var vals []table.Value
	for _, c := range w.partCols {
		var v table.Value
		for k, r := range rs {
			x := tb.Cols[c].Value(int(r))
			if k == 0 {
				v = x
			} else if x.Null != v.Null || !x.Null && table.Compare(x, v) != 0 {
				return deltalog.AddFile{}, fmt.Errorf("rows of partition column %s hold %v and %v", tb.Leaves[c].Name(), v, x)
			}
		}
		key := w.physical[c].Path[0]
		names, vals = append(names, key), append(vals, v)
		pv[key] = partitionString(v)
	}
	rel := namer.Name(layout.PartitionDir(names, vals), split)
	if len(w.partCols) == 0 {
		rel = namer.Name("", split)
	}
	full := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return deltalog.AddFile{}, err
	}
	size, err := w.writeParquet(full, rs)
	if err != nil {
		return deltalog.AddFile{}, fmt.Errorf("%s: %v", rel, err)
	}
	fs := stats.Collect(tb, rs, w.indexed, w.statsCfg)
	if w.snap.Protocol().IsFeatureSupported("deletionVectors") {
		// StatisticsCollection.statsCollector: a new file's bounds are tight when DVs are
		// supported (spark/src/main/scala/org/apache/spark/sql/delta/stats/StatisticsCollection.scala).
		tight := true
		fs.TightBounds = &tight
	}
	return deltalog.AddFile{
		Path: (&url.URL{Path: rel}).EscapedPath(), PartitionValues: pv, Size: size,
		DataChange: false, Stats: fs.JSON(w.statsLeaf),
	}, nil
}

// partitionString is a partition value as partitionValues holds it (PROTOCOL.md "Partition Value
// Serialization"); NULL is "" (written as null).
func partitionString(v table.Value) string {
	if v.Absent() {
		return ""
	}
	return v.String()
}

// buildSchema makes the Parquet schema of the data columns under their physical names, with
// field ids under column mapping, in the types Spark writes (DATE, TIMESTAMP micros, DECIMAL on
// INT32, INT64 or a 16-byte FIXED_LEN_BYTE_ARRAY by precision).
func (w *writer) buildSchema(st deltalog.StructType) error {
	root := parquet.Group{}
	for _, i := range w.dataCols {
		node, err := leafNode(w.rows.Table.Leaves[i].Type, w.types[i])
		if err != nil {
			return fmt.Errorf("column %s: %v", w.rows.Table.Leaves[i].Name(), err)
		}
		path := w.physical[i].Path
		ids := fieldIDs(st.Fields, path)
		if id := ids[len(ids)-1]; id != 0 {
			node = parquet.FieldID(node, int(id))
		}
		g := root
		for _, name := range path[:len(path)-1] {
			sub, ok := g[name].(parquet.Group)
			if !ok {
				sub = parquet.Group{}
			}
			g[name] = sub
			g = sub
		}
		g[path[len(path)-1]] = parquet.Optional(node)
	}
	w.schema = parquet.NewSchema("spark_schema", optionalGroups(root, st.Fields))
	w.colIndex = make([]int, len(w.rows.Table.Leaves))
	w.maxDef = make([]int, len(w.rows.Table.Leaves))
	for i := range w.colIndex {
		w.colIndex[i] = -1
	}
	for _, i := range w.dataCols {
		lc, ok := w.schema.Lookup(w.physical[i].Path...)
		if !ok {
			return fmt.Errorf("column %s missing from the Parquet schema", w.rows.Table.Leaves[i].Name())
		}
		w.colIndex[i], w.maxDef[i] = lc.ColumnIndex, lc.MaxDefinitionLevel
	}
	return nil
}

// optionalGroups makes every struct optional and gives it its field id, as Spark writes.
func optionalGroups(g parquet.Group, fields []deltalog.SchemaField) parquet.Group {
	out := parquet.Group{}
	for name, n := range g {
		sub, ok := n.(parquet.Group)
		if !ok {
			out[name] = n
			continue
		}
		var f deltalog.SchemaField
		for _, x := range fields {
			if x.PhysicalName == name {
				f = x
			}
		}
		var node parquet.Node = parquet.Optional(optionalGroups(sub, f.Type.Fields))
		if f.ID != 0 {
			node = parquet.FieldID(node, int(f.ID))
		}
		out[name] = node
	}
	return out
}

func leafNode(t table.Type, deltaType string) (parquet.Node, error) {
	switch t.Kind {
	case table.Bigint:
		return parquet.Int(64), nil
	case table.Int:
		switch deltaType {
		case "byte":
			return parquet.Int(8), nil
		case "short":
			return parquet.Int(16), nil
		}
		return parquet.Int(32), nil
	case table.Double:
		return parquet.Leaf(parquet.DoubleType), nil
	case table.Float:
		return parquet.Leaf(parquet.FloatType), nil
	case table.String:
		return parquet.String(), nil
	case table.Binary:
		return parquet.Leaf(parquet.ByteArrayType), nil
	case table.Boolean:
		return parquet.Leaf(parquet.BooleanType), nil
	case table.Date:
		return parquet.Date(), nil
	case table.Timestamp:
		return parquet.Timestamp(parquet.Microsecond), nil
	case table.TimestampNTZ:
		return parquet.TimestampAdjusted(parquet.Microsecond, false), nil
	case table.Decimal:
		switch {
		case t.Precision <= 9:
			return parquet.Decimal(int(t.Scale), int(t.Precision), parquet.Int32Type), nil
		case t.Precision <= 18:
			return parquet.Decimal(int(t.Scale), int(t.Precision), parquet.Int64Type), nil
		}
		return parquet.Decimal(int(t.Scale), int(t.Precision), parquet.FixedLenByteArrayType(16)), nil
	}
	return nil, fmt.Errorf("type %s is not written", t)
}

// writeParquet writes the rows' data columns to path and returns the file's size.
func (w *writer) writeParquet(path string, rs []int32) (int64, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	pw := parquet.NewWriter(f, w.schema, parquet.Compression(&snappy.Codec{}))
	tb := w.rows.Table
	cols := w.schema.Columns()
	// The writer copies each row's values into its column buffers, so one block of rows is
	// reused for the whole file.
	block := make([]parquet.Row, 256)
	for i := range block {
		block[i] = make(parquet.Row, len(cols))
	}
	buf := block[:0]
	flush := func() error {
		_, err := pw.WriteRows(buf)
		buf = block[:0]
		return err
	}
	for _, r := range rs {
		row := block[len(buf)]
		for _, i := range w.dataCols {
			ci := w.colIndex[i]
			row[ci] = cellValue(&tb.Cols[i], int(r), tb.Leaves[i].Type, w.maxDef[i], ci)
		}
		buf = append(buf, row)
		if len(buf) == cap(buf) {
			if err := flush(); err != nil {
				f.Close()
				return 0, err
			}
		}
	}
	err = flush()
	if err == nil {
		err = pw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// cellValue is row r of a column as a Parquet value at column ci; NULL stops one definition
// level short of the leaf (its structs are present).
func cellValue(c *table.Column, r int, t table.Type, maxDef, ci int) parquet.Value {
	if c.IsNull(r) {
		return parquet.Value{}.Level(0, maxDef-1, ci)
	}
	var v parquet.Value
	switch t.Kind {
	case table.Double:
		v = parquet.DoubleValue(c.Floats[r])
	case table.Float:
		v = parquet.FloatValue(float32(c.Floats[r]))
	case table.String, table.Binary:
		s := c.Str(r)
		v = parquet.ByteArrayValue(unsafe.Slice(unsafe.StringData(s), len(s))) // copied by the writer, never changed
	case table.Boolean:
		v = parquet.BooleanValue(c.Int(r) != 0)
	case table.Bigint, table.Timestamp, table.TimestampNTZ:
		v = parquet.Int64Value(c.Int(r))
	case table.Int, table.Date:
		v = parquet.Int32Value(int32(c.Int(r)))
	case table.Decimal:
		switch {
		case t.Precision <= 9:
			v = parquet.Int32Value(int32(c.Int(r)))
		case t.Precision <= 18:
			v = parquet.Int64Value(c.Int(r))
		default:
			// 16 bytes of two's complement, as Spark writes decimal(19..38): the high word is
			// Value.Hi less I's sign (table.Value's Hi·2^64 + I, I signed).
			var b [16]byte
			x := c.Value(r)
			binary.BigEndian.PutUint64(b[8:], uint64(x.I))
			binary.BigEndian.PutUint64(b[:8], uint64(x.Hi)-uint64(x.I)>>63)
			v = parquet.FixedLenByteArrayValue(b[:])
		}
	}
	return v.Level(0, maxDef, ci)
}
