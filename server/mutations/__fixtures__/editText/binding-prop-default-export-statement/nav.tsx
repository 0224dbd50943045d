type Item = { title: string };

const Nav = ({ items }: { items: Item[] }) => (
  <nav>
    {items.map((item) => (
      <span key={item.title}>{item.title}</span>
    ))}
  </nav>
);

export default Nav;
