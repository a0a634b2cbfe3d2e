package skipping

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// Tests on real Delta tables: their logs are replayed with engine/deltalog, their statistics read with
// engine/stats, and their data files read with github.com/parquet-go/parquet-go (tests only), so
// that a file's verdict can be checked against the rows it really holds.

// The checkpointed tables are read from their checkpoints (OpenOptions.Parquet), as Delta Kernel
// reads them.

// realTableDirs are the tables that ship their data files, relative to this package.
var realTableDirs = []string{
	"../deltalog/testdata/tables/dat/basic_append/delta",
	"../deltalog/testdata/tables/dat/basic_partitioned/delta",
	"../deltalog/testdata/tables/dat/multi_partitioned/delta",
	"../deltalog/testdata/tables/dat/with_schema_change/delta",
	"../deltalog/testdata/tables/delta/data-skipping-basic-stats-all-types",
	"../deltalog/testdata/tables/delta/data-skipping-change-stats-collected-across-versions",
	"../deltalog/testdata/tables/delta/data-skipping-partition-and-data-column",
	"../deltalog/testdata/tables/delta/basic-with-inserts-deletes-checkpoint",
	"../deltalog/testdata/tables/delta/commit-info-containing-arbitrary-operationParams-types",
	"../deltalog/testdata/tables/delta/dv-partitioned-with-checkpoint",
	"../deltalog/testdata/tables/delta/multi-part-checkpoint",
	"../deltalog/testdata/tables/delta/spark-delta-1.2.1",
	"../deltalog/testdata/tables/delta-kernel-rs/parsed-stats",
	"../deltalog/testdata/tables/delta-kernel-rs/v1-multi-part-partitioned-struct-stats-only",
	"../deltalog/testdata/tables/delta-kernel-rs/v1-single-part-struct-stats-only",
	"../deltalog/testdata/tables/delta-rs/delta-1.2.1-only-struct-stats",
	"../deltalog/testdata/tables/delta-rs/table_with_liquid_clustering",
	"../deltalog/testdata/tables/delta-rs/table_with_null_stats_in_notnull_struct",
	"../deltalog/testdata/tables/delta-rs/table_with_partitioning_mapping",
	"testdata/tables/delta-kernel-rs/type-widening",
	layoutlabNumericDir, // written by layoutlab_table_test.go
	"testdata/tables/delta-kernel-rs/timestamp-truncation-stats",
	"testdata/tables/delta-kernel-rs/timestamp-partitioned-table",
	"testdata/tables/delta/basic-decimal-table",
	"testdata/tables/delta/decimal-various-scale-precision",
	"testdata/tables/layoutlab/datetime-range",
	"testdata/tables/layoutlab/datetime-range-partitioned",
}

// realTable is one snapshot with every live file's rows.
type realTable struct {
	name    string
	t       Table
	files   []File
	rows    [][][]table.Value // per file, per row, per leaf
	notes   []string          // statistics ParseJSON left out
	skipped []string          // leaves whose values could not be read from the data files
}

// sparkField is a field of a schemaString (Spark's StructType JSON).
type sparkField struct {
	Name     string          `json:"name"`
	Type     json.RawMessage `json:"type"`
	Metadata map[string]any  `json:"metadata"`
}

