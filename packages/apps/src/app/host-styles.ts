// Applies the host's look to the app's document: the theme (`color-scheme` and `data-theme`, so CSS
// `light-dark()` values and `[data-theme=dark]` rules follow it), the host's CSS variables
// (`--color-background-primary`, `--font-sans`, …) and its font CSS. Optional: an app that never
// calls it bundles none of it.
import type { UiHostContext } from '../shared/types.js';

/** The element the styles go on (`document.documentElement` by default), as far as it is used. */
export interface StyledRoot {
  /** The element's inline style: CSS variables go through `setProperty`, the theme to `colorScheme`. */
  style: StyledRootStyle;
  /** The element's `data-*` attributes: the theme goes to `data-theme`. */
  dataset: Record<string, string | undefined>;
}

/** The part of `CSSStyleDeclaration` that `applyHostStyles` writes. */
export interface StyledRootStyle {
  /** Sets a property, here a CSS custom property (`--font-sans`). */
  setProperty(name: string, value: string): void;
  /** The `color-scheme` property. */
  colorScheme: string;
}

interface FontDocument {
  getElementById(id: string): { textContent: string | null } | null;
  createElement(tag: 'style'): { id: string; textContent: string | null };
  head: { append(node: never): void };
}

/** The id of the `<style>` element holding the host's font CSS (replaced on each call). */
export const HOST_FONTS_STYLE_ID = 'mcp-host-fonts';

/**
 * Applies `context.theme`, `context.styles.variables` and `context.styles.css.fonts` to `root`
 * (default `document.documentElement`). Call it with `app.hostContext` after `connect()` and in
 * `onhostcontextchanged`; fields the context lacks are left as they are, so the app's own defaults
 * stay in force.
 */
export function applyHostStyles(context: UiHostContext, root?: StyledRoot): void {
  const scope = globalThis as { document?: FontDocument & { documentElement: StyledRoot } };
  const target = root ?? scope.document?.documentElement;
  if (target === undefined)
    throw new TypeError('applyHostStyles needs a root element: this runtime has no document');
  if (context.theme !== undefined) {
    target.style.colorScheme = context.theme;
    target.dataset.theme = context.theme;
  }
  for (const [name, value] of Object.entries(context.styles?.variables ?? {}))
    if (typeof value === 'string') target.style.setProperty(name, value);
  const fonts = context.styles?.css?.fonts;
  const document = scope.document;
  if (typeof fonts !== 'string' || document === undefined) return;
  const existing = document.getElementById(HOST_FONTS_STYLE_ID);
  if (existing !== null) {
    existing.textContent = fonts;
    return;
  }
  const style = document.createElement('style');
  style.id = HOST_FONTS_STYLE_ID;
  style.textContent = fonts;
  document.head.append(style as never);
}
