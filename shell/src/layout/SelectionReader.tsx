import { useEffect, useSyncExternalStore } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { LOCALE_ISO, type Locale } from '@site/contracts';
import { useStore } from '../stores/contexts';

/** How long a selection must stay unchanged before it is read (a drag or Shift+arrows selection grows meanwhile). */
const SELECTION_SETTLE_MS = 400;

/** Whether this browser can speak: the Web Speech API's synthesis (absent on the server and in some browsers). */
function speechAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.speechSynthesis?.speak === 'function' && typeof window.SpeechSynthesisUtterance === 'function';
}

/** Support never changes while the page lives: nothing to subscribe to. */
const subscribeToNothing = (): (() => void) => () => undefined;

/** Speech support as known after hydration (the server HTML and the first browser render never offer it). */
export function useSpeechAvailable(): boolean {
  return useSyncExternalStore(subscribeToNothing, speechAvailable, () => false);
}

/** Reads `text` aloud in the page's language (a voice of that language when the browser has one), instead of anything being read. */
function speak(text: string, locale: Locale): void {
  if (!speechAvailable()) return;
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = LOCALE_ISO[locale];
  const voice = synthesis.getVoices().find((candidate) => candidate.lang.toLowerCase().startsWith(locale));
  if (voice) utterance.voice = voice;
  synthesis.speak(utterance);
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}

/**
 * Reads the visitor's text selection aloud while the accessibility option is on (mouse or keyboard selection alike,
 * once it settles), as the "Синтез речи" option of the lidrekon "special" panel many Russian university sites use
 * does, with the browser's own speech synthesis (no audio service). Reading stops when the visitor goes to another page, turns the option off or leaves the site.
 */
export const SelectionReader = observer(function SelectionReader() {
  const { ui, locale } = useStore();
  const location = useLocation();
  const on = ui.speech;
  const language = locale.locale;

  // The cleanup runs when the page changes (and on unmount): what was being read belongs to the page left.
  useEffect(() => stopSpeaking, [location.pathname, location.search]);

  useEffect(() => {
    window.addEventListener('pagehide', stopSpeaking);
    return () => window.removeEventListener('pagehide', stopSpeaking);
  }, []);

  useEffect(() => {
    if (!on || !speechAvailable()) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRead = '';
    const onSelectionChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const text = (window.getSelection()?.toString() ?? '').replace(/\s+/g, ' ').trim();
        if (!text) lastRead = '';
        else if (text !== lastRead) {
          lastRead = text;
          speak(text, language);
        }
      }, SELECTION_SETTLE_MS);
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => {
      document.removeEventListener('selectionchange', onSelectionChange);
      clearTimeout(timer);
      stopSpeaking();
    };
  }, [on, language]);

  return null;
});
