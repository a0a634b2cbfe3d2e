package stats

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"layoutlab/engine/table"
)

// realTables are the real Delta tables engine/deltalog keeps as its test data (see its PROVENANCE.md).
const realTables = "../deltalog/testdata/tables"

// sparkField is a field of a Delta schemaString (Spark's StructType JSON).
type sparkField struct {
	Name     string          `json:"name"`
	Type     json.RawMessage `json:"type"`
	Nullable bool            `json:"nullable"`
	Metadata map[string]any  `json:"metadata"`
}

// convertFields turns a schemaString into a Layout Lab schema, using physical names when column
// mapping set them (stats are keyed by physical name). Types Layout Lab lacks map onto the
// nearest kind (byte/short -> int, float -> double); array and map fields are dropped, which
// ParseJSON tolerates since it ignores unknown keys. exact reports whether the JSON writer is
// expected to reproduce the stats text (no float, no dropped field).
func convertFields(fs []sparkField) (out []table.Field, exact bool) {
	exact = true
	for _, f := range fs {
		name := f.Name
		if p, ok := f.Metadata["delta.columnMapping.physicalName"].(string); ok {
			name = p
		}
		var typ table.Type
		var simple string
		if json.Unmarshal(f.Type, &simple) == nil {
			switch simple {
			case "byte", "short", "integer":
				typ = table.Type{Kind: table.Int}
			case "float":
				typ, exact = table.Type{Kind: table.Double}, false
			default:
				t, err := table.ParseType(simple)
				if err != nil {
					exact = false
					continue
				}
				typ = t
			}
		} else {
			var complex struct {
				Type   string       `json:"type"`
				Fields []sparkField `json:"fields"`
			}
			if json.Unmarshal(f.Type, &complex) != nil || complex.Type != "struct" {
				exact = false
				continue
			}
			sub, ex := convertFields(complex.Fields)
			exact = exact && ex
			typ = table.Type{Kind: table.Struct, Fields: sub}
		}
		out = append(out, table.Field{Name: name, Type: typ, Nullable: f.Nullable})
	}
	return out, exact
}

// TestParseRealStats reads every stats string of the real Delta logs (written by Delta Spark,
// delta-rs and delta-kernel-rs), checks numRecords and nullCounts against a generic JSON decode,
// that every min/max present was read, and, for stats written by Delta Spark whose schema
// Layout Lab represents exactly, that JSON re-renders the very same text.
func TestParseRealStats(t *testing.T) {
	logs, _ := filepath.Glob(filepath.Join(realTables, "*", "*", "_delta_log"))
	more, _ := filepath.Glob(filepath.Join(realTables, "*", "*", "delta", "_delta_log"))
	logs = append(logs, more...)
	if len(logs) == 0 {
		t.Fatalf("no Delta logs found under %s", realTables)
	}
	parsed, reproduced := 0, 0
	for _, dir := range logs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		sort.Strings(files)
		var leaves []table.Leaf
		exact := false
		for _, file := range files {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<24)
			spark := false
			var adds []string
			for sc.Scan() {
				var action struct {
					CommitInfo *struct {
						EngineInfo string `json:"engineInfo"`
					} `json:"commitInfo"`
					MetaData *struct {
						SchemaString     string   `json:"schemaString"`
						PartitionColumns []string `json:"partitionColumns"`
					} `json:"metaData"`
					Add *struct {
						Stats string `json:"stats"`
					} `json:"add"`
				}
				if err := json.Unmarshal(sc.Bytes(), &action); err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				if action.CommitInfo != nil && strings.Contains(action.CommitInfo.EngineInfo, "Apache-Spark") {
					spark = true
				}
				if m := action.MetaData; m != nil {
					var root struct {
						Fields []sparkField `json:"fields"`
					}
					if err := json.Unmarshal([]byte(m.SchemaString), &root); err != nil {
						t.Fatalf("%s: schema: %v", file, err)
					}
					var data []sparkField
					for _, fl := range root.Fields {
						part := false
						for _, p := range m.PartitionColumns {
							part = part || p == fl.Name
						}
						if !part {
							data = append(data, fl)
						}
					}
					fields, ex := convertFields(data)
					leaves, exact = table.Schema{Fields: fields}.Leaves(), ex
				}
				if action.Add != nil && action.Add.Stats != "" {
					adds = append(adds, action.Add.Stats)
				}
			}
			f.Close()
			for _, s := range adds {
				fs, err := ParseJSON(s, leaves)
				if err != nil {
					t.Errorf("%s: %v\n%s", file, err, s)
					continue
				}
				parsed++
				checkAgainstGeneric(t, file, s, fs, leaves)
				sameParse(t, s, leaves)
				if spark && exact && !zoned.MatchString(s) {
					if got := fs.JSON(leaves); got != s {
						t.Errorf("%s: re-rendered stats differ\n got %s\nwant %s", file, got, s)
					} else if got == s {
						reproduced++
					}
				}
			}
		}
	}
	t.Logf("parsed %d stats strings, reproduced %d byte for byte", parsed, reproduced)
	if parsed < 100 || reproduced < 20 {
		t.Errorf("parsed %d, reproduced %d: expected more of the shared logs to be covered", parsed, reproduced)
	}
}

