// Layout Lab embed loader: sizes every Layout Lab iframe on the page to the height its widget
// reports (the widget posts {type: "layoutlab:height", height}), as it grows and as it shrinks.
// Include it once per page; a second copy (a shortcode per figure) does nothing more.
"use strict";
if (!window.layoutlabEmbed) {
  window.layoutlabEmbed = true;
  window.addEventListener("message", (e) => {
    const d = e.data;
    if (!d || d.type !== "layoutlab:height" || !(d.height > 0)) return;
    for (const f of document.querySelectorAll("iframe")) {
      if (f.contentWindow === e.source) f.style.height = Math.min(Math.ceil(d.height), 4000) + "px";
    }
  });
}
