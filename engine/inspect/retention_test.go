package inspect

import (
	"runtime"
	"testing"
)

// TestDroppedOpenReturnsMemory: the heap an open table holds (snapshot, Inspector, Report, the
// grid's spans, a WHERE's Report) is free again once they are dropped, open after open, as the
// page re-opens a table: nothing global, no goroutine, no cache keeps a dropped table's files.
// (A million files hold 580 MB natively while open and 1 MB once dropped.)
func TestDroppedOpenReturnsMemory(t *testing.T) {
	const n = 20_000
	m, err := benchTable(n)
	if err != nil {
		t.Fatal(err)
	}
	heap := func() int64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return int64(ms.HeapAlloc)
	}
	open := func() (*Report, *Inspector, *Report) {
		r, in, err := Open(m, "bench", Options{Version: -1, PlanLater: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := in.Spans(in.DefaultSpanColumn()); err != nil {
			t.Fatal(err)
		}
		if _, err := in.NextOptimize(nil); err != nil {
			t.Fatal(err)
		}
		return r, in, in.Report("name >= 'n010000'")
	}
	base := heap()
	r, in, w := open()
	held := heap() - base
	if held < n*200 { // the files' entries alone are 160 bytes each: the measure measures
		t.Fatalf("an open table holds %d bytes, under %d bytes a file", held, 200)
	}
	runtime.KeepAlive(r)
	runtime.KeepAlive(in)
	runtime.KeepAlive(w)
	r, in, w = nil, nil, nil
	for reopen := range 3 {
		if left := heap() - base; left > held/20 {
			t.Fatalf("after open %d was dropped %d bytes stay of the %d it held", reopen+1, left, held)
		}
		r, in, w = open()
		runtime.KeepAlive(r)
		runtime.KeepAlive(in)
		runtime.KeepAlive(w)
		r, in, w = nil, nil, nil
	}
	if left := heap() - base; left > held/20 {
		t.Fatalf("after the last open was dropped %d bytes stay of the %d it held", left, held)
	}
}