// zoned matches a timestamp written in a non-UTC session zone ("...000-08:00"), which the
// UTC-only writer does not reproduce.
var zoned = regexp.MustCompile(`T\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d`)

func checkAgainstGeneric(t *testing.T, file, s string, fs FileStats, leaves []table.Leaf) {
	var raw map[string]any
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if n, ok := raw["numRecords"].(json.Number); ok && fmt.Sprint(fs.NumRecords) != n.String() {
		t.Errorf("%s: numRecords %d, raw %s", file, fs.NumRecords, n)
	}
	for i, l := range leaves {
		for key, got := range map[string]table.Value{"minValues": fs.MinValues[i], "maxValues": fs.MaxValues[i]} {
			m, _ := raw[key].(map[string]any)
			v, ok := lookup(m, l.Path)
			if ok && v != nil && l.Type.SkippingEligible() && got.Absent() {
				t.Errorf("%s: %s.%s = %v not read", file, key, l.Name(), v)
			}
		}
		if nc, ok := raw["nullCount"].(map[string]any); ok {
			if v, ok := lookup(nc, l.Path); ok {
				if n, ok := v.(json.Number); ok && n.String() != fmt.Sprint(fs.NullCount[i]) {
					t.Errorf("%s: nullCount.%s = %d, raw %s", file, l.Name(), fs.NullCount[i], n)
				}
			}
		}
	}
}

// The golden table data-skipping-basic-stats-all-types holds one row of zeros written by Delta
// Spark in a UTC-8 session; its values are checked one by one.
func TestParseGoldenAllTypes(t *testing.T) {
	const s = `{"numRecords":1,"minValues":{"as_int":0,"as_long":0,"as_byte":0,"as_short":0,"as_float":0.0,"as_double":0.0,"as_string":"0","as_date":"2000-01-01","as_timestamp":"2000-01-01T00:00:00.000-08:00","as_big_decimal":0},"maxValues":{"as_int":0,"as_long":0,"as_byte":0,"as_short":0,"as_float":0.0,"as_double":0.0,"as_string":"0","as_date":"2000-01-01","as_timestamp":"2000-01-01T00:00:00.000-08:00","as_big_decimal":0},"nullCount":{"as_int":0,"as_long":0,"as_byte":0,"as_short":0,"as_float":0,"as_double":0,"as_string":0,"as_date":0,"as_timestamp":0,"as_big_decimal":0}}`
	fields := []table.Field{
		{Name: "as_int", Type: table.Type{Kind: table.Int}},
		{Name: "as_long", Type: table.Type{Kind: table.Bigint}},
		{Name: "as_double", Type: table.Type{Kind: table.Double}},
		{Name: "as_string", Type: table.Type{Kind: table.String}},
		{Name: "as_date", Type: table.Type{Kind: table.Date}},
		{Name: "as_timestamp", Type: table.Type{Kind: table.Timestamp}},
		{Name: "as_big_decimal", Type: table.Type{Kind: table.Decimal, Precision: 1}},
	}
	leaves := table.Schema{Fields: fields}.Leaves()
	fs, err := ParseJSON(s, leaves)
	if err != nil {
		t.Fatal(err)
	}
	// 2000-01-01 is day 10957 since the epoch; midnight at UTC-8 is 08:00 UTC, 946713600 s.
	want := []table.Value{{Kind: table.Int}, {Kind: table.Bigint}, {Kind: table.Double}, {Kind: table.String, S: "0"},
		{Kind: table.Date, I: 10957}, {Kind: table.Timestamp, I: 946_713_600_000_000}, {Kind: table.Decimal}}
	for i, w := range want {
		if fs.MinValues[i] != w || fs.MaxValues[i] != w || fs.NullCount[i] != 0 {
			t.Errorf("%s: %+v %+v %d, want %+v", leaves[i].Name(), fs.MinValues[i], fs.MaxValues[i], fs.NullCount[i], w)
		}
	}
	// Written back in UTC the timestamp reads 08:00Z.
	if got := fs.JSON(leaves); !strings.Contains(got, `"as_timestamp":"2000-01-01T08:00:00.000Z"`) || fs.NumRecords != 1 {
		t.Errorf("JSON = %s", got)
	}
}
