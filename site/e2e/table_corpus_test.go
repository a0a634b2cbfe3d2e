//go:build browser

package e2e

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/inspect"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// corpusRoots are every folder of Delta tables in the repository's testdata.
var corpusRoots = []string{tablesDir, "../../engine/skipping/testdata/tables"}

// testdataTables lists every table (a folder holding _delta_log) under corpusRoots, by path.
func testdataTables(t *testing.T) []string {
	var out []string
	for _, root := range corpusRoots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == deltalog.LogDir {
				out = append(out, filepath.Dir(p))
				return filepath.SkipDir
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(out)
	if len(out) < 40 {
		t.Fatalf("found %d tables under %v", len(out), corpusRoots)
	}
	return out
}

// corpus writes the predicates a table is checked with, from its own columns and the values its
// statistics and partitions hold: equalities, ranges, IS NULL, IN and BETWEEN on data columns,
// equality, IS NULL and IN on partition columns, a partition predicate OR'ed with a data one, and
// seeded random AND/OR/NOT combinations of them.
func corpus(s *deltalog.Snapshot, rng *rand.Rand) []string {
	schema, err := deltalog.ParseSchema(s.Metadata().SchemaString)
	if err != nil {
		return nil
	}
	logical, physical := schema.SkippingSchema()
	ll, pl := logical.Leaves(), physical.Leaves()
	parts := s.Metadata().PartitionColumns
	col := func(i int) string { return (&skipping.Column{Path: ll[i].Path, T: ll[i].Type}).String() }
	lit := func(v table.Value) string { return (&skipping.Literal{Val: v}).String() }
	// Values seen per data leaf, and per partition column.
	vals := map[int][]table.Value{}
	pvals := map[string][]string{}
	files := s.Files()
	parser := stats.NewJSONParser(pl, len(files))
	for _, f := range files {
		var st stats.Parsed
		if err := parser.Parse(f.Stats, &st); err == nil && f.Stats != "" {
			for i := range ll {
				for _, v := range []table.Value{st.MinValues[i], st.MaxValues[i]} {
					if !v.Absent() && len(vals[i]) < 50 {
						vals[i] = append(vals[i], v)
					}
				}
			}
		}
		for k, v := range f.PartitionValues {
			if v != "" && !slices.Contains(pvals[k], v) {
				pvals[k] = append(pvals[k], v)
			}
		}
	}
	pick := func(vs []table.Value) table.Value { return vs[rng.IntN(len(vs))] }
	var data, part []string
	var dataCols []int
	for i, l := range ll {
		if len(l.Path) == 1 && slices.Contains(parts, l.Path[0]) || len(vals[i]) == 0 || !l.Type.SkippingEligible() {
			continue
		}
		dataCols = append(dataCols, i)
	}
	rng.Shuffle(len(dataCols), func(a, b int) { dataCols[a], dataCols[b] = dataCols[b], dataCols[a] })
	// Decimals past 18 digits first, so every table that has them is checked on them (#38).
	slices.SortStableFunc(dataCols, func(a, b int) int {
		wide := func(i int) bool { return ll[i].Type.Kind == table.Decimal && ll[i].Type.Precision > 18 }
		return cmp.Compare(boolInt(!wide(a)), boolInt(!wide(b)))
	})
	for _, i := range dataCols[:min(3, len(dataCols))] {
		c, vs := col(i), vals[i]
		data = append(data, c+" = "+lit(pick(vs)), c+" > "+lit(pick(vs)), c+" <= "+lit(pick(vs)), c+" IS NULL",
			c+" IN ("+lit(pick(vs))+", "+lit(pick(vs))+")", c+" BETWEEN "+lit(pick(vs))+" AND "+lit(pick(vs)))
	}
	quote := func(v string) string { return "'" + strings.ReplaceAll(v, "'", "''") + "'" }
	for _, p := range parts[:min(2, len(parts))] {
		i := slices.IndexFunc(ll, func(l table.Leaf) bool { return len(l.Path) == 1 && l.Path[0] == p })
		if i < 0 {
			continue
		}
		// Partition values are keyed by physical name under column mapping.
		pv := pvals[p]
		if pi := pl[i].Path[0]; len(pv) == 0 {
			pv = pvals[pi]
		}
		c := col(i)
		part = append(part, c+" IS NULL", c+" IS NOT NULL")
		if len(pv) > 0 {
			v := pv[rng.IntN(len(pv))]
			part = append(part, c+" = "+quote(v), c+" IN ("+quote(v)+", "+quote(pv[rng.IntN(len(pv))])+")")
			// Decimal arithmetic, exact as Spark's (#38): a product that lands on a file's value,
			// a quotient rounded to its scale, and an overflow to NULL.
			if lt := ll[i].Type; lt.Kind == table.Decimal {
				if d, ok := table.CastDecimal(v, lt); ok {
					t3, _ := table.DecimalResultType('*', lt, table.Type{Kind: table.Decimal, Precision: 1})
					if p3, ok := table.DecimalArith('*', d, table.Value{Kind: table.Decimal, I: 3}, t3); ok {
						part = append(part, c+" * 3 = "+lit(p3))
					}
					part = append(part, c+" / 7 + 0.1 > "+lit(d), c+" * 99999999999999999999999999999999999999 IS NULL")
				}
			}
		}
	}
	out := append(append([]string{}, part...), data...)
	if len(part) > 0 && len(data) > 0 {
		out = append(out, part[len(part)-1]+" OR "+data[1], "("+part[0]+") OR ("+data[0]+")")
	}
	atoms := append(append([]string{}, part...), data...)
	for k := 0; k < 4 && len(atoms) > 1; k++ {
		a, b, c := atoms[rng.IntN(len(atoms))], atoms[rng.IntN(len(atoms))], atoms[rng.IntN(len(atoms))]
		switch k % 3 {
		case 0:
			out = append(out, fmt.Sprintf("(%s) AND ((%s) OR (%s))", a, b, c))
		case 1:
			out = append(out, fmt.Sprintf("NOT ((%s) OR (%s))", a, b))
		default:
			out = append(out, fmt.Sprintf("((%s) OR (%s)) AND NOT (%s)", a, b, c))
		}
	}
	return out
}

// TestOpenYourTableAgreesOnEveryTable opens every table in the repository's testdata on
// table.html (a zip of its folder) and runs a corpus of predicates drawn from its columns
// (corpus): for each, every file's verdict and reason, the files read and skipped and the next
// OPTIMIZE's figures must be engine/inspect's (`layoutlab inspect`) for the same table and
// WHERE, run here natively; a predicate Delta refuses must be refused with the same message; a
// table that cannot be read must be refused naming the same file. Tables whose history goes
// back further are also checked at their earliest version.
func TestOpenYourTableAgreesOnEveryTable(t *testing.T) {
	tables := testdataTables(t)
	rng := rand.New(rand.NewPCG(38, 2))
	var ctx context.Context
	preds, files := 0, 0
	for n, dir := range tables {
		name, _ := filepath.Rel("../..", dir)
		if n%8 == 0 { // a fresh browser now and then: each has browserTimeout
			ctx = browser(t)
			openTablePage(t, ctx)
		}
		fsys := os.DirFS(dir)
		s, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
		msg := give(t, ctx, archive(t, dir, "zip"))
		var ref *deltalog.Refusal
		var le *deltalog.LogError
		switch {
		case errors.As(err, &ref):
			if !strings.Contains(msg, ref.Class) {
				t.Errorf("%s: refused natively (%v); the page says %q", name, err, msg)
			}
			continue
		case errors.As(err, &le):
			if !strings.Contains(msg, le.File) {
				t.Errorf("%s: broken natively (%v); the page says %q", name, err, msg)
			}
			continue
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		}
		if msg != "" {
			t.Errorf("%s: the page refuses a table engine/inspect reads: %s", name, msg)
			continue
		}
		want, err := inspect.Inspect(fsys, name, inspect.Options{Version: -1})
		if err != nil {
			t.Fatal(err)
		}
		if want.Error != nil {
			// Delta refuses the table (a reader feature): the page says so and shows no table.
			continue
		}
		agreesWithInspect(t, ctx, want)
		ps := corpus(s, rng)
		if len(ps) == 0 && want.FilesTotal > 0 {
			t.Errorf("%s: no predicates drawn from its columns", name)
		}
		for _, p := range ps {
			want, err := inspect.Inspect(fsys, name, inspect.Options{Version: -1, Where: p})
			if err != nil {
				t.Fatal(err)
			}
			where(t, ctx, p)
			preds++
			if want.Error != nil {
				got := eval[string](t, ctx, `document.getElementById("where-error").textContent`)
				if !strings.Contains(got, want.Error.Message) {
					t.Errorf("%s: WHERE %s: refused natively with %q, the page says %q", name, p, want.Error.Message, got)
				}
				continue
			}
			files += len(want.Files)
			agreesWithInspect(t, ctx, want)
		}
		// The earliest version the log can rebuild, with the last WHERE.
		lst, _ := deltalog.List(fsys)
		if lo := lst.Earliest(); lo < s.Version() && len(ps) > 0 {
			p := ps[len(ps)-1]
			want, err := inspect.Inspect(fsys, name, inspect.Options{Version: lo, Where: p})
			if err != nil || want.Error != nil {
				continue // a version Delta cannot rebuild alone (the slider's lower bound is the log's)
			}
			setVersion(t, ctx, int(lo))
			agreesWithInspect(t, ctx, want)
		}
	}
	t.Logf("%d tables, %d predicates, %d file verdicts compared", len(tables), preds, files)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
