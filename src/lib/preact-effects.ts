import { options } from 'preact';

/**
 * When Preact runs `useEffect` callbacks: in a microtask right after each render, instead of its
 * default (after the next animation frame, then a timeout). Imported once by src/main.tsx, and by
 * the UI tests (vite.config.ts) so that they run what ships.
 *
 * Why: the app renders with Preact (preact/compat, vite.config.ts) and its Ark UI parts run
 * zag-js machines written for React, which flushes the effects of an update made in an event
 * handler or in `flushSync` before returning. zag's React adapter learns prop changes in
 * `useEffect` and checks the DOM one animation frame after a machine changes state. With Preact's
 * default, a dialog opened through its `open` prop mounted its content after that frame: the
 * dialog had no accessible name (no `aria-labelledby`) and focus stayed outside it; a menu opened
 * by a click did not take focus either (measured in Chromium; with this change they behave as with
 * React DOM). Effects still run after the DOM is updated, never during a render; those of the
 * first render now run before the first paint, which measured page loads (4× CPU throttling,
 * bench-like) did not show as more blocking time than Preact's default.
 *
 * With React DOM (the dev server) this sets an unused Preact option and changes nothing.
 */
options.requestAnimationFrame = (flush: () => void) => queueMicrotask(flush);
