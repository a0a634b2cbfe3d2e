package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

// writeInspectJSON writes the report as a json.Encoder with SetIndent("", "  ") and no HTML
// escaping writes it, but streamed: the report without its files and without the OPTIMIZE
// bins' paths first (a head of a few KB), then the files and each bin's paths into their
// places. The encoder indents a value only once it has marshalled it whole, so the report at
// once is a second copy of a million files' JSON, and the plans' million paths were a third
// of a --format json run, marshalled, indented and held twice before a byte was written.
//
// The head's fields after the files (DESCRIBE, the history, the plans' bins, the health) are
// marshalled and indented on a goroutine while the files are written: 0.2 s of one core before
// the files of inspecttest.Table(1_000_000) began, the other idle. The fields before the files
// are marshalled on their own, which gives the same text up to the files' key.
//
// rest, when not nil, sets the fields after the files on r (inspect.InspectThen): it is called
// on the head's goroutine, before the head is made, so that the files are written meanwhile.
func writeInspectJSON(w io.Writer, r *inspect.Report, rest func() error) error {
	bw := bufio.NewWriterSize(w, 256<<10)
	fenc := newFileJSON()
	// The top-level key, at the top level's indent; a bin's "files" is deeper.
	const filesKey = "\n  \"files\": null"
	var before []byte
	if len(r.Files) > 0 {
		lead := *r
		lead.Files, lead.DescribeDetail, lead.History, lead.NextOptimize = nil, nil, nil, nil
		lead.Error, lead.ClusteringHealth, lead.ZCubeHealth = nil, nil, nil
		if text, err := indentedHead(&lead); err == nil && !bytes.Contains(text, []byte(binFilesKey)) {
			before, _, _ = bytes.Cut(text, []byte(filesKey))
		}
	}
	type headText struct {
		text  []byte
		paths []binPaths
		err   error
	}
	full := make(chan headText, 1)
	go func() {
		if rest != nil {
			if err := rest(); err != nil {
				full <- headText{err: err}
				return
			}
		}
		text, paths, err := reportHead(r)
		full <- headText{text, paths, err}
	}()
	if before != nil {
		bw.Write(before)
		bw.WriteString("\n  \"files\": [")
		if err := writeFilesJSON(bw, r.Files); err != nil {
			<-full
			return err
		}
	}
	h := <-full
	if h.err != nil {
		return h.err
	}
	text, paths := h.text, h.paths
	head, after, ok := bytes.Cut(text, []byte(filesKey))
	if before != nil {
		if !ok || !bytes.Equal(head, before) { // the same fields, so the same text
			return fmt.Errorf("the report's head before its files changed as it was written")
		}
		writeWithBinPaths(bw, fenc, after, paths)
		return bw.Flush()
	}
	if !ok || r.Files == nil {
		writeWithBinPaths(bw, fenc, text, paths)
		return bw.Flush()
	}
	writeWithBinPaths(bw, fenc, head, paths)
	bw.WriteString("\n  \"files\": [")
	if len(r.Files) == 0 {
		bw.WriteString("]")
	} else if err := writeFilesJSON(bw, r.Files); err != nil {
		return err
	}
	writeWithBinPaths(bw, fenc, after, paths[bytes.Count(head, []byte(binFilesKey)):])
	return bw.Flush()
}

// reportHead is r without its files, indented (indentedHead), and its bins' paths taken out
// (withoutBinPaths) unless the text holds binFilesKey elsewhere.
func reportHead(r *inspect.Report) ([]byte, []binPaths, error) {
	head := *r
	head.Files = nil
	var paths []binPaths
	head.NextOptimize, paths = withoutBinPaths(r.NextOptimize)
	text, err := indentedHead(&head)
	if err == nil && bytes.Count(text, []byte(binFilesKey)) != len(paths) {
		// A key of that name and depth elsewhere (none today): the bins are written whole.
		head.NextOptimize, paths = r.NextOptimize, nil
		text, err = indentedHead(&head)
	}
	return text, paths, err
}

