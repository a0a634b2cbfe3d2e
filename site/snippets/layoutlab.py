"""Layout Lab for Sphinx: save this file as layoutlab.py next to conf.py.

It adds the directive ``.. layoutlab:: widget.html#s=...`` (option ``:title:``), which writes an
iframe whose path reaches ``_static/layoutlab/`` from the page it is on (nested pages, the
dirhtml builder and a site under a sub-path included), and adds ``layoutlab/embed.js`` to every
page (paths in ``html_js_files`` and ``add_js_file`` are relative to ``_static/``).
"""
from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.util.osutil import relative_uri


class layoutlab_figure(nodes.General, nodes.Element):
    pass


class LayoutLab(Directive):
    required_arguments = 1
    option_spec = {"title": directives.unchanged, "height": directives.nonnegative_int}

    def run(self):
        node = layoutlab_figure()
        node["link"] = self.arguments[0]
        node["title"] = self.options.get("title", "Layout Lab")
        node["height"] = self.options.get("height", 560)
        return [node]


def visit_html(self, node):
    # The page's own URI, as this builder writes it (page.html, or page/ under dirhtml).
    page = self.builder.get_target_uri(self.builder.current_docname)
    path, _, fragment = node["link"].partition("#")
    src = relative_uri(page, "_static/layoutlab/" + path) + ("#" + fragment if fragment else "")
    self.body.append(
        '<iframe class="layoutlab" src="%s" title="%s" loading="lazy" '
        'style="width:100%%;height:%dpx;border:0"></iframe>\n'
        % (self.attval(src), self.attval(node["title"]), node["height"])
    )
    raise nodes.SkipNode


def skip(self, node):
    raise nodes.SkipNode


def setup(app):
    others = {b: (skip, None) for b in ("latex", "text", "man", "texinfo")}
    app.add_node(layoutlab_figure, html=(visit_html, None), **others)
    app.add_directive("layoutlab", LayoutLab)
    app.add_js_file("layoutlab/embed.js", loading_method="defer")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
