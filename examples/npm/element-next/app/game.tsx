'use client';
// The element imported at the top of a client component, as a site would: Next.js also runs this module on
// the server while it renders the page, where the import must define nothing and throw nothing.
import { useEffect, useRef, useState } from 'react';
import 'battleline-engine/element/react';
import type { BattleLineGameElement, EndEventDetail } from 'battleline-engine/element';

declare global {
  interface Window {
    __end?: EndEventDetail;
  }
}

export function Game() {
  const game = useRef<BattleLineGameElement>(null);
  const [line, setLine] = useState('Two players, one device.');
  useEffect(() => {
    const el = game.current;
    if (!el) return;
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
    <>
      {/* Server-rendered: attributes, not properties (tactics="off", not {false}, which renders no attribute). */}
      <battle-line-game ref={game} mode="hotseat" tactics="off" lang="en" heading-level={2} />
      <p aria-live="polite">{line}</p>
    </>
  );
}
