// The booking widget's address and the code a venue pastes into its own site (shown on /iframe and
// on the location management screen).
/** The message the widget posts to its parent page with its height (src/widget/dom.ts). */
export const HEIGHT_MESSAGE = 'venue-widget:height';

export function widgetSrc(origin: string, location: number, group: number | null, lang: string): string {
  return `${origin}/widget/?location=${location}${group ? `&group=${group}` : ''}&lang=${lang}`;
}

/** The code a venue pastes into its site: the frame, and a few lines that follow the widget's height. */
export function embedSnippet(origin: string, src: string, frameId: string, title: string): string {
  return `<iframe id="${frameId}" src="${src}" title="${title}" style="width:100%;max-width:760px;height:640px;border:0" loading="lazy"></iframe>
<script>
window.addEventListener('message', function (e) {
  if (e.origin === '${origin}' && e.data && e.data.type === '${HEIGHT_MESSAGE}') {
    document.getElementById('${frameId}').style.height = e.data.height + 'px';
  }
});
</script>`;
}
