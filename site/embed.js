// Layout Lab embed loader. Include it once per page (a second copy does nothing more).
//
// A figure (<figure class="layoutlab" data-live="figure.html#s=…">, written by site/gen, the
// snippets and `layoutlab poster`) is a box holding its poster: the picture the live figure
// first draws, rendered at build time, and its readouts as text. The live figure starts in the
// same box when the reader touches the figure: a click or a tap, the keyboard's focus, or the
// mouse resting on it. Reaching a figure does not start it: the poster already shows what the
// live figure would first draw, and a live figure costs the browser a wasm instance and a WebGL
// context. Far off screen a live figure goes back to its
// poster, keeping the scenario as the reader left it (read from the live page's fragment: same
// origin). At most maxLive figures are live at once: the one touched longest ago goes back
// first, never the one the reader is using.
//
// A mouse entering a figure readies the page's first frame hidden (warm: its wasm compiled and
// Go's packages initialised, no figure's answer computed) while the dwell decides; with
// data-prestart on its script element, the page's first frame is started hidden once the page
// has loaded and is idle (prestart; on a touch screen, for the figure the scroll rests on), so
// that the figure the reader then touches is live at once or after a swap.
//
// With data-offline on its script element, it also registers the service worker beside it
// (sw.js) once the page has loaded, so that the page's figures work offline after one visit
// without a figure touched first (the explainer does; a docs site's pages are outside its scope).
//
// It also sizes a plain <iframe> of widget.html, as published before figures existed, to the
// height its widget reports ({type: "layoutlab:height"}).
"use strict";
(function () {
  if (window.layoutlabEmbed) return;
  // One frame where it can move between figures (reuse, below): a reused frame costs one wasm
  // instance however many figures it shows, and three parked frames cost three. Where frames cannot move, each live figure has
  // its own frame and at most three are live.
  const canMove = typeof Element.prototype.moveBefore === "function";
  const state = (window.layoutlabEmbed = { maxLive: canMove ? 1 : 3, live: 0, peak: 0, starts: 0, framesMade: 0, reused: 0, figures: [] });
  const dwellMs = 300; // a mouse resting on a figure this long touches it; one passing over does not
  const lateMs = 30; // a dwell timer later than this may have run before the mouse's leave (dwellTimer)
  // A mouse that stays within intentPx for intentMs has settled on the figure: the frame that
  // would show it computes its answer meanwhile (prepare). 80 ms: a pointer crossing a figure
  // moves farther than that in it.
  const intentMs = 80, intentPx = 12;
  const farMargin = "150% 0px"; // beyond one and a half screens above or below: far off screen

  const script = document.currentScript;
  // data-prestart: once the page has loaded and the browser is idle, the page's one frame starts
  // hidden for the figure nearest the screen's middle (prestart, below).
  const wantsPrestart = !!(script && script.dataset.prestart !== undefined);
  if (script && script.dataset.offline !== undefined && "serviceWorker" in navigator && location.protocol !== "file:") {
    const sw = new URL("sw.js", script.src);
    afterLoad(() => navigator.serviceWorker.register(sw, { scope: new URL("./", sw).pathname })
      .catch(() => { /* private mode, a host serving no sw.js ... */ }));
  }

  window.addEventListener("message", (e) => {
    const d = e.data;
    if (!d || d.type !== "layoutlab:height" || !(d.height > 0)) return;
    for (const f of document.querySelectorAll("iframe")) {
      if (f.contentWindow === e.source && !f.closest(".layoutlab-box")) {
        f.style.height = Math.min(Math.ceil(d.height), 4000) + "px";
      }
    }
  });

  let clock = 0;
  const live = []; // the live figures
  // spare: frames sent back to their posters and kept, parked in the box they left, for the
  // next figure to go live (issue #37: Chromium frees a removed frame's wasm instance and renderer
  // only many seconds later, so scrolling through a page of figures piled them up). A frame moves
  // with Element.prototype.moveBefore (Chromium 133+), which keeps its document; without it a
  // figure gets a new frame and the old is removed, as before.
  const spare = [];

  function setup(fig) {
    const box = fig.querySelector(".layoutlab-box");
    const poster = box && box.querySelector(".layoutlab-poster");
    if (!box || !poster || !fig.dataset.live) return;
    const f = { fig, box, poster, src: fig.dataset.live, first: fig.dataset.live, frame: null, touched: 0, timer: 0,
      restAt: 0, intentTimer: 0, anchor: null, prepared: false };
    state.figures.push(f);
    const start = poster.querySelector(".layoutlab-start");
    if (start) start.hidden = false;
    poster.addEventListener("click", (e) => {
      if (!e.target.closest("a")) goLive(f, true);
    });
    poster.addEventListener("focusin", (e) => {
      if (!e.target.closest("a")) goLive(f, true);
    });
    // A touch screen's tap is a click; a mouse only passing over the figure, or one the page
    // scrolls past, leaves it before dwellMs. A move counts as well as an entry: the mouse may
    // have been over the figure before this script ran.
    // The dwell is decided by the clock (f.restAt), not only by its timer: a frame's work on
    // the page's one thread (a preparation) can fire the timer late, and a move after dwellMs
    // decides at once.
    const rest = (e) => {
      if ((e.pointerType !== "mouse" && e.pointerType !== "pen") || f.frame) return;
      intent(f, e);
      if (f.timer) {
        if (e.timeStamp - f.restAt >= dwellMs) dwelt(f);
        return;
      }
      afterLoad(() => warm(f));
      f.restAt = e.timeStamp;
      f.timer = setTimeout(() => dwellTimer(f), dwellMs);
    };
    // A finger down on the poster: the figure's frame starts (or prepares) for it while the tap
    // is decided (pressed); a scroll that began there cancels it (pointercancel).
    poster.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "touch" && !e.target.closest("a")) pressed(f);
    }, { passive: true });
    poster.addEventListener("pointercancel", () => {
      if (!f.frame && f.prepared) prepare(f, false);
    });
    box.addEventListener("pointerenter", rest);
    box.addEventListener("pointermove", rest, { passive: true });
    box.addEventListener("pointerleave", () => {
      clearTimeout(f.timer);
      clearTimeout(f.intentTimer);
      f.timer = f.intentTimer = 0;
      f.anchor = null;
      if (!f.frame && f.prepared) prepare(f, false);
    });
    far.observe(box);
    if (near) near.observe(box);
  }

  // far sends a live figure far off screen back to its poster.
  const far = new IntersectionObserver((entries) => {
    for (const e of entries) {
      const f = byBox(e.target);
      if (f && !e.isIntersecting) {
        clearTimeout(f.timer);
        f.timer = 0;
        if (f.frame) toPoster(f);
      }
    }
  }, { rootMargin: farMargin });

  // afterLoad runs fn once the page has loaded: a figure the mouse rests on at once starts after
  // every poster has drawn, so the page's load (and its every figure shown) does not wait for it.
  function afterLoad(fn) {
    if (document.readyState === "complete") fn();
    else window.addEventListener("load", fn, { once: true });
  }

  function byBox(box) {
    return state.figures.find((f) => f.box === box);
  }

  function touch(f) {
    f.touched = ++clock;
  }

  // inUse: the reader is working in the live figure (it holds the keyboard's focus).
  function inUse(f) {
    return f.frame !== null && document.activeElement === f.frame;
  }

  function goLive(f, touched) {
    touch(f);
    if (f.frame) return;
    // The budget: the figure touched longest ago, and not in use, goes back to its poster.
    while (live.length >= state.maxLive) {
      const idle = live.filter((g) => !inUse(g)).sort((a, b) => a.touched - b.touched)[0];
      if (!idle) return;
      toPoster(idle);
    }
    if (fromWarm(f, touched) || reuse(f, touched)) return;
    const frame = document.createElement("iframe");
    state.framesMade++;
    frame.src = f.src;
    claim(f, frame);
    frame.addEventListener("load", () => loaded(f, frame, touched));
    f.box.appendChild(frame);
  }

  // loaded sets up a live frame whose page has loaded: it is shown once its widget is ready.
  function loaded(f, frame, touched) {
    let w;
    try {
      w = frame.contentWindow;
      w.document; // eslint-disable-line no-unused-expressions -- throws when not same-origin
    } catch (e) {
      return shown(f, frame, touched); // another origin: shown once loaded
    }
    listen(frame, w);
    if (w.layoutlab && w.layoutlab.ready) shown(f, frame, touched);
    else w.addEventListener("layoutlab:ready", () => shown(f, frame, touched), { once: true });
  }

  // listen marks a same-origin frame loaded (it can be parked and reused) and has the reader's
  // input in it touch the figure it shows at the moment (reuse moves frames between figures).
  function listen(frame, w) {
    frame.layoutlabLoaded = true;
    for (const t of ["pointerdown", "keydown", "wheel", "input", "focus"]) {
      w.addEventListener(t, () => { if (frame.layoutlabFigure) touch(frame.layoutlabFigure); }, { capture: true, passive: true });
    }
  }

  // warm makes the page's first frame at the mouse's first entry on a figure, before the dwell
  // says whether it rests there: parked (hidden), its page loads and compiles the wasm and starts
  // Go, whose main waits (site/loader.js, wasm/hold.go) until a figure goes live in it
  // (fromWarm). A mouse that only passes by costs one compiled module and Go's start, never a
  // figure's answer or a WebGL context, and only once: a page that has made a frame makes no
  // warm one. Only where frames can move between figures.
  let warmFrame = null;
  function warm(f) {
    if (!canMove || state.framesMade > 0 || f.frame) return;
    const frame = document.createElement("iframe");
    state.framesMade++;
    state.warmed = (state.warmed || 0) + 1;
    frame.name = "layoutlab-warm";
    frame.src = f.src;
    frame.title = "Layout Lab figure (not started)";
    frame.tabIndex = -1;
    frame.classList.add("layoutlab-parked");
    frame.addEventListener("load", () => { frame.layoutlabWarmLoaded = true; }, { once: true });
    warmFrame = frame;
    f.box.appendChild(frame);
  }

  // prestart: with data-prestart on this script, and no data saver nor a 2G connection, once
  // the page has loaded and the browser is then idle, the page's one frame is made for the
  // figure nearest the screen's middle and started, hidden (startFor): its first answer
  // computed, it waits as a spare for the figure the reader touches (reuse: at once for that
  // figure, a swap for another). It costs a reader who touches nothing one wasm instance and its
  // first answer, once: the posters are drawn first, and a page that has made a frame (warm, a
  // touch) prestarts none. On a touch screen only a figure in sight is started (settled): a
  // phone's reader scrolling on is not made to pay for a figure off screen.
  function prestart() {
    if (!canMove || !wantsPrestart || state.framesMade > 0 || !state.figures.length || saveData() || slowNetwork()) return;
    if (touchScreen()) return settled();
    const mid = innerHeight / 2;
    const dist = (f) => { const r = f.box.getBoundingClientRect(); return Math.abs((r.top + r.bottom) / 2 - mid); };
    if (startFor(state.figures.slice().sort((a, b) => dist(a) - dist(b))[0])) state.prestarted = (state.prestarted || 0) + 1;
  }
  if (wantsPrestart) {
    afterLoad(() => {
      if (typeof requestIdleCallback === "function") requestIdleCallback(prestart, { timeout: 3000 });
      else setTimeout(prestart, 1000);
    });
  }

  function touchScreen() {
    return matchMedia("(pointer: coarse)").matches;
  }
  function saveData() {
    return !!(navigator.connection && navigator.connection.saveData);
  }
  function slowNetwork() {
    const c = navigator.connection;
    return !!(c && /2g$/.test(c.effectiveType || ""));
  }

  // On a touch screen no mouse rests on a figure before the reader taps it: its stand-in is the
  // page's scroll coming to rest (settleMs after its last scroll event) with a figure in sight,
  // the reader reading beside it. With data-prestart, no data saver and no 2G connection:
  //   - the first figure that comes within half a screen of view, the page loaded and idle,
  //     makes the page's one frame warm there (near: its wasm fetched and compiled, Go's packages initialised, no answer computed);
  //   - the first figure in sight at rest starts it (prestart's frame: its answer computed);
  //   - each figure in sight at rest after that has the running frame compute its answer
  //     (prepare), which the tap's swap shows (BenchmarkPhoneTap).
  const settleMs = 300;
  const near = canMove && wantsPrestart && typeof IntersectionObserver === "function"
    ? new IntersectionObserver((entries) => {
      const e = entries.find((e) => e.isIntersecting);
      if (!e) return;
      const f = byBox(e.target);
      afterLoad(() => {
        const go = () => {
          if (state.framesMade > 0 || !touchScreen() || saveData() || slowNetwork()) return near.disconnect();
          if (f && f.fig.isConnected) warm(f);
        };
        if (typeof requestIdleCallback === "function") requestIdleCallback(go, { timeout: 1000 });
        else setTimeout(go, 0);
      });
    }, { rootMargin: "50% 0px" })
    : null;
  if (near) {
    let settle = 0;
    window.addEventListener("scroll", () => {
      clearTimeout(settle);
      settle = setTimeout(() => afterLoad(settled), settleMs);
    }, { passive: true });
  }

  // settled: the page is at rest on a touch screen; the figure in sight is started or prepared.
  function settled() {
    if (!touchScreen() || saveData() || slowNetwork()) return;
    const f = inSight();
    if (!f || f.frame || f.prepared) return;
    if (warmFrame || state.framesMade === 0) {
      if (startFor(f)) state.prestarted = (state.prestarted || 0) + 1;
      return;
    }
    preparing(f);
  }

  // inSight is the figure whose box holds the middle of the screen (the visual viewport: a page
  // wider than a phone's screen shows a part of its layout viewport), or null.
  function inSight() {
    const v = window.visualViewport;
    const mid = v ? v.offsetTop + v.height / 2 : innerHeight / 2;
    return state.figures.find((f) => {
      const r = f.box.getBoundingClientRect();
      return r.top <= mid && r.bottom >= mid;
    }) || null;
  }

  // preparing has f's answer prepared, the one figure prepared: another's flag is dropped, as the
  // frame's preparation is replaced (wasm/swap.go).
  function preparing(f) {
    for (const g of state.figures) if (g !== f) g.prepared = false;
    prepare(f, true);
  }

  // pressed: a finger came down on f's poster: a tap begins, or a scroll. The page's warm frame
  // is started for f at once, hidden (startFor), and the tap's click shows it when its first
  // answer is drawn (reuse), the time the finger rests on the glass gained; a frame already
  // running computes f's answer meanwhile (prepare), which a scroll drops (pointercancel). A
  // scroll that began on a poster leaves the started frame as a prestarted one.
  function pressed(f) {
    if (f.frame || f.prepared) return;
    if (warmFrame && warmFrame.layoutlabWarmLoaded) startFor(f); // still loading: the click's fromWarm starts it
    else if (!warmFrame) preparing(f);
  }

  // startFor starts the page's warm frame (made here if the page has none yet) for f, hidden:
  // given f's scenario as its fragment before Go starts (Go reads it at its start) and kept as a
  // spare of f's page for the figure that goes live next (reuse). Reports whether it did.
  function startFor(f) {
    if (!canMove) return false;
    if (!warmFrame) warm(f);
    const frame = warmFrame, page = f.src.split("#")[0];
    if (!frame || !frame.isConnected || frame.src.split("#")[0] !== new URL(page, document.baseURI).href) return false;
    warmFrame = null; // started: not a warm frame (its fragment is read), a spare to reuse
    frame.title = "Layout Lab figure (started, not shown)";
    frame.layoutlabPage = page;
    frame.layoutlabStarting = true;
    spare.push(frame);
    const start = () => {
      const w = frame.contentWindow;
      setFragment(w, f);
      listen(frame, w);
      w.layoutlab.go();
    };
    if (frame.layoutlabWarmLoaded) start();
    else frame.addEventListener("load", start, { once: true });
    return true;
  }

  // setFragment gives the frame's window w f's scenario, without an entry in its history.
  function setFragment(w, f) {
    const hash = "#" + (f.src.split("#")[1] || "");
    if (w.location.hash !== hash) w.location.replace(w.location.pathname + w.location.search + hash);
  }

  // fromWarm makes f live in the warm frame, wherever it was made: moved into f's box, given f's
  // scenario as its fragment (Go reads the fragment when it starts), and Go started. Reports
  // whether there was one.
  function fromWarm(f, touched) {
    const frame = warmFrame;
    if (!frame || !frame.isConnected) return false;
    warmFrame = null;
    frame.classList.remove("layoutlab-parked");
    claim(f, frame);
    if (frame.parentNode !== f.box) f.box.moveBefore(frame, null);
    const start = () => {
      const w = frame.contentWindow;
      setFragment(w, f);
      loaded(f, frame, touched);
      w.layoutlab.go();
    };
    if (frame.layoutlabWarmLoaded) start();
    else frame.addEventListener("load", start, { once: true });
    return true;
  }

  // dwellTimer: f's dwell timer fired. Fired late (the page's one thread was busy: a frame
  // loading, a preparation), the mouse's leave may be queued behind it: a crossing of 143 ms
  // went live so under load. Blink dispatches the mouse's queued moves (a leave is one) at the
  // start of the next frame, before its animation callbacks: the decision waits for one, and a
  // leave meanwhile clears f.timer.
  function dwellTimer(f) {
    if (performance.now() - f.restAt <= dwellMs + lateMs) return dwelt(f);
    const timer = f.timer;
    requestAnimationFrame(() => {
      if (f.timer === timer) dwelt(f);
    });
  }

  // dwelt: the mouse rested on f for dwellMs: f goes live.
  function dwelt(f) {
    clearTimeout(f.timer);
    f.timer = 0;
    afterLoad(() => goLive(f, false));
  }

  // intent has f prepared (prepare) once the mouse settles on it: it stays within intentPx of
  // where it was for intentMs. A mouse passing over the figure on its way elsewhere keeps
  // moving and prepares nothing: a preparation costs the frame's memory and the page's thread.
  function intent(f, e) {
    const a = f.anchor;
    if (f.prepared || (a && Math.hypot(e.clientX - a.x, e.clientY - a.y) <= intentPx)) return;
    f.anchor = { x: e.clientX, y: e.clientY };
    clearTimeout(f.intentTimer);
    f.intentTimer = setTimeout(() => {
      f.intentTimer = 0;
      if (!f.frame && f.timer) prepare(f, true);
    }, intentMs);
  }

  // prepare has the running frame that f would take (a spare, or the live figure's, which goes
  // back to its poster: where frames move there is one) compute f's answer while the dwell
  // decides whether f goes live; the swap then shows it (window.layoutlab.prepare,
  // wasm/swap.go). on false drops it: the mouse only passed by.
  function prepare(f, on) {
    f.prepared = on;
    if (!canMove) return;
    const page = new URL(f.src.split("#")[0], document.baseURI).href;
    for (const fr of spare.concat(live.map((g) => g.frame))) {
      try {
        const w = fr.contentWindow;
        if (!fr.layoutlabLoaded || w.location.href.split("#")[0] !== page || typeof w.layoutlab.prepare !== "function") continue;
        w.layoutlab.prepare(on ? "#" + (f.src.split("#")[1] || "") : null);
      } catch (e) { /* another origin, or a frame navigating */ }
    }
  }

  // claim makes frame f's live frame: counted against the budget, titled for f.
  function claim(f, frame) {
    frame.removeAttribute("tabindex"); // a warm or prestarted frame's, out of the tab order while hidden
    frame.title = f.fig.dataset.title || "Layout Lab figure";
    frame.layoutlabFigure = f;
    f.frame = frame;
    f.prepared = false; // the swap takes what was prepared
    clearTimeout(f.intentTimer);
    f.intentTimer = 0;
    starting(f, true);
    live.push(f);
    state.live = live.length;
    state.peak = Math.max(state.peak, live.length);
    state.starts++;
  }

  // reuse gives f a spare frame of the same page, moved into f's box without a reload, and the
  // figure's scenario as a new fragment (the widget swaps in place on hashchange, wasm/swap.go).
  // The frame stays transparent over the poster until the widget announces the new scenario
  // ready. Reports whether it found one.
  function reuse(f, touched) {
    if (!canMove) return false;
    const page = f.src.split("#")[0];
    // A frame started ahead (startFor) whose page is still loading is taken too: the touch
    // waits for it rather than making a second frame.
    let i = spare.findIndex((fr) => fr.isConnected && fr.layoutlabPage === page && (fr.layoutlabLoaded || fr.layoutlabStarting));
    if (i < 0) return false;
    const frame = spare.splice(i, 1)[0];
    const w = frame.contentWindow; // the frame's WindowProxy: its page's window once loaded
    performance.mark("layoutlab:reuse");
    frame.classList.remove("layoutlab-parked", "layoutlab-ready");
    claim(f, frame);
    state.reused++;
    f.box.moveBefore(frame, null);
    const hash = "#" + (f.src.split("#")[1] || "");
    // A frame parked before its first scenario was ready swaps once it is: the swap starts from
    // a ready widget, so the next ready is the new scenario's.
    const swap = () => {
      if (f.frame !== frame) return;
      if (w.location.hash === hash) return shown(f, frame, touched); // the scenario it shows
      const before = w.layoutlab.scenarios;
      const onReady = () => {
        if (w.layoutlab.scenarios === before) return; // not yet the new scenario's answer
        w.removeEventListener("layoutlab:ready", onReady);
        shown(f, frame, touched);
      };
      w.addEventListener("layoutlab:ready", onReady);
      // The frame starts on f's answer now (window.layoutlab.prepare; the same scenario asked
      // for again is a no-op), not at the frame's next Update, which reads the fragment 0.5-1 s
      // later under load; the swap's Ask takes the run under way. Nothing was prepared when a
      // move decided the dwell before the intent timer could run (the page's thread busy: a
      // mouse at rest whose first move was handled 400 ms late), or for a click.
      if (typeof w.layoutlab.prepare === "function") w.layoutlab.prepare(hash);
      // replace: a fragment change in the same document, with no entry in the reader's history.
      performance.mark("layoutlab:swap");
      w.location.replace(w.location.pathname + w.location.search + hash);
    };
    const whenReady = () => {
      if (w.layoutlab && w.layoutlab.ready === true) swap();
      else w.addEventListener("layoutlab:ready", swap, { once: true });
    };
    // After startFor's own load listener, which gives the page its fragment and starts Go.
    if (frame.layoutlabLoaded) whenReady();
    else frame.addEventListener("load", whenReady, { once: true });
    return true;
  }

  // shown swaps the poster for the live figure, which has drawn its first frame. A figure
  // started from the keyboard takes the focus along.
  function shown(f, frame, touched) {
    if (f.frame !== frame) return;
    performance.mark("layoutlab:shown");
    starting(f, false);
    frame.classList.add("layoutlab-ready");
    f.box.classList.add("layoutlab-live");
    if (touched && f.poster.contains(document.activeElement)) frame.focus();
  }

  function toPoster(f) {
    const frame = f.frame;
    if (!frame) return;
    let hash = "";
    let doc = null;
    try {
      hash = frame.contentWindow.location.hash;
      doc = frame.contentDocument;
    } catch (e) { /* another origin: the scenario stays as it was */ }
    if (hash.startsWith("#s=")) {
      f.src = f.src.split("#")[0] + hash;
      f.fig.dataset.live = f.src;
      const open = f.poster.querySelector("a.layoutlab-open");
      if (open) open.href = open.href.split("#")[0] + hash;
    }
    // The readouts as the reader left them.
    if (doc && frame.classList.contains("layoutlab-ready")) {
      for (const dd of f.poster.querySelectorAll("[data-metric]")) {
        const now = doc.querySelector('[data-metric="' + CSS.escape(dd.dataset.metric) + '"]');
        if (now && now.textContent) {
          dd.textContent = now.textContent;
          if (now.dataset.value !== undefined) dd.dataset.value = now.dataset.value;
        }
      }
    }
    if (f.src !== f.first) note(f);
    f.frame = null;
    starting(f, false);
    live.splice(live.indexOf(f), 1);
    state.live = live.length;
    f.box.classList.remove("layoutlab-live");
    if (canMove && frame.layoutlabLoaded) {
      // Parked: hidden in the box it leaves until a figure takes it (reuse).
      frame.classList.remove("layoutlab-ready");
      frame.classList.add("layoutlab-parked");
      frame.layoutlabFigure = null;
      frame.layoutlabPage = f.src.split("#")[0];
      if (document.activeElement === frame) frame.blur();
      spare.push(frame);
      return;
    }
    frame.remove();
  }

  // starting tells the reader, while a touched figure's live page loads (a first figure's wasm
  // takes seconds to compile), that the touch was seen: its Interact button reads Starting….
  function starting(f, on) {
    if (on) f.box.setAttribute("aria-busy", "true");
    else f.box.removeAttribute("aria-busy");
    const b = f.poster.querySelector(".layoutlab-start");
    if (!b) return;
    if (on && !b.dataset.label) b.dataset.label = b.textContent;
    if (b.dataset.label) b.textContent = on ? "Starting…" : b.dataset.label;
  }

  // note says, on a poster whose scenario the reader changed, that the picture is the original.
  function note(f) {
    if (f.poster.querySelector(".layoutlab-note")) return;
    const p = document.createElement("p");
    p.className = "layoutlab-note";
    p.textContent = "Your changes are kept: the picture shows the original, the figures your last state. Touch to continue.";
    const side = f.poster.querySelector(".layoutlab-side") || f.poster;
    side.appendChild(p);
  }

  // forget drops a figure no longer in the document (a client-side navigation removed its
  // page): it holds no place in the live budget and no observer watches it.
  function forget(f) {
    clearTimeout(f.timer);
    far.unobserve(f.box);
    const i = live.indexOf(f);
    if (i >= 0) live.splice(i, 1);
    state.live = live.length;
    state.figures.splice(state.figures.indexOf(f), 1);
  }

  // scan sets up every figure not yet set up: the page's, and any a script adds later (a
  // client-side navigation in Docusaurus calls it again, having removed the last page's).
  function scan() {
    for (const f of state.figures.slice()) {
      if (!f.fig.isConnected) forget(f);
    }
    for (let i = spare.length - 1; i >= 0; i--) {
      if (!spare[i].isConnected) spare.splice(i, 1);
    }
    for (const fig of document.querySelectorAll("figure.layoutlab[data-live]")) {
      if (!state.figures.some((f) => f.fig === fig)) setup(fig);
    }
  }
  state.scan = scan;
  function init() {
    scan();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
