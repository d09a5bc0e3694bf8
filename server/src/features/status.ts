// The server's status (engine tier, api address) for the client's status bar: pushed with a
// notification whenever it changes and readable on request, so a late client still catches up. The
// request is answered once the engine has started or failed, never with a half-known status.
import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import { version } from '../../../package.json';
import {
  ServerStatusNotification,
  ServerStatusRequest,
  type ApiState,
  type EngineState,
  type ServerStatus,
} from '../protocol';
import type { Feature } from './feature';

export class StatusFeature implements Feature {
  private connection?: Connection;
  private status: ServerStatus = {
    version,
    engine: { state: 'starting' },
    api: { state: 'starting' },
  };
  private engineSettled!: () => void;
  private readonly settled = new Promise<void>((resolve) => (this.engineSettled = resolve));

  initialize(connection: Connection): ServerCapabilities {
    this.connection = connection;
    connection.onRequest(ServerStatusRequest.method, async (): Promise<ServerStatusRequest.Result> => {
      await this.settled;
      return this.current();
    });
    return {};
  }

  current(): ServerStatus {
    return structuredClone(this.status);
  }

  setEngine(engine: EngineState): void {
    this.status.engine = engine;
    if (engine.state !== 'starting') this.engineSettled();
    this.publish();
  }

  setApi(api: ApiState): void {
    this.status.api = api;
    this.publish();
  }

  private publish(): void {
    const params: ServerStatusNotification.Params = this.current();
    void this.connection?.sendNotification(ServerStatusNotification.method, params).catch(() => undefined);
  }
}
