/**
 * Admission to a shared budget (threads of the untrusted-work pool, megabytes of sandbox memory)
 * with a per-project share: a project never holds more than `perProject` units, so one tenant's
 * burst leaves the rest of the budget to the others. Waiters are served in arrival order, except
 * that a waiter whose project is at its share is passed over until that project releases.
 */

export class AdmissionRefusedError extends Error {
  constructor(readonly reason: 'busy' | 'too_large') {
    super(
      reason === 'busy'
        ? 'Too many untrusted tasks are waiting; try again later'
        : 'The task asks for more than one project may use at once',
    );
    this.name = 'AdmissionRefusedError';
  }
}

interface Waiter {
  projectId: string;
  units: number;
  grant: (release: () => void) => void;
  refuse: (err: unknown) => void;
}

export interface AdmissionLimits {
  /** Units in use at once, all projects together. */
  capacity: number;
  /** Units in use at once by one project (at least the largest single request). */
  perProject: number;
  /** Waiters beyond this are refused at once (`busy`): a queue that cannot drain is no queue. */
  maxWaiting: number;
}

export class Admission {
  private inUse = 0;
  private readonly byProject = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: AdmissionLimits) {}

  /** Resolves with a release function once `units` are granted to `projectId`. */
  acquire(projectId: string, units = 1, signal?: AbortSignal): Promise<() => void> {
    if (units > this.limits.perProject || units > this.limits.capacity)
      return Promise.reject(new AdmissionRefusedError('too_large'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      let granted = false;
      const waiter: Waiter = {
        projectId,
        units,
        grant: (release) => {
          granted = true;
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        refuse: reject,
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        reject(signal!.reason);
        this.serve();
      };
      this.waiting.push(waiter);
      this.serve();
      if (granted) return;
      if (this.waiting.length > this.limits.maxWaiting) {
        this.waiting.pop();
        reject(new AdmissionRefusedError('busy'));
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Units in use now (all projects, or one). */
  used(projectId?: string): number {
    return projectId === undefined ? this.inUse : (this.byProject.get(projectId) ?? 0);
  }

  get waiters(): number {
    return this.waiting.length;
  }

  private fits(projectId: string, units: number): boolean {
    return (
      this.inUse + units <= this.limits.capacity &&
      (this.byProject.get(projectId) ?? 0) + units <= this.limits.perProject
    );
  }

  private take(projectId: string, units: number): () => void {
    this.inUse += units;
    this.byProject.set(projectId, (this.byProject.get(projectId) ?? 0) + units);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= units;
      const left = (this.byProject.get(projectId) ?? 0) - units;
      if (left > 0) this.byProject.set(projectId, left);
      else this.byProject.delete(projectId);
      this.serve();
    };
  }

  private serve(): void {
    for (let i = 0; i < this.waiting.length;) {
      const w = this.waiting[i]!;
      if (this.inUse + w.units > this.limits.capacity) return; // the head waits for room: no overtaking by size
      if (this.fits(w.projectId, w.units)) {
        this.waiting.splice(i, 1);
        w.grant(this.take(w.projectId, w.units));
      } else i += 1; // its project is at its share: later projects go first
    }
  }
}
