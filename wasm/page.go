//go:build js && wasm

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/widget"
)

// page is the DOM the frame writes: the readouts, the caption, Delta's error, the selected
// file's add action, the timeline's text and the controls. Only Ebiten's goroutine (Update)
// writes through it; each write is skipped when the element already shows it, so a dragged
// slider mutates only what changed and the frame's forced layout (Ebiten reads the body's size
// in every frame it draws, internal/ui/ui_js.go outsideSize) has less to do.
type page struct {
	doc       dom.Document
	els       map[string]js.Value // element id → the element (byID)
	texts     map[string]string   // element id → the text setText last gave it
	hidden    map[string]bool     // element id → whether setHidden last hid it
	knobShown map[string]string   // knob id → the value its control shows (syncControls)
	dayMax    string              // the day slider's max attribute as last written
	readouts  widget.Readouts     // what the readout region shows now
	viewBoxes []viewBox           // the knobs and panels shown in one view only
	bound     bool                // the controls are built and bound
	// Figure mode (figure.html): the knobs built and the readouts shown, in order; nil in the
	// full widget, which builds and shows them all.
	only, figureReadouts []string
	openHref             string // the "Open in Layout Lab" link's href as last written

	overlay    overlay  // the figure's labels, tip and summary (overlay.go)
	darkQuery  js.Value // matchMedia("(prefers-color-scheme: dark)")
	themeShown string   // the root's data-theme as last written
	canvasEl   js.Value // Ebiten's canvas, once made focusable

	// The log replayed to snapDay of snapRun, for a hovered timeline file and the domain panel.
	snap    *deltalog.Snapshot
	snapDay int
	snapRun *timeline.Result
}

func newPage() *page {
	return &page{doc: dom.GetWindow().Document(), els: map[string]js.Value{},
		texts: map[string]string{}, hidden: map[string]bool{}, knobShown: map[string]string{}}
}

// byID is document.getElementById, remembered, as a plain js.Value (not truthy when the page
// has no such element). The page's elements stay for its lifetime. dom/v2 would wrap each one
// after comparing its constructor with every HTML element type's in turn (honnef.co/go/js/dom/v2
// dom.go, wrapHTMLElement).
func (p *page) byID(id string) js.Value {
	if el, ok := p.els[id]; ok {
		return el
	}
	el := p.doc.Underlying().Call("getElementById", id)
	if el.Truthy() {
		p.els[id] = el
	}
	return el
}

// setText sets an element's text unless it already shows it.
func (p *page) setText(id, text string) {
	if old, ok := p.texts[id]; ok && old == text {
		return
	}
	if el := p.byID(id); el.Truthy() {
		el.Set("textContent", text)
		p.texts[id] = text
	}
}

// setHidden hides or shows an element unless it already is.
func (p *page) setHidden(id string, hidden bool) {
	if was, ok := p.hidden[id]; ok && was == hidden {
		return
	}
	el := p.byID(id)
	if !el.Truthy() {
		return
	}
	if hidden {
		el.Call("setAttribute", "hidden", "")
	} else {
		el.Call("removeAttribute", "hidden")
	}
	p.hidden[id] = hidden
}

// setOpenLink points the "Open in Layout Lab" link (figure.html) at the full widget with sc.
func (p *page) setOpenLink(sc *scenario.Scenario) {
	el := p.byID("open-full")
	if !el.Truthy() {
		return
	}
	if href := "widget.html" + scenario.Link(*sc); href != p.openHref {
		el.Set("href", href)
		p.openHref = href
	}
}

// notice shows a message the user must see (a broken link) as text, never as HTML.
func (p *page) notice(msg string) {
	p.setText("notice", msg)
	p.setHidden("notice", false)
}

// deltaError shows the error Delta would raise for the current setting (empty class clears it).
func (p *page) deltaError(class, msg string) {
	if class == "" {
		p.setHidden("delta-error", true)
		return
	}
	p.setText("delta-error", "["+class+"] "+msg)
	if el := p.byID("delta-error"); p.figureReadouts != nil && el.Truthy() {
		// A figure shows it in two lines (figure.css): the whole text on hover.
		el.Call("setAttribute", "title", "["+class+"] "+msg)
	}
	p.setHidden("delta-error", false)
}

