package timeline

import (
	"runtime"
	"sync"
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

// statsWorker runs the jobs on its own goroutine, in submission order.
type statsWorker struct {
	jobs chan statsJob
	sent uint64 // jobs submitted (touched by the run's goroutine only)

	mu   sync.Mutex
	cond sync.Cond
	done uint64 // jobs finished
}

// startWorker starts the run's statistics goroutine when there is a core to run it on.
func (r *run) startWorker() {
	if runtime.GOMAXPROCS(0) < 2 {
		return
	}
	w := &statsWorker{jobs: make(chan statsJob, 256)}
	w.cond.L = &w.mu
	r.w = w
	go func() {
		for j := range w.jobs {
			r.do(&j)
			w.mu.Lock()
			w.done++
			w.cond.Broadcast()
			w.mu.Unlock()
		}
	}()
}

// submit hands j to the worker, or runs it now without one. It returns the job's sequence
// number, what waitFor takes (0 when it ran already).
func (r *run) submit(j statsJob) uint64 {
	if r.w == nil {
		r.do(&j)
		return 0
	}
	r.w.sent++
	r.w.jobs <- j
	return r.w.sent
}

// waitFor returns once job seq (and every job before it) is done.
func (r *run) waitFor(seq uint64) {
	w := r.w
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
func (r *run) waitAll() {
	if r.w != nil {
		r.waitFor(r.w.sent)
	}
}

// stopWorker waits for the jobs submitted and ends the goroutine; the run's statistics and
// lookups are then all in place.
func (r *run) stopWorker() {
	if r.w == nil {
		return
	}
	r.waitAll()
	close(r.w.jobs)
	r.w = nil
}

func (r *run) do(j *statsJob) {
	for i, f := range j.files {
		if j.from != nil {
			r.setStats(f, j.from[i].st)
			continue
		}
		j.sts[i].st = r.coll.Collect(j.rows[i], r.index, r.cfg)
		r.setStats(f, &j.sts[i])
	}
	if j.look != nil {
		r.look.measure(j.look)
	}
}
