// What every `codewright` command receives: its input/output and the settings from the environment.
import type { PoolSettings } from '../../../server/src/pool/poolSettings';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Colour the text output (a terminal without NO_COLOR, or FORCE_COLOR). */
  color?: boolean;
  /** Shows a progress line on a terminal (absent when stderr is not one); `last` ends it. */
  progress?: (text: string, last: boolean) => void;
}

export interface Settings {
  dataDir: string;
  host: string;
  port: number;
  /** True when CODEWRIGHT_PORT chose the port: a busy port is then an error, not a fallback. */
  portChosen: boolean;
  logLevel: string;
  pool: Partial<PoolSettings>;
  roots: string[];
  contextTokens?: number;
  bodyLimit?: number;
}

export interface CommandContext {
  io: CliIo;
  settings: Settings;
}
