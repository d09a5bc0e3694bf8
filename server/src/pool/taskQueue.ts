// The pool's queue of tasks waiting for a worker (workerpool's `queueStrategy`, first in first out
// as its default), kept here so the pool can tell a task still waiting from one already handed to
// a worker: cancelling the first only removes it, the second is running (or about to) in a process
// that is better interrupted than killed (enginePool.ts).
import type { TaskQueue } from 'workerpool/types/types';

type QueuedTask = Parameters<TaskQueue['push']>[0];

export class WatchedQueue implements TaskQueue {
  private readonly tasks: QueuedTask[] = [];

  push(task: QueuedTask): void {
    this.tasks.push(task);
  }

  pop(): QueuedTask | undefined {
    return this.tasks.shift();
  }

  /** The task `pop` would hand out next. */
  peek(): QueuedTask | undefined {
    return this.tasks[0];
  }

  size(): number {
    return this.tasks.length;
  }

  contains(task: QueuedTask): boolean {
    return this.tasks.includes(task);
  }

  clear(): void {
    this.tasks.length = 0;
  }

  /** Whether the task whose result is `promise` (what `exec` returned) still waits for a worker. */
  holds(promise: unknown): boolean {
    return this.tasks.some((task) => task.resolver.promise === promise);
  }
}
