import type { ComponentType } from 'react';

export function Route({ path, component: Page }: { path: string; component: ComponentType }) {
  // `Page` is a prop: which component it is is known only at run time
  return window.location.pathname === path ? <Page /> : null;
}
