package deltalog

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"
)

// fuzzFileMarker starts each file of a fuzz input: "=== NAME\n" then its bytes. NAME is under
// _delta_log/ unless it starts with "/", which puts it at the table root.
const fuzzFileMarker = "=== "

// fuzzFS unpacks a fuzz input into a table. Parquet files are left out: their reader is fuzzed
// apart (parquetjson), and this target is the JSON side of the log.
func fuzzFS(data []byte) fstest.MapFS {
	m := fstest.MapFS{}
	for _, part := range bytes.Split(data, []byte("\n"+fuzzFileMarker)) {
		part = bytes.TrimPrefix(part, []byte(fuzzFileMarker))
		name, body, _ := bytes.Cut(part, []byte("\n"))
		p := string(name)
		if rest, ok := strings.CutPrefix(p, "/"); ok {
			p = rest
		} else {
			p = path.Join(LogDir, p)
		}
		if !fs.ValidPath(p) || strings.HasSuffix(p, ".parquet") {
			continue
		}
		m[p] = &fstest.MapFile{Data: body}
	}
	return m
}

// FuzzOpenSnapshot: no log of commits, _last_checkpoint, compactions and V2 JSON checkpoints
// with sidecars makes OpenSnapshot panic or hang; it answers with a snapshot, a *LogError or a
// *Refusal, and a snapshot answers every question the inspector asks of it. The seed corpus is
// testdata/fuzz/FuzzOpenSnapshot (real tables' logs and the hostile logs of issue 49).
func FuzzOpenSnapshot(f *testing.F) {
	f.Add([]byte(fuzzFileMarker+CommitFileName(0)+"\n"+hostileProto+"\n"+hostileMeta+"\n"+hostileAdd("a")+"\n"), int64(-1))
	f.Fuzz(func(t *testing.T, data []byte, version int64) {
		m := fuzzFS(data)
		s, err := OpenSnapshot(m, OpenOptions{Version: max(version, -1), Parquet: testParquet})
		if err != nil {
			var le *LogError
			var ref *Refusal
			if !errors.As(err, &le) && !errors.As(err, &ref) {
				t.Fatalf("error %v is %T, not a *LogError or *Refusal", err, err)
			}
			return
		}
		exerciseSnapshot(t, s)
	})
}

// ParseSchema's own defences, apart from the log: any schemaString gives a schema or an error.
func FuzzParseSchema(f *testing.F) {
	f.Add(`{"type":"struct","fields":[{"name":"a","type":{"type":"map","keyType":"string","valueType":{"type":"array","elementType":"decimal(10,2)","containsNull":true}},"nullable":true,"metadata":{"delta.columnMapping.id":1}}]}`)
	f.Add(deepSchema(4))
	f.Fuzz(func(t *testing.T, schema string) {
		st, err := ParseSchema(schema)
		if err == nil {
			st.SkippingSchema()
		}
	})
}

func exerciseSnapshot(t *testing.T, s *Snapshot) {
	if s.Protocol().MinReaderVersion < 1 || s.Metadata().ID == "" {
		t.Fatalf("snapshot without a valid protocol or metaData: %+v %+v", s.Protocol(), s.Metadata())
	}
	DescribeDetail(s, "t")
	DescribeHistory(s, 0)
	ClusteringColumns(s)
	TableClusteringFormat(s)
	CheckReadable(s.Protocol())
	if st, err := ParseSchema(s.Metadata().SchemaString); err == nil {
		st.SkippingSchema()
	}
	for _, f := range s.AllFiles() {
		f.ZCube()
		if _, err := EncodeAction(*f); err != nil {
			t.Fatalf("a live file does not encode: %v", err)
		}
	}
}
