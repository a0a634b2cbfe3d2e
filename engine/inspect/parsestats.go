package inspect

import (
	"runtime"
	"sync"

	"layoutlab/engine/stats"
	"layoutlab/engine/work"
)

// parsedStats is one file's statistics as parseStats gives them.
type parsedStats struct {
	st    stats.Parsed
	notes []string
	err   error
}

// statsBlock is one block of files whose statistics a worker of readAll parses.
type statsBlock struct {
	lo, hi int
	parsed []parsedStats
	done   chan struct{} // closed once parsed is set
}

// readAll reads every file (fileReader.read) in blocks of progressEvery, telling yield before
// each: a block a call, as under js/wasm V8 runs a call in the code it began in
// (docs/performance.md, "Loops in functions of their own"). With more than one core (the CLI;
// js/wasm has one), a goroutine a core parses and checks the statistics of the blocks ahead,
// the most of an open's CPU after the checkpoint, while this one records each block in order:
// the same values and notes, in the same order, as one parse after another. Its error is
// yield's.
func (fr *fileReader) readAll(yield work.Yield) error {
	n := len(fr.files)
	workers := min(runtime.GOMAXPROCS(0), n/progressEvery)
	if workers < 2 {
		for lo := 0; lo < n; lo += progressEvery {
			if err := yield.Tick(statisticsStep, lo, n, "files"); err != nil {
				return err
			}
			fr.read(lo, min(lo+progressEvery, n))
		}
		return nil
	}
	stop := make(chan struct{})
	jobs, order := make(chan *statsBlock, workers), make(chan *statsBlock, 2*workers)
	go func() {
		defer close(order)
		defer close(jobs)
		for lo := 0; lo < n; lo += progressEvery {
			b := &statsBlock{lo: lo, hi: min(lo+progressEvery, n), done: make(chan struct{})}
			select {
			case order <- b:
			case <-stop:
				return
			}
			jobs <- b // the workers take every job until jobs is closed
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			parser := stats.NewJSONParser(fr.in.pleaves, progressEvery) // values kept per file: no ReuseValues
			for b := range jobs {
				select {
				case <-stop:
				default:
					b.parsed = fr.parseBlock(parser, b.lo, b.hi)
				}
				close(b.done)
			}
		}()
	}
	var err error
	for b := range order {
		if err == nil {
			if err = yield.Tick(statisticsStep, b.lo, n, "files"); err != nil {
				close(stop)
			}
		}
		<-b.done
		if err == nil {
			fr.readParsed(b.lo, b.hi, b.parsed)
		}
	}
	wg.Wait()
	return err
}

// parseBlock parses and checks the statistics of files [lo, hi) with parser.
func (fr *fileReader) parseBlock(parser *stats.JSONParser, lo, hi int) []parsedStats {
	out := make([]parsedStats, hi-lo)
	for i := lo; i < hi; i++ {
		if text := fr.files[i].Stats; text != "" {
			p := &out[i-lo]
			p.st, p.notes, p.err = parseStats(parser, text, fr.in.pleaves)
		}
	}
	return out
}
