// The few members of Node's worker_threads that computer-node.ts uses, so that the package's build needs
// no @types/node (which would also change the globals every other TypeScript check here sees).
declare module 'node:worker_threads' {
  export class Worker {
    constructor(source: string, options: { eval: boolean; name: string });
    on(event: 'message', listener: (data: never) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    postMessage(message: unknown): void;
    terminate(): Promise<number>;
    ref(): void;
    unref(): void;
  }
}
