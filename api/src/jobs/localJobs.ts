// Jobs without Redis: run at once in this process on its engine pool (whose bounded queue still
// applies: a full pool makes the job fail with SERVER_BUSY), kept in memory until TTL after they
// finish. A restart loses every job, queued or finished (docs/api.md says so).
import {
  jobView,
  type JobOutcome,
  type JobProgress,
  type JobQueue,
  type JobSpec,
  type JobStatus,
  type JobView,
} from './contract';
import { JobCancelled, runJob, type JobRunner } from './runJob';

interface LocalJob {
  spec: JobSpec;
  status: JobStatus;
  progress: JobProgress | null;
  startedAt: number | null;
  finishedAt: number | null;
  outcome?: JobOutcome;
  abort: AbortController;
}

export class LocalJobs implements JobQueue {
  readonly kind = 'in-process';
  private readonly jobs = new Map<string, LocalJob>();

  constructor(
    private readonly runner: JobRunner,
    private readonly ttlSeconds: number,
  ) {}

  async submit(spec: JobSpec): Promise<JobView> {
    const job: LocalJob = {
      spec,
      status: 'queued',
      progress: null,
      startedAt: null,
      finishedAt: null,
      abort: new AbortController(),
    };
    this.jobs.set(spec.id, job);
    void this.run(job);
    return this.view(job);
  }

  async get(id: string, keyId: string): Promise<JobView | undefined> {
    const job = this.find(id, keyId);
    return job && this.view(job);
  }

  async cancel(id: string, keyId: string): Promise<JobView | undefined> {
    const job = this.find(id, keyId);
    if (!job) return undefined;
    if (job.status === 'queued' || job.status === 'running') {
      job.abort.abort(new Error('job cancelled'));
      this.finish(job, 'cancelled');
    }
    return this.view(job);
  }

  async close(): Promise<void> {
    for (const job of this.jobs.values()) job.abort.abort(new Error('server shutting down'));
    this.jobs.clear();
  }

  private async run(job: LocalJob): Promise<void> {
    job.status = 'running';
    job.startedAt = this.runner.now();
    try {
      const outcome = await runJob(this.runner, job.spec, job.abort.signal, (progress) => {
        job.progress = progress;
      });
      if (job.status === 'running') this.finish(job, outcome.ok ? 'succeeded' : 'failed', outcome);
    } catch (error) {
      if (!(error instanceof JobCancelled)) throw error;
    }
  }

  private finish(job: LocalJob, status: JobStatus, outcome?: JobOutcome): void {
    job.status = status;
    job.finishedAt = this.runner.now();
    job.outcome = outcome; // a cancelled job has neither result nor error
    setTimeout(() => this.jobs.delete(job.spec.id), this.ttlSeconds * 1000).unref();
  }

  private find(id: string, keyId: string): LocalJob | undefined {
    const job = this.jobs.get(id);
    if (job?.finishedAt && job.finishedAt + this.ttlSeconds * 1000 < this.runner.now()) {
      this.jobs.delete(id); // expired (the timer may not have run yet)
      return undefined;
    }
    return job && job.spec.key_id === keyId ? job : undefined;
  }

  private view(job: LocalJob): JobView {
    return jobView(job.spec, { ...job, ttlSeconds: this.ttlSeconds });
  }
}
