package deltalog

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

// TestAddsOfAZCubeShareTheirExtras: a snapshot's adds whose rarely set fields are only a
// ZCube's tags and clusteringProvider share one AddFileExtras (a clustered table's adds stay
// 72 bytes, not 72 and 48 of their own), an add with a deletion vector keeps its own, and
// each reads back what its line says.
func TestAddsOfAZCubeShareTheirExtras(t *testing.T) {
	dv := &DeletionVectorDescriptor{StorageType: "u", PathOrInlineDv: "ab^-aqEH.-t@S}K{vb[*k^", SizeInBytes: 10, Cardinality: 3}
	var adds []AddFile
	for i, p := range []string{"a.parquet", "b.parquet", "c.parquet", "d.parquet"} {
		a := AddFile{Path: p, PartitionValues: map[string]string{}, Size: 10, DataChange: true}.WithZCube("cube1", []string{"id"})
		if i == 3 {
			a.SetDeletionVector(dv)
		}
		adds = append(adds, a)
	}
	plain := AddFile{Path: "e.parquet", PartitionValues: map[string]string{}, Size: 10, DataChange: true}
	var log bytes.Buffer
	for _, a := range []Action{Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		Metadata{ID: "t", Format: Format{Provider: "parquet", Options: map[string]string{}}, SchemaString: `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`,
			PartitionColumns: []string{}, Configuration: map[string]string{}},
		adds[0], adds[1], adds[2], adds[3], plain} {
		line, err := EncodeAction(a)
		if err != nil {
			t.Fatal(err)
		}
		log.Write(line)
		log.WriteByte('\n')
	}
	s, err := OpenSnapshot(fstest.MapFS{"_delta_log/" + CommitFileName(0): {Data: log.Bytes()}}, OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*AddFile{}
	for _, f := range s.AllFiles() {
		files[f.Path] = f
	}
	a, b, c, d, e := files["a.parquet"], files["b.parquet"], files["c.parquet"], files["d.parquet"], files["e.parquet"]
	if a.extras == nil || a.extras != b.extras || b.extras != c.extras {
		t.Errorf("the ZCube's adds have extras %p %p %p, want one", a.extras, b.extras, c.extras)
	}
	if d.extras == a.extras || e.extras != nil {
		t.Errorf("the add with a DV has extras %p (the others' %p), the plain add %p: want its own and none", d.extras, a.extras, e.extras)
	}
	for _, f := range []*AddFile{a, b, c, d} {
		if id, by, ok := f.ZCube(); !ok || id != "cube1" || len(by) != 1 || by[0] != "id" || f.ClusteringProvider() != ClusteringProviderLiquid {
			t.Errorf("%s: ZCube %q %v %v, provider %q", f.Path, id, by, ok, f.ClusteringProvider())
		}
	}
	if got := d.DeletionVector(); got == nil || got.UniqueID() != dv.UniqueID() || got.Cardinality != 3 || a.DeletionVector() != nil {
		t.Errorf("deletion vectors %+v and %+v", got, a.DeletionVector())
	}
}

// TestSetExtrasLeavesCopiesAlone: an add's copies share its AddFileExtras, so setting one's
// tags or deletion vector must not change the other's.
func TestSetExtrasLeavesCopiesAlone(t *testing.T) {
	a := AddFile{Path: "a.parquet"}.WithZCube("cube1", []string{"id"})
	b := a
	b.SetTags(map[string]string{"k": "v"})
	b.SetDeletionVector(&DeletionVectorDescriptor{StorageType: "u", Cardinality: 1})
	if id, _, ok := a.ZCube(); !ok || id != "cube1" || a.DeletionVector() != nil || a.ClusteringProvider() != ClusteringProviderLiquid {
		t.Errorf("a changed with its copy: tags %v, DV %v, provider %q", a.Tags(), a.DeletionVector(), a.ClusteringProvider())
	}
	if b.Tags()["k"] != "v" || b.DeletionVector() == nil || b.ClusteringProvider() != ClusteringProviderLiquid {
		t.Errorf("b: tags %v, DV %v, provider %q", b.Tags(), b.DeletionVector(), b.ClusteringProvider())
	}
	b.SetExtras(AddFileExtras{})
	if b.extras != nil {
		t.Errorf("no extras held as %p, want nil", b.extras)
	}
}

// TestAddFileMarshalsItsExtras: encoding/json of an add (the widget shows a timeline day's
// selected add so) writes the fields held out of line as Delta's log does, in its order.
func TestAddFileMarshalsItsExtras(t *testing.T) {
	a := AddFile{Path: "p.parquet", PartitionValues: map[string]string{"d": ""}, Size: 7, ModificationTime: 1, Stats: `{"numRecords":1}`}
	a.SetTags(map[string]string{"ZCUBE_ID": "z"})
	a.SetClusteringProvider("liquid")
	got, err := json.Marshal(map[string]any{"add": a})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"add":{"path":"p.parquet","partitionValues":{"d":null},"size":7,"modificationTime":1,"dataChange":false,"stats":"{\"numRecords\":1}","tags":{"ZCUBE_ID":"z"},"clusteringProvider":"liquid"}}`
	if string(got) != want {
		t.Errorf("json.Marshal gave\n%s\nwant\n%s", got, want)
	}
	line, err := EncodeAction(a)
	if err != nil {
		t.Fatal(err)
	}
	if w := want[len(`{"add":`) : len(want)-1]; !strings.Contains(string(line), w) {
		t.Errorf("EncodeAction gave %s, json.Marshal %s", line, w)
	}
}
