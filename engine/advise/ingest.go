package advise

import (
	"strconv"

	deltalog "layoutlab/engine/deltalog"
)

// IngestWindowDays is how far back from the latest commit the log's appends set the default
// ingest rate.
const IngestWindowDays = 30

const dayMillis = 86_400_000

// appendOps are the operations whose operationMetrics.numOutputBytes are new data
// (DeltaOperations.scala: Write, StreamingUpdate, the CREATE/REPLACE … AS SELECT forms).
var appendOps = map[string]bool{"WRITE": true, "STREAMING UPDATE": true, "CREATE TABLE AS SELECT": true,
	"REPLACE TABLE AS SELECT": true, "CREATE OR REPLACE TABLE AS SELECT": true}

// ingestRate is the rate the nightly OPTIMIZE cost is run at: the user's, or the log's recent
// appends: the numOutputBytes of the append commits in the IngestWindowDays before the latest
// commit, after the window's first commit, over the time from that first commit to the latest
// (at least a day). The first commit's bytes are left out: a rate is what arrives between
// commits, and a table's first write is often its initial load.
func ingestRate(s *deltalog.Snapshot, user float64) Ingest {
	if user >= 0 {
		return Ingest{BytesPerDay: user, Source: "--ingest-gb-per-day"}
	}
	hist := s.History()
	var latest int64 = -1
	for _, ci := range hist {
		latest = max(latest, commitTime(ci))
	}
	if latest < 0 {
		return Ingest{Source: "the log records no commit times: no ingest assumed"}
	}
	from := latest - IngestWindowDays*dayMillis
	first := int64(-1)
	var bytes int64
	appends := 0
	for _, ci := range hist {
		ts := commitTime(ci)
		if ts <= from {
			continue
		}
		if first < 0 || ts < first {
			first = ts
		}
	}
	for _, ci := range hist {
		ts := commitTime(ci)
		if ts <= first || !appendOps[ci.Operation] {
			continue
		}
		if n, err := strconv.ParseInt(ci.OperationMetrics["numOutputBytes"], 10, 64); err == nil && n > 0 {
			bytes += n
			appends++
		}
	}
	span := max(latest-first, dayMillis)
	rate := float64(bytes) / (float64(span) / dayMillis)
	return Ingest{BytesPerDay: rate, Source: strconv.Itoa(appends) + " appends (numOutputBytes) in the log's last " +
		strconv.FormatFloat(float64(span)/dayMillis, 'f', 1, 64) + " days"}
}

// commitTime is a commit's time: its inCommitTimestamp when set, else its timestamp; -1 for an
// empty commitInfo.
func commitTime(ci deltalog.CommitInfo) int64 {
	if ci.InCommitTimestamp != nil {
		return *ci.InCommitTimestamp
	}
	if ci.Timestamp <= 0 {
		return -1
	}
	return ci.Timestamp
}
