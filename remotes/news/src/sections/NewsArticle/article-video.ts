/**
 * Videos of a media item come inside its HTML body as `<video>` elements, the standard way: `<source>` and
 * `<track>` children, and fallback content whose link leads to the video's page on the video site. They are taken
 * out of the body and rendered by the section, so every video gets the spec's fallback (a message that the browser
 * does not support built-in video playback and a button to the video site) and captions survive sanitising.
 * Parsing is textual because loaders and server rendering have no DOM; only http(s) and site-relative URLs are kept.
 */
interface VideoSource {
  src: string;
  type?: string;
}

interface VideoTrack {
  src: string;
  kind: string;
  srcLang?: string;
  label?: string;
  isDefault: boolean;
}

export interface ArticleVideo {
  sources: VideoSource[];
  tracks: VideoTrack[];
  poster?: string;
  /** Where the video can be watched when the browser cannot play it: the fallback link, else the file itself. */
  siteUrl: string;
  title?: string;
}

const VIDEO_ELEMENT = /<video\b([^>]*)>([\s\S]*?)<\/video\s*>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#x27': "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/gi, (_match, name: string) => ENTITIES[name.toLowerCase()] ?? '');
}

function attributesOf(tagBody: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tagBody.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** An http(s) or site-relative URL, or undefined for anything else (javascript:, data:, empty). */
function safeMediaUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//')) ? url : undefined;
}

function tagsOf(html: string, tag: 'source' | 'track' | 'a'): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((match) => attributesOf(match[1] ?? ''));
}

function videoOf(attributeText: string, inner: string): ArticleVideo | null {
  const attributes = attributesOf(attributeText);
  const sources: VideoSource[] = [];
  const ownSource = safeMediaUrl(attributes.src);
  if (ownSource) sources.push({ src: ownSource });
  for (const source of tagsOf(inner, 'source')) {
    const src = safeMediaUrl(source.src);
    if (src) sources.push(source.type ? { src, type: source.type } : { src });
  }
  if (sources.length === 0) return null;
  const tracks = tagsOf(inner, 'track').flatMap((track): VideoTrack[] => {
    const src = safeMediaUrl(track.src);
    if (!src) return [];
    return [{ src, kind: track.kind || 'subtitles', srcLang: track.srclang, label: track.label, isDefault: 'default' in track }];
  });
  const siteUrl =
    tagsOf(inner, 'a')
      .map((anchor) => safeMediaUrl(anchor.href))
      .find(Boolean) ?? sources[0]!.src;
  const title = attributes.title || attributes['aria-label'] || undefined;
  return { sources, tracks, poster: safeMediaUrl(attributes.poster), siteUrl, ...(title ? { title } : {}) };
}

/** Splits an article body into its videos and the rest of its HTML. Videos without a playable source stay put. */
export function extractVideos(html: string): { html: string; videos: ArticleVideo[] } {
  const videos: ArticleVideo[] = [];
  const rest = html.replace(VIDEO_ELEMENT, (element, attributeText: string, inner: string) => {
    const video = videoOf(attributeText, inner);
    if (!video) return element;
    videos.push(video);
    return '';
  });
  return { html: rest, videos };
}
