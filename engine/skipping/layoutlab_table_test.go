package skipping

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// The table under testdata/tables/layoutlab/numeric-widening (PROVENANCE.md there) is written by this file: Parquet
// through parquet-go and a hand-written _delta_log whose statistics are formatted as Spark's
// to_json writes them (stats.FileStats.JSON: Float.toString for a float, Double.toString for a
// double, BigDecimal.toString for a decimal). TestLayoutlabNumericTable regenerates it and fails
// when a byte differs; -regen-layoutlab rewrites it.

var regenLayoutlab = flag.Bool("regen-layoutlab", false, "rewrite testdata/tables/layoutlab from its generator")

const layoutlabNumericDir = "testdata/tables/layoutlab/numeric-widening"

// numericRow is one row of the table; nil is NULL. w is a float32 in the files written before
// the column was widened, a float64 after.
type numericRow struct {
	id  *int32
	big *int64
	f   *float32
	w   any
	d18 string // decimal text, "" for NULL
	d30 string
}

func i32(v int32) *int32     { return &v }
func i64(v int64) *int64     { return &v }
func f32(v float32) *float32 { return &v }

// layoutlabFiles are the data files: the first two written while w was a float, the last two
// after it was widened to double. Values sit on the boundaries the coercions turn on.
var layoutlabFiles = [][]numericRow{
	{ // f and w top out at 46.566 and 3.4, floats above their text
		{i32(1), i64(math.MaxInt64), f32(46.566), float32(3.4), "1.2345", "123456789012345678901234.123456"},
		{i32(2), i64(100), f32(0.1), float32(0.1), "99999999999999.9999", "0.000001"},
		{i32(3), i64(-5), f32(-1.5), float32(-1.5), "-0.0001", "-1.000000"},
		{nil, nil, nil, nil, "", ""},
	},
	{ // f and w start at 0.7, a float below its text
		{i32(math.MinInt32), i64(math.MinInt64), f32(0.7), float32(0.7), "-99999999999999.9999", "-999999999999999999999999.999999"},
		{i32(-7), i64(0), f32(math.MaxFloat32), float32(2.5), "5.0000", "0.000000"},
		{i32(10), i64(7), f32(16777216), float32(1e10), "5.5000", "1.000000"},
		{i32(11), i64(8), f32(1.5), float32(46.566), "0.0000", "2.500000"},
	},
	{ // written after w became a double
		{i32(math.MaxInt32), i64(5000000000), f32(0.5), 0.1, "12.3456", "0.500000"},
		{i32(100), i64(-5000000000), f32(1.5), float64(float32(3.4)), "12.3457", "1.500000"},
		{i32(101), i64(1), f32(1e-3), 46.566, "", "99999999999999999999999.999999"},
		{nil, nil, nil, nil, "-3.5000", ""},
	},
	{
		{i32(20), i64(2147483648), f32(1e7), 1e300, "0.1000", "0.100000"},
		{i32(21), i64(-2147483649), f32(float32(math.Copysign(0, -1))), math.Copysign(0, -1), "-0.1000", "-0.100000"},
		{i32(22), i64(9223372036854775806), f32(3.4), 0.30000000000000004, "7.0000", "7.000000"},
	},
}

// layoutlabSchema is the schema as a commit writes it; widened adds w's type change.
func layoutlabSchema(widened bool) string {
	w := `{"name":"w","type":"float","nullable":true,"metadata":{}}`
	if widened {
		w = `{"name":"w","type":"double","nullable":true,"metadata":{"delta.typeChanges":[{"toType":"double","fromType":"float"}]}}`
	}
	return `{"type":"struct","fields":[` +
		`{"name":"id","type":"integer","nullable":true,"metadata":{}},` +
		`{"name":"big","type":"long","nullable":true,"metadata":{}},` +
		`{"name":"f","type":"float","nullable":true,"metadata":{}},` + w + `,` +
		`{"name":"d18","type":"decimal(18,4)","nullable":true,"metadata":{}},` +
		`{"name":"d30","type":"decimal(30,6)","nullable":true,"metadata":{}},` +
		`{"name":"v","type":"void","nullable":true,"metadata":{}}]}`
}

