# Layout Lab for MkDocs 1.4 or later: save this file next to mkdocs.yml and list it under
# `hooks:`. In a page, src="/layoutlab/..." names the layoutlab/ folder at the top of docs/; this
# hook rewrites it, page by page, into the path that reaches that folder from the page, so a
# figure works on index pages, in sub-folders and with the site under any sub-path.
from mkdocs.utils import get_relative_url


def on_page_content(html, page, config, files):
    return html.replace('src="/layoutlab/', 'src="' + get_relative_url("layoutlab/", page.url))
