import { createContext, lazy, useContext, useState, type ComponentProps, type ComponentType } from 'react';

/** A lazily loaded component with `load()`, which fetches its module (once) without rendering it. */
export type LazyComponent<P extends object> = ComponentType<P> & { load: () => Promise<unknown> };

/** Every lazily loaded component's `load`, by its name: what a page the server drew names (`loadDrawnParts`). */
const loadsByName = new Map<string, (() => Promise<unknown>)[]>();

/**
 * Where the server's drawing of a page notes the lazily loaded components it drew (src/entry-server.tsx). The app
 * loads those before it hydrates the page (`loadDrawnParts`): one still loading then would stay the server's HTML, and a
 * click on it would be lost.
 */
export const DrawnParts = createContext<Set<string> | null>(null);

/**
 * Loads the lazily loaded components of these names (those a page the server drew names). A component is known here
 * once the module that makes it has run, and a part's module may make the next (a ballot's vote-change part): each
 * round loads the known ones, until every name is loaded or none more becomes known.
 */
export async function loadDrawnParts(names: readonly string[]): Promise<void> {
  let pending = [...new Set(names)];
  for (;;) {
    const known = pending.filter((name) => loadsByName.has(name));
    if (known.length === 0) return;
    await Promise.all(known.flatMap((name) => loadsByName.get(name)!.map((load) => load())));
    pending = pending.filter((name) => !known.includes(name));
  }
}

/**
 * React.lazy for a named export, plus `load()`. Rendered after its module has arrived (a screen's start-up loads its
 * parts first: app/router.tsx, main.tsx), it shows at once instead of behind its Suspense fallback for a moment: React
 * reveals content that replaces a fallback no sooner than 300 ms after it, and a card drawn with a placeholder
 * shifts when the real part takes its place. Each mount keeps the way it began, so nothing remounts when the module
 * arrives; before that it suspends like React.lazy.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, its props taken from it (React's ComponentProps asks for JSXElementConstructor<any>, which ComponentType<never> or <unknown> do not meet)
export function lazyComponent<K extends string, C extends ComponentType<any>>(
  importer: () => Promise<{ [key in K]: C }>,
  name: K,
): LazyComponent<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  // Like React.lazy's, a module that failed to load stays failed until the page is loaded again.
  const load = () => (loading ??= importer().then((module) => (loaded = module[name])));
  const Lazy = lazy(async () => ({ default: await load() }));
  loadsByName.set(name, [...(loadsByName.get(name) ?? []), load]);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, like React.lazy, never during a render
  function Component(props: P) {
    useContext(DrawnParts)?.add(name);
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Shown {...props} />;
  }
  return Object.assign(Component, { load });
}
