package view

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"layoutlab/engine/panel"
	"layoutlab/engine/skipping"
	"layoutlab/engine/timeline"
)

// Why says, as a reader would, why Delta's data skipping reads or skips a file
// (skipping.Reason, from DataSkippingReaderBase.filesForScan, stats/DataSkippingReader.scala).
func Why(r skipping.Reason) string {
	switch r.Verdict {
	case skipping.KeptNoFilter:
		return "Read: the query has no WHERE."
	case skipping.KeptMayMatch:
		return "Read: its partition values and min/max may hold a matching row."
	case skipping.KeptStatsMissing:
		return "Read: a statistic the WHERE needs is missing (" + r.Stat + "), so Delta cannot rule it out."
	case skipping.KeptNoUsableFilter:
		return "Read: Delta can turn no part of the WHERE into a test on statistics."
	case skipping.PrunedByPartition:
		return "Skipped: its partition values fail " + r.Conjunct + "."
	}
	return "Skipped: its min/max rule out " + r.Conjunct + "."
}

// PanelTip describes file i of a panel answer for the hover tip: its number, its min and max on
// each key (Delta's minValues and maxValues, when given), its rows, and why the query reads or
// skips it.
func PanelTip(res *panel.Result, i int, minValues, maxValues json.RawMessage) string {
	f := &res.Files[i]
	var b strings.Builder
	b.WriteString("File " + Thousands(int64(i+1)) + " of " + Thousands(int64(len(res.Files))))
	if j := strings.LastIndexByte(f.Path, '/'); j > 0 {
		b.WriteString(" in " + f.Path[:j])
	}
	b.WriteByte('\n')
	if minValues == nil {
		b.WriteString("min/max: being read…\n")
	} else {
		for _, k := range res.Keys {
			lo, hi := statValue(minValues, k), statValue(maxValues, k)
			if lo == "" && hi == "" {
				b.WriteString(k + ": no statistics\n")
				continue
			}
			b.WriteString(k + ": " + lo + " to " + hi + "\n")
		}
	}
	b.WriteString(Thousands(f.NumRecords) + " rows\n" + Why(f.Why))
	return b.String()
}

// statValue is column col's value in a statistics object (minValues or maxValues), its dotted
// name walked through nested objects; "" when absent.
func statValue(obj json.RawMessage, col string) string {
	cur := obj
	for _, part := range strings.Split(col, ".") {
		var m map[string]json.RawMessage
		if json.Unmarshal(cur, &m) != nil {
			return ""
		}
		v, ok := m[part]
		if !ok {
			return ""
		}
		cur = v
	}
	var s string
	if json.Unmarshal(cur, &s) == nil {
		return s
	}
	return string(bytes.TrimSpace(cur))
}

// DayFileTip describes file i of a day's grid: its group, size, day written, its min and max
// of the lookup column (from its add action's statistics, when given) and whether the day's
// lookup reads it.
func (c *Composer) DayFileTip(df *timeline.DayFiles, i int, stats string) string {
	f := &df.Files[i]
	var b strings.Builder
	switch {
	case f.ZCube != "":
		state := "open"
		if f.Sealed {
			state = "sealed"
		}
		fmt.Fprintf(&b, "ZCube %s (%s)\n", c.dayGroupName(df, i), state)
	case f.Partition != "":
		b.WriteString(f.Partition + "\n")
	default:
		b.WriteString("In no ZCube\n")
	}
	fmt.Fprintf(&b, "%s GiB, written on day %d\n", oneDecimal(float64(f.Size)/(1<<30)), f.Added)
	lo, hi := "", ""
	if stats != "" {
		var st struct{ MinValues, MaxValues json.RawMessage }
		if json.Unmarshal([]byte(stats), &st) == nil {
			lo, hi = statValue(st.MinValues, df.LookupColumn), statValue(st.MaxValues, df.LookupColumn)
		}
	}
	if lo != "" || hi != "" {
		fmt.Fprintf(&b, "%s: %s to %s\n", df.LookupColumn, lo, hi)
	}
	probe := fmt.Sprintf("%s = %d", df.LookupColumn, df.ProbeValue)
	if f.Read {
		b.WriteString("Read by " + probe + ": its min/max may hold it.")
	} else {
		b.WriteString("Skipped by " + probe + ": its min/max rule it out.")
	}
	return b.String()
}

// dayGroupName is the name under the column of file i's group, as the grid last drawn names it.
func (c *Composer) dayGroupName(df *timeline.DayFiles, i int) string {
	at := 0
	for gi, g := range c.groups {
		for k := at; k < at+len(g.Files); k++ {
			if c.groupOrder[k] == i {
				return c.groupName(df, gi)
			}
		}
		at += len(g.Files)
	}
	return df.Files[i].ZCube
}
