'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A study's description on one line, the whole text a click away: "more" shows only when the
 * line is cut (measured, so it follows the window's width).
 */
export function StudyDescription({ text }: { text: string }) {
  const line = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const el = line.current;
    if (!el || open) return;
    const measure = () => setCut(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open]);
  return (
    <details
      className={`study-description${cut || open ? ' study-description-cut' : ''}`}
      data-testid="study-description"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>
        <span ref={line} className="muted study-description-text">
          {text}
        </span>
        {(cut || open) && <span className="study-description-toggle" aria-hidden />}
      </summary>
    </details>
  );
}
