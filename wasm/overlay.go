//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"layoutlab/front/view"
)

// The figure's text is drawn into the canvas by the browser's own text rasteriser (labels.go),
// and kept in the DOM for screen readers: overlay holds one <span> per Scene label in
// #figure-labels (visually hidden, in the Scene's order, the same texts as the posters' SVG
// <text>), the Scene's summary (#figure-summary) and the selected file's tip (#figure-tip,
// shown beside the file). A frame writes only what changed since the one before: a dragged
// slider changes a few labels.
type overlay struct {
	root, summary, tip js.Value
	spans              []js.Value
	shown              []shownLabel
	summaryText        string
	tipText            string
	tipAt              [4]string // left, top, right, display last written
}

// shownLabel is a label as its span shows it.
type shownLabel struct {
	text    string
	visible bool
}

// theme is the theme to draw: the link's (scenario.Figure.Theme) when it forces one, else the
// reader's prefers-color-scheme. The page's root carries it (data-theme) for site/theme.css.
func (p *page) theme(forced string) string {
	t := forced
	if t != "light" && t != "dark" {
		if !p.darkQuery.Truthy() {
			p.darkQuery = js.Global().Call("matchMedia", "(prefers-color-scheme: dark)")
			// A change of the reader's scheme redraws the figure.
			p.darkQuery.Call("addEventListener", "change", js.FuncOf(func(js.Value, []js.Value) any {
				scheduleFrame()
				return nil
			}))
		}
		t = "light"
		if p.darkQuery.Get("matches").Bool() {
			t = "dark"
		}
	}
	if t != p.themeShown {
		p.themeShown = t
		p.doc.Underlying().Get("documentElement").Call("setAttribute", "data-theme", t)
	}
	return t
}

// canvasFocused reports whether the canvas has the keyboard's focus.
func (p *page) canvasFocused() bool {
	c := p.canvas()
	return c.Truthy() && p.doc.Underlying().Get("activeElement").Equal(c)
}

// canvas is Ebiten's canvas, made focusable and described by the figure's summary.
func (p *page) canvas() js.Value {
	if p.canvasEl.Truthy() {
		return p.canvasEl
	}
	c := p.doc.Underlying().Call("querySelector", "body > canvas")
	if c.Truthy() {
		c.Call("setAttribute", "tabindex", "0")
		c.Call("setAttribute", "role", "img")
		c.Call("setAttribute", "aria-label", "Figure: arrow keys select a file, Escape clears the selection")
		c.Call("setAttribute", "aria-describedby", "figure-summary figure-tip")
		p.canvasEl = c
	}
	return c
}

// showScene writes the Scene's labels, the tip and the summary into the overlay.
func (p *page) showScene(s *view.Scene, tip string, tipBox view.Rect) {
	o := &p.overlay
	doc := p.doc.Underlying()
	if !o.root.Truthy() {
		o.root = doc.Call("createElement", "div")
		o.root.Set("id", "figure-labels")
		o.root.Set("className", "visually-hidden")
		o.summary = doc.Call("createElement", "p")
		o.summary.Set("id", "figure-summary")
		o.summary.Set("className", "visually-hidden")
		o.tip = doc.Call("createElement", "div")
		o.tip.Set("id", "figure-tip")
		o.tip.Call("setAttribute", "role", "status")
		o.root.Call("append", o.summary)
		doc.Get("body").Call("append", o.root, o.tip)
		p.canvas()
	}
	for i, l := range s.Labels {
		if i == len(o.spans) {
			sp := doc.Call("createElement", "span")
			o.root.Call("append", sp)
			o.spans = append(o.spans, sp)
			o.shown = append(o.shown, shownLabel{})
		}
		o.write(i, shownLabel{text: l.Text, visible: true})
	}
	for i := len(s.Labels); i < len(o.spans); i++ {
		o.write(i, shownLabel{})
	}
	if s.Summary != o.summaryText {
		o.summary.Set("textContent", s.Summary)
		o.summaryText = s.Summary
	}
	o.showTip(s, tip, tipBox)
}

// write makes span i show want, writing only what differs.
func (o *overlay) write(i int, want shownLabel) {
	had, sp := o.shown[i], o.spans[i]
	if want.visible != had.visible {
		d := "none"
		if want.visible {
			d = ""
		}
		sp.Get("style").Set("display", d)
	}
	if want.visible && want.text != had.text {
		sp.Set("textContent", want.text)
	}
	if want.visible {
		o.shown[i] = want
	} else {
		o.shown[i].visible = false
	}
}

// showTip shows tip beside box (device pixels), on the side with more room, or hides it.
func (o *overlay) showTip(s *view.Scene, tip string, box view.Rect) {
	if tip != o.tipText {
		o.tip.Set("textContent", tip)
		o.tipText = tip
	}
	at := [4]string{"", "", "", "none"}
	if tip != "" {
		px := func(v float64) string { return strconv.FormatFloat(v/s.Scale, 'f', 1, 64) + "px" }
		top := box.Y
		if top > s.H*0.6 {
			top = s.H * 0.6
		}
		at = [4]string{px(box.X + box.W + 6*s.Scale), px(top), "auto", ""}
		if box.X+box.W/2 > s.W/2 {
			at = [4]string{"auto", px(top), px(s.W - box.X + 6*s.Scale), ""}
		}
	}
	if at != o.tipAt {
		st := o.tip.Get("style")
		st.Set("left", at[0])
		st.Set("top", at[1])
		st.Set("right", at[2])
		st.Set("display", at[3])
		o.tipAt = at
	}
}

// tip is the selected file's tip text and hit box: its min/max, rows, size and why the query
// reads or skips it; "" when no file is selected.
func (g *game) tip() (string, view.Rect) {
	m := &g.m
	if g.scene == nil || m.Selected < 0 {
		return "", view.Rect{}
	}
	box, ok := g.scene.HitOf(m.Selected)
	if !ok {
		return "", view.Rect{}
	}
	if m.Scenario.View == "timeline" {
		if m.DayFiles == nil || m.Selected >= len(m.DayFiles.Files) {
			return "", view.Rect{}
		}
		stats := ""
		if snap, err := g.page.snapshot(m); err == nil {
			if add, ok := snap.File(m.DayFiles.Files[m.Selected].Path); ok {
				stats = add.Stats
			}
		}
		return g.compose.DayFileTip(m.DayFiles, m.Selected, stats), box
	}
	res := m.Answer.Result
	if res == nil || m.Selected >= len(res.Files) {
		return "", view.Rect{}
	}
	var lo, hi []byte
	if m.Stats.Result == res && m.Stats.File == m.Selected && m.Stats.Err == nil {
		lo, hi = m.Stats.MinValues, m.Stats.MaxValues
	}
	return view.PanelTip(res, m.Selected, lo, hi), box
}
