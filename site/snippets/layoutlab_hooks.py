# Layout Lab for MkDocs 1.4 or later: save this file next to mkdocs.yml and list it under
# `hooks:`. In a page, a path that starts "/layoutlab/" (a figure's poster, its live page, its
# "Open in Layout Lab" link) names the layoutlab/ folder at the top of docs/; this hook rewrites
# it, page by page, into the path that reaches that folder from the page, so a figure works on
# index pages, in sub-folders and with the site under any sub-path.
import re

from mkdocs.utils import get_relative_url

_PATHS = re.compile(r'\b(src|srcset|href|data-live)="/layoutlab/')


def on_page_content(html, page, config, files):
    base = get_relative_url("layoutlab/", page.url)
    if not base.endswith("/"):
        base += "/"
    return _PATHS.sub(lambda m: m.group(1) + '="' + base, html)
