// The booking widget's address and the code a venue pastes into its own site (shown on /iframe and
// on the location management screen).
import { HEIGHT_MESSAGE, SCROLL_MESSAGE } from '../../../domain/widgetEmbed';

export { HEIGHT_MESSAGE, SCROLL_MESSAGE };

export function widgetSrc(origin: string, location: number, group: number | null, lang: string): string {
  return `${origin}/widget/?location=${location}${group ? `&group=${group}` : ''}&lang=${lang}`;
}

/**
 * Where the embedding page scrolls for a scroll message: the frame's top on the page plus the offset
 * (the snippet's own arithmetic, and /iframe's).
 */
export function scrollTarget(frameTop: number, pageScroll: number, top: unknown): number | null {
  const offset = Number(top);
  return Number.isFinite(offset) ? Math.max(0, Math.round(frameTop + pageScroll + offset)) : null;
}

/**
 * The code a venue pastes into its site: the frame, and a few lines that follow the widget's height
 * and bring into view what it asks for. Only messages of this widget's frame from its origin count.
 */
export function embedSnippet(origin: string, src: string, frameId: string, title: string): string {
  return `<iframe id="${frameId}" src="${src}" title="${title}" style="width:100%;max-width:760px;height:640px;border:0" loading="lazy"></iframe>
<script>
window.addEventListener('message', function (e) {
  var frame = document.getElementById('${frameId}');
  if (e.origin !== '${origin}' || !frame || e.source !== frame.contentWindow || !e.data) return;
  if (e.data.type === '${HEIGHT_MESSAGE}') frame.style.height = e.data.height + 'px';
  if (e.data.type === '${SCROLL_MESSAGE}') window.scrollTo(0, frame.getBoundingClientRect().top + window.pageYOffset + Number(e.data.top));
});
</script>`;
}
