package inspect

import (
	"runtime"
	"slices"
	"sync"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// parsedStats is one file's statistics as parseStats gives them.
type parsedStats struct {
	st    stats.Parsed
	notes []string
	err   error
	keys  []uint64 // the health's prefix keys of the bounds (healthCollector.prefixKeys), or nil
}

// statsBlock is one block of files whose statistics a worker of readAll parses.
type statsBlock struct {
	lo, hi int
	done   chan struct{} // closed once buf is parsed
	buf    *parsedBlock
}

// parsedBlock holds a block's parsed statistics; once read, its slices are reused for another
// block (a million files' values made afresh were 300 MB for the collector).
type parsedBlock struct {
	parsed []parsedStats
	vals   []table.Value // each file's MinValues and MaxValues
	nulls  []int64       // each file's NullCount
	keys   []uint64      // each file's prefix keys for the health
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
	free := make(chan *parsedBlock, 3*workers+1)
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
			parser := stats.NewJSONParser(fr.in.pleaves, progressEvery)
			parser.ReuseValues() // copied into the block's buffers
			for b := range jobs {
				select {
				case <-stop:
				default:
					select {
					case b.buf = <-free:
					default:
						b.buf = &parsedBlock{}
					}
					fr.parseBlock(parser, b.buf, b.lo, b.hi)
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
			fr.readParsed(b.lo, b.hi, b.buf.parsed)
		}
		if b.buf == nil {
			continue // a block skipped after the stop: no buffer to give back
		}
		select {
		case free <- b.buf:
		default:
		}
	}
	wg.Wait()
	return err
}

// parseBlock parses and checks the statistics of files [lo, hi) with parser (which reuses its
// values), into buf.
func (fr *fileReader) parseBlock(parser *stats.JSONParser, buf *parsedBlock, lo, hi int) {
	leaves := len(fr.in.pleaves)
	k := hi - lo
	buf.parsed = slices.Grow(buf.parsed[:0], k)[:k]
	buf.vals = slices.Grow(buf.vals[:0], 2*leaves*k)[:2*leaves*k]
	buf.nulls = slices.Grow(buf.nulls[:0], leaves*k)[:leaves*k]
	hc, nkeys := fr.in.hc, 0
	if hc != nil {
		nkeys = 2 * hc.strings()
		buf.keys = slices.Grow(buf.keys[:0], nkeys*k)[:nkeys*k]
	}
	for i := lo; i < hi; i++ {
		p := &buf.parsed[i-lo]
		*p = parsedStats{}
		text := fr.files[i].Stats
		if text == "" {
			continue
		}
		parseStats(parser, text, fr.in.pleaves, p)
		if p.err != nil {
			continue
		}
		v, nc := buf.vals[2*leaves*(i-lo):2*leaves*(i-lo+1)], buf.nulls[leaves*(i-lo):leaves*(i-lo+1)]
		copy(v, p.st.MinValues)
		copy(v[leaves:], p.st.MaxValues)
		copy(nc, p.st.NullCount)
		p.st.MinValues, p.st.MaxValues, p.st.NullCount = v[:leaves:leaves], v[leaves:], nc
		if nkeys > 0 {
			p.keys = buf.keys[nkeys*(i-lo) : nkeys*(i-lo+1)]
			hc.prefixKeys(&p.st.FileStats, p.keys)
		}
	}
}
