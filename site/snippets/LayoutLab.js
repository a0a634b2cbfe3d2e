// Layout Lab for Docusaurus: save as src/components/LayoutLab.js. In an MDX page, import the
// figure's JSON (the build's static/layoutlab/posters/NAME.json, or your own from
// `layoutlab poster -o`) and pass it: the component writes its poster and readouts, and loads
// embed.js, which makes it live. useBaseUrl adds the site's baseUrl.
import React, {useEffect} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';

export default function LayoutLab({figure: f}) {
  const base = useBaseUrl('/layoutlab/');
  const script = useBaseUrl('/layoutlab/embed.js');
  useEffect(() => {
    // One copy per page; a figure added by a client-side navigation is picked up by scan.
    if (window.layoutlabEmbed) return window.layoutlabEmbed.scan();
    if (document.querySelector('script[data-layoutlab]')) return;
    const s = document.createElement('script');
    s.src = script;
    s.dataset.layoutlab = '';
    document.body.appendChild(s);
  }, [script]);
  return (
    <figure className="layoutlab" data-live={base + f.live} data-title={f.title}>
      <link rel="stylesheet" href={base + 'embed.css'} />
      <div className="layoutlab-box" style={{width: '100%', aspectRatio: '16/10', minHeight: 460}}>
        <div className="layoutlab-poster">
          <picture>
            {f.poster_narrow && <source media="(max-width: 559px)" srcSet={base + f.poster_narrow} />}
            <img src={base + f.poster} alt={f.alt} width={f.width} height={f.height} />
          </picture>
          <div className="layoutlab-side">
            <dl className="layoutlab-readouts">
              {f.readouts.map((r) => (
                <div key={r.metric}><dt>{r.label}</dt><dd data-metric={r.metric} data-value={r.value}>{r.text}</dd></div>
              ))}
            </dl>
            <p className="layoutlab-actions">
              <button type="button" className="layoutlab-start" hidden>Interact</button>{' '}
              <a className="layoutlab-open" href={base + f.open} target="_blank" rel="noopener">Open in Layout Lab</a>
            </p>
          </div>
        </div>
      </div>
    </figure>
  );
}
