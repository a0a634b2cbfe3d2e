package advise

import (
	"strings"

	"layoutlab/engine/table"
)

// SQL is the statements that apply the candidate to table name (a name or delta.`path`):
// ALTER TABLE … SET TBLPROPERTIES ('delta.dataSkippingStatsColumns' = …) when its keys need
// statistics, then ALTER TABLE … CLUSTER BY and OPTIMIZE … FULL (a partitioned table is
// replaced by a clustered one: ALTER TABLE CLUSTER BY refuses partitioned tables), OPTIMIZE …
// ZORDER BY, or the table rewritten partitioned or in order. The table as it is needs none.
func SQL(c Candidate, name string, partitioned bool) []string {
	var out []string
	if len(c.StatsColumns) > 0 {
		out = append(out, "ALTER TABLE "+name+" SET TBLPROPERTIES ('delta.dataSkippingStatsColumns' = '"+
			strings.ReplaceAll(strings.Join(quoteAll(c.StatsColumns), ","), "'", "\\'")+"')")
	}
	keys := strings.Join(quoteAll(c.Keys), ", ")
	switch c.Layout {
	case Cluster:
		if partitioned {
			out = append(out, "CREATE OR REPLACE TABLE "+name+" CLUSTER BY ("+keys+") AS SELECT * FROM "+name)
		} else {
			out = append(out, "ALTER TABLE "+name+" CLUSTER BY ("+keys+")")
		}
		out = append(out, "OPTIMIZE "+name+" FULL")
	case ZOrder:
		out = append(out, "OPTIMIZE "+name+" ZORDER BY ("+keys+")")
	case Partition:
		out = append(out, "CREATE OR REPLACE TABLE "+name+" PARTITIONED BY ("+keys+") AS SELECT * FROM "+name)
	case OrderBy:
		out = append(out, "INSERT OVERWRITE "+name+" SELECT * FROM "+name+" ORDER BY "+keys)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// quoteAll quotes each dotted column name part as Spark prints it (backticks when needed).
func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		parts, err := table.ParseMultipartName(n)
		if err != nil {
			parts = []string{n}
		}
		out[i] = table.QuoteName(parts)
	}
	return out
}

// Label is the candidate as one line: "CLUSTER BY (user_id)", "the table as it is".
func Label(c Candidate) string {
	keys := strings.Join(c.Keys, ", ")
	var s string
	switch c.Layout {
	case AsIs:
		return "the table as it is"
	case Cluster:
		s = "CLUSTER BY (" + keys + ")"
	case ZOrder:
		s = "ZORDER BY (" + keys + ")"
	case Partition:
		s = "PARTITIONED BY (" + keys + ")"
	case OrderBy:
		s = "ORDER BY " + keys
	}
	if len(c.StatsColumns) > 0 {
		s += " with delta.dataSkippingStatsColumns"
	}
	return s
}
