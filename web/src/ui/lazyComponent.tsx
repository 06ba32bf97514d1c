import { lazy, useState, type ComponentProps, type ComponentType } from 'react';

/** A lazily loaded component with `load()`, which fetches its module (once) without rendering it. */
export type LazyComponent<P extends object> = ComponentType<P> & { load: () => Promise<unknown> };

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
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, like React.lazy, never during a render
  function Component(props: P) {
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Shown {...props} />;
  }
  return Object.assign(Component, { load });
}
