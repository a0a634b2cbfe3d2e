package inspect

import (
	"fmt"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// checkStats takes out of one file's parsed statistics what cannot be true, with a note for each
// naming the field: a min above its max, a negative null count. A negative numRecords is an
// error: none of the file's statistics are then used. Delta uses what stats it can and reads a
// file without usable ones, never skipping it (DataSkippingReader's verifyStatsForFilter), so a
// statistic left out can only make a WHERE read more files.
func checkStats(st *stats.Parsed, leaves []table.Leaf) ([]string, error) {
	if st.HasNumRecords && st.NumRecords < 0 {
		return nil, fmt.Errorf("numRecords %d is negative", st.NumRecords)
	}
	var notes []string
	for j, l := range leaves {
		lo, hi := st.MinValues[j], st.MaxValues[j]
		if !lo.Absent() && !hi.Absent() && table.Compare(lo, hi) > 0 {
			notes = append(notes, fmt.Sprintf("minValues.%s %s is above maxValues.%s %s: both left out", l.Name(), lo, l.Name(), hi))
			st.MinValues[j], st.MaxValues[j] = table.Value{}, table.Value{}
		}
		if n := st.NullCount[j]; n < -1 || (n >= 0 && st.HasNumRecords && n > st.NumRecords) {
			notes = append(notes, fmt.Sprintf("nullCount.%s %d is not between 0 and numRecords: left out", l.Name(), n))
			st.NullCount[j] = -1
		}
	}
	return notes, nil
}

// checkDeletedRecords notes a deletion vector whose cardinality cannot be true: negative, or
// more rows than the file holds. Delta does not check it (DeletionVectorDescriptor); the count
// is shown as written.
func checkDeletedRecords(f *File) []string {
	n := f.DeletedRecords()
	if n < 0 || (f.NumRecords != nil && n > *f.NumRecords) {
		return []string{fmt.Sprintf("deletionVector.cardinality %d is not between 0 and numRecords", n)}
	}
	return nil
}
