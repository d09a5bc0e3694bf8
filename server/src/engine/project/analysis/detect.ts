// What a project is: its name, type, main language and framework, read from its manifests (the one
// nearest the root wins) and its sources (the language with the most code lines).
import { basename } from 'node:path';
import type { LanguageTotals } from '../size/scan';
import type { Dependency, ManifestInfo } from './manifests';

/** Frameworks recognised from declared dependencies, most specific first. */
const FRAMEWORKS: { dependency: string; framework: string; type: string }[] = [
  { dependency: 'next', framework: 'Next.js', type: 'web app' },
  { dependency: 'nuxt', framework: 'Nuxt', type: 'web app' },
  { dependency: '@sveltejs/kit', framework: 'SvelteKit', type: 'web app' },
  { dependency: '@angular/core', framework: 'Angular', type: 'web app' },
  { dependency: 'react', framework: 'React', type: 'web app' },
  { dependency: 'vue', framework: 'Vue', type: 'web app' },
  { dependency: 'svelte', framework: 'Svelte', type: 'web app' },
  { dependency: 'electron', framework: 'Electron', type: 'desktop app' },
  { dependency: '@nestjs/core', framework: 'NestJS', type: 'API' },
  { dependency: 'fastify', framework: 'Fastify', type: 'API' },
  { dependency: 'express', framework: 'Express', type: 'API' },
  { dependency: 'koa', framework: 'Koa', type: 'API' },
  { dependency: 'hono', framework: 'Hono', type: 'API' },
  { dependency: 'django', framework: 'Django', type: 'web app' },
  { dependency: 'flask', framework: 'Flask', type: 'API' },
  { dependency: 'fastapi', framework: 'FastAPI', type: 'API' },
  { dependency: 'github.com/gin-gonic/gin', framework: 'Gin', type: 'API' },
  { dependency: 'github.com/labstack/echo/v4', framework: 'Echo', type: 'API' },
  { dependency: 'actix-web', framework: 'Actix Web', type: 'API' },
  { dependency: 'axum', framework: 'Axum', type: 'API' },
  { dependency: 'org.springframework.boot:spring-boot-starter-web', framework: 'Spring Boot', type: 'API' },
];

/** Languages that are data or documentation, never a project's main language. */
const NOT_PROGRAMMING = new Set([
  'JSON',
  'Markdown',
  'YAML',
  'TOML',
  'INI',
  'XML',
  'HTML',
  'CSS',
  'SCSS',
  'LESS',
  'make',
  'Dockerfile',
]);

export interface ProjectIdentity {
  name: string;
  type: string;
  language: string;
  framework: string;
}

export function identify(
  root: string,
  manifests: ManifestInfo[],
  dependencies: Dependency[],
  languages: Record<string, LanguageTotals>,
): ProjectIdentity {
  const byDepth = [...manifests].sort((a, b) => a.path.split('/').length - b.path.split('/').length);
  const main = byDepth[0];
  const name = byDepth.find((m) => m.name)?.name ?? basename(root);
  const programming = Object.entries(languages)
    .filter(([language]) => !NOT_PROGRAMMING.has(language))
    .sort((a, b) => b[1].code - a[1].code);
  const language = programming[0]?.[0] ?? 'unknown';
  const runtime = new Set(dependencies.filter((d) => !d.dev).map((d) => d.name));
  const framework = FRAMEWORKS.find((f) => runtime.has(f.dependency));
  let type: string;
  if (main?.vscodeEngine) type = 'extension';
  else if (framework) type = framework.type;
  else if (main?.bin) type = 'CLI';
  else if (main?.library) type = 'library';
  else if (main) type = 'application';
  else type = 'unknown';
  return {
    name,
    type,
    language,
    framework: framework?.framework ?? (main?.vscodeEngine ? 'VS Code' : 'none'),
  };
}
