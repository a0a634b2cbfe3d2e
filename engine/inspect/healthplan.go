package inspect

import (
	"runtime"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// healthAndPlan is Open's clustering health and next OPTIMIZE. The two read what newInspector
// read and write fields of their own (base.ClusteringHealth, base.NextOptimize), so without a
// Yield to tell (which is called from one goroutine only) and with a second core (the CLI; the
// page's js/wasm has one), the health is computed on another goroutine while this one plans:
// each was a serial stretch of a million files' open with the other core idle. The answers are
// the same as one after the other.
func (in *Inspector) healthAndPlan(y work.Yield) error {
	if y != nil || runtime.GOMAXPROCS(0) < 2 || in.base.Error != nil {
		if _, err := in.health(y); err != nil {
			return err
		}
		_, err := in.NextOptimize(y)
		return err
	}
	// The one column of statistics either may read afresh (readLeaves writes in.cols) is read
	// before they start: Fabric's overlap score's, which newInspector keeps unless the
	// clustering names no leaf; health's own come from newInspector's read (gatherHealth).
	if len(in.base.ClusteringColumns) > 0 {
		if cols, _ := deltalog.ClusteringColumns(in.s); len(cols) > 0 {
			if leaf := clusterLeaf(cols[0], in.lleaves); leaf >= 0 {
				in.readLeaves([]int{leaf})
			}
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		in.health(nil) // a nil Yield never stops it
	}()
	_, err := in.NextOptimize(nil)
	<-done
	return err
}
