package optimize

import (
	"fmt"
	"testing"
)

// benchSnapshot builds a 5,000-file table: 40 ZCubes of 100 files (half sealed-size) with
// first-column ranges, plus 1,000 untagged files, spread over 50 partitions when partitioned.
func benchSnapshot(partitioned, clustered bool) *Snapshot {
	return benchSnapshotN(5000, partitioned, clustered)
}

// benchSnapshotN is benchSnapshot's table at n files: ZCubes of 100 files for the first 80%.
func benchSnapshotN(n int, partitioned, clustered bool) *Snapshot {
	s := &Snapshot{Version: 1}
	if partitioned {
		s.PartitionColumns = []string{"d"}
	}
	if clustered {
		s.ClusteringFeature, s.ClusteringColumns = true, []string{"c"}
	}
	zo := encodeNames(s.ClusteringColumns)
	for i := 0; i < n; i++ {
		f := File{Path: fmt.Sprintf("f-%05d", i), Size: GiB, NumRecords: 1000}
		if i%7 == 0 {
			f.Size = 300 * MiB
		}
		if partitioned {
			f.PartitionValues = map[string]string{"d": fmt.Sprintf("2026-01-%02d", i%50)}
		}
		if clustered && i < n*4/5 {
			cube := i / 100
			f.Extra = &FileExtra{Tags: map[string]string{TagZCubeID: fmt.Sprintf("cube-%03d", cube), TagZCubeZOrder: zo},
				ClusteringProvider: ProviderLiquid}
			j := float64(i % 100)
			f.ClusterRange = &Range{j / 100, (j + 1) / 100}
		} else if clustered {
			f.ClusterRange = &Range{0, 1}
		}
		s.Files = append(s.Files, f)
	}
	return s
}

func benchPlan(b *testing.B, s *Snapshot, req Request, cfg Config) {
	p, err := NewPlanner(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plan, err := p.Plan(s, req)
		if err != nil || plan.Empty() {
			b.Fatal(err, plan.Empty())
		}
	}
}

func BenchmarkPlan5000(b *testing.B) {
	b.Run("compaction", func(b *testing.B) { benchPlan(b, benchSnapshot(true, false), Request{}, Config{}) })
	b.Run("zorder", func(b *testing.B) {
		benchPlan(b, benchSnapshot(true, false), Request{ZOrderBy: []string{"c"}}, Config{})
	})
	b.Run("clustering", func(b *testing.B) {
		benchPlan(b, benchSnapshot(false, true), Request{}, Config{MinCubeSize: 80 * GiB})
	})
	b.Run("clustering-full", func(b *testing.B) {
		benchPlan(b, benchSnapshot(false, true), Request{Full: true}, Config{MinCubeSize: 80 * GiB})
	})
	b.Run("fabric-incremental", func(b *testing.B) {
		benchPlan(b, benchSnapshot(false, true), Request{}, Config{Platform: PlatformFabricRuntime20})
	})
}

// BenchmarkPlanClustered1M is the two plans the inspector makes of a clustered table, the
// open-source clustering plan and then Fabric Runtime 2.0's incremental one, on a million files
// (benchSnapshotN): B/op is what both allocate.
func BenchmarkPlanClustered1M(b *testing.B) {
	s := benchSnapshotN(1_000_000, false, true)
	oss, err := NewPlanner(Config{})
	if err != nil {
		b.Fatal(err)
	}
	fabric, err := NewPlanner(Config{Platform: PlatformFabricRuntime20})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range []*Planner{oss, fabric} {
			if _, err := p.Plan(s, Request{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
