import Layout from './components/Layout';
import { Sidebar } from './components/Sidebar';
import * as Icons from './icons';

const links = [{ href: '/', label: 'Home' }];

export default function App() {
  return (
    <Layout>
      <Sidebar items={links} />
      <Icons.CartIcon />
    </Layout>
  );
}
