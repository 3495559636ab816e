/** The privacy-enhanced YouTube player (the only frame source the CSP allows). */
export function createYouTubeFrame(embedId: string, title: string, { muted = false } = {}): HTMLIFrameElement {
  const params = new URLSearchParams({ autoplay: '1', rel: '0', playsinline: '1' });
  // Browsers only start a video without a click when it is muted.
  if (muted) params.set('mute', '1');
  const frame = document.createElement('iframe');
  frame.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(embedId)}?${params}`;
  frame.title = title;
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.className = 'absolute inset-0 size-full border-0';
  frame.dataset.videoPlayer = embedId;
  return frame;
}
