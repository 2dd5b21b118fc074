// <battle-line-game> in a React 19 app written in strict TypeScript: `battleline-engine/element/react`
// defines the element and declares it in React's JSX, so the attributes below are type-checked.
import { useEffect, useRef, useState } from 'react';
import 'battleline-engine/element/react';
import type { BattleLineGameElement, EndEventDetail } from 'battleline-engine/element';

declare global {
  interface Window {
    __end?: EndEventDetail;
  }
}

export function App() {
  const game = useRef<BattleLineGameElement>(null);
  const [line, setLine] = useState('Two players, one device.');
  useEffect(() => {
    const el = game.current;
    if (!el) return;
    // StrictMode mounts twice in development: the listener is removed and added again.
    const onEnd = (e: CustomEvent<EndEventDetail>) => {
      const { result } = e.detail;
      setLine(result.winner === null ? 'A draw.' : `Player ${result.winner + 1} won (${result.victory}).`);
      window.__end = e.detail;
    };
    el.addEventListener('battleline-end', onEnd);
    void el.ready.then(() => performance.mark('battleline-ready'), () => undefined);
    return () => el.removeEventListener('battleline-end', onEnd);
  }, []);
  return (
    <main>
      <h1>Battle Line</h1>
      <battle-line-game ref={game} mode="hotseat" tactics={false} lang="en" label="Battle Line, hot-seat" heading-level={2} />
      <p aria-live="polite">{line}</p>
    </main>
  );
}
