// embed.html's copy buttons: one after each code block a docs author copies, added here so that
// a page read without JavaScript shows no button that does nothing.
"use strict";
(function () {
  for (const code of document.querySelectorAll("pre > code[data-file]")) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "copy";
    b.textContent = "Copy";
    b.setAttribute("aria-label", "Copy " + code.dataset.file.replace(/^[^:]*:/, ""));
    b.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(code.textContent);
        b.textContent = "Copied";
      } catch (e) {
        // No clipboard (an insecure origin, a denied permission): select it to copy by hand.
        getSelection().selectAllChildren(code);
        b.textContent = "Selected: press Ctrl+C";
      }
      document.body.dataset.copied = code.dataset.file;
      setTimeout(() => { b.textContent = "Copy"; }, 2000);
    });
    code.parentElement.after(b);
  }
})();
