package timeline

import (
	"runtime"
	"sync"

	"layoutlab/engine/stats"
)

// A file's statistics and the day's lookup readout feed nothing the next night plans from: the
// compaction and clustering planners read sizes, record counts and tags, Z-order reads nothing
// of the files' statistics (OptimizeTableStrategy.scala, ClusteringStrategy), and a lookup only
// reads statistics. So with a second core the run hands them to a goroutine (statsWorker), in
// the order it writes the files, and goes on planning and laying out the next bins. Under
// js/wasm (one core) each job runs where it is submitted. Only two things read statistics while
// the run goes on, and they wait for them: the Fabric overlap score (clusterRanges reads every
// live file's bounds) and a slab about to be overwritten (its files' rows must have been read).
// The results are the same either way: every job is a function of the rows and files it names.

// statsJob is one submission: statistics for files, and then, optionally, a day's lookup.
type statsJob struct {
	files []*file
	rows  [][]int32   // rows[i] are files[i]'s rows, taken at submission: removing a file drops them
	sts   []fileStats // files[i]'s statistics are collected into sts[i]
	from  []*file     // when set, files[i] takes from[i]'s statistics (a reused Z-order layout)
	look  *lookupJob
}

// statsCollection collects the files' statistics (engine/stats, as Delta's
// StatisticsCollection does on write) and measures each day's lookups on them, on the worker
// when there is one.
type statsCollection struct {
	coll        *stats.Collector
	index       []bool // leaves with statistics
	cfg         stats.Config
	partitioned bool         // event_date is a partition column: a file's bounds are its partition value
	w           *statsWorker // nil runs the jobs inline
	look        lookups      // the jobs' lookup readouts
}

// statsWorker runs the jobs on its own goroutine, in submission order.
type statsWorker struct {
	jobs chan statsJob
	sent uint64 // jobs submitted (touched by the run's goroutine only)

	mu   sync.Mutex
	cond sync.Cond
	done uint64 // jobs finished
}

// start starts the run's statistics goroutine when there is a core to run it on.
func (sc *statsCollection) start() {
	if runtime.GOMAXPROCS(0) < 2 {
		return
	}
	w := &statsWorker{jobs: make(chan statsJob, 256)}
	w.cond.L = &w.mu
	sc.w = w
	go func() {
		for j := range w.jobs {
			sc.do(&j)
			w.mu.Lock()
			w.done++
			w.cond.Broadcast()
			w.mu.Unlock()
		}
	}()
}

// submit hands j to the worker, or runs it now without one. It returns the job's sequence
// number, what waitFor takes (0 when it ran already).
func (sc *statsCollection) submit(j statsJob) uint64 {
	if sc.w == nil {
		sc.do(&j)
		return 0
	}
	sc.w.sent++
	sc.w.jobs <- j
	return sc.w.sent
}

// waitFor returns once job seq (and every job before it) is done.
func (sc *statsCollection) waitFor(seq uint64) {
	w := sc.w
	if w == nil || seq == 0 {
		return
	}
	w.mu.Lock()
	for w.done < seq {
		w.cond.Wait()
	}
	w.mu.Unlock()
}

// waitAll returns once every job submitted so far is done.
func (sc *statsCollection) waitAll() {
	if sc.w != nil {
		sc.waitFor(sc.w.sent)
	}
}

// stop waits for the jobs submitted and ends the goroutine; the run's statistics and
// lookups are then all in place.
func (sc *statsCollection) stop() {
	if sc.w == nil {
		return
	}
	sc.waitAll()
	close(sc.w.jobs)
	sc.w = nil
}

func (sc *statsCollection) do(j *statsJob) {
	var b *stats.Batch
	if j.from == nil && len(j.files) > 0 {
		b = sc.coll.NewBatch(len(j.files))
	}
	for i, f := range j.files {
		if j.from != nil {
			sc.setStats(f, j.from[i].st)
			continue
		}
		j.sts[i].st = sc.coll.CollectIn(b, j.rows[i], sc.index, sc.cfg)
		sc.setStats(f, &j.sts[i])
	}
	if j.look != nil {
		sc.look.measure(j.look)
	}
}

// setStats records f's statistics (collected over its rows by engine/stats).
func (sc *statsCollection) setStats(f *file, fs *fileStats) {
	f.st = fs
	st := &fs.st
	for l := range 3 {
		if v := &st.MinValues[l]; !v.Absent() {
			f.lo[l] = v.I
		}
		if v := &st.MaxValues[l]; !v.Absent() {
			f.hi[l] = v.I
		}
	}
	if sc.partitioned {
		d := int64(firstDate) + int64(f.partDay-1)
		f.lo[leafDate], f.hi[leafDate] = d, d
	}
}
