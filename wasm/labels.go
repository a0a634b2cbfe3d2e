//go:build js && wasm

package main

import (
	"image/color"
	"slices"
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/assets"
	"layoutlab/front/figures"
	"layoutlab/front/view"
)

// labelImages draws the Scene's labels into the canvas: each label's text is rasterised once by
// the browser (a 2D canvas's fillText, the page's own fonts, at device pixels, so crisp on HiDPI)
// into a small Ebiten image, kept while labels of that text, size and colour are drawn. A DOM
// overlay over the WebGL canvas read the same but made the compositor blend a layer over the
// canvas on every frame, which doubled a files-slider drag's slow frames
// without a GPU); the DOM keeps the labels' text for screen readers (overlay.go).
//
// A label is drawn as pieces (labelPiece): each character of a number is an image of its own,
// the text between numbers another. A files drag changes the counts in the grid's title at every
// move; drawn whole, each move rasterised a new title (a getImageData read back and a new GPU
// image); drawn in pieces, it reuses the digits' images and a move makes none.
type labelImages struct {
	ctx   js.Value // a 2D context, for measuring and rasterising
	cvs   js.Value
	cache map[labelKey]*labelImage
	used  int // frames since the cache was last emptied of labels not drawn
	// the styles (a key without text) the numbers drawn were in, the latest last: warm gives
	// each its ten digits before a drag asks for them
	numberStyles []labelKey
	warming      bool // a style in numberStyles may lack a digit
	// fig counts the images made, and the digits warmed with their time, for the timing script.
	fig *figures.Widget
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

// maxLabelImages bounds the cache: a resize or a change of scenario brings new labels' text.
const maxLabelImages = 400

// digitWarmup is off only when the timing script (BenchmarkDigitWarmup) set
// window.layoutlabNoDigitWarmup before the page's scripts ran, to time a drag without it.
var digitWarmup = !js.Global().Get("layoutlabNoDigitWarmup").Truthy()

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
		k := labelKey{"", lb.Size, [4]uint8{lb.Color.R, lb.Color.G, lb.Color.B, lb.Color.A}, lb.Bold}
		w := 0.0
		for i := 0; i < len(lb.Text); {
			var p string
			p, i = labelPiece(lb.Text, i)
			w += l.image(k, p).w
		}
		x := lb.X
		switch lb.Anchor {
		case view.AnchorMiddle:
			x -= w / 2
		case view.AnchorEnd:
			x -= w
		}
		for i := 0; i < len(lb.Text); {
			var p string
			p, i = labelPiece(lb.Text, i)
			im := l.image(k, p)
			if im.img != nil {
				var op ebiten.DrawImageOptions
				// Whole pixels: the text was rasterised on the pixel grid.
				op.GeoM.Translate(float64(int(x+0.5)), float64(int(lb.Y+0.5)))
				screen.DrawImage(im.img, &op)
			}
			x += im.w
		}
	}
}

// image is piece p's image in the style of k, rasterised the first time it is asked for.
func (l *labelImages) image(k labelKey, p string) *labelImage {
	if p[0] >= '0' && p[0] <= '9' && !slices.Contains(l.numberStyles, k) {
		if len(l.numberStyles) == maxNumberStyles {
			l.numberStyles = append(l.numberStyles[:0], l.numberStyles[1:]...)
		}
		l.numberStyles = append(l.numberStyles, k)
		l.warming = digitWarmup
	}
	k.text = p
	im, ok := l.cache[k]
	if !ok {
		im = l.raster(k)
		l.cache[k] = im
	}
	im.drawn = true
	return im
}

const digits = "0123456789"

// maxNumberStyles bounds the styles warm keeps digits ready in (a resize brings new sizes).
const maxNumberStyles = 8

// warm rasterises one digit not yet drawn in a style numbers were drawn in, so that a drag,
// whose counts soon show digits the first frame did not, makes no image in its first moves.
// It is called in frames with nothing to draw, and reports whether it made one (frames come only
// when asked for: the caller asks for the next).
func (l *labelImages) warm() bool {
	if !l.warming {
		return false
	}
	for i := len(l.numberStyles) - 1; i >= 0; i-- {
		k := l.numberStyles[i]
		for d := range len(digits) {
			k.text = digits[d : d+1]
			if _, ok := l.cache[k]; !ok {
				start := now()
				l.cache[k] = l.raster(k)
				l.fig.WarmedDigits++
				l.fig.WarmMs += now() - start
				return true
			}
		}
	}
	l.warming = false
	return false
}

// labelPiece returns the piece of text that starts at i and where the next starts: one character
// of a number (a digit, or a comma or point between digits), or the run of text up to the next
// digit. Digits are of one advance width in the page's fonts (tabular figures), so a number drawn
// from its characters' images lines up as the browser draws it whole.
func labelPiece(text string, i int) (string, int) {
	if numeric(text, i) {
		return text[i : i+1], i + 1
	}
	j := i + 1
	for j < len(text) && !numeric(text, j) {
		j++
	}
	return text[i:j], j
}

// numeric reports whether the byte at i is a digit, or a separator with a digit on either side.
func numeric(text string, i int) bool {
	digit := func(j int) bool { return j >= 0 && j < len(text) && text[j] >= '0' && text[j] <= '9' }
	switch text[i] {
	case ',', '.':
		return digit(i-1) && digit(i+1)
	}
	return digit(i)
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
	l.fig.LabelRasters++
	return &labelImage{img: img, w: w}
}

func colorOf(c [4]uint8) color.RGBA { return color.RGBA{c[0], c[1], c[2], c[3]} }
