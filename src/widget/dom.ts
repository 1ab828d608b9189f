// A tiny element builder: the widget has no framework, so its script stays a few kilobytes.
type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | EventListener | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'class') el.className = String(value);
    else if (key in el && key !== 'list' && !key.startsWith('data-') && !key.startsWith('aria-')) (el as any)[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/** Replaces what a container shows. */
export function show(container: Element, ...children: Child[]): void {
  container.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}

/** Posts the page's height to the page that embeds it, whenever it changes (the snippet sizes the frame). */
export function reportHeight(): void {
  if (window.parent === window) return;
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      window.parent.postMessage({ type: 'venue-widget:height', height }, '*');
    }
  };
  new ResizeObserver(post).observe(document.documentElement);
  post();
}