func layoutlabLeaves(widened bool) []table.Leaf {
	w := table.Type{Kind: table.Float}
	if widened {
		w = table.Type{Kind: table.Double, FromFloat: true}
	}
	return table.Schema{Fields: []table.Field{
		{Name: "id", Type: table.Type{Kind: table.Int}},
		{Name: "big", Type: table.Type{Kind: table.Bigint}},
		{Name: "f", Type: table.Type{Kind: table.Float}},
		{Name: "w", Type: w},
		{Name: "d18", Type: table.Type{Kind: table.Decimal, Precision: 18, Scale: 4}},
		{Name: "d30", Type: table.Type{Kind: table.Decimal, Precision: 30, Scale: 6}},
		{Name: "v", Type: table.Type{Kind: table.Void}},
	}}.Leaves()
}

// unscaledBytes is a decimal's unscaled value as FIXED_LEN_BYTE_ARRAY(n), big-endian two's
// complement, as Spark writes a decimal wider than 18 digits.
func unscaledBytes(t *testing.T, text string, n int) []byte {
	u, ok := new(big.Int).SetString(strings.Replace(text, ".", "", 1), 10)
	if !ok {
		t.Fatalf("bad decimal %q", text)
	}
	if u.Sign() < 0 {
		u.Add(u, new(big.Int).Lsh(big.NewInt(1), uint(8*n)))
	}
	b := u.Bytes()
	out := make([]byte, n)
	copy(out[n-len(b):], b)
	if text[0] == '-' {
		for i := 0; i < n-len(b); i++ {
			out[i] = 0xff
		}
	}
	return out
}

