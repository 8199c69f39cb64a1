function SidebarLink({ href, label }) {
  return <a href={href}>{label}</a>;
}

export function Sidebar({ items }) {
  return (
    <aside>
      {items.map((item) => (
        <SidebarLink key={item.href} {...item} />
      ))}
    </aside>
  );
}
