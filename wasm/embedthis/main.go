//go:build js && wasm

// Command embedthis is the widget's "Embed this": the posters of the scenario the widget shows,
// drawn by the same renderer as the build's (front/poster, through front/embedthis), and the
// snippets that embed it in each docs generator. It is a module of its own (embedthis.wasm),
// which site/embedthis.js loads on the first click of "Embed this", so that the widget's
// download (its transfer budget) carries neither the SVG writer nor the snippets.
package main

import (
	"encoding/json"
	"syscall/js"
	"time"

	"layoutlab/front/boundary"
	"layoutlab/front/embedthis"
	"layoutlab/wasm/browser"
)

var eb = boundary.EmbedThis()

func main() {
	g := browser.Find(&eb.Program)
	g.Set(eb.Render, js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 {
			g.Call(eb.Failed, "render(link, name): two arguments needed")
			return nil
		}
		link, name := args[0].String(), args[1].String()
		// A timeline scenario runs its days first: off the page's event handler.
		go render(g, link, name)
		return nil
	}))
	g.Call(eb.Started)
	select {}
}

// render answers one render call with done or failed.
func render(g *browser.Global, link, name string) {
	t0 := time.Now()
	e, err := embedthis.Render(link, name)
	if err != nil {
		g.Call(eb.Failed, err.Error())
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		g.Call(eb.Failed, err.Error())
		return
	}
	g.Set(eb.RenderMs, float64(time.Since(t0).Microseconds())/1000)
	g.Call(eb.Done, string(b))
}
