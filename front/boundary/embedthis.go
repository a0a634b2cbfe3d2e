package boundary

import "sync"

// EmbedThisBoundary is window.layoutlabEmbedThis: what the widget's "Embed this" module
// (wasm/embedthis, embedthis.wasm, loaded on the first click of "Embed this") and its script
// (site/embedthis.js, which makes the object before the module starts) exchange. The widget's own
// module does not take part: the script reads the scenario from the widget's link (the URL).
type EmbedThisBoundary struct {
	Program
	// The page's, for Go to call.
	Started, Failed, Done In
	// Go's functions and figures.
	Render, RenderMs Out
}

// EmbedThis is window.layoutlabEmbedThis, built on first use as Advise is.
func EmbedThis() *EmbedThisBoundary {
	embedThisOnce.Do(func() { embedThis = newEmbedThis() })
	return embedThis
}

var (
	embedThisOnce sync.Once
	embedThis     *EmbedThisBoundary
)

func newEmbedThis() *EmbedThisBoundary {
	b := &EmbedThisBoundary{Program: Program{Global: "layoutlabEmbedThis", Main: "wasm/embedthis", Script: "site/embedthis.js",
		Ready: "`ready` turns true when the module calls `started`, its functions installed."}}
	b.declare(embedThisProps[:])
	bind(b, &b.Program)
	return b
}

var embedThisProps = [...]Prop{
	{Name: "ready", SetBy: Page, Type: Boolean, Means: "the module has started and its functions are installed"},
	{Name: "opens", SetBy: Page, Type: Number, Means: "times the reader opened \"Embed this\""},
	{Name: "renders", SetBy: Page, Type: Number, Means: "embeds shown (done)"},
	{Name: "errors", SetBy: Page, Type: Number, Means: "failures shown (failed)"},
	{Name: "shown", SetBy: Page, Type: Object, Means: "the last embed shown, as `done` received it (null before the first)"},
	{Name: "wasmMemory", SetBy: Page, Type: Function, Means: "() → bytes of the module's linear memory"},
	{Name: "loadMs", SetBy: Page, Type: Number, Later: true, Means: "ms from the first click of \"Embed this\" until the module started"},
	{Name: "copied", SetBy: Page, Type: String, Later: true, Means: "the text a copy button last put on the clipboard"},
	{Name: "started", SetBy: Page, Type: Function, Means: "(): Go calls it once its functions are installed; it sets ready"},
	{Name: "failed", SetBy: Page, Type: Function, Means: "(message): shows a failure and counts it in errors"},
	{Name: "done", SetBy: Page, Type: Function, Means: "(embed JSON: {name, title, alt, link, files: [{name, text}], snippets: [{id, generator, dest, setup, code}]}): shows the poster and the snippets; it sets shown and counts it in renders"},
	{Name: "render", SetBy: Go, Type: Function, Means: "(link, name): draws the posters of the widget link's scenario (its #s=… fragment) and writes the snippets that embed it as posters/NAME; answers with done or failed"},
	{Name: "renderMs", SetBy: Go, Type: Number, Later: true, Means: "ms the last render took, from render to done"},
}
