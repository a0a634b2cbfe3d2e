//go:build js && wasm

package main

import (
	"image/color"
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/assets"
	"layoutlab/wasm/view"
)

// labelImages draws the Scene's labels into the canvas: each label's text is rasterised once by
// the browser (a 2D canvas's fillText, the page's own fonts, at device pixels, so crisp on HiDPI)
// into a small Ebiten image, kept while labels of that text, size and colour are drawn. A DOM
// overlay over the WebGL canvas read the same but made the compositor blend a layer over the
// canvas on every frame, which without a GPU doubled a files-slider drag's slow frames
// (docs/performance.md); the DOM keeps the labels' text for screen readers (overlay.go).
type labelImages struct {
	ctx   js.Value // a 2D context, for measuring and rasterising
	cvs   js.Value
	cache map[labelKey]*labelImage
	used  int // frames since the cache was last emptied of labels not drawn
}

type labelKey struct {
	text  string
	size  float64
	color [4]uint8
	bold  bool
}

type labelImage struct {
	img   *ebiten.Image
	w     float64 // the text's advance width, device pixels
	drawn bool    // drawn in the current frame
}

// maxLabelImages bounds the cache: a drag makes a new title per move.
const maxLabelImages = 400

// draw draws the scene's labels onto screen.
func (l *labelImages) draw(screen *ebiten.Image, s *view.Scene) {
	if l.cache == nil {
		l.cache = map[labelKey]*labelImage{}
		l.cvs = js.Global().Get("document").Call("createElement", "canvas")
		l.ctx = l.cvs.Call("getContext", "2d", map[string]any{"willReadFrequently": true})
	}
	if len(l.cache) > maxLabelImages {
		for k, im := range l.cache {
			if !im.drawn {
				im.img.Deallocate()
				delete(l.cache, k)
			}
		}
	}
	for _, im := range l.cache {
		im.drawn = false
	}
	for _, lb := range s.Labels {
		k := labelKey{lb.Text, lb.Size, [4]uint8{lb.Color.R, lb.Color.G, lb.Color.B, lb.Color.A}, lb.Bold}
		im, ok := l.cache[k]
		if !ok {
			im = l.raster(k)
			l.cache[k] = im
		}
		im.drawn = true
		if im.img == nil {
			continue
		}
		x := lb.X
		switch lb.Anchor {
		case view.AnchorMiddle:
			x -= im.w / 2
		case view.AnchorEnd:
			x -= im.w
		}
		var op ebiten.DrawImageOptions
		// Whole pixels: the text was rasterised on the pixel grid.
		op.GeoM.Translate(float64(int(x+0.5)), float64(int(lb.Y+0.5)))
		screen.DrawImage(im.img, &op)
	}
}

// raster draws one label's text with the browser's fonts into a new image.
func (l *labelImages) raster(k labelKey) *labelImage {
	font := strconv.FormatFloat(k.size, 'f', 2, 64) + "px " + view.FontFamily
	if k.bold {
		font = "600 " + font
	}
	c := l.ctx
	c.Set("font", font)
	w := c.Call("measureText", k.text).Get("width").Float()
	pw, ph := int(w+2), int(k.size*1.25+1)
	if k.text == "" || pw <= 0 || ph <= 0 {
		return &labelImage{}
	}
	if l.cvs.Get("width").Int() < pw || l.cvs.Get("height").Int() < ph {
		l.cvs.Set("width", max(pw, l.cvs.Get("width").Int()))
		l.cvs.Set("height", max(ph, l.cvs.Get("height").Int()))
		c.Set("font", font) // a resize resets the context
	}
	c.Call("clearRect", 0, 0, pw, ph)
	c.Set("fillStyle", assets.Hex(colorOf(k.color)))
	c.Set("textBaseline", "alphabetic")
	c.Call("fillText", k.text, 0, k.size*1.025) // view.Label.Baseline
	data := c.Call("getImageData", 0, 0, pw, ph).Get("data")
	pix := make([]byte, data.Length())
	js.CopyBytesToGo(pix, js.Global().Get("Uint8Array").New(data.Get("buffer")))
	// getImageData is straight alpha; Ebiten's pixels are premultiplied.
	for i := 0; i+3 < len(pix); i += 4 {
		a := uint32(pix[i+3])
		pix[i] = uint8(uint32(pix[i]) * a / 255)
		pix[i+1] = uint8(uint32(pix[i+1]) * a / 255)
		pix[i+2] = uint8(uint32(pix[i+2]) * a / 255)
	}
	img := ebiten.NewImage(pw, ph)
	img.WritePixels(pix)
	return &labelImage{img: img, w: w}
}

func colorOf(c [4]uint8) color.RGBA { return color.RGBA{c[0], c[1], c[2], c[3]} }