// schemaFields turns a schemaString's fields into Layout Lab fields under their physical names
// (statistics, partition values and Parquet columns use them under column mapping). Types Layout
// Lab lacks map to the nearest kind (byte and short to int); arrays and maps are dropped. A
// double widened from float is marked FromFloat (its older files hold float statistics).
func schemaFields(fs []sparkField) []table.Field {
	var out []table.Field
	for _, f := range fs {
		name := f.Name
		if p, ok := f.Metadata["delta.columnMapping.physicalName"].(string); ok {
			name = p
		}
		var simple string
		if json.Unmarshal(f.Type, &simple) == nil {
			var typ table.Type
			switch simple {
			case "byte", "short", "integer":
				typ = table.Type{Kind: table.Int}
			default:
				t, err := parseType(simple) // decimals up to decimal(38), unlike table.ParseType
				if err != nil {
					continue
				}
				typ = t
				if changes, ok := f.Metadata["delta.typeChanges"].([]any); ok && t.Kind == table.Double {
					for _, c := range changes {
						if m, ok := c.(map[string]any); ok && m["fromType"] == "float" {
							typ.FromFloat = true
						}
					}
				}
			}
			out = append(out, table.Field{Name: name, Type: typ, Nullable: true})
			continue
		}
		var complex struct {
			Type   string       `json:"type"`
			Fields []sparkField `json:"fields"`
		}
		if json.Unmarshal(f.Type, &complex) != nil || complex.Type != "struct" {
			continue
		}
		sub := schemaFields(complex.Fields)
		if len(sub) > 0 {
			out = append(out, table.Field{Name: name, Type: table.Type{Kind: table.Struct, Fields: sub}, Nullable: true})
		}
	}
	return out
}