// inputError shows (or, with empty text, clears) the message for a refused value.
func (p *page) inputError(text string) {
	p.setText("input-error", text)
	p.setHidden("input-error", text == "")
}

// showPanel writes the panel's answer: every readout as HTML text, every number as a plain
// decimal; data-value holds the engine's exact figure, named as the CLI's JSON field.
func (p *page) showPanel(m *widget.Model) {
	// Every measured span, the keys first: the CLI's "spans" names the same columns.
	p.renderReadouts(readout.Panel(m.Answer.Result))
	p.setText("caption", m.PanelCaption())
	p.deltaError(widget.PanelError(m.Answer.Result))
	p.showSelected(m)
	p.showTimelineText(m)
}

// showSelected prints the selected file's add action as Delta would write it.
func (p *page) showSelected(m *widget.Model) {
	if m.Scenario.View != "timeline" {
		p.setText("add-action", m.PanelAddAction())
		return
	}
	p.setText("add-action", m.DayAddAction(func() *deltalog.Snapshot {
		snap, _ := p.snapshot(m) // nil when the log cannot be replayed: the grid's facts instead
		return snap
	}))
}

// showTimeline writes the day's readouts, decision log and DESCRIBE output as text.
func (p *page) showTimeline(m *widget.Model) {
	if err := m.SimErr(); err != nil {
		p.renderReadouts(nil)
		p.deltaError("SIMULATION", err.Error())
		p.showTimelineText(m)
		return
	}
	p.renderReadouts(readout.Day(m.Sim.Result.Days[m.Day-1]))
	p.deltaError("", "")
	p.setText("caption", m.TimelineCaption())
	p.showSelected(m)
	p.showTimelineText(m)
}

// showTimelineText fills the decision log and DESCRIBE panels (hidden outside the timeline).
func (p *page) showTimelineText(m *widget.Model) {
	run := m.Sim.Result
	if m.Scenario.View != "timeline" || run == nil || m.SimErr() != nil {
		p.setHidden("timeline-text", true)
		return
	}
	p.setHidden("timeline-text", false)
	p.setText("decision-log", m.DecisionLog())
	if p.detailsOpen("run-stats") {
		p.setText("run-stats", widget.RunStats(&run.Days[m.Day-1]))
	}
	// DESCRIBE and the domain replay the log up to the day: only for the panels that are open,
	// so the day slider stays within a frame. Opening one fills it (bindDetails).
	if p.detailsOpen("describe-detail") || p.detailsOpen("describe-history") {
		detail, history, err := run.Describe(m.Day)
		if err != nil {
			p.setText("describe-detail", err.Error())
			return
		}
		p.setText("describe-detail", widget.Indent(detail))
		p.setText("describe-history", widget.Indent(history))
	}
	if p.detailsOpen("domain-metadata") {
		if snap, err := p.snapshot(m); err == nil {
			if dm, ok := snap.DomainMetadata("delta.clustering"); ok {
				p.setText("domain-metadata", widget.Indent(map[string]any{"domainMetadata": dm}))
			} else {
				p.setText("domain-metadata", "(no delta.clustering domain on this day)")
			}
		}
	}
}

// snapshot returns the table's state at the day shown, replaying the log once per (run, day)
// however often the pointer moves.
func (p *page) snapshot(m *widget.Model) (*deltalog.Snapshot, error) {
	if p.snap != nil && p.snapDay == m.Day && p.snapRun == m.Sim.Result {
		return p.snap, nil
	}
	snap, err := m.Sim.Result.Snapshot(m.Day)
	if err != nil {
		return nil, err
	}
	p.snap, p.snapDay, p.snapRun = snap, m.Day, m.Sim.Result
	return snap, nil
}

// detailsOpen reports whether the <details> around the element id is open.
func (p *page) detailsOpen(id string) bool {
	el := p.byID(id)
	return el.Truthy() && el.Get("parentElement").Get("open").Truthy()
}
