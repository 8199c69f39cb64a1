import { Price } from '../components/Price';

export default function Product() {
  return (
    <main>
      <Price cents={1999} />
    </main>
  );
}
