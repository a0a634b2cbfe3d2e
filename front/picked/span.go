package picked

// span is where one window of Windows or Bounded lies in the file and how its run of reads goes
// on; the two differ only in where the window's bytes live (a fetch's slice, or a buffer
// filled again in place), so they choose windows by the same rules here.
type span struct {
	off, n int64 // the window holds the file's bytes [off, off+n)
	next   int64 // the size of the window that continues this one
	used   int64 // the tick of the read that last used it
}

// findSpan is the span holding byte at, -1 for none.
func findSpan(spans []span, at int64) int {
	for i, s := range spans {
		if at >= s.off && at < s.off+s.n {
			return i
		}
	}
	return -1
}

// chooseSpan is the span a window loaded at at replaces, and that window's size before the
// read's own want: the run it continues (the nearest whose end is at or less than maxGap before
// at), its next size; else windowMin in a new span (-1) while there are fewer than limit; else
// the least recently used.
func chooseSpan(spans []span, at int64, limit int) (i int, next int64) {
	i, next = -1, windowMin
	gap := int64(maxGap)
	for k, s := range spans {
		if end := s.off + s.n; end <= at && at-end < gap {
			i, next, gap = k, s.next, at-end
		}
	}
	if i >= 0 || len(spans) < limit {
		return i, next
	}
	i = 0
	for k := range spans {
		if spans[k].used < spans[i].used {
			i = k
		}
	}
	return i, next
}
