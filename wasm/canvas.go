//go:build js && wasm

package main

import "syscall/js"

// createGLContext creates the WebGL2 context of Ebiten's canvas before Ebiten does, with the same
// attributes (internal/graphicsdriver/opengl/graphics_js.go) except antialias, which Ebiten leaves
// at the browser's default, true: a multisampled drawing buffer. Ebiten draws its screen onto that
// buffer as one axis-aligned image (its own anti-aliasing is done offscreen), so the samples change
// no pixel; without a GPU (SwiftShader) they were most of each presented frame's cost. Ebiten's
// later getContext returns this context: a canvas has one context per kind. The canvas is in the
// page from Ebiten's package initialisation (internal/ui/ui_js.go, init).
func createGLContext() {
	canvas := js.Global().Get("document").Call("querySelector", "body > canvas")
	if !canvas.Truthy() {
		return // Ebiten reports the missing canvas or context itself
	}
	attrs := map[string]any{"alpha": false, "premultipliedAlpha": true, "stencil": true, "antialias": false}
	canvas.Call("getContext", "webgl2", attrs)
}
