//go:build browser

package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// clickKey clicks a column's key tick box, as a reader ticks or unticks it.
func clickKey(t *testing.T, ctx context.Context, col string) {
	t.Helper()
	noteChange(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#keys-list input[data-col="`+col+`"]`))); err != nil {
		t.Fatalf("click the %s tick box: %v", col, err)
	}
}

// setControl sets a control's value as a user would and fires the event its kind listens to.
func setControl(t *testing.T, ctx context.Context, id, value, event string) {
	t.Helper()
	noteChange(t, ctx)
	eval[bool](t, ctx, `(() => { const el = document.getElementById("`+id+`"); el.value = `+"`"+value+"`"+`; el.dispatchEvent(new Event("`+event+`", {bubbles: true})); return true; })()`)
}

// noteChange notes, before a control is changed, how many frames have shown the engine's answer
// for the controls' scenario (window.layoutlab.frames: afterDraw counts only those), so that
// settle can wait for the first frame that shows the answer to the change.
func noteChange(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(window.__framesAtChange = window.layoutlab.frames, true)`)
}

// settle waits until the fragment carries the scenario, any simulation has finished, and a
// frame has shown the answer to the change noted by noteChange. The fragment alone does not
// say the answer is on screen: it is written 400 ms after the change (urlDebounce), and a
// change made while the idle rehearsals hold the engine waits for them without showing
// progress, which on a busy machine took longer than that.
func settle(t *testing.T, ctx context.Context, prevHash string) string {
	t.Helper()
	h, err := chromedp.Run(ctx, chromedp.Poll[string](`location.hash !== `+"`"+prevHash+"`"+` && document.getElementById("progress").hidden &&
		window.layoutlab.frames > (window.__framesAtChange ?? -1) && location.hash`,
		chromedp.WithPollingTimeout(2*time.Minute)))
	if err != nil {
		t.Fatalf("the URL and the frames never followed the controls: %v", err)
	}
	// A little more lets the readouts' text land after that frame.
	time.Sleep(250 * time.Millisecond)
	return h
}

func TestDrivingControlsUpdatesReadoutsAndLink(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	before := readouts(t, ctx)

	// Panel: one key, then indexed columns past device_model_id with a lookup on it.
	clickKey(t, ctx, "event_date") // untick
	h := settle(t, ctx, "")
	one := readouts(t, ctx)
	if one["span:user_id"] >= before["span:user_id"] {
		t.Errorf("one key should narrow user_id's span: %v → %v", before["span:user_id"], one["span:user_id"])
	}
	setControl(t, ctx, "where", "device_model_id = 1003", "change")
	h = settle(t, ctx, h)
	unindexed := readouts(t, ctx)
	clickKey(t, ctx, "device_model_id") // tick
	h = settle(t, ctx, h)
	clickKey(t, ctx, "user_id") // untick
	h = settle(t, ctx, h)
	if s, err := scenario.ParseLink(h); err != nil || !slices.Equal(s.Panel.Keys, []string{"device_model_id"}) {
		t.Fatalf("the key tick boxes wrote %s (%v)", h, err)
	}
	setControl(t, ctx, "indexed-cols", "40", "input")
	h = settle(t, ctx, h)
	indexed := readouts(t, ctx)
	if unindexed["files_read"] != unindexed["files_total"] || indexed["files_read"] >= indexed["files_total"] {
		t.Errorf("column 33: read %v of %v unindexed, %v of %v indexed and clustered",
			unindexed["files_read"], unindexed["files_total"], indexed["files_read"], indexed["files_total"])
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	open(t, tab, h)
	if again := readouts(t, tab); !reflect.DeepEqual(again, indexed) {
		t.Errorf("reopened panel link shows %v, want %v", again, indexed)
	}

	// Timeline: switch view, strategy, then the day slider.
	setControl(t, ctx, "view", "timeline", "change")
	h = settle(t, ctx, h)
	setControl(t, ctx, "strategy", "zorder-window", "change")
	h = settle(t, ctx, h)
	setControl(t, ctx, "day", "10", "input")
	h = settle(t, ctx, h)
	day10 := readouts(t, ctx)
	if day10["day"] != 10 || day10["optimize_written_gb"] != 120 {
		t.Errorf("zorder-window day 10: %v (want day 10, 120 GiB written)", day10)
	}
	tab2, cancel2 := chromedp.NewContext(ctx)
	defer cancel2()
	open(t, tab2, h)
	if again := readouts(t, tab2); !reflect.DeepEqual(again, day10) {
		t.Errorf("reopened timeline link shows %v, want %v", again, day10)
	}
}

// TestKeysAddAnyColumn: a column the tick boxes do not offer is added from the keyboard in the
// labelled entry (type, Enter): it becomes the last key, ticked, with its span measured, and
// the link carries it; a name the table lacks is answered with Delta's error.
func TestKeysAddAnyColumn(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	start := scenario.Default().Panel.Keys
	if eval[string](t, ctx, `document.querySelector('label[for="keys-add"]').textContent`) == "" {
		t.Fatal("the key entry has no label")
	}
	addKey := func(col string) {
		t.Helper()
		noteChange(t, ctx)
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#keys-add")), chromedp.SendKeys(chromedp.CSS("#keys-add"), col+"\r")); err != nil {
			t.Fatalf("type %s in the key entry: %v", col, err)
		}
	}
	addKey("product_id")
	h := settle(t, ctx, "")
	want := append(slices.Clone(start), "product_id")
	if s, err := scenario.ParseLink(h); err != nil || !slices.Equal(s.Panel.Keys, want) {
		t.Fatalf("adding product_id wrote %s (%v), want keys %v", h, err, want)
	}
	if !eval[bool](t, ctx, `document.querySelector('#keys-list input[data-col="product_id"]').checked && document.getElementById("keys-add").value === ""`) {
		t.Error("product_id is not a ticked key, or the entry kept the text")
	}
	if _, ok := readouts(t, ctx)["span:product_id"]; !ok {
		t.Errorf("no span of product_id among %v", readouts(t, ctx))
	}
	if !eval[bool](t, ctx, `document.getElementById("delta-error").hidden`) {
		t.Errorf("clustering on product_id: %s", eval[string](t, ctx, `document.getElementById("delta-error").textContent`))
	}

	addKey("nope")
	settle(t, ctx, h)
	if msg := eval[string](t, ctx, `document.getElementById("delta-error").hidden ? "" : document.getElementById("delta-error").textContent`); !strings.Contains(msg, "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA") || !strings.Contains(msg, "nope") {
		t.Errorf("an unknown key column shows %q, want Delta's DELTA_COLUMN_NOT_FOUND_IN_SCHEMA naming it", msg)
	}
}

// TestNoiseCheckbox: the "Noise byte (addNoise)" checkbox is labelled, described, toggled from
// the keyboard, and changes what a lookup opens: on user_id = 48395089 (Z-order on user_id, 32
// files) two files straddle the value's range id with Delta's noise byte, one file holds it
// without. The link carries the setting.
// straddlingValue finds, with the native engine, a user_id that two files hold with the noise
// byte and one without: the least value of a file that the file before it also covers.
func straddlingValue(t *testing.T, p scenario.Panel) int64 {
	t.Helper()
	userID := func(raw json.RawMessage) int64 {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		v, err := strconv.ParseInt(string(m["user_id"]), 10, 64)
		if err != nil {
			t.Fatalf("user_id statistic %s: %v", m["user_id"], err)
		}
		return v
	}
	read := func(v int64, noNoise bool) int {
		q := p
		q.Where, q.NoNoise = "user_id = "+strconv.FormatInt(v, 10), noNoise
		res, err := panel.NewStore().Answer(q, panel.Shown, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res.FilesRead
	}
	store := panel.NewStore()
	res, err := store.Answer(p, panel.Shown, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.FillFileStats(res); err != nil {
		t.Fatal(err)
	}
	files := res.Files
	slices.SortFunc(files, func(a, b panel.File) int { return cmp.Compare(userID(a.MinValues), userID(b.MinValues)) })
	for i := 1; i < len(files); i++ {
		if v := userID(files[i].MinValues); v <= userID(files[i-1].MaxValues) && read(v, false) == 2 && read(v, true) == 1 {
			return v
		}
	}
	t.Fatal("no user_id straddles two files with the noise byte and one without")
	return 0
}

func TestNoiseCheckbox(t *testing.T) {
	ctx := browser(t)
	s := scenario.Default()
	s.Panel.Layout, s.Panel.Keys = "zorder", []string{"user_id"}
	s.Panel.Where = "user_id = " + strconv.FormatInt(straddlingValue(t, s.Panel), 10)
	open(t, ctx, scenario.Link(s))
	if on := readouts(t, ctx); on["files_read"] != 2 {
		t.Errorf("with the noise byte the lookup read %v files, want 2", on["files_read"])
	}
	type box struct {
		Type, Label, Help string
		Checked, Visible  bool
	}
	state := func(c context.Context) box {
		return eval[box](t, c, `(() => { const el = document.getElementById("add-noise"); return {
			type: el.type, label: el.labels.length ? el.labels[0].textContent.trim() : "",
			help: (document.getElementById(el.getAttribute("aria-describedby")) || {}).textContent || "",
			checked: el.checked, visible: !el.closest("[hidden]") }; })()`)
	}
	b := state(ctx)
	if b.Type != "checkbox" || b.Label != "Noise byte (addNoise)" || b.Help == "" || !b.Checked || !b.Visible {
		t.Fatalf("add-noise control: %+v", b)
	}
	// Keyboard: focus the box and press Space, as a keyboard user does.
	noteChange(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("add-noise")), chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	h := settle(t, ctx, scenario.Link(s))
	if b := state(ctx); b.Checked {
		t.Error("Space did not clear the checkbox")
	}
	// settle waited for the frame that shows the change's answer.
	if got := readouts(t, ctx)["files_read"]; got != 1 {
		t.Errorf("without the noise byte the lookup read %v files, want 1", got)
	}
	if got, err := scenario.ParseLink(h); err != nil || !got.Panel.NoNoise || got.Timeline.NoNoise {
		t.Errorf("link %s: panel NoNoise %v, timeline NoNoise %v (%v)", h, got.Panel.NoNoise, got.Timeline.NoNoise, err)
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	open(t, tab, h)
	if b := state(tab); b.Checked {
		t.Error("the reopened link shows the noise byte on")
	}
	// The timeline view has its own setting: still Delta's default.
	setControl(t, ctx, "view", "timeline", "change")
	settle(t, ctx, h)
	if b := state(ctx); !b.Checked || !b.Visible {
		t.Errorf("timeline view: add-noise %+v, want checked (its own default) and visible", b)
	}
}
