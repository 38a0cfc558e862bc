import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

/** Backend HTML allows the standard HTML tags plus img and br (spec point 5); never SVG, MathML or scripts. */
export const SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  ADD_TAGS: ['img', 'br'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

export type Sanitizer = (html: string) => string;

/** A sanitizer bound to a window: the browser's, or a jsdom window on the server. */
export function createSanitizer(window: WindowLike): Sanitizer {
  const purify = createDOMPurify(window);
  // Links that open a new tab must not give the opened page a handle on ours.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  return (html: string) => String(purify.sanitize(html, { ...SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }));
}
