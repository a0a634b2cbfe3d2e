package timeline

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

// TestFabricIncrementalCostStaysFlat: Microsoft Fabric documents that incremental clustering
// removes the write amplification of rewriting whole ZCubes, whose cost grows with the table and
// not with new data, and that autoRecluster keeps the clustering quality up. At the timeline's
// defaults (40 GiB a day, 60 days) the night-60 OPTIMIZE must write at most 1.5x what night 30
// writes, and a lookup must open clearly fewer files than with autoRecluster off.
func TestFabricIncrementalCostStaysFlat(t *testing.T) {
	on := mustRun(t, scenario.Timeline{Strategy: StrategyLiquidIncremental})
	off := mustRun(t, scenario.Timeline{Strategy: StrategyLiquidIncremental, FabricNoAutoRecluster: true})
	n30, n60 := on.Days[29].OptimizeWrittenGB, on.Days[59].OptimizeWrittenGB
	t.Logf("autoRecluster on: night 30 wrote %.1f GiB, night 60 %.1f GiB, write amplification %.2fx, lookup %.1f files",
		n30, n60, last(on).WriteAmplification, last(on).LookupFiles)
	t.Logf("autoRecluster off: write amplification %.2fx, lookup %.1f files", last(off).WriteAmplification, last(off).LookupFiles)
	if n30 <= 0 || n60 > 1.5*n30 {
		t.Errorf("night 60 wrote %.1f GiB, night 30 %.1f GiB: more than 1.5x", n60, n30)
	}
	// "Clearly fewer": at most two thirds of the files autoRecluster off opens.
	if l, lo := last(on).LookupFiles, last(off).LookupFiles; l > lo*2/3 {
		t.Errorf("lookup opens %.1f files with autoRecluster, %.1f without: not clearly fewer", l, lo)
	}
	// Without autoRecluster only the new data (and the odd small file) is clustered.
	if wa := last(off).WriteAmplification; wa > 1.05 {
		t.Errorf("autoRecluster off: write amplification %.2fx, want about 1x", wa)
	}
}

// TestFabricSettingsReachThePlanner: each Fabric setting of the scenario changes the run.
func TestFabricSettingsReachThePlanner(t *testing.T) {
	base := mustRun(t, scenario.Timeline{Strategy: StrategyLiquidIncremental})
	oss := mustRun(t, scenario.Timeline{Strategy: StrategyLiquid})
	for _, c := range []struct {
		name string
		s    scenario.Timeline
	}{
		{"minOffendingFiles", scenario.Timeline{Strategy: StrategyLiquidIncremental, FabricMinOffendingFiles: 8}},
		{"minOverlapThreshold", scenario.Timeline{Strategy: StrategyLiquidIncremental, FabricMinOverlapThreshold: 0.5}},
	} {
		res := mustRun(t, c.s)
		if last(res).WriteAmplification == last(base).WriteAmplification && last(res).LookupFiles == last(base).LookupFiles {
			t.Errorf("%s: the run is the default's", c.name)
		}
		t.Logf("%s: write amplification %.2fx, lookup %.1f files", c.name, last(res).WriteAmplification, last(res).LookupFiles)
	}
	// incremental=false: Runtime 2.0 runs the standard clustering, which is open source's.
	std := mustRun(t, scenario.Timeline{Strategy: StrategyLiquidIncremental, FabricNoIncremental: true})
	if last(std).WriteAmplification != last(oss).WriteAmplification || last(std).LookupFiles != last(oss).LookupFiles {
		t.Errorf("incremental=false: %+v, want open source's %+v", last(std), last(oss))
	}
	// Runtime 1.3 is its own platform in the decision log.
	r13 := mustRun(t, scenario.Timeline{Strategy: StrategyLiquidFabric13})
	if log := strings.Join(last(r13).DecisionLog, "\n"); !strings.Contains(log, "fabric-runtime-1.3") {
		t.Errorf("Runtime 1.3's decision log does not name the platform:\n%s", log)
	}
}

// TestFabricSingleFileRecluster: when a recluster bin holds one file (bins of 1.5 GiB, files of
// 1 GiB), rewriting it changes no range, so autoRecluster must not rewrite it night after night.
func TestFabricSingleFileRecluster(t *testing.T) {
	res := mustRun(t, scenario.Timeline{Strategy: StrategyLiquidIncremental, MinCubeGB: 1, Days: 20})
	if wa := last(res).WriteAmplification; wa > 1.05 {
		t.Errorf("write amplification %.2fx: one-file recluster bins were rewritten", wa)
	}
}
