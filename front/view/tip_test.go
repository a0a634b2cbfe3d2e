package view

import (
	"encoding/json"
	"strings"
	"testing"

	"layoutlab/engine/panel"
)

// A file's tip gives its min and max on each key from Delta's statistics, its rows, and the
// engine's reason: the read file may hold the value, a skipped one is ruled out by the WHERE's
// conjunct.
func TestPanelTipSaysWhy(t *testing.T) {
	sc := presetScenario(t, "one-key")
	st := panel.NewStore()
	res, err := st.Answer(sc.Panel, panel.Shown, nil)
	if err != nil {
		t.Fatal(err)
	}
	read, skipped := -1, -1
	for i, f := range res.Files {
		if f.Read && read < 0 {
			read = i
		}
		if !f.Read && skipped < 0 {
			skipped = i
		}
	}
	if read < 0 || skipped < 0 {
		t.Fatalf("one-key reads %d of %d files: want one read and one skipped", res.FilesRead, res.FilesTotal)
	}
	lo, hi, _, err := st.FileStats(res, skipped)
	if err != nil {
		t.Fatal(err)
	}
	tip := PanelTip(res, skipped, lo, hi)
	var mins map[string]json.RawMessage
	if err := json.Unmarshal(lo, &mins); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"user_id: " + string(mins["user_id"]) + " to ", Thousands(res.Files[skipped].NumRecords) + " rows",
		"Skipped: its min/max rule out user_id = 31415926."} {
		if !strings.Contains(tip, want) {
			t.Errorf("skipped file's tip lacks %q:\n%s", want, tip)
		}
	}
	if tip := PanelTip(res, read, nil, nil); !strings.Contains(tip, "Read: its partition values and min/max may hold a matching row.") {
		t.Errorf("read file's tip:\n%s", tip)
	}
}

func TestDayFileTip(t *testing.T) {
	f := timelineFigure(t, "liquid")
	var c Composer
	c.Timeline(f, 900, 700, 1, ThemeNamed("light"))
	read, skipped := -1, -1
	for i, fi := range f.Files.Files {
		if fi.Read && read < 0 {
			read = i
		}
		if !fi.Read && skipped < 0 && fi.ZCube != "" {
			skipped = i
		}
	}
	if read < 0 || skipped < 0 {
		t.Fatal("want a read file and a skipped file in a ZCube")
	}
	tip := c.DayFileTip(f.Files, skipped, `{"numRecords":5,"minValues":{"`+f.Files.LookupColumn+`":7},"maxValues":{"`+f.Files.LookupColumn+`":9}}`)
	for _, want := range []string{"ZCube Z", f.Files.LookupColumn + ": 7 to 9", "Skipped by " + f.Files.LookupColumn} {
		if !strings.Contains(tip, want) {
			t.Errorf("tip lacks %q:\n%s", want, tip)
		}
	}
	if tip := c.DayFileTip(f.Files, read, ""); !strings.Contains(tip, "Read by ") {
		t.Errorf("read file's tip:\n%s", tip)
	}
}
