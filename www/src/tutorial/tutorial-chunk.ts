// The tutorial's chunk: what the game calls of the tutorial, gathered so that the element's package fetches
// the lessons (their steps, goals, scripts and words) only when a tutorial begins (tutorial-loader.ts).
export { leaveTutorial, lessonProgress, nextStep, restartLessonStep, startTutorial } from './lesson-flow.js';
export { LessonTable } from './lesson-table.js';
export { lessonPanelHTML } from './panel.js';
export { endRun, scriptedMove } from './run.js';
export { default as tutorialCss } from './tutorial.css';
