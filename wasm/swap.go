//go:build js && wasm

package main

import (
	"syscall/js"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/widget"
)

// watchFragment answers a fragment changed without a reload (a link pasted into an open tab, or
// site/embed.js handing a reused figure frame its next figure): the page shows the new scenario
// in place, so an embedding page need never remove a frame (issue #37: Chromium keeps removed
// frames' memory for many seconds). The widget's own writes (history.replaceState, url.go) fire
// no hashchange; a fragment naming the scenario already shown is ignored, so a swap cannot loop.
func (g *game) watchFragment() {
	// The figure the reader's pointer heads for (site/embed.js): its answer is computed while the
	// dwell decides whether it goes live, and the swap to it takes that answer.
	ll.Set(wb.Prepare, js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeString {
			g.sched.Prepare(nil)
			return nil
		}
		sc, err := scenario.FromFragment(args[0].String())
		if err != nil || scenario.Link(sc) == scenario.Link(g.in.scenario()) {
			g.sched.Prepare(nil)
			return nil
		}
		marking = true
		mark("prepare")
		g.sched.Prepare(&sc)
		return nil
	}))
	js.Global().Call("addEventListener", "hashchange", js.FuncOf(func(js.Value, []js.Value) any {
		marking = true
		mark("hashchange")
		hash := js.Global().Get("location").Get("hash").String()
		sc, err := scenario.FromFragment(hash)
		g.in.post(func(in *inbox) {
			if err != nil {
				msg := err.Error() + " — still showing the previous scenario."
				in.swapError = &msg
				return
			}
			if scenario.Link(in.sc) == scenario.Link(sc) {
				return
			}
			in.sc, in.changed, in.swap = sc, true, true
		})
		frameNow()
		return nil
	}))
}

// swapScenario makes the page the new scenario's, before the frame asks for its answer, as
// the model decided (widget.SwapFigure): in figure mode the knobs and readouts it declares (the
// form rebuilt, the page's element caches forgotten), the link, the theme and the notice.
func (g *game) swapScenario(swap widget.SwapFigure) {
	mark("swap")
	defer mark("swapped")
	p, sc := g.page, &swap.Scenario
	p.setHidden("notice", true)
	if fp := swap.Figure; fp != nil {
		p.only, g.controls.only = fp.Knobs, fp.Knobs
		p.figureReadouts = fp.Readouts
		// The form's knobs are rebuilt from the new list; its listeners (controls.bind) are on
		// the form and stay.
		p.els, p.texts, p.hidden, p.knobShown = map[string]js.Value{}, map[string]string{}, map[string]bool{}, map[string]string{}
		p.viewBoxes, p.dayMax, p.readouts = nil, "", widget.Readouts{}
		elementByID("controls").Set("innerHTML", widget.KnobsHTML(fp.Knobs))
		if fp.Notice != "" {
			p.notice(fp.Notice)
		}
		p.setOpenLink(sc)
		// Idle work waits for the reader's first touch of the NEW figure (startOnFirstTouch,
		// armed again by announceReady).
		g.sched.Hold()
	}
	root := js.Global().Get("document").Get("documentElement")
	if sc.Figure.Theme != "" {
		root.Call("setAttribute", "data-theme", sc.Figure.Theme)
	} else {
		root.Call("removeAttribute", "data-theme")
	}
	// The figure before is forgotten: the scheduler's answers and the engines' stores, and what
	// the frame shows of them, so that a frame reused for many figures holds one figure's work
	// (issue #37). Until the new answer comes the canvas shows the background. (The model
	// forgets it, and is not ready again until the new answer is drawn, in widget.Update.)
	g.sched.Forget()
	g.dayBuf = timeline.DayFiles{}
	g.fig.Swapped()
}
