import type { ReactNode } from 'react';

export function Item({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href}>{children}</a>
    </li>
  );
}

export function Divider() {
  return <hr />;
}