// writeLayoutlabParquet writes one data file and returns its rows as values of leaves.
func writeLayoutlabParquet(t *testing.T, rows []numericRow, widened bool) ([]byte, [][]table.Value) {
	wType := parquet.FloatType
	if widened {
		wType = parquet.DoubleType
	}
	schema := parquet.NewSchema("spark_schema", parquet.Group{
		"id":  parquet.Optional(parquet.Leaf(parquet.Int32Type)),
		"big": parquet.Optional(parquet.Leaf(parquet.Int64Type)),
		"f":   parquet.Optional(parquet.Leaf(parquet.FloatType)),
		"w":   parquet.Optional(parquet.Leaf(wType)),
		"d18": parquet.Optional(parquet.Decimal(4, 18, parquet.Int64Type)),
		"d30": parquet.Optional(parquet.Decimal(6, 30, parquet.FixedLenByteArrayType(13))),
	})
	col := func(name string) int {
		lc, ok := schema.Lookup(name)
		if !ok {
			t.Fatalf("no column %s", name)
		}
		return lc.ColumnIndex
	}
	leaves := layoutlabLeaves(widened)
	var buf bytes.Buffer
	wr := parquet.NewWriter(&buf, schema)
	var vals [][]table.Value
	for _, r := range rows {
		row := make(parquet.Row, 6)
		v := make([]table.Value, len(leaves))
		for i, l := range leaves {
			v[i] = table.NullValue(l.Type.Kind)
		}
		set := func(name string, leaf int, pv parquet.Value, tv table.Value, null bool) {
			c := col(name)
			if null {
				row[c] = parquet.NullValue().Level(0, 0, c)
				return
			}
			row[c] = pv.Level(0, 1, c)
			v[leaf] = tv
		}
		set("id", 0, parquet.Int32Value(deref(r.id)), table.Value{Kind: table.Int, I: int64(deref(r.id))}, r.id == nil)
		set("big", 1, parquet.Int64Value(deref(r.big)), table.BigintValue(deref(r.big)), r.big == nil)
		set("f", 2, parquet.FloatValue(deref(r.f)), table.FloatValue(deref(r.f)), r.f == nil)
		switch w := r.w.(type) {
		case float32:
			set("w", 3, parquet.FloatValue(w), table.Value{Kind: leaves[3].Type.Kind, F: float64(w)}, false)
		case float64:
			set("w", 3, parquet.DoubleValue(w), table.DoubleValue(w), false)
		default:
			set("w", 3, parquet.Value{}, table.Value{}, true)
		}
		for _, d := range []struct {
			name string
			leaf int
			text string
		}{{"d18", 4, r.d18}, {"d30", 5, r.d30}} {
			if d.text == "" {
				set(d.name, d.leaf, parquet.Value{}, table.Value{}, true)
				continue
			}
			dv, err := table.ParseDecimal(d.text, leaves[d.leaf].Type)
			if err != nil {
				t.Fatal(err)
			}
			pv := parquet.Int64Value(dv.I)
			if d.name == "d30" {
				pv = parquet.FixedLenByteArrayValue(unscaledBytes(t, dv.DecimalText(), 13))
			}
			set(d.name, d.leaf, pv, dv, false)
		}
		if _, err := wr.WriteRows([]parquet.Row{row}); err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	if err := wr.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), vals
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// sparkStats computes a file's statistics as Delta's StatisticsCollection does (min and max over
// the non-NULL values of each SkippingEligibleDataType leaf, a null count for every leaf, a
// void's being numRecords) and renders them with Spark's JSON formatting.
func sparkStats(rows [][]table.Value, leaves []table.Leaf) string {
	n := len(leaves)
	fs := stats.FileStats{NumRecords: int64(len(rows)), MinValues: make([]table.Value, n), MaxValues: make([]table.Value, n), NullCount: make([]int64, n)}
	for i, l := range leaves {
		for _, r := range rows {
			v := r[i]
			if v.Null || v.Kind == table.Invalid {
				fs.NullCount[i]++
				continue
			}
			if !l.Type.SkippingEligible() {
				continue
			}
			if fs.MinValues[i].Absent() || table.Compare(v, fs.MinValues[i]) < 0 {
				fs.MinValues[i] = v
			}
			if fs.MaxValues[i].Absent() || table.Compare(v, fs.MaxValues[i]) > 0 {
				fs.MaxValues[i] = v
			}
		}
	}
	return fs.JSON(leaves)
}

// generateLayoutlabNumeric writes the table into dir: commit 0 creates it with w a float and adds
// two files; commit 1 widens w to double (the stable typeWidening feature, metadata only);
// commit 2 adds two files written with w a double.
func generateLayoutlabNumeric(t *testing.T, dir string) {
	logDir := filepath.Join(dir, "_delta_log")
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	quote := func(s string) string {
		var b bytes.Buffer
		for _, r := range s {
			if r == '"' || r == '\\' {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		return `"` + b.String() + `"`
	}
	metaData := func(widened bool, conf string) string {
		return `{"metaData":{"id":"6c2f1f5e-0d4b-4e43-9d1a-4c1a7b0e4848","format":{"provider":"parquet","options":{}},` +
			`"schemaString":` + quote(layoutlabSchema(widened)) + `,"partitionColumns":[],"configuration":{` + conf + `},"createdTime":1767225600000}}`
	}
	commitInfo := func(ts int64, op string) string {
		return fmt.Sprintf(`{"commitInfo":{"timestamp":%d,"operation":%q,"engineInfo":"Layout Lab test generator (Spark-style stats)"}}`, ts, op)
	}
	var commits [3][]string
	commits[0] = []string{commitInfo(1767225600000, "WRITE"),
		`{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`, metaData(false, "")}
	commits[1] = []string{commitInfo(1767225660000, "CHANGE COLUMN"),
		`{"protocol":{"minReaderVersion":3,"minWriterVersion":7,"readerFeatures":["typeWidening"],"writerFeatures":["typeWidening","appendOnly","invariants"]}}`,
		metaData(true, `"delta.enableTypeWidening":"true"`)}
	for i, rows := range layoutlabFiles {
		widened := i >= 2
		data, vals := writeLayoutlabParquet(t, rows, widened)
		name := fmt.Sprintf("part-0000%d-layoutlab-numeric.parquet", i)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		add := fmt.Sprintf(`{"add":{"path":%q,"partitionValues":{},"size":%d,"modificationTime":%d,"dataChange":true,"stats":%s}}`,
			name, len(data), 1767225600000+int64(i)*60000, quote(sparkStats(vals, layoutlabLeaves(widened))))
		c := 0
		if widened {
			c = 2
		}
		commits[c] = append(commits[c], add)
	}
	commits[2] = append([]string{commitInfo(1767225720000, "WRITE")}, commits[2]...)
	for v, lines := range commits {
		p := filepath.Join(logDir, fmt.Sprintf("%020d.json", v))
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLayoutlabNumericTable regenerates the table and checks that the committed copy is what
// the generator writes, byte for byte.
func TestLayoutlabNumericTable(t *testing.T) {
	if *regenLayoutlab {
		generateLayoutlabNumeric(t, layoutlabNumericDir) // every file it writes has a fixed name
	}
	tmp := t.TempDir()
	generateLayoutlabNumeric(t, tmp)
	err := filepath.WalkDir(tmp, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(tmp, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(layoutlabNumericDir, rel))
		if err != nil {
			t.Errorf("%s: %v (run go test -run TestLayoutlabNumericTable -regen-layoutlab)", rel, err)
			return nil
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the generator writes (run with -regen-layoutlab)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
