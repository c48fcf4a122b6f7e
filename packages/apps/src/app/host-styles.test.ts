import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyHostStyles, HOST_FONTS_STYLE_ID, type StyledRoot } from './host-styles.js';

function fakeRoot() {
  const properties: Record<string, string> = {};
  const root: StyledRoot = {
    style: {
      setProperty: (name, value) => {
        properties[name] = value;
      },
      colorScheme: '',
    },
    dataset: {},
  };
  return { root, properties };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('applyHostStyles', () => {
  it('sets the theme, the host CSS variables and one style element with its fonts', () => {
    const { root, properties } = fakeRoot();
    const appended: { id: string; textContent: string | null }[] = [];
    vi.stubGlobal('document', {
      documentElement: root,
      getElementById: (id: string) => appended.find((element) => element.id === id) ?? null,
      createElement: () => ({ id: '', textContent: null }),
      head: { append: (element: { id: string; textContent: string | null }) => appended.push(element) },
    });
    const fonts = '@font-face { font-family: "Host Sans"; src: url("https://fonts.example/host.woff2"); }';
    applyHostStyles({
      theme: 'dark',
      styles: {
        variables: { '--color-text-primary': '#fafafa', '--font-sans': 'Host Sans' },
        css: { fonts },
      },
    });
    expect(root.style.colorScheme).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(properties).toEqual({ '--color-text-primary': '#fafafa', '--font-sans': 'Host Sans' });
    applyHostStyles({ theme: 'light', styles: { css: { fonts: '/* none */' } } });
    expect(root.dataset.theme).toBe('light');
    expect(appended).toEqual([{ id: HOST_FONTS_STYLE_ID, textContent: '/* none */' }]);
  });

  it('leaves what the context lacks alone, and needs a root outside a browser', () => {
    const { root, properties } = fakeRoot();
    root.dataset.theme = 'light';
    applyHostStyles({}, root);
    expect(root.dataset.theme).toBe('light');
    expect(properties).toEqual({});
    expect(() => applyHostStyles({ theme: 'dark' })).toThrow(
      'applyHostStyles needs a root element: this runtime has no document',
    );
  });
});
