//go:build js && wasm

package main

import "syscall/js"

// createGLContext creates the WebGL2 context of Ebiten's canvas before Ebiten does, with Ebiten's
// attributes (internal/graphicsdriver/opengl/graphics_js.go) but two:
//   - antialias false: Ebiten leaves it at the browser's default, a multisampled drawing buffer,
//     and draws its screen onto it as one axis-aligned image (its own anti-aliasing is done
//     offscreen), so the samples change no pixel, and without a GPU each presented frame pays
//     for them;
//   - alpha false: every frame paints every pixel of the screen opaque (game.Draw), so the page
//     composites an opaque canvas.
//
// Ebiten's later getContext returns this context: a canvas has one context per kind. The canvas
// is in the page from Ebiten's package initialisation (internal/ui/ui_js.go, init).
func createGLContext() {
	canvas := js.Global().Get("document").Call("querySelector", "body > canvas")
	if !canvas.Truthy() {
		return // Ebiten reports the missing canvas or context itself
	}
	attrs := map[string]any{"alpha": false, "premultipliedAlpha": true, "stencil": true, "antialias": false}
	canvas.Call("getContext", "webgl2", attrs)
}
