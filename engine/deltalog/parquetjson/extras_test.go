package parquetjson

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"unsafe"

	"layoutlab/engine/deltalog"
)

// TestFewExtrasAreCopiedOut: a checkpoint whose adds rarely have a deletion vector, row
// tracking or tags gives those few adds AddFileExtras of their own, so that the decoder's
// array of one a row (48 bytes each) is not kept whole by them; each add reads back its own.
func TestFewExtrasAreCopiedOut(t *testing.T) {
	const n = 100_000
	r := &addRows{adds: make([]deltalog.AddFile, n)}
	dv := &deltalog.DeletionVectorDescriptor{StorageType: "u", PathOrInlineDv: "ab^-aqEH.-t@S}K{vb[*k^", SizeInBytes: 10, Cardinality: 3}
	r.extra(7).DeletionVector = dv
	r.extra(n - 1).ClusteringProvider = "liquid"
	r.shareExtras()
	r.extras = nil // the decoder is done with it: only the adds may keep it
	if got := r.adds[7].DeletionVector(); got != dv {
		t.Errorf("add 7's deletion vector is %v, want %v", got, dv)
	}
	if got := r.adds[n-1].ClusteringProvider(); got != "liquid" {
		t.Errorf("the last add's clusteringProvider is %q, want liquid", got)
	}
	if r.adds[8].DeletionVector() != nil || r.adds[8].ClusteringProvider() != "" {
		t.Errorf("add 8 has extras %+v, want none", r.adds[8].Extras())
	}
	objects := func() float64 {
		runtime.GC()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(s)
		return float64(s[0].Value.Uint64())
	}
	adds := r.adds
	r.adds = nil
	with := objects()
	runtime.KeepAlive(adds)
	adds = nil
	held := with - objects()
	addsBytes := float64(n * unsafe.Sizeof(deltalog.AddFile{}))
	extrasBytes := float64(n * unsafe.Sizeof(deltalog.AddFileExtras{}))
	t.Logf("the adds hold %.0f bytes (their array %.0f, an extras array %.0f)", held, addsBytes, extrasBytes)
	if held > addsBytes+extrasBytes/2 {
		t.Errorf("the adds hold %.0f bytes: the extras array (%.0f) is kept beside theirs (%.0f)", held, extrasBytes, addsBytes)
	}
}
