import { useEffect, useId, useRef, useState } from 'react';
import { styled } from '@linaria/react';
import { VisuallyHidden } from './typography';

/** The texts of the share links, from the section's own messages (both locales). */
export interface ShareLabels {
  /** The group's heading, e.g. "Share". */
  heading: string;
  vk: string;
  telegram: string;
  copy: string;
  /** Said (politely) once the link is on the clipboard. */
  copied: string;
  /** Appended to links that open in a new tab, for screen readers. */
  opensInNewTab: string;
}

export interface ShareLinksProps {
  /** The absolute URL of the page shared: its Open Graph tags make the preview. */
  url: string;
  title: string;
  labels: ShareLabels;
}

/** Where each network takes a page to share: VK's and Telegram's own share addresses. */
export function shareTargets(url: string, title: string): { vk: string; telegram: string } {
  const page = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return { vk: `https://vk.com/share.php?url=${page}&title=${text}`, telegram: `https://t.me/share/url?url=${page}&text=${text}` };
}

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin: 1.5rem 0 0;
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a,
  button {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0.4rem 1rem;
    border: 2px solid currentColor;
    border-radius: 2rem;
    background: transparent;
    color: inherit;
    font: inherit;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    text-decoration: underline;
  }
`;

const COPIED_SHOWN_MS = 4000;
/** The "copy link" button: it carries its link and its confirmation, so that its server HTML works without its code. */
const COPY_BUTTON = 'button[data-share="copy"][data-share-url]';

/** Puts a link on the clipboard; answers false after offering it to copy by hand (no clipboard, a refused permission). */
async function copyLink(url: string, promptLabel: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    window.prompt(promptLabel, url);
    return false;
  }
}

/** The timer that clears each code-less status line's confirmation (another click restarts it). */
const shownUntil = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/**
 * The "copy link" button of share links rendered as server HTML without their code (a section that does not
 * hydrate): one click handler on the document does what the component does, and returns the function that removes it.
 */
export function handleShareButtonsWithoutCode(doc: Document, within: string): () => void {
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(COPY_BUTTON) : null;
    if (!button?.closest(within)) return;
    const status = button.closest('[data-share-links]')?.querySelector('[data-share-status]');
    void copyLink(button.dataset.shareUrl!, button.textContent ?? '').then((copied) => {
      if (!copied || !status) return;
      status.textContent = button.dataset.shareCopied ?? '';
      clearTimeout(shownUntil.get(status));
      shownUntil.set(
        status,
        setTimeout(() => (status.textContent = ''), COPIED_SHOWN_MS),
      );
    });
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}

/**
 * Share links (VK, Telegram) and a "copy link" button under an article or an event. Without its code (the server
 * HTML of a section that does not hydrate), the button works through `handleShareButtonsWithoutCode`.
 */
export function ShareLinks({ url, title, labels }: ShareLinksProps) {
  const headingId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const targets = shareTargets(url, title);
  const copy = async () => {
    if (!(await copyLink(url, labels.copy))) return;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
  };
  return (
    <Group role="group" aria-labelledby={headingId} data-share-links>
      <h2 id={headingId}>{labels.heading}</h2>
      <ul>
        <li>
          <a href={targets.vk} target="_blank" rel="noopener noreferrer" data-share="vk">
            {labels.vk}
            <VisuallyHidden> {labels.opensInNewTab}</VisuallyHidden>
          </a>
        </li>
        <li>
          <a href={targets.telegram} target="_blank" rel="noopener noreferrer" data-share="telegram">
            {labels.telegram}
            <VisuallyHidden> {labels.opensInNewTab}</VisuallyHidden>
          </a>
        </li>
        <li>
          <button type="button" onClick={() => void copy()} data-share="copy" data-share-url={url} data-share-copied={labels.copied}>
            {labels.copy}
          </button>
        </li>
      </ul>
      <span role="status" aria-live="polite" data-share-status>
        {copied ? labels.copied : ''}
      </span>
    </Group>
  );
}
