import { createElement, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';
import { loadOnce } from '../lib/load-once';

/** A component whose code loads apart from the first page's. */
export interface DeferredComponent<Props> {
  /** Starts the download (once; again after a failure) and resolves when it has arrived. */
  load(): Promise<void>;
  /** Whether it has arrived; re-renders the caller when it does. */
  useLoaded(): boolean;
  /** Renders it once it has arrived, and nothing before. */
  render(props: Props): ReactElement | null;
}

export function deferComponent<Props extends object>(importer: () => Promise<ComponentType<Props>>): DeferredComponent<Props> {
  let loaded: ComponentType<Props> | null = null;
  // Downloaded once; after a failure, the next load() tries the network again.
  const download = loadOnce(importer);
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const isLoaded = () => loaded !== null;
  return {
    load: () =>
      download().then((component) => {
        if (loaded) return;
        loaded = component;
        listeners.forEach((listener) => listener());
      }),
    useLoaded: () => useSyncExternalStore(subscribe, isLoaded, isLoaded),
    // The same component every time once loaded, so React keeps its state.
    render: (props) => (loaded ? createElement(loaded, props) : null),
  };
}