// indentedHead is head marshalled compact, then indented by indentRaw: SetIndent's json.Indent
// pass was a tenth of the run when the head held the plans' paths. json.Indent keeps the
// encoder's final newline, so it is put back.
func indentedHead(head *inspect.Report) ([]byte, error) {
	var compact, buf bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(head); err != nil {
		return nil, err
	}
	buf.Grow(compact.Len() + compact.Len()/2) // room for the indents, so it is written once
	if !indentRaw(&buf, string(bytes.TrimSuffix(compact.Bytes(), []byte("\n"))), "", "  ") {
		if err := json.Indent(&buf, compact.Bytes(), "", "  "); err != nil {
			return nil, err
		}
	} else {
		buf.WriteByte('\n')
	}
	return buf.Bytes(), nil
}

// binFilesKey is a bin's "files" with its paths left out, in the indented report: a bin's keys
// are at depth 5 (next_optimize, a plan, its bins, a bin).
const binFilesKey = "\n          \"files\": null"

// binPaths are a bin's paths as the report's head gathers them (withoutBinPaths): read on the
// goroutine that makes the head, beside the files' encoding, not as they are written, where a
// million adds read in the plan's order were 0.5 s more of a --format json run (cache misses).
type binPaths struct {
	null  bool // the bin's Files are nil
	paths []string
}

// withoutBinPaths is n with every bin's Files nil, and the Files' paths taken out, in the order
// the encoder writes the bins (the open-source plan's, then Fabric's).
func withoutBinPaths(n *inspect.NextOptimize) (*inspect.NextOptimize, []binPaths) {
	if n == nil {
		return nil, nil
	}
	out := *n
	var paths []binPaths
	for _, p := range []**inspect.OptimizePlan{&out.OSS, &out.FabricRuntime20} {
		if *p == nil {
			continue
		}
		plan := **p
		plan.Bins = slices.Clone(plan.Bins) // nil stays nil, empty stays empty
		for i, b := range planPaths(plan.Bins) {
			paths = append(paths, b)
			plan.Bins[i].Files = inspect.BinFiles{}
		}
		*p = &plan
	}
	return &out, paths
}

// planPaths is the paths of a plan's bins, bin by bin. Its bins refer to one array of adds
// (the snapshot's): each add is read once, in that array's order, and its path written to its
// places in the bins' lists, as nextOptimize reads the files for the planner (738bd3e); read in
// the bins' order, a million adds were three reads from anywhere in memory a path (cache
// misses). Bins over other arrays are read in their own order.
func planPaths(bins []inspect.Bin) []binPaths {
	out := make([]binPaths, len(bins))
	var adds []*deltalog.AddFile
	shared, total := true, 0
	for i, b := range bins {
		out[i].null = b.Files.Refs == nil
		total += b.Files.Len()
		if b.Files.Len() == 0 {
			continue
		}
		if adds == nil {
			adds = b.Files.Adds
		} else if len(b.Files.Adds) != len(adds) || &b.Files.Adds[0] != &adds[0] {
			shared = false
		}
	}
	all := make([]string, total) // the bins' lists, one array
	lists := all
	for i, b := range bins {
		out[i].paths, lists = lists[:b.Files.Len():b.Files.Len()], lists[b.Files.Len():]
	}
	if !shared {
		for i, b := range bins {
			for j := range out[i].paths {
				out[i].paths[j] = b.Files.Path(j)
			}
		}
		return out
	}
	placeInAddsOrder(bins, len(adds), func(a int) string { return adds[a].Path }, all)
	return out
}

// placeInAddsOrder writes the path of each add the bins refer to (of n), read by path once and
// in the adds' order, to its places in all, the bins' lists one after the other.
func placeInAddsOrder(bins []inspect.Bin, n int, path func(a int) string, all []string) {
	// first[a] is add a's last place in all, then[k] its place before place k; -1 ends. A file
	// is in one bin of a plan, but nothing here relies on it.
	first, then := make([]int32, n), make([]int32, len(all))
	for a := range first {
		first[a] = -1
	}
	k := int32(0)
	for _, b := range bins {
		for _, a := range b.Files.Refs {
			then[k], first[a] = first[a], k
			k++
		}
	}
	for a, k := range first {
		if k < 0 {
			continue
		}
		p := path(a)
		for ; k >= 0; k = then[k] {
			all[k] = p
		}
	}
}

