import type { Page } from '@playwright/test';

/** Collects what the browser reports: console warnings and errors, and uncaught exceptions. */
export function collectConsole(page: Page): { messages: string[] } {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return { messages };
}

/** React's hydration complaints, in the words React uses. */
export const HYDRATION_PATTERN = /hydrat|did not match|server rendered HTML|Minified React error #(418|419|422|423|425)/i;
