//go:build browser

package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// pickersTable has a _sidecars folder in its log, which each way of giving a folder must bring.
const pickersTable = "delta-kernel-rs/v2-checkpoints-parquet-with-sidecars"

// waitOpened waits until the page opened a table (and planned its next OPTIMIZE) or said why
// not, after opened and errs; it returns the error shown ("" when the table opened).
func waitOpened(t *testing.T, ctx context.Context, opened, errs int, what string) string {
	t.Helper()
	cond := fmt.Sprintf(`(window.layoutlabTable.opened > %d && !window.layoutlabTable.planning) || window.layoutlabTable.errors > %d`, opened, errs)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("%s: the page neither opened the table nor said why: %v (status %q)", what, err,
			eval[string](t, ctx, `document.getElementById("status").textContent`))
	}
	if eval[int](t, ctx, `window.layoutlabTable.errors`) > errs {
		return eval[string](t, ctx, `document.getElementById("error").textContent`)
	}
	return ""
}

func counts(t *testing.T, ctx context.Context) (opened, errs int) {
	return eval[int](t, ctx, `window.layoutlabTable.opened`), eval[int](t, ctx, `window.layoutlabTable.errors`)
}

// TestOpenYourTableFolderPickersAndDrop gives a table folder each way table.html takes one,
// as far as DevTools can drive them, and checks the page against engine/inspect each time:
//
//   - the webkitdirectory input (the fallback picker): DOM.setFileInputFiles with the folder's
//     path, as a reader's choice of the folder fills it (each File with its webkitRelativePath);
//   - the directory picker (showDirectoryPicker): the button's code path with a real
//     FileSystemDirectoryHandle, an origin-private folder holding a copy of the log, handed back
//     by a stand-in for the picker, since DevTools cannot answer the browser's own dialog;
//   - a dropped folder: Input.dispatchDragEvent with the folder's path, which Chromium turns
//     into a drop whose item is a directory entry (webkitGetAsEntry), read through the page's
//     FileSystemDirectoryEntry walk;
//   - dropped files: a drop event the page builds with a DataTransfer of Files.
//
// What stays untested: the browser's own folder dialogs (the picker's and the input's), and a
// drag begun outside the browser by the operating system.
func TestOpenYourTableFolderPickersAndDrop(t *testing.T) {
	ctx := browser(t)
	openTablePage(t, ctx)
	dir, _ := filepath.Abs(filepath.Join(tablesDir, pickersTable))
	want := inspectNatively(t, pickersTable, -1, "")
	if want.FilesTotal == 0 {
		t.Fatalf("%s has no files", pickersTable)
	}
	other := "dat/basic_partitioned/delta" // opened in between, so each way must replace it
	reset := func() {
		t.Helper()
		if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, other), "zip")); msg != "" {
			t.Fatal(msg)
		}
	}

	// 1. The webkitdirectory input, given the table's folder.
	o, e := counts(t, ctx)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("pick-dir"), []string{dir})); err != nil {
		t.Fatalf("DOM.setFileInputFiles on the folder input: %v", err)
	}
	if msg := waitOpened(t, ctx, o, e, "webkitdirectory"); msg != "" {
		t.Errorf("the folder input: %s", msg)
	} else {
		via(t, ctx, "files")
		rel := eval[string](t, ctx, `Array.from(document.getElementById("pick-dir").files).map((f) => f.webkitRelativePath).join(" ")`)
		t.Logf("webkitdirectory input: the files given: %.300s", rel)
		agreesWithInspect(t, ctx, want)
	}

	// 2. The directory picker's path, with an origin-private copy of the log (data files left
	// out: the page would not read them).
	reset()
	js := logFilesJSON(t, dir)
	o, e = counts(t, ctx)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(async (files) => {
		const root = await navigator.storage.getDirectory();
		const table = await root.getDirectoryHandle(%q, {create: true});
		for (const [rel, b64] of Object.entries(files)) {
			const parts = rel.split("/");
			let d = table;
			for (const p of parts.slice(0, -1)) d = await d.getDirectoryHandle(p, {create: true});
			const w = await (await d.getFileHandle(parts[parts.length - 1], {create: true})).createWritable();
			await w.write(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
			await w.close();
		}
		window.showDirectoryPicker = async () => table;
		document.getElementById("pick-folder").click();
		return true;
	})(%s)`, filepath.Base(dir), js), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("an origin-private folder for the picker: %v", err)
	}
	if msg := waitOpened(t, ctx, o, e, "directory picker"); msg != "" {
		t.Errorf("the directory picker's handle: %s", msg)
	} else {
		via(t, ctx, "directory handle")
		agreesWithInspect(t, ctx, want)
	}

	// 3. A folder dropped on the page, as DevTools' drag events give it.
	reset()
	o, e = counts(t, ctx)
	drag := func(typ input.DispatchDragEventType) error {
		_, err := chromedp.Call(ctx, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: 200, Y: 200,
			Data: &input.DragData{Items: []*input.DragDataItem{}, Files: []string{dir}, DragOperationsMask: 1}})
		return err
	}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		if err := drag(typ); err != nil {
			t.Fatalf("Input.dispatchDragEvent %s: %v", typ, err)
		}
	}
	if msg := waitOpened(t, ctx, o, e, "dropped folder"); msg != "" {
		t.Errorf("the dropped folder: %s", msg)
	} else {
		via(t, ctx, "dropped folder entry")
		agreesWithInspect(t, ctx, want)
	}

	// 4. A log's files dropped loose: a drop event with a DataTransfer the page builds (its
	// items are files, not entries, so the page reads them as the files they are).
	const loose = "delta/multi-part-checkpoint"
	o, e = counts(t, ctx)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
		const files = %s, dt = new DataTransfer();
		for (const [rel, b64] of Object.entries(files)) {
			dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], rel.split("/").pop()));
		}
		document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`, logFilesJSON(t, filepath.Join(tablesDir, loose))))); err != nil {
		t.Fatal(err)
	}
	if msg := waitOpened(t, ctx, o, e, "dropped files"); msg != "" {
		t.Errorf("the dropped files of %s: %s", loose, msg)
	} else {
		via(t, ctx, "files")
		agreesWithInspect(t, ctx, inspectNatively(t, loose, -1, ""))
	}
}

// via checks which of the page's ways read the files.
func via(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	if got := eval[string](t, ctx, `window.layoutlabTable.via || ""`); got != want {
		t.Errorf("the files came as %q, want %q", got, want)
	}
}

// logFilesJSON is a JSON object of the table dir's log files (_delta_log and its _sidecars),
// path under the table → base64 of the bytes.
func logFilesJSON(t *testing.T, dir string) string {
	t.Helper()
	files := map[string]string{}
	for _, pat := range []string{"_delta_log/*", "_delta_log/_sidecars/*"} {
		ms, _ := filepath.Glob(filepath.Join(dir, pat))
		for _, m := range ms {
			if st, err := os.Stat(m); err != nil || st.IsDir() {
				continue
			}
			b, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(dir, m)
			files[filepath.ToSlash(rel)] = base64.StdEncoding.EncodeToString(b)
		}
	}
	js, _ := json.Marshal(files)
	return string(js)
}
