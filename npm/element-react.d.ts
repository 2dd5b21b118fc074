/**
 * `<battle-line-game>` in React 19's JSX: `import 'battleline-engine/element/react'` defines the element
 * (it is `battleline-engine/element`) and declares its attributes, so that a TypeScript project using React
 * type-checks `<battle-line-game mode="computer" level="hard" />`. A project without React imports
 * `battleline-engine/element` instead (this file needs React's types).
 *
 * React 19 sets the properties the element has (`mode`, `level`, `players`, `tactics`, `games`, `seed`)
 * and writes the others as attributes. Listen to the element's events through a ref:
 * `ref.current.addEventListener('battleline-end', (e) => e.detail.result)` (typed).
 * @module battleline-engine/element/react
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { BattleLineGameElement, ElementAttributes } from '../element.js';

export * from '../element.js';

/** The element's attributes (`ElementAttributes`, emitted from the element's sources) with React's own, as JSX props. */
export interface BattleLineGameProps extends HTMLAttributes<BattleLineGameElement>, ElementAttributes {}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'battle-line-game': DetailedHTMLProps<BattleLineGameProps, BattleLineGameElement>;
    }
  }
}
