package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

func init() {
	register("layout", "lay out the statistics panel's table and run its query (JSON or CSV)", runLayout)
}

var layoutUsage = `usage: layoutlab layout [flags]

Generates the panel's seeded table, lays it out as Delta would, collects Delta's per-file
statistics, runs Delta's data skipping for --where and prints the result.

  --rows N             rows in the table (default 100000)
  --files F            number of files (default 32)
  --rows-per-file R    instead of --files: max(1, rows/R) files, Delta's approxNumFiles
  --layout L           append | orderby | zorder | hilbert (default hilbert)
  --keys a,b,...       clustering / sort keys (default user_id,event_date)
  --where 'PRED'       SQL predicate, e.g. "user_id = 42 AND region_id < 3"
  --indexed-cols N     delta.dataSkippingNumIndexedCols (default 32, -1 = all)
  --stats-columns a,b  delta.dataSkippingStatsColumns
  --partition-by a,b   PARTITIONED BY: one directory per value, partition pruning
  --seed S             table and noise seed (default 1)
` + addNoiseUsage(23) + `  --link '#s=...'      start from the panel a link encodes; explicit flags override it
  --format json|csv    json (default): the panel Result; csv: one row per file
  --stats-json         also print each file's add.stats string (json only)

Exit status: 0 when the panel was computed, including when Delta refuses the layout (the JSON
then carries "error" with Delta's class and message: a refusal is an answer, not a failure);
2 for a bad flag or a scenario outside its limits, with a message naming the flag.
`

func runLayout(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("layout", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rows := fs.Int("rows", 0, "")
	files := fs.Int("files", 0, "")
	rpf := fs.Int("rows-per-file", 0, "")
	lay := fs.String("layout", "", "")
	keys := fs.String("keys", "", "")
	where := fs.String("where", "", "")
	ic := fs.Int("indexed-cols", 0, "")
	sc := fs.String("stats-columns", "", "")
	pb := fs.String("partition-by", "", "")
	seed := fs.Uint64("seed", 0, "")
	addNoise := addNoiseFlag(fs)
	link := fs.String("link", "", "")
	format := fs.String("format", "json", "")
	statsJSON := fs.Bool("stats-json", false, "")
	if code, done := parseArgs(fs, "layout", layoutUsage, args, stdout, stderr); done {
		return code
	}
	bad := badFlag(stderr, "layout")
	if *format != "json" && *format != "csv" {
		return bad("format", "%q is not json or csv", *format)
	}

	s := scenario.Default()
	if *link != "" {
		var err error
		if s, err = scenario.ParseLink(*link); err != nil {
			return bad("link", "%v", err)
		}
		s.View = "panel"
	}
	p := &s.Panel
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["files"] && set["rows-per-file"] {
		return bad("rows-per-file", "give --files or --rows-per-file, not both")
	}
	if set["rows"] {
		if *rows < 1 || *rows > scenario.MaxPanelRows {
			return bad("rows", "%d is outside 1..%d", *rows, scenario.MaxPanelRows)
		}
		p.Rows = *rows
	}
	if set["files"] {
		if *files < 1 || *files > scenario.MaxPanelFiles {
			return bad("files", "%d is outside 1..%d", *files, scenario.MaxPanelFiles)
		}
		p.Files, p.RowsPerFile = *files, 0
	}
	if set["rows-per-file"] {
		if *rpf < 1 {
			return bad("rows-per-file", "%d is not a positive number of rows", *rpf)
		}
		p.Files, p.RowsPerFile = 0, *rpf
	}
	if set["layout"] {
		if !slices.Contains(scenario.PanelLayouts, *lay) {
			return bad("layout", "%q is not one of %s", *lay, strings.Join(scenario.PanelLayouts, ", "))
		}
		p.Layout = *lay
	}
	if set["keys"] {
		p.Keys = splitList(*keys)
		if len(p.Keys) > scenario.MaxKeys {
			return bad("keys", "%d keys: at most %d", len(p.Keys), scenario.MaxKeys)
		}
	}
	if set["where"] {
		p.Where = *where
	}
	if set["indexed-cols"] {
		if *ic < -1 {
			return bad("indexed-cols", "%d: delta.dataSkippingNumIndexedCols must be -1 or more", *ic)
		}
		v := *ic
		p.IndexedCols = &v
	}
	if set["stats-columns"] {
		p.StatsColumns = splitList(*sc)
	}
	if set["partition-by"] {
		p.PartitionBy = splitList(*pb)
	}
	if set["seed"] {
		p.Seed = *seed
	}
	if set["add-noise"] {
		p.NoNoise = !*addNoise
	}
	if err := s.Validate(); err != nil {
		return bad(knobFlag(err, fs, set), "%v", err)
	}

	store := panel.NewStore()
	res, err := store.Answer(*p, panel.Shown, nil)
	if err != nil { // no Yield: nothing stops the answer
		fmt.Fprintf(stderr, "layoutlab layout: %v\n", err)
		return 1
	}
	if res.Error != nil && res.Error.Class == panel.ClassInvalidInput {
		msg := res.Error.Message
		if rest, ok := strings.CutPrefix(msg, "where: "); ok {
			return bad("where", "%s", rest)
		}
		return bad(flagFor(msg), "%s", msg)
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

// flagFor names the flag a scenario validation message is about.
func flagFor(msg string) string {
	for _, m := range []struct{ prefix, flag string }{
		{"rows per file", "rows-per-file"}, {"rows", "rows"}, {"files", "files"},
		{"layout", "layout"}, {"predicate", "where"}, {"indexed", "indexed-cols"},
		{"stats", "stats-columns"}, {"partition", "partition-by"}, {"column name", "keys"},
	} {
		if strings.HasPrefix(msg, m.prefix) || strings.Contains(msg, " "+m.prefix) {
			return m.flag
		}
	}
	if strings.Contains(msg, "keys") {
		return "keys"
	}
	return "link"
}

func splitList(s string) []string {
	out := []string{}
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
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
