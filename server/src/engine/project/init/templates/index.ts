// The templates of /v1/project/init, by id (the enum of the OpenAPI document).
import type { Template } from '../model';
import { cli } from './cli';
import { expressApi } from './expressApi';
import { fastifyApi } from './fastifyApi';
import { nodeTypescript } from './nodeTypescript';
import { pythonPackage } from './pythonPackage';
import { reactVite } from './reactVite';
import { vscodeExtension } from './vscodeExtension';

export const TEMPLATES: readonly Template[] = [
  nodeTypescript,
  expressApi,
  fastifyApi,
  reactVite,
  vscodeExtension,
  cli,
  pythonPackage,
];
