package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"layoutlab/engine/panel"
)

func init() {
	register("layout", "lay out the statistics panel's table and run its query (JSON or CSV)", runLayout)
}

// layoutFlags are layout's own flags, beside the panel's knobs.
var layoutFlags = []verbFlag{
	{"--link '#s=...'", "start from the panel a link encodes; explicit flags override it"},
	{"--format json|csv", "json (default): the panel Result; csv: one row per file"},
	{"--stats-json", "also print each file's add.stats string (json only)"},
}

var layoutUsage = `usage: layoutlab layout [flags]

Generates the panel's seeded table, lays it out as Delta would, collects Delta's per-file
statistics, runs Delta's data skipping for --where and prints the result.

` + flagsUsage("panel", layoutFlags) + `
Exit status: 0 when the panel was computed, including when Delta refuses the layout (the JSON
then carries "error" with Delta's class and message: a refusal is an answer, not a failure);
2 for a bad flag or a scenario outside its limits, with a message naming the flag.
`

func runLayout(args []string, stdout, stderr io.Writer) int {
	sf := newScenarioFlags("layout", "panel")
	statsJSON := sf.fs.Bool("stats-json", false, "")
	s, code, done := sf.parse(layoutUsage, args, stdout, stderr)
	if done {
		return code
	}
	format := sf.format
	p := &s.Panel

	store := panel.NewStore()
	res, err := store.Answer(*p, panel.Shown, nil)
	if err != nil { // no Yield: nothing stops the answer
		fmt.Fprintf(stderr, "layoutlab layout: %v\n", err)
		return 1
	}
	if res.Error != nil && res.Error.Class == panel.ClassInvalidInput {
		return badFlag(stderr, "layout")(knobFlag(res.Error, sf.fs), "%s", res.Error.Message)
	}
	res.Link = panel.Link(*p)
	if len(res.Files) > 0 {
		strs, err := store.FillFileStats(res)
		if err != nil {
			fmt.Fprintf(stderr, "layoutlab layout: %v\n", err)
			return 1
		}
		if *statsJSON {
			res.StatsJSON = strs
		}
	}
	if *format == "csv" {
		if err := writeCSV(stdout, res); err != nil {
			fmt.Fprintf(stderr, "layoutlab layout: %v\n", err)
			return 1
		}
		return 0
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		fmt.Fprintf(stderr, "layoutlab layout: %v\n", err)
		return 1
	}
	return 0
}

// writeCSV prints the files table: path, numRecords, read, then per measured key its span and
// the file's min and max (empty when Delta keeps no statistic for it).
func writeCSV(w io.Writer, res *panel.Result) error {
	cw := csv.NewWriter(w)
	cols := spanOrder(res)
	head := []string{"path", "numRecords", "read"}
	for _, c := range cols {
		head = append(head, "span:"+c, "min:"+c, "max:"+c)
	}
	cw.Write(head)
	for _, f := range res.Files {
		var mins, maxs map[string]json.RawMessage
		json.Unmarshal(f.MinValues, &mins)
		json.Unmarshal(f.MaxValues, &maxs)
		rec := []string{f.Path, strconv.FormatInt(f.NumRecords, 10), strconv.FormatBool(f.Read)}
		for _, c := range cols {
			rec = append(rec, strconv.FormatFloat(f.Span(c), 'g', 6, 64), rawText(mins[c]), rawText(maxs[c]))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

func spanOrder(res *panel.Result) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range res.Keys {
		if _, ok := res.Spans[k]; ok && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, k := range []string{"event_date", "user_id", "region_id", "device_model_id"} {
		if _, ok := res.Spans[k]; ok && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func rawText(r json.RawMessage) string {
	var s string
	if json.Unmarshal(r, &s) == nil {
		return s
	}
	return string(r)
}
