// Reports the app's size to the host (`ui/notifications/size-changed`) whenever its document's size
// changes, through a ResizeObserver when the runtime has one (browsers do; node does not, and then
// nothing is observed). Only real changes are sent: ResizeObserver also fires once on observe.
import type { UiSizeChangedParams } from '../shared/types.js';

interface ObservedElement {
  getBoundingClientRect(): { width: number; height: number };
}

interface ResizeObserverLike {
  observe(target: ObservedElement): void;
  disconnect(): void;
}

type ResizeObserverConstructor = new (callback: () => void) => ResizeObserverLike;

/**
 * Starts watching `document.documentElement`; calls `report` with each new size (whole CSS
 * pixels). Returns the function that stops watching, or undefined when this runtime has no
 * ResizeObserver or no document.
 */
export function observeDocumentSize(report: (size: UiSizeChangedParams) => void): (() => void) | undefined {
  const scope = globalThis as {
    ResizeObserver?: ResizeObserverConstructor;
    document?: { documentElement?: ObservedElement };
  };
  const element = scope.document?.documentElement;
  if (scope.ResizeObserver === undefined || element === undefined) return undefined;
  let last: UiSizeChangedParams | undefined;
  const observer = new scope.ResizeObserver(() => {
    const rect = element.getBoundingClientRect();
    const size = { width: Math.ceil(rect.width), height: Math.ceil(rect.height) };
    if (last !== undefined && last.width === size.width && last.height === size.height) return;
    last = size;
    report(size);
  });
  observer.observe(element);
  return () => observer.disconnect();
}