func loadRealTable(t *testing.T, dir string) *realTable {
	t.Helper()
	snap, err := deltalog.OpenSnapshot(os.DirFS(dir), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	md := snap.Metadata()
	var root struct {
		Fields []sparkField `json:"fields"`
	}
	if err := json.Unmarshal([]byte(md.SchemaString), &root); err != nil {
		t.Fatalf("%s: schema: %v", dir, err)
	}
	schema := table.Schema{Fields: schemaFields(root.Fields)}
	leaves := schema.Leaves()
	rt := &realTable{name: dir}
	// Partition columns are logical names; partitionValues are keyed by physical ones.
	for _, pc := range md.PartitionColumns {
		for _, f := range root.Fields {
			if f.Name == pc {
				if p, ok := f.Metadata["delta.columnMapping.physicalName"].(string); ok {
					pc = p
				}
			}
		}
		rt.t.PartitionColumns = append(rt.t.PartitionColumns, pc)
	}
	rt.t.Leaves = leaves
	isPart := func(l table.Leaf) bool {
		for _, pc := range rt.t.PartitionColumns {
			if len(l.Path) == 1 && l.Path[0] == pc {
				return true
			}
		}
		return false
	}
	for _, add := range snap.Files() {
		f := File{Path: add.Path, PartitionValues: add.PartitionValues, Bytes: add.Size}
		if add.Stats != "" {
			var p stats.Parsed
			err := stats.NewJSONParser(leaves, 1).Parse(add.Stats, &p)
			fs, notes := p.FileStats, p.Notes
			if err != nil {
				t.Fatalf("%s: %s: %v", dir, add.Path, err)
			}
			for _, n := range notes {
				rt.notes = append(rt.notes, add.Path+": "+n)
			}
			f.Stats = &fs
		}
		rows, skipped := readParquetRows(t, dir, add.Path, leaves, isPart)
		for _, s := range skipped {
			rt.skipped = append(rt.skipped, add.Path+": "+s)
		}
		// Partition columns take their value from the add action, as a reader fills them in; where
		// the file sits in a Hive-style folder (col=value/), from that folder instead, so that the
		// rows do not depend on how this package reads partitionValues.
		pr := partRow{f: mustCompile(t, nil, rt.t), pv: add.PartitionValues}
		for _, row := range rows {
			for i, l := range leaves {
				if isPart(l) {
					row[i] = pr.value(i)
					if v, ok := hivePartitionValue(add.Path, l); ok {
						row[i] = v
					}
				}
			}
		}
		f.Rows = int64(len(rows))
		rt.files = append(rt.files, f)
		rt.rows = append(rt.rows, rows)
	}
	return rt
}

func mustCompile(t *testing.T, pred Expr, tb Table) *Filter {
	t.Helper()
	f, err := Compile(pred, tb)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// readParquetRows reads every row of a data file, one Value per leaf (partition leaves left for
// the caller). A leaf missing from the file (added by a later schema change) reads as NULL.
func readParquetRows(t *testing.T, dir, path string, leaves []table.Leaf, isPart func(table.Leaf) bool) ([][]table.Value, []string) {
	t.Helper()
	p, err := url.PathUnescape(path)
	if err != nil {
		t.Fatalf("%s: path %q: %v", dir, path, err)
	}
	fh, err := os.Open(filepath.Join(dir, filepath.FromSlash(p)))
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(fh, st.Size())
	if err != nil {
		t.Fatalf("%s: %s: %v", dir, path, err)
	}
	type col struct {
		leaf int
		node parquet.Node
	}
	byIndex := map[int]col{}
	var skipped []string
	for i, l := range leaves {
		if isPart(l) {
			continue
		}
		lc, ok := pf.Schema().Lookup(l.Path...)
		if !ok {
			continue
		}
		if lc.MaxRepetitionLevel > 0 {
			skipped = append(skipped, l.Name()+": repeated")
			continue
		}
		byIndex[lc.ColumnIndex] = col{i, lc.Node}
	}
	var out [][]table.Value
	for _, rg := range pf.RowGroups() {
		rows := rg.Rows()
		buf := make([]parquet.Row, 64)
		for {
			n, err := rows.ReadRows(buf)
			for _, row := range buf[:n] {
				vals := make([]table.Value, len(leaves))
				for i, l := range leaves {
					vals[i] = table.NullValue(l.Type.Kind)
				}
				row.Range(func(ci int, cv []parquet.Value) bool {
					c, ok := byIndex[ci]
					if !ok || len(cv) != 1 {
						return true
					}
					v, err := parquetValue(cv[0], c.node, leaves[c.leaf].Type)
					if err != nil {
						t.Fatalf("%s: %s: column %s: %v", dir, path, leaves[c.leaf].Name(), err)
					}
					vals[c.leaf] = v
					return true
				})
				out = append(out, vals)
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %s: %v", dir, path, err)
			}
		}
		rows.Close()
	}
	return out, skipped
}

// parquetValue converts one Parquet value to the leaf's type, widening as a reader of a
// type-widened column does (int to bigint, double or decimal; float to double; date to
// timestamp_ntz; decimal to a larger scale).
func parquetValue(v parquet.Value, node parquet.Node, typ table.Type) (table.Value, error) {
	if v.IsNull() {
		return table.NullValue(typ.Kind), nil
	}
	logical := ""
	if lt := node.Type().LogicalType(); lt != nil {
		logical = lt.String()
	}
	if ct := node.Type().ConvertedType(); ct != nil && logical == "" {
		switch *ct {
		case deprecated.TimestampMillis:
			logical = "MILLIS"
		case deprecated.TimestampMicros:
			logical = "MICROS"
		case deprecated.Date:
			logical = "DATE"
		}
	}
	// The file's own scale: a widened column's older files keep theirs. (Reading it from the
	// logical type's text, as this did before, never matched "DECIMAL(8,5)" and read every
	// decimal as if its scale were 0; decimals past 18 digits made that visible.)
	// An integer widened to a decimal has scale 0 in its older files; a file with only the old
	// converted type DECIMAL was never widened, so its scale is the column's.
	srcScale := 0
	if lt := node.Type().LogicalType(); lt != nil {
		if d, ok := lt.Value.(*format.DecimalType); ok {
			srcScale = int(d.Scale)
		}
	} else if ct := node.Type().ConvertedType(); ct != nil && *ct == deprecated.Decimal {
		srcScale = int(typ.Scale)
	}
	var i int64
	var f float64
	var b []byte
	isInt := false
	switch v.Kind() {
	case parquet.Boolean:
		return table.BoolValue(v.Boolean()), nil
	case parquet.Int32:
		i, isInt = int64(v.Int32()), true
	case parquet.Int64:
		i, isInt = v.Int64(), true
	case parquet.Int96:
		x := v.Int96()
		nanos := int64(x[1])<<32 | int64(x[0])
		julian := int64(x[2])
		i, isInt = (julian-2440588)*86400_000_000+nanos/1000, true
		logical = "INT96"
	case parquet.Float:
		f = float64(v.Float())
	case parquet.Double:
		f = v.Double()
	case parquet.ByteArray, parquet.FixedLenByteArray:
		b = v.ByteArray()
	}
	switch typ.Kind {
	case table.Int, table.Bigint:
		if !isInt {
			return table.Value{}, fmt.Errorf("%v for %s", v.Kind(), typ)
		}
		return table.Value{Kind: typ.Kind, I: i}, nil
	case table.Double:
		if isInt {
			return table.DoubleValue(float64(i)), nil
		}
		return table.DoubleValue(f), nil
	case table.Float:
		if v.Kind() != parquet.Float {
			return table.Value{}, fmt.Errorf("%v for %s", v.Kind(), typ)
		}
		return table.FloatValue(v.Float()), nil
	case table.Decimal:
		var u *big.Int
		switch {
		case isInt:
			u = big.NewInt(i)
		case b != nil:
			u = new(big.Int).SetBytes(b)
			if len(b) > 0 && b[0]&0x80 != 0 {
				u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
			}
		default:
			return table.Value{}, fmt.Errorf("%v for %s", v.Kind(), typ)
		}
		// The unscaled value at the file's scale, read at the column's (a widened column's scale
		// may have grown) through math/big rather than the code under test.
		d, err := table.ParseDecimal(u.String()+"E-"+strconv.Itoa(srcScale), typ)
		if err != nil {
			return table.Value{}, fmt.Errorf("decimal %sE-%d as %s: %v", u, srcScale, typ, err)
		}
		if got := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(d.Hi), 64), big.NewInt(d.I)); got.Cmp(u.Mul(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(int(typ.Scale)-srcScale)), nil))) != 0 {
			return table.Value{}, fmt.Errorf("decimal %s read as %s", u, d)
		}
		return d, nil
	case table.String:
		return table.StringValue(string(b)), nil
	case table.Binary:
		return table.Value{Kind: table.Binary, S: string(b)}, nil
	case table.Date:
		return table.Value{Kind: table.Date, I: i}, nil
	case table.Timestamp, table.TimestampNTZ:
		switch {
		case strings.Contains(logical, "INT96"):
		case strings.HasPrefix(logical, "DATE"):
			i *= 86400_000_000
		case strings.Contains(logical, "MILLIS"):
			i *= 1000
		case strings.Contains(logical, "NANOS"):
			i = int64(math.Floor(float64(i) / 1000))
		case strings.Contains(logical, "MICROS"):
		default:
			return table.Value{}, fmt.Errorf("timestamp with logical type %q", logical)
		}
		return table.Value{Kind: typ.Kind, I: i}, nil
	case table.Boolean:
		return table.BoolValue(i != 0), nil
	}
	return table.Value{}, fmt.Errorf("no conversion to %s", typ)
}

