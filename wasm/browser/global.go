//go:build js && wasm

// Package browser is what the browser programs (the widget, wasm/; the table page, wasm/table;
// its advisor, wasm/advise) need of the page: their window object, set and called only as front/boundary declares it,
// the one yielder that hands the page's thread back to the browser, and the one reader of the
// reader's Files by slices (Blob).
package browser

import (
	"syscall/js"

	"layoutlab/front/boundary"
)

// Global is a program's window object (window.layoutlab): Go sets only the Outs and calls only
// the Ins its boundary declares. Before the page has made the object (a page without its
// script), Set does nothing and Call returns undefined.
type Global struct {
	p *boundary.Program
	v js.Value // looked up once found: each lookup crosses the wasm boundary
}

// Find is the program's window object.
func Find(p *boundary.Program) *Global { return &Global{p: p} }

// Value is the object, or undefined before the page has made it.
func (g *Global) Value() js.Value {
	if g.v.IsUndefined() {
		g.v = js.Global().Get(g.p.Global)
	}
	return g.v
}

// Make makes the object when the page has not (a page without its script still answers).
func (g *Global) Make() {
	if g.Value().IsUndefined() {
		g.v = js.Global().Get("Object").New()
		js.Global().Set(g.p.Global, g.v)
	}
}

// Set sets a property Go owns.
func (g *Global) Set(o boundary.Out, v any) {
	if ll := g.Value(); !ll.IsUndefined() {
		ll.Set(o.Name(), v)
	}
}

// Func looks up a function the page set, for calling often (Invoke): undefined when the page
// has none.
func (g *Global) Func(i boundary.In) js.Value {
	if ll := g.Value(); !ll.IsUndefined() {
		if f := ll.Get(i.Name()); f.Type() == js.TypeFunction {
			return f
		}
	}
	return js.Undefined()
}

// Call calls a function the page set, with the object as this; nothing before the page has
// made the object.
func (g *Global) Call(i boundary.In, args ...any) {
	if ll := g.Value(); !ll.IsUndefined() {
		ll.Call(i.Name(), args...)
	}
}
