// An Angular 21 app (standalone component, no zone.js) with <battle-line-game>: the import below defines
// the element, and CUSTOM_ELEMENTS_SCHEMA (the package README's one line for Angular) lets the component's
// template use a tag Angular does not know. Built by the Angular CLI (`ng build`) with its default budgets.
import 'battleline-engine/element';
import { Component, CUSTOM_ELEMENTS_SCHEMA, ElementRef, provideZonelessChangeDetection, signal, viewChild } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import type { BattleLineGameElement, EndEventDetail } from 'battleline-engine/element';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Battle Line</h1>
      <battle-line-game #game mode="computer" level="easy" tactics="off" lang="en" heading-level="2"
        (battleline-end)="onEnd($event)"></battle-line-game>
      <p aria-live="polite">{{ line() }}</p>
    </main>
  `,
})
class App {
  readonly game = viewChild.required<ElementRef<BattleLineGameElement>>('game');
  readonly line = signal('Your move.');

  ngAfterViewInit(): void {
    this.game().nativeElement.ready.then(() => performance.mark('battleline-ready'), () => undefined);
  }

  onEnd(event: Event): void {
    const detail = (event as CustomEvent<EndEventDetail>).detail;
    const { result } = detail;
    this.line.set(result.winner === null ? 'A draw.' : `Player ${result.winner + 1} won (${result.victory}).`);
    (window as unknown as { __end: EndEventDetail }).__end = detail;
  }
}

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] }).catch((error: unknown) => console.error(error));