// matching reports, per file, whether any of its rows satisfies pred (SQL WHERE: TRUE only).
func (rt *realTable) matching(pred Expr) []bool {
	out := make([]bool, len(rt.files))
	for fi, rows := range rt.rows {
		for _, row := range rows {
			if evalBool(pred, &partRow{vals: row}) == triTrue {
				out[fi] = true
				break
			}
		}
	}
	return out
}

func (rt *realTable) short() string {
	for _, p := range []string{"../deltalog/testdata/tables/", "testdata/tables/"} {
		if s, ok := strings.CutPrefix(rt.name, p); ok {
			return s
		}
	}
	return rt.name
}

// hivePartitionValue reads leaf's value from a col=value folder of a data file's path:
// __HIVE_DEFAULT_PARTITION__ is NULL; other values are cast to the column's type.
func hivePartitionValue(path string, l table.Leaf) (table.Value, bool) {
	p, err := url.PathUnescape(path)
	if err != nil {
		return table.Value{}, false
	}
	for _, seg := range strings.Split(p, "/") {
		k, v, ok := strings.Cut(seg, "=")
		if !ok || k != l.Path[0] {
			continue
		}
		if v, err = url.PathUnescape(v); err != nil {
			return table.Value{}, false
		}
		if v == "__HIVE_DEFAULT_PARTITION__" {
			return table.NullValue(l.Type.Kind), true
		}
		if l.Type.Kind == table.String {
			return table.StringValue(v), true
		}
		return castPartitionValue(v, l.Type)
	}
	return table.Value{}, false
}