// writeWithBinPaths writes text with each binFilesKey in it replaced by the next bin's paths,
// as the encoder would have written them.
func writeWithBinPaths(bw *bufio.Writer, e *fileJSON, text []byte, paths []binPaths) {
	key := []byte(binFilesKey)
	for len(paths) > 0 {
		before, after, ok := bytes.Cut(text, key)
		if !ok {
			break
		}
		bw.Write(before)
		bw.Write(key[:len(key)-len("null")])
		switch files := paths[0]; {
		case files.null:
			bw.WriteString("null")
		case len(files.paths) == 0:
			bw.WriteString("[]")
		default:
			bw.WriteByte('[')
			for i, path := range files.paths {
				bw.WriteString("\n            ")
				e.buf.Reset()
				e.string(path)
				bw.Write(e.buf.Bytes())
				if i < len(files.paths)-1 {
					bw.WriteByte(',')
				}
			}
			bw.WriteString("\n          ]")
		}
		text, paths = after, paths[1:]
	}
	bw.Write(text)
}

// fileBlock is how many files' JSON one goroutine of writeFilesJSON encodes at a time (about
// 1.3 MB of text for a file with three columns' statistics).
const fileBlock = 2048

// writeFilesJSON writes the files' objects, each after a newline and its indent, separated by
// commas, and the array's closing line. Blocks of fileBlock files are encoded by one goroutine
// a core and written in order, at most two blocks a core held at once: the encoding of a
// million files was most of a --format json run's time after the open.
func writeFilesJSON(bw *bufio.Writer, files []inspect.File) error {
	workers := min(runtime.GOMAXPROCS(0), (len(files)+fileBlock-1)/fileBlock)
	if workers <= 1 {
		out, err := encodeFiles(nil, newFileJSON(), files, 0, len(files))
		bw.Write(out)
		return err
	}
	type block struct {
		lo, hi int
		done   chan []byte
		err    error
	}
	var stop atomic.Bool // an encoding failed: the rest is not encoded
	jobs, order := make(chan *block, workers), make(chan *block, 2*workers)
	free := make(chan []byte, 3*workers+1) // the blocks' buffers, reused
	go func() {
		defer close(order)
		defer close(jobs)
		for lo := 0; lo < len(files) && !stop.Load(); lo += fileBlock {
			b := &block{lo: lo, hi: min(lo+fileBlock, len(files)), done: make(chan []byte, 1)}
			order <- b
			jobs <- b
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fenc := newFileJSON()
			for b := range jobs {
				var buf []byte
				select {
				case buf = <-free:
				default:
				}
				if !stop.Load() {
					buf, b.err = encodeFiles(buf[:0], fenc, files, b.lo, b.hi)
				}
				b.done <- buf
			}
		}()
	}
	var err error
	for b := range order {
		buf := <-b.done
		if err == nil && b.err != nil {
			err = b.err
			stop.Store(true)
		}
		if err == nil {
			bw.Write(buf)
		}
		select {
		case free <- buf:
		default:
		}
	}
	wg.Wait()
	return err
}

// encodeFiles appends files [lo, hi) of files to out as writeFilesJSON writes them.
func encodeFiles(out []byte, fenc *fileJSON, files []inspect.File, lo, hi int) ([]byte, error) {
	for i := lo; i < hi; i++ {
		b, err := fenc.encode(&files[i])
		if err != nil {
			return out, err
		}
		out = append(out, "\n    "...)
		out = append(out, b...)
		if i < len(files)-1 {
			out = append(out, ',')
		} else {
			out = append(out, "\n  ]"...)
		}
	}
	return out, nil
}
