// Type-checked by `tsc --noEmit` (the examples' test), never imported by the app: React's JSX declarations
// of <battle-line-game> (battleline-engine/element/react, from the element's ElementAttributes) take every
// attribute of the element and refuse the values the element would refuse.
import 'battleline-engine/element/react';

export const everyAttribute = (
  <battle-line-game
    mode="computer"
    level="hard"
    players={2}
    tactics="off"
    claim-timing="endOfTurn"
    games={3}
    seed={7}
    storage-key="battle-line"
    rules-href="/rules.html"
    worker-url="/assets/computer.worker.js"
    global-keys
    label="Battle Line"
    heading-level={3}
    lang="zh"
  />
);
// @ts-expect-error: a level the element does not have
export const unknownLevel = <battle-line-game level="expert" />;
// @ts-expect-error: two or three players
export const fourPlayers = <battle-line-game players={4} />;
// @ts-expect-error: a heading level is 1 to 6
export const headingSeven = <battle-line-game heading-level={7} />;
