import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface HorizontalOverflow {
  /** Content is hidden to the left (the box has been scrolled). */
  start: boolean;
  /** Content is hidden to the right. */
  end: boolean;
}

/**
 * Whether a horizontally scrolling box hides content on either side, so that it can show a fade
 * there: on a phone a clipped row of tabs or columns otherwise looks complete.
 */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): HorizontalOverflow {
  const [overflow, setOverflow] = useState<HorizontalOverflow>({ start: false, end: false });

  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    // a pixel of slack: zoomed pages report fractional widths
    const start = box.scrollLeft > 1;
    const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setOverflow((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, [ref]);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);

  return overflow;
}
