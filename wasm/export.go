//go:build js && wasm

package main

import (
	"archive/zip"
	"bytes"
	"path"
	"sort"
	"syscall/js"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/figurebox"
	"layoutlab/front/view"
)

// bindExports wires the export buttons: PNG of the canvas, CSV of the timeline series, the
// simulated _delta_log as JSON commit files (zipped), and the embed snippet.
func (c *controls) bindExports() {
	// Draw reads the pixels back (toDataURL cannot read WebGL).
	on("export-png", "click", func() { c.in.post(func(in *inbox) { in.png = true }) })
	on("export-csv", "click", func() {
		run := c.sched.Timeline().Result
		if run == nil {
			return
		}
		var b bytes.Buffer
		if err := run.WriteCSV(&b); err != nil {
			c.refuse(err.Error())
			return
		}
		download("layoutlab-timeline.csv", "text/csv", b.Bytes())
	})
	on("export-log", "click", func() {
		run := c.sched.Timeline().Result
		if run == nil {
			return
		}
		if run.IsGiven() {
			// The figure shows its answer given ahead; its log comes with the run, behind it.
			c.refuse("export: " + timeline.ErrGiven.Error())
			return
		}
		b, err := zipLog(run.Commits())
		if err != nil {
			c.refuse("export: " + err.Error())
			return
		}
		download("layoutlab-_delta_log.zip", "application/zip", b)
	})
	on("copy-embed", "click", func() {
		copyText(c.embedFigure(), "Figure copied: paste it into a page beside layoutlab/, with layoutlab/embed.css and layoutlab/embed.js.")
	})
}

// embedFigure is the figure box the embedding page documents for plain HTML (figurebox), for
// the scenario shown, with its readouts as they stand; without a poster, which `layoutlab
// poster --base layoutlab/ LINK` adds.
func (c *controls) embedFigure() string {
	s := c.in.scenario()
	var rs []readout.Readout
	if s.View == "timeline" {
		rs = readout.Shown(s, nil, c.sched.Timeline().Result)
	} else {
		rs = readout.Shown(s, c.sched.Panel().Result, nil)
	}
	link := scenario.Link(s)
	f := figurebox.Figure{Base: "layoutlab/", Live: "figure.html" + link, Open: "widget.html" + link,
		Title: "Layout Lab", Readouts: figurebox.Readouts(rs), Inline: true}
	return `<link rel="stylesheet" href="layoutlab/embed.css">` + "\n" + `<script src="layoutlab/embed.js" defer></script>` + "\n" + f.HTML()
}

// refuse shows msg where a refused value's message goes.
func (c *controls) refuse(msg string) { c.in.post(func(in *inbox) { in.inputError = &msg }) }

// zipLog packs the commits as _delta_log/%020d.json files.
func zipLog(commits []deltalog.Commit) ([]byte, error) {
	files, err := deltalog.ExportFiles(commits)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, n := range names {
		w, err := zw.Create(path.Join("_delta_log", path.Base(n)))
		if err != nil {
			return nil, err
		}
		w.Write(files[n])
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// download hands bytes to the browser as a file, and keeps them on window.layoutlab.lastExport
// so tests (and curious users) can read what was exported.
func download(name, mime string, data []byte) {
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	parts := js.Global().Get("Array").New(u8)
	blob := js.Global().Get("Blob").New(parts, map[string]any{"type": mime})
	ll.Set(wb.LastExport, map[string]any{"name": name, "bytes": u8})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	anchor := doc.Call("createElement", "a")
	anchor.Set("href", url)
	anchor.Set("download", name)
	doc.Get("body").Call("appendChild", anchor)
	anchor.Call("click")
	anchor.Call("remove")
	js.Global().Call("setTimeout", js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		return nil
	}), 10000)
}

// exportPNG downloads the figure as a PNG at the canvas's device pixels: its Scene written as
// SVG (labels included, which the canvas's pixels lack: they are a DOM overlay), drawn by the
// browser into a 2D canvas.
func exportPNG(sc *view.Scene) {
	var svg bytes.Buffer
	if err := sc.WriteSVG(&svg); err != nil {
		return
	}
	u8 := js.Global().Get("Uint8Array").New(svg.Len())
	js.CopyBytesToJS(u8, svg.Bytes())
	blob := js.Global().Get("Blob").New([]any{u8}, map[string]any{"type": "image/svg+xml"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	img := js.Global().Get("Image").New()
	w, h := int(sc.W), int(sc.H)
	var loaded js.Func
	loaded = js.FuncOf(func(js.Value, []js.Value) any {
		loaded.Release()
		js.Global().Get("URL").Call("revokeObjectURL", url)
		c := js.Global().Get("document").Call("createElement", "canvas")
		c.Set("width", w)
		c.Set("height", h)
		c.Call("getContext", "2d").Call("drawImage", img, 0, 0, w, h)
		var cb js.Func
		cb = js.FuncOf(func(_ js.Value, args []js.Value) any {
			cb.Release()
			var done js.Func
			done = js.FuncOf(func(_ js.Value, args []js.Value) any {
				done.Release()
				buf := js.Global().Get("Uint8Array").New(args[0])
				b := make([]byte, buf.Length())
				js.CopyBytesToGo(b, buf)
				download("layoutlab.png", "image/png", b)
				return nil
			})
			args[0].Call("arrayBuffer").Call("then", done)
			return nil
		})
		c.Call("toBlob", cb, "image/png")
		return nil
	})
	img.Set("onload", loaded)
	img.Set("src", url)
}

// copyText puts text on the clipboard, or shows it where the clipboard is unavailable.
func copyText(text, ok string) {
	status := elementByID("copy-status")
	clip := js.Global().Get("navigator").Get("clipboard")
	ll.Set(wb.LastCopy, text)
	if clip.IsUndefined() {
		status.Set("textContent", text)
		return
	}
	clip.Call("writeText", text)
	status.Set("textContent", ok)
}
