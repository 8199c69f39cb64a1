import Button from './components/Button';
import * as Menu from './components/Menu';
import { Route } from './router';

function Header({ title }: { title: string }) {
  return (
    <header>
      <h1>{title}</h1>
    </header>
  );
}

function Home() {
  return <p>Welcome</p>;
}

export function App() {
  return (
    <div className="app">
      <Header title="Shop" />
      <nav>
        <ul>
          <Menu.Item href="/">Home</Menu.Item>
          <Menu.Divider />
        </ul>
      </nav>
      <Route path="/" component={Home} />
      <Button label="Buy" onClick={() => console.log('buy')} />
    </div>
  );
}
