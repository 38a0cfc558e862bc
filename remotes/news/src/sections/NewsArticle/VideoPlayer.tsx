import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { ButtonLink, NewTabHint, useShell } from '@site/ui';
import type { ArticleVideo } from './article-video';

const Player = styled.div`
  margin: 0 0 1.5rem;
  video {
    display: block;
    width: 100%;
    max-width: 56rem;
    aspect-ratio: 16 / 9;
    border-radius: 0.5rem;
    background: var(--site-dark-bg);
  }
`;

const Fallback = styled.div`
  display: grid;
  gap: 1rem;
  justify-items: start;
  max-width: 56rem;
  padding: 1.5rem;
  border: 1px solid var(--site-border);
  border-radius: 0.5rem;
  p {
    margin: 0;
  }
`;

/** The spec's video fallback: built-in playback is not supported, here is a button to the video site. */
function VideoFallback({ siteUrl }: { siteUrl: string }) {
  return (
    <Fallback data-video-fallback="">
      <p>
        <FormattedMessage id="news.video.unsupported" />
      </p>
      <ButtonLink href={siteUrl}>
        <FormattedMessage id="news.video.goToSite" />
        <NewTabHint href={siteUrl}>
          <FormattedMessage id="news.opensInNewTab" />
        </NewTabHint>
      </ButtonLink>
    </Fallback>
  );
}

/**
 * A video with native controls. Browsers without video support show the fallback inside the element; browsers
 * that cannot play any of the sources get the same fallback in its place.
 */
export function VideoPlayer({ video, label }: { video: ArticleVideo; label: string }) {
  const shell = useShell();
  const element = useRef<HTMLVideoElement>(null);
  const [unplayable, setUnplayable] = useState(false);
  useEffect(() => {
    // A source may have failed before hydration attached the error listener.
    if (element.current?.networkState === 3 /* NETWORK_NO_SOURCE */) setUnplayable(true);
  }, []);
  if (unplayable) return <VideoFallback siteUrl={video.siteUrl} />;
  const lastSource = video.sources.length - 1;
  // Backend media paths go through the API base like images do (imageUrl without a width does not resize).
  return (
    <Player>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the captions are the <track> elements mapped from video.tracks below */}
      <video ref={element} controls preload="metadata" poster={video.poster ? shell.imageUrl(video.poster) : undefined} aria-label={video.title ?? label}>
        {video.sources.map((source, index) => (
          <source key={source.src} src={shell.imageUrl(source.src)} type={source.type} onError={index === lastSource ? () => setUnplayable(true) : undefined} />
        ))}
        {video.tracks.map((track) => (
          <track key={track.src} src={shell.imageUrl(track.src)} kind={track.kind} srcLang={track.srcLang} label={track.label} default={track.isDefault} />
        ))}
        <VideoFallback siteUrl={video.siteUrl} />
      </video>
    </Player>
  );
}
