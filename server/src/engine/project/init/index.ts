// The initProject operation: writes a template's files into a new folder `<directory>/<name>` inside
// a workspace root (the file_operations tool must be on). An existing non-empty target is refused
// before anything is written; files are created exclusively (never overwriting), and a failure
// half-way removes what this call created.
import { mkdirSync, readdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ProjectInitInput, ProjectInitOutput } from '../../contracts/project';
import { resolveUnderRoots } from '../../docs/paths';
import type { OperationContext } from '../../engine';
import { CodewrightError, invalidField } from '../../errors';
import { requireFileOperations } from '../analysis/index';
import { TEMPLATES } from './templates/index';

const DEFAULT_OPTIONS = { include_tests: true, include_docs: true, use_eslint: true, use_prettier: true };

export async function initProject(
  input: ProjectInitInput,
  context: OperationContext,
): Promise<ProjectInitOutput> {
  requireFileOperations(context, 'Project initialization writes files');
  const template = TEMPLATES.find((t) => t.id === input.template);
  if (!template) throw invalidField('template', `unknown template '${input.template}'`);
  const parentGiven = input.directory ?? context.roots[0];
  if (!parentGiven)
    throw invalidField('directory', 'no workspace root is configured, so no project may be created');
  const { real: parent } = resolveUnderRoots(parentGiven, context.roots, 'directory');
  if (!statSync(parent).isDirectory()) throw invalidField('directory', `is not a folder (${parentGiven})`);
  const target = join(parent, input.name);
  refuseExisting(target, input.name);
  const scaffold = template.scaffold(input.name, { ...DEFAULT_OPTIONS, ...input.options });
  const paths = Object.keys(scaffold.files).sort();
  writeAll(target, paths, scaffold.files);
  return { project_path: target, template: template.id, files: paths, next_steps: scaffold.next_steps };
}

function refuseExisting(target: string, name: string): void {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return;
  }
  if (!stats.isDirectory())
    throw invalidField('name', `'${name}' already exists and is not a folder; nothing was written`);
  if (readdirSync(target).length > 0)
    throw invalidField('name', `the folder '${name}' already exists and is not empty; nothing was written`);
}

/** Writes every file; on any failure removes the files and folders this call created, then throws. */
function writeAll(target: string, paths: string[], files: Record<string, string>): void {
  const createdFiles: string[] = [];
  const createdDirs: string[] = [];
  const ensureDir = (dir: string) => {
    if (createdDirs.includes(dir)) return;
    try {
      statSync(dir);
      return;
    } catch {
      ensureDir(dirname(dir));
      mkdirSync(dir);
      createdDirs.push(dir);
    }
  };
  try {
    ensureDir(target);
    for (const rel of paths) {
      const path = join(target, ...rel.split('/'));
      ensureDir(dirname(path));
      writeFileSync(path, files[rel]!, { flag: 'wx' });
      createdFiles.push(path);
    }
  } catch (error) {
    for (const file of createdFiles.reverse()) unlinkSync(file);
    for (const dir of createdDirs.reverse()) rmdirSync(dir);
    const code = (error as NodeJS.ErrnoException).code ?? 'write error';
    throw new CodewrightError(
      'UNPROCESSABLE',
      `The project could not be written (${code}); nothing was left behind.`,
      {
        field: 'name',
        issue: code,
      },
    );
  }
}
