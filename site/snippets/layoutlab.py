"""Layout Lab for Sphinx: save this file as layoutlab.py next to conf.py.

It adds the directive ``.. layoutlab:: posters/NAME``, which writes the figure described by
``_static/layoutlab/posters/NAME.json`` (the build's presets, or your own from ``layoutlab
poster -o``): its poster and readouts, made live by embed.js, with paths that reach
``_static/layoutlab/`` from the page they are on (nested pages, the dirhtml builder and a site
under a sub-path included). It adds ``layoutlab/embed.js`` and ``layoutlab/embed.css`` to every
page (paths in ``html_js_files`` and ``add_js_file`` are relative to ``_static/``).
"""
import json
import os

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.util.osutil import relative_uri


class layoutlab_figure(nodes.General, nodes.Element):
    pass


class LayoutLab(Directive):
    required_arguments = 1

    def run(self):
        env = self.state.document.settings.env
        path = os.path.join(env.srcdir, "_static", "layoutlab", self.arguments[0] + ".json")
        env.note_dependency(path)
        try:
            with open(path, encoding="utf-8") as f:
                figure = json.load(f)
        except (OSError, ValueError) as e:
            raise self.error("layoutlab: cannot read %s: %s" % (path, e))
        node = layoutlab_figure()
        node["figure"] = figure
        return [node]


def visit_html(self, node):
    f = node["figure"]
    # The page's own URI, as this builder writes it (page.html, or page/ under dirhtml).
    page = self.builder.get_target_uri(self.builder.current_docname)

    def url(p):
        path, _, fragment = p.partition("#")
        return self.attval(relative_uri(page, "_static/layoutlab/" + path) + ("#" + fragment if fragment else ""))

    narrow = ""
    if f.get("poster_narrow"):
        narrow = '<source media="(max-width: 559px)" srcset="%s">' % url(f["poster_narrow"])
    img = '<picture>%s<img src="%s" alt="%s" width="%d" height="%d"></picture>' % (
        narrow, url(f["poster"]), self.attval(f["alt"]), f["width"], f["height"])
    readouts = "".join(
        '<div><dt>%s</dt><dd data-metric="%s" data-value="%s">%s</dd></div>'
        % (self.encode(r["label"]), self.attval(r["metric"]), self.attval(r["value"]), self.encode(r["text"]))
        for r in f["readouts"])
    self.body.append(
        '<figure class="layoutlab" data-live="%s" data-title="%s">'
        '<div class="layoutlab-box" style="width:100%%;aspect-ratio:16/10;min-height:460px">'
        '<div class="layoutlab-poster">%s\n<div class="layoutlab-side"><dl class="layoutlab-readouts">%s</dl>\n'
        '<p class="layoutlab-actions"><button type="button" class="layoutlab-start" hidden>Interact</button> '
        '<a class="layoutlab-open" href="%s" target="_blank" rel="noopener">Open in Layout Lab</a></p>'
        '</div></div></div></figure>\n'
        % (url(f["live"]), self.attval(f["title"]), img, readouts, url(f["open"])))
    raise nodes.SkipNode


def skip(self, node):
    raise nodes.SkipNode


def setup(app):
    others = {b: (skip, None) for b in ("latex", "text", "man", "texinfo")}
    app.add_node(layoutlab_figure, html=(visit_html, None), **others)
    app.add_directive("layoutlab", LayoutLab)
    app.add_js_file("layoutlab/embed.js", loading_method="defer")
    app.add_css_file("layoutlab/embed.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
