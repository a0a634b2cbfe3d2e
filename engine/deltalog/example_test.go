package deltalog_test

import (
	"fmt"
	"os"
	"strings"

	"layoutlab/engine/deltalog"
)

// A clustered table: enabling clustering raises the writer version, and
// OPTIMIZE tags its output files with a ZCube and removes its inputs.
func Example() {
	proto := deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}.WithClustering()
	input := deltalog.AddFile{Path: "part-0.parquet", Size: 1000, DataChange: true}
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		proto,
		deltalog.Metadata{ID: "t"},
		deltalog.ClusteringDomainForColumns("customer_id"),
		input,
	}}})
	if err != nil {
		panic(err)
	}
	out := deltalog.AddFile{Path: "part-1.parquet", Size: 900}.WithZCube("zc-1", []string{"customer_id"})
	ci := deltalog.CommitInfo{Timestamp: 1767225600000, Operation: "OPTIMIZE"}
	ci.SetParameter("predicate", []string{})
	ci.SetParameter("zOrderBy", []string{})
	ci.SetParameter("clusterBy", []string{"customer_id"})
	ci.SetParameter("auto", false)
	opt := deltalog.Commit{Version: 1, Actions: []deltalog.Action{ci, out, input.OptimizeRemove(1767225600000)}}
	s, err = s.Apply(opt)
	if err != nil {
		panic(err)
	}
	if err := deltalog.WriteCommit(os.Stdout, opt); err != nil {
		panic(err)
	}
	cols, _ := deltalog.ClusteringColumns(s)
	d := deltalog.DescribeDetail(s, "/t")
	fmt.Println(d.NumFiles, d.SizeInBytes, cols, d.MinReaderVersion, d.MinWriterVersion, strings.Join(d.TableFeatures, ","))
	// Output:
	// {"commitInfo":{"timestamp":1767225600000,"operation":"OPTIMIZE","operationParameters":{"auto":false,"clusterBy":"[\"customer_id\"]","predicate":"[]","zOrderBy":"[]"}}}
	// {"add":{"path":"part-1.parquet","partitionValues":{},"size":900,"modificationTime":0,"dataChange":false,"tags":{"ZCUBE_ID":"zc-1","ZCUBE_ZORDER_BY":"[\"customer_id\"]"},"clusteringProvider":"liquid"}}
	// {"remove":{"path":"part-0.parquet","deletionTimestamp":1767225600000,"dataChange":false,"extendedFileMetadata":true,"partitionValues":{},"size":1000}}
	// 1 900 [customer_id] 1 7 appendOnly,clustering,domainMetadata,invariants
}
