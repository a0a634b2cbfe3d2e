// Layout Lab for Docusaurus: save as src/components/LayoutLab.js. useBaseUrl adds the site's
// baseUrl; the component sizes its iframe to the height the widget reports, so
// docusaurus.config.js needs no script.
import React, {useEffect, useRef, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';

export default function LayoutLab({link, title, height = 560}) {
  const src = useBaseUrl('/layoutlab/' + link);
  const frame = useRef(null);
  const [h, setH] = useState(height);
  useEffect(() => {
    const onMessage = (e) => {
      const d = e.data;
      if (frame.current && e.source === frame.current.contentWindow &&
          d && d.type === 'layoutlab:height' && d.height > 0) {
        setH(Math.min(Math.ceil(d.height), 4000));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe ref={frame} src={src} title={title} loading="lazy"
            style={{width: '100%', height: h, border: 0}} />
  );
}
