package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

func cli(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = dispatch(args, &o, &e)
	return code, o.String(), e.String()
}

func TestLayoutJSON(t *testing.T) {
	code, out, errs := cli("layout", "--rows", "20000", "--files", "8", "--layout", "zorder", "--keys", "user_id", "--where", "user_id < 5000000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r panel.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.FilesTotal != 8 || r.RowsTotal != 20000 || r.Layout != "zorder" || r.Error != nil || r.FilesRead >= 8 || r.FilesRead < 1 {
		t.Errorf("unexpected result: %d files, %d rows, layout %s, error %v, read %d", r.FilesTotal, r.RowsTotal, r.Layout, r.Error, r.FilesRead)
	}
	// The link reproduces the same answer.
	code, again, _ := cli("layout", "--link", r.Link)
	if code != 0 || again != out {
		t.Errorf("--link did not reproduce the result (exit %d)", code)
	}
	// Explicit flags override the link.
	_, over, _ := cli("layout", "--link", r.Link, "--files", "4")
	var r2 panel.Result
	json.Unmarshal([]byte(over), &r2)
	if r2.FilesTotal != 4 || r2.Layout != "zorder" || r2.RowsTotal != 20000 {
		t.Errorf("override: %d files, layout %s, %d rows", r2.FilesTotal, r2.Layout, r2.RowsTotal)
	}
	s, _ := scenario.ParseLink(r2.Link)
	if s.Panel.Files != 4 || s.Panel.Where != "user_id < 5000000" {
		t.Errorf("override link panel %+v", s.Panel)
	}
}

func TestLayoutRefusalIsAnAnswer(t *testing.T) {
	code, out, _ := cli("layout", "--rows", "5000", "--keys", "user_id,event_date,region_id,product_id,session_id")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r panel.Result
	json.Unmarshal([]byte(out), &r)
	if r.Error == nil || r.Error.Class != "DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS" || r.Error.SQLState != "54000" || r.Layout != "append" || r.FilesTotal != 32 {
		t.Errorf("refusal: %+v layout %s files %d", r.Error, r.Layout, r.FilesTotal)
	}
}

func TestLayoutCSV(t *testing.T) {
	code, out, errs := cli("layout", "--rows", "10000", "--rows-per-file", "2500", "--layout", "orderby", "--keys", "user_id", "--format", "csv", "--indexed-cols", "-1", "--where", "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 5 || strings.Join(recs[0][:6], ",") != "path,numRecords,read,span:user_id,min:user_id,max:user_id" {
		t.Errorf("csv: %d records, header %v", len(recs), recs[0])
	}
	if recs[1][1] != "2500" || recs[1][2] != "true" || recs[1][4] == "" {
		t.Errorf("csv row %v", recs[1])
	}
}

func TestLayoutBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"--rows", "0"}, "--rows"},
		{[]string{"--rows", "x"}, "-rows"},
		{[]string{"--files", "-1"}, "--files"},
		{[]string{"--files", "3", "--rows-per-file", "5"}, "--rows-per-file"},
		{[]string{"--layout", "spiral"}, "--layout"},
		{[]string{"--keys", "a,b,c,d,e,f,g,h,i,j"}, "--keys"},
		{[]string{"--where", "user_id = = 1"}, "--where"},
		{[]string{"--where", "nope = 1"}, "--where"},
		{[]string{"--indexed-cols", "-3"}, "--indexed-cols"},
		{[]string{"--format", "xml"}, "--format"},
		{[]string{"--link", "#s=%%%"}, "--link"},
		{[]string{"--bogus"}, "bogus"},
		{[]string{"extra"}, "extra"},
	} {
		code, out, errs := cli(append([]string{"layout"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.flag) {
			t.Errorf("%v: exit %d, stderr %q (want 2 and a message naming %s)", c.args, code, errs, c.flag)
		}
	}
	if code, _, _ := cli("nosuch"); code != 2 {
		t.Errorf("unknown subcommand: exit %d", code)
	}
	if code, out, _ := cli("layout", "-h"); code != 0 || !strings.Contains(out, "--rows-per-file") {
		t.Errorf("help: exit %d", code)
	}
}
