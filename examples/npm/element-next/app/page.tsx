// A server component: the page is rendered at build time; the game itself is a client component.
import { Game } from './game';

export default function Page() {
  return (
    <main>
      <h1>Battle Line</h1>
      <Game />
    </main>
  );
}
